-- Statistics for the balance lab (catan sim/compare/sweep; docs/lab.md, "The stats hook").
--
-- At the end of every game the base pack publishes these game properties; the lab averages
-- every property named stats.* over the games without knowing what it means:
--   stats.production.<resource>  cards the bank paid out for production (production.lua
--                                counts them in storage.produced)
--   stats.sevens                 sevens rolled
--   stats.discards               times a player had to discard on a seven
--   stats.cards_discarded        cards those discards asked for
--   stats.robber_moves           times the robber moved (sevens and knights)
--   stats.robber_steals          cards the robber stole
--   stats.domestic_offers        domestic offers made (not withdrawn)
--   stats.domestic_trades        domestic trades made
--   stats.domestic_cards         cards those trades moved, both sides counted
-- Counters start at 0 in every game, so a statistic that stays 0 still counts in the mean.
-- robber.lua counts into storage.stats after raising base.discard (the payload's count, as
-- handlers left it), base.robber_moved and base.steal (when a card was taken), unless a handler
-- vetoed the event; trade.lua counts offers after base.offer and trades after base.trade
-- likewise. Counting in place instead of in after-handlers keeps those events on the fast path
-- when no variant handles them.

game.on("game.setup", function()
  storage.stats = { discards = 0, cards_discarded = 0, robber_moves = 0, robber_steals = 0,
                    domestic_offers = 0, domestic_trades = 0, domestic_cards = 0 }
end, { priority = -100 })

-- Priority -1: before other packs' game.end handlers (at the default 0).
game.on("game.end", function()
  local produced = storage.produced
  if produced then
    for i = 1, #RESOURCES do game.set("stats.production." .. RESOURCES[i], produced[i]) end
  end
  game.set("stats.sevens", game.get("dice_histogram.7") or 0)
  local s = storage.stats
  if s then
    game.set("stats.discards", s.discards)
    game.set("stats.cards_discarded", s.cards_discarded)
    game.set("stats.robber_moves", s.robber_moves)
    game.set("stats.robber_steals", s.robber_steals)
    game.set("stats.domestic_offers", s.domestic_offers)
    game.set("stats.domestic_trades", s.domestic_trades)
    game.set("stats.domestic_cards", s.domestic_cards)
  end
end, { priority = -1 })
