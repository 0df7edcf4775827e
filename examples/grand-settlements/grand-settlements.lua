-- Grand settlements: the base settlement and city entries (base.pieces) get new points, by
-- default 2 for a settlement and 2 for a city, so that upgrading a settlement to a city gains
-- no point, only its second card per roll. Everything else about both pieces (costs, limits,
-- the distance rule, the city's double yield) stays the base pack's. A bot that learned base's
-- habit (a city as soon as ore and grain allow) spends five cards on production alone here.

game.on("base.pieces", function(e)
  e.pieces.settlement.vp = options.settlement_vp
  e.pieces.city.vp = options.city_vp
end)
