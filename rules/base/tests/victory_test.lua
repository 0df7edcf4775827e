-- Tests of victory.lua: points from every source and the win check.

local function fresh(t, extra, answers)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers }
  if not board.is_built() then board.hex(2) end
  return t.env()
end

-- Moves one card of `kind` from the deck to p's holdings in `form` (other cards keep their order).
local function take(p, kind, form)
  local items = {}
  while game.deck_count("dev") > 0 do items[#items + 1] = game.deck_draw("dev") end
  local taken = false
  for i = #items, 1, -1 do
    if not taken and items[i] == kind then taken = true else game.deck_push("dev", items[i]) end
  end
  assert(taken, "no " .. kind .. " left in the deck")
  game.add(p, kind, 1, form)
end

local function roads(env, p, nodes)
  for i = 1, #nodes - 1 do
    env.place_piece(p, "road", board.path_between(nodes[i], nodes[i + 1]), { free = true })
  end
end

test("victory: points from settlements, cities, both awards and victory point cards", function(t)
  local env = fresh(t)
  local total, sources = env.victory_points(1)
  t.eq(total, 0)
  t.eq(sources, { settlements = 0, cities = 0, longest_road = 0, largest_army = 0, victory_point_cards = 0 })
  for _, n in ipairs({ 1, 8, 20, 33 }) do env.place_piece(1, "settlement", n, { free = true, setup = true }) end
  env.place_piece(1, "city", 33, {})
  roads(env, 1, { 1, 2, 3, 4, 5, 6 }) -- 5 roads: Longest Road
  for _ = 1, 3 do take(1, "knight", "played") end
  env.update_awards()
  take(1, "victory_point", "dev")
  take(1, "victory_point", "dev")
  env.update_vp(1)
  total, sources = env.victory_points(1)
  t.eq(sources, { settlements = 3, cities = 2, longest_road = 2, largest_army = 2, victory_point_cards = 2 })
  t.eq(total, 11)
  t.eq(env.vp_total(1), 11)
  t.eq(game.player_get(1, "vp"), 9, "the prop leaves the 2 hidden cards out")
  t.eq(env.victory_points(2), 0)
end)

-- The points by source the viewer draws (draw.points): player props points.SOURCE, non-zero
-- sources only, the hidden cards only at the end, so that they always sum to vp.
local function point_props(p)
  local out = {}
  for _, name in ipairs({ "settlements", "cities", "longest_road", "largest_army",
                          "victory_point_cards", "other" }) do
    out[name] = game.player_get(p, "points." .. name)
  end
  return out
end

test("victory: each seat's points by source are kept in props points.SOURCE", function(t)
  local env = fresh(t)
  for _, n in ipairs({ 1, 8, 20 }) do env.place_piece(1, "settlement", n, { free = true, setup = true }) end
  t.eq(point_props(1), { settlements = 3 })
  env.place_piece(1, "city", 20, {})
  t.eq(point_props(1), { settlements = 2, cities = 2 })
  roads(env, 1, { 1, 2, 3, 4, 5, 6 })
  env.update_awards()
  t.eq(point_props(1), { settlements = 2, cities = 2, longest_road = 2 })
  for _ = 1, 3 do take(1, "knight", "played") end
  env.update_awards()
  t.eq(point_props(1), { settlements = 2, cities = 2, longest_road = 2, largest_army = 2 })
  for _ = 1, 4 do take(2, "knight", "played") end -- player 2 takes Largest Army
  env.update_awards()
  t.eq(point_props(1), { settlements = 2, cities = 2, longest_road = 2 },
       "a lost award's source is erased")
  t.eq(point_props(2), { largest_army = 2 })
  take(1, "victory_point", "dev")
  env.update_vp(1)
  t.eq(point_props(1), { settlements = 2, cities = 2, longest_road = 2 },
       "a hidden card is no source yet")
  t.eq(game.player_get(1, "vp"), 6)
  game.raise("game.end", {})
  t.eq(point_props(1), { settlements = 2, cities = 2, longest_road = 2, victory_point_cards = 1 })
  t.eq(game.player_get(1, "vp"), 7)
end)

test("victory: a victory point card bought to reach the target wins at once on your turn", function(t)
  local env = fresh(t, { "base.target_vp=3" })
  t.eq(game.current(), 1)
  env.place_piece(1, "settlement", 1, { free = true, setup = true })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  t.eq(env.check_win(1), false)
  t.eq(game.is_over(), false)
  -- The top card is a victory point card.
  take(1, "victory_point", "dev")
  game.remove(1, "victory_point", 1, "dev")
  game.deck_push("dev", "victory_point")
  give(1, { ore = 1, wool = 1, grain = 1 })
  env.storage.turn = env.new_turn_state(1)
  t.eq(env.buy_dev(1), "victory_point")
  t.eq(game.player_get(1, "vp"), 2, "the card stays hidden")
  t.eq(env.check_win(1), true)
  t.eq(game.is_over(), true)
  t.eq(game.winner(), 1)
end)

test("victory: the target reached on another player's turn wins only on your own turn", function(t)
  local env = fresh(t, { "base.target_vp=3" })
  env.place_piece(2, "settlement", 1, { free = true, setup = true })
  env.place_piece(2, "city", 1, {})
  env.place_piece(2, "settlement", 20, { free = true, setup = true })
  t.eq(env.victory_points(2), 3)
  t.eq(game.current(), 1)
  t.eq(env.check_win(2), false)
  t.eq(game.is_over(), false)
  game.set_first_player(2)
  t.eq(env.check_win(2), true)
  t.eq(game.winner(), 2)
end)

test("victory: below the target nobody wins", function(t)
  local env = fresh(t, { "base.target_vp=4" })
  env.place_piece(1, "settlement", 1, { free = true, setup = true })
  env.place_piece(1, "city", 1, {})
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  t.eq(env.victory_points(1), 3)
  t.eq(env.check_win(1), false)
  t.eq(game.is_over(), false)
end)

test("victory: a whole game ends with a winner at the target, on the winner's own turn", function(t)
  t.start { players = 4, seed = 5, options = { "base.check=true" } }
  local env = t.env()
  local result = t.play()
  t.ok(result.winner ~= nil, "someone wins: " .. tostring(result.reason))
  t.ok(env.victory_points(result.winner) >= 10)
  t.eq(game.current(), result.winner)
  t.eq(result.reason, "reached " .. env.victory_points(result.winner) .. " victory points")
  for p = 1, 4 do
    t.eq(game.player_get(p, "vp"), env.victory_points(p))
    -- The summary's sources add up to the points: settlements, cities (2), awards (2), cards.
    local sum = game.player_get(p, "settlements") + 2 * game.player_get(p, "cities")
      + (game.player_get(p, "longest_road") and 2 or 0) + (game.player_get(p, "largest_army") and 2 or 0)
      + game.player_get(p, "vp_cards")
    t.eq(sum, env.victory_points(p), "sources of player " .. p)
  end
end)

test("victory: hidden victory point cards join the vp prop when the game ends", function(t)
  local env = fresh(t)
  env.place_piece(2, "settlement", 20, { free = true, setup = true })
  take(2, "victory_point", "dev")
  env.update_vp(2)
  t.eq(game.player_get(2, "vp"), 1)
  game.raise("game.end", {})
  t.eq(game.player_get(2, "vp"), 2)
  t.eq(game.player_get(2, "vp_cards"), 1)
end)
