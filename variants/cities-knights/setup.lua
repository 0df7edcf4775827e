-- Setup: the second round places a city and a road (fact 8), through base.setup_building; the
-- base pack places it as a settlement upgraded at once, free, and pays its starting income, one
-- resource card per adjacent producing hex (base.setup_income's default; fact 9). With option
-- starting_commodities the city also takes one commodity per adjacent forest, pasture or
-- mountains (the other reading of open question 1), while the bank has it.

game.on("base.setup_building", function(e)
  if e.round == 2 then e.piece = "city" end
end)

if options.starting_commodities then
  game.on("base.setup_income", function(e)
    if board.node_get(e.node, "building") ~= "city" then return end
    for _, tile in ipairs(board.node_tiles(e.node)) do
      local c = COMMODITY_OF[board.tile_get(tile, "resource") or ""]
      if c and game.count("bank", c, "card") > 0 then
        game.move("bank", e.player, c, 1, "card")
        count_commodities(c, 1)
      end
    end
  end, { after = true })
end
