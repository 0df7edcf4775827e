-- Fishing grounds, the lake, fish tokens and how they are drawn (fish.lua).

-- Raises base.roll as the base pack does after rolling `total` (fishing happens after it).
local function roll(total)
  game.raise("base.roll", { player = 1, dice = { 1, total - 1 }, total = total })
end

test("six fishing grounds on the coast, numbered 4 5 6 8 9 10, and the lake", function(t)
  fresh(t)
  local env = t.env()
  local grounds = {}
  for i, g in ipairs(env.storage.grounds) do grounds[i] = { g.number, g.nodes } end
  -- With grounds=fixed the numbers follow the coast; three grounds face two land hexes (three
  -- nodes), three face a corner hex (two nodes), since the base frame's harbors take the rest.
  t.eq(grounds, { { 4, { 12, 13, 23 } }, { 5, { 36, 37 } }, { 6, { 51, 52, 54 } },
                  { 8, { 49, 50 } }, { 9, { 17, 18, 29 } }, { 10, { 1, 6 } } })
  -- No ground faces a harbor's sea hex (the ends of a ground may touch a harbor next to it).
  for _, n in ipairs({ 13, 51, 17 }) do t.eq(board.node_get(n, "harbor"), nil) end
  t.eq(board.node_get(13, "fishing"), "4")
  t.eq(board.tile_get(10, "terrain"), "lake")
  t.eq(board.tile_get(10, "lake_numbers"), "2,3,11,12")
  t.eq(board.tile_nodes(10), { 19, 22, 32, 33, 30, 20 })
  t.eq(board.node_get(19, "fishing"), "2,3,11,12")
end)

test("random grounds shuffle the same six numbers", function(t)
  t.start { players = 4, seed = 7, start = false, options = { "base.check=true" } }
  local numbers = {}
  for i, g in ipairs(t.env().storage.grounds) do numbers[i] = g.number end
  table.sort(numbers)
  t.eq(numbers, { 4, 5, 6, 8, 9, 10 })
end)

test("29 fish tokens (11 of 1 fish, 10 of 2, 8 of 3) and the old boot in a hidden deck", function(t)
  fresh(t)
  local counts = {}
  for _, item in ipairs(game.deck_items("fish")) do counts[item] = (counts[item] or 0) + 1 end
  t.eq(counts, { fish1 = 11, fish2 = 10, fish3 = 8, boot = 1 })
end)

test("the robber starts beside the board and may then go to any hex, the lake included", function(t)
  local base = fresh(t, { [1] = { "tile:10" } })
  t.eq(game.get("robber"), nil)
  base.move_robber(1)
  t.eq(game.get("robber"), 10)
  local d = t.decisions()
  t.eq({ d[1].kind, d[1].count }, { "base.robber", 19 })
end)

test("a settlement draws one token, a city two, when the ground's number is rolled", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 12, { free = true, setup = true })
  base.place_piece(2, "settlement", 23, { free = true, setup = true })
  base.place_piece(2, "city", 23, { free = true })
  stack({ "fish2", "fish1", "fish3" }) -- drawn fish3, fish1, fish2
  roll(5)
  roll(6)
  t.eq(fish_held(1), { fish1 = 0, fish2 = 0, fish3 = 0 })
  roll(4)
  t.eq(fish_held(1), { fish1 = 0, fish2 = 0, fish3 = 1 }) -- ground order, then node order
  t.eq(fish_held(2), { fish1 = 1, fish2 = 1, fish3 = 0 })
  t.eq(game.count("bank", "brick", "card"), 19) -- fishing pays no cards
end)

test("the lake yields on 2, 3, 11 and 12, but not under the robber", function(t)
  local base = fresh(t, nil, { "fishermen.max_tokens=10" })
  base.place_piece(1, "settlement", 19, { free = true, setup = true })
  base.place_piece(2, "settlement", 33, { free = true, setup = true })
  base.place_piece(2, "city", 33, { free = true })
  bury_boot()
  local drawn = 0
  for _, k in ipairs({ 2, 3, 11, 12 }) do
    roll(k)
    drawn = drawn + 1
    t.eq(game.total(1, "fish"), drawn)
    t.eq(game.total(2, "fish"), 2 * drawn)
  end
  roll(4)
  roll(8)
  t.eq(game.total(1, "fish"), 4)
  game.set("robber", 10)
  roll(2)
  t.eq({ game.total(1, "fish"), game.total(2, "fish") }, { 4, 8 })
end)

