-- Tests of stats.lua: the statistics the base pack publishes for the balance lab.
-- Run: catan test base --filter stats
--
-- Default (beginner) board: number 6 on tile 5 (hills, brick) and tile 18 (fields, grain);
-- tile 19 is pasture 11 ("tile:19"), tile 10 the desert (robber's start).

-- Puts p's `building` on corner `corner` of `tile`, taking it from p's supply.
local function place(p, building, tile, corner)
  local node = board.tile_nodes(tile)[corner]
  board.node_set(node, "owner", p)
  board.node_set(node, "building", building)
  game.remove(p, building, 1, "piece")
end

for _, check in ipairs({ true, false }) do
  local mode = check and " (with events)" or " (fast path)"
  test("stats: production is counted per resource" .. mode, function(t)
    t.start { players = 4, seed = 1, start = false, options = check and { "base.check=true" } or {} }
    local env = t.env()
    place(1, "settlement", 5, 1)
    place(2, "city", 5, 4)
    place(3, "settlement", 18, 2)
    env.produce(6)
    env.produce(6)
    t.eq(env.storage.produced, { 6, 0, 0, 2, 0 }, "brick 2 x (1 + 2), grain 2 x 1")
  end)
end

test("stats: discards, cards discarded, robber moves and steals on a seven", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            answers = { [2] = { "wool", "wool", "grain", "grain", "tile:19" },
                        [4] = { "ore", "ore", "ore", "ore" } } }
  local env = t.env()
  give(2, { wool = 2, grain = 6 })
  give(4, { brick = 5, ore = 4 })
  place(3, "settlement", 19, 1)
  give(3, { lumber = 1 })
  env.seven(2)
  t.eq(env.storage.stats, { discards = 2, cards_discarded = 8, robber_moves = 1, robber_steals = 1,
                            domestic_offers = 0, domestic_trades = 0, domestic_cards = 0 })
end)

test("stats: a whole game publishes every statistic as an integer", function(t)
  t.start { players = 4, seed = 3, options = { "base.domestic_trade=false" } }
  t.play()
  for _, r in ipairs({ "brick", "lumber", "wool", "grain", "ore" }) do
    t.eq(math.type(game.get("stats.production." .. r)), "integer", r)
  end
  t.eq(game.get("stats.sevens"), game.get("dice_histogram.7"))
  t.ok(game.get("stats.discards") <= game.get("stats.cards_discarded"))
  t.ok(game.get("stats.robber_steals") <= game.get("stats.robber_moves"))
  t.ok(game.get("stats.robber_moves") >= game.get("stats.sevens"), "every seven moves the robber")
  t.eq(game.get("stats.domestic_trades"), 0, "domestic trade is off")
end)

test("stats: domestic trades and the cards they moved, in a game of heuristic bots", function(t)
  t.start { players = 4, seed = 3, agents = { "heuristic", "heuristic", "heuristic", "heuristic" } }
  t.play()
  local offers, trades = game.get("stats.domestic_offers"), game.get("stats.domestic_trades")
  local cards = game.get("stats.domestic_cards")
  t.ok(trades > 0 and trades <= offers, trades .. " trades of " .. offers .. " offers")
  t.ok(cards >= 2 * trades, "each trade moves at least a card each way")
end)