test("a roll of 7 draws no fish", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 19, { free = true, setup = true })
  roll(7)
  t.eq(game.total(1, "fish"), 0)
end)

test("the second setup settlement draws one token per ground and lake it touches", function(t)
  local base = fresh(t)
  stack({ "fish1", "fish2" })
  base.place_piece(1, "settlement", 13, { free = true, setup = true })
  base.setup_income(1, 13) -- ground 4, and the tiles' cards
  t.eq(fish_held(1), { fish1 = 0, fish2 = 1, fish3 = 0 })
  t.eq(game.total(1, "card"), #board.node_tiles(13))
  base.place_piece(2, "settlement", 3, { free = true, setup = true })
  base.setup_income(2, 3) -- no ground, no lake
  t.eq(game.total(2, "fish"), 0)
end)

test("whole setups give fish only to second settlements", function(t)
  t.start { players = 4, seed = 3, options = { "base.check=true" }, agents = { "random" } }
  local env = t.env()
  -- The first settlement of each seat is the first node it owns in the decision log.
  local fishing = {}
  for p = 1, 4 do fishing[p] = 0 end
  local seen = 0
  for _, d in ipairs(t.decisions()) do
    if d.kind == "base.setup_settlement" then
      seen = seen + 1
      local n = tonumber(d.id:match("node:(%d+)"))
      local k = 0
      for _, g in ipairs(env.storage.grounds) do
        for _, m in ipairs(g.nodes) do if m == n then k = k + 1 end end
      end
      for _, m in ipairs(board.tile_nodes(10)) do if m == n then k = k + 1 end end
      if seen > 4 then fishing[d.player] = fishing[d.player] + k end
    end
  end
  for p = 1, 4 do t.eq(game.total(p, "fish") + (game.get("fishermen.boot") == p and 1 or 0), fishing[p]) end
end)

test("at the token limit a player may return a token to draw, or draw nothing", function(t)
  local base = fresh(t, { [1] = { "return:fish1", "keep" } })
  base.place_piece(1, "settlement", 12, { free = true, setup = true })
  fish(1, { fish1 = 5, fish2 = 2 })
  stack({ "fish3" })
  roll(4)
  t.eq(fish_held(1), { fish1 = 4, fish2 = 2, fish3 = 1 })
  t.eq(game.count("fish_spent", "fish1", "fish"), 1)
  local d = t.decisions()
  t.eq({ d[1].kind, d[1].count }, { "fishermen.full", 3 }) -- keep, return:fish1, return:fish2
  roll(4)
  t.eq(fish_held(1), { fish1 = 4, fish2 = 2, fish3 = 1 })
  t.eq(t.env().storage.stats.tokens_refused, 1)
end)

test("fish are not resource cards: no discard for them, nothing to steal", function(t)
  local base = fresh(t, { [1] = { "tile:5" } })
  give(2, { brick = 4, ore = 3 })
  fish(2, { fish3 = 7 })
  base.place_piece(2, "settlement", 3, { free = true, setup = true }) -- on tile 5
  base.seven(1) -- 7 cards: no discard
  t.eq(game.total(2, "card"), 6) -- robbed of one card
  t.eq(game.total(1, "card"), 1)
  t.eq(fish_held(2), { fish1 = 0, fish2 = 0, fish3 = 7 })
  game.move(2, "bank", "brick", game.count(2, "brick", "card"), "card")
  game.move(2, "bank", "ore", game.count(2, "ore", "card"), "card")
  t.eq(base.robbable(1, 5), {}) -- only fish left: nobody to rob
end)

test("the old boot is shown when drawn and is not a token", function(t)
  local base = fresh(t)
  base.place_piece(3, "settlement", 12, { free = true, setup = true })
  stack({ "boot" })
  roll(4)
  t.eq(game.get("fishermen.boot"), 3)
  t.eq(game.total(3, "fish"), 0)
  t.eq(t.env().storage.stats.boot_drawn, 1)
end)

test("an empty deck is refilled from the spent tokens", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 12, { free = true, setup = true })
  while game.deck_count("fish") > 0 do
    local item = game.deck_draw("fish")
    if item == "boot" then game.set("fishermen.boot", 4) else game.add("fish_spent", item, 1, "fish") end
  end
  roll(4)
  t.eq(game.total(1, "fish") + game.total("fish_spent", "fish") + game.deck_count("fish"), 29)
  t.eq(game.total(1, "fish"), 1)
  t.eq(game.total("fish_spent", "fish"), 0)
  t.eq(t.env().storage.stats.refills, 1)
end)
