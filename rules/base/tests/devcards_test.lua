-- Tests of devcards.lua: buying, the play restrictions, and each card's effect.

-- Takes one card of `kind` out of the deck (the others keep their order) and returns the deck.
local function pull(kind)
  local items = {}
  while game.deck_count("dev") > 0 do items[#items + 1] = game.deck_draw("dev") end
  local taken = false
  for i = #items, 1, -1 do
    if not taken and items[i] == kind then taken = true else game.deck_push("dev", items[i]) end
  end
  assert(taken, "no " .. kind .. " left in the deck")
end

-- Gives p a development card of `kind` from the deck, held since an earlier turn.
local function give_dev(p, kind)
  pull(kind)
  game.add(p, kind, 1, "dev")
end

-- Puts a card of `kind` on top of the deck.
local function stack(kind)
  pull(kind)
  game.deck_push("dev", kind)
end

-- Starts a new turn record for p (as turn.lua does).
local function new_turn(env, p)
  env.storage.turn = env.new_turn_state(p)
end

test("devcards: buying pays exactly 1 ore, 1 wool, 1 grain and draws the top card", function(t)
  local env = fresh(t)
  give(1, { ore = 1, wool = 1, grain = 1, brick = 1 })
  t.eq(env.can_buy_dev(1), true)
  local items = game.deck_items("dev")
  local top = items[#items]
  t.eq(env.buy_dev(1), top)
  t.eq(game.count(1, top, "dev"), 1)
  t.eq(game.total(1, "dev"), 1)
  t.eq(game.deck_count("dev"), 24)
  t.eq(game.deck_items("dev"), { table.unpack(items, 1, 24) })
  t.eq(cards(1), { brick = 1, lumber = 0, wool = 0, grain = 0, ore = 0 })
  t.eq(cards("bank"), { brick = 18, lumber = 19, wool = 19, grain = 19, ore = 19 })
  t.eq(env.can_buy_dev(1), false)
  t.raises(function() env.buy_dev(1) end, "player 1 cannot pay for a development card")
end)

test("devcards: nothing to buy from an empty deck", function(t)
  local env = fresh(t)
  give(1, { ore = 1, wool = 1, grain = 1 })
  while game.deck_count("dev") > 0 do game.add(2, game.deck_draw("dev"), 1, "dev") end
  t.eq(env.can_buy_dev(1), false)
  t.raises(function() env.buy_dev(1) end, "the development deck is empty")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 1, grain = 1, ore = 1 })
end)

test("devcards: a card bought this turn cannot be played, an older one of the kind can", function(t)
  local env = fresh(t, { [1] = { 1, 1, 1, 1 } })
  new_turn(env, 1)
  give(1, { ore = 1, wool = 1, grain = 1 })
  stack("knight")
  t.eq(env.buy_dev(1), "knight")
  t.eq(env.playable_dev(1), {})
  t.raises(function() env.play_dev(1, "knight") end, "player 1 cannot play a knight now")
  give_dev(1, "knight") -- held from before
  t.eq(env.playable_dev(1), { "knight" })
  -- Next turn the bought card is playable too.
  new_turn(env, 1)
  give_dev(1, "monopoly")
  t.eq(env.playable_dev(1), { "knight", "monopoly" })
end)

test("devcards: at most one card per turn, and victory point cards are never played", function(t)
  local env = fresh(t, { [1] = { "wool" } })
  new_turn(env, 1)
  give_dev(1, "monopoly")
  give_dev(1, "year_of_plenty")
  give_dev(1, "victory_point")
  t.eq(env.playable_dev(1), { "year_of_plenty", "monopoly" })
  env.play_dev(1, "monopoly")
  t.eq(env.storage.turn.dev_played, true)
  t.eq(env.playable_dev(1), {})
  t.raises(function() env.play_dev(1, "year_of_plenty") end, "player 1 cannot play a year_of_plenty now")
  t.raises(function() env.play_dev(1, "victory_point") end, "cannot play a victory_point")
  t.eq(game.count(1, "monopoly", "played"), 1)
  t.eq(game.count(1, "monopoly", "dev"), 0)
  new_turn(env, 1)
  t.eq(env.playable_dev(1), { "year_of_plenty" })
end)

test("devcards: a knight moves the robber and counts towards Largest Army", function(t)
  -- Each knight: the robber goes to the first tile offered (no buildings, so nobody to rob).
  local env = fresh(t, { [1] = { 1, 1, 1 }, [2] = { 1, 1, 1, 1 } })
  for _ = 1, 3 do give_dev(1, "knight") end
  for k = 1, 3 do
    new_turn(env, 1)
    local before = game.get("robber")
    env.play_dev(1, "knight")
    t.ok(game.get("robber") ~= nil and game.get("robber") ~= before, "the robber moved")
    t.eq(game.player_get(1, "knights_played"), k)
  end
  t.eq(game.count(1, "knight", "played"), 3)
  t.eq(game.get("largest_army"), 1)
  t.eq(game.player_get(1, "vp"), 2)
  local robber_decisions = 0
  for _, d in ipairs(t.decisions()) do
    if d.kind == "base.robber" then robber_decisions = robber_decisions + 1 end
  end
  t.eq(robber_decisions, 3)
  -- Player 2 with 3 knights does not take it; with 4 it does.
  for _ = 1, 4 do give_dev(2, "knight") end
  for _ = 1, 3 do
    new_turn(env, 2)
    env.play_dev(2, "knight")
  end
  t.eq(game.get("largest_army"), 1)
  new_turn(env, 2)
  env.play_dev(2, "knight")
  t.eq(game.get("largest_army"), 2)
  t.eq(game.player_get(1, "vp"), 0)
  t.eq(game.player_get(2, "vp"), 2)
end)

test("devcards: road building places 2 free roads", function(t)
  local env = fresh(t, { [1] = { "path:23", "path:22" } })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  give_dev(1, "road_building")
  new_turn(env, 1)
  env.play_dev(1, "road_building")
  t.eq(board.path_get(23, "road"), 1)
  t.eq(board.path_get(22, "road"), 1)
  t.eq(game.count(1, "road", "piece"), 13)
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 0 })
  t.eq(cards("bank"), { brick = 19, lumber = 19, wool = 19, grain = 19, ore = 19 })
  t.eq(t.decisions(), {
    { player = 1, kind = "base.place_road", count = 3, choice = 1, id = "path:23" }, -- 23, 24, 37
    { player = 1, kind = "base.place_road", count = 4, choice = 1, id = "path:22" }, -- 22, 24, 27, 37
  })
  t.eq(env.storage.turn.free_roads, 0)
end)

test("devcards: road building with one road left places one", function(t)
  local env = fresh(t, { [1] = { "path:23" } })
  env.place_piece(1, "settlement", 20, { free = true, setup = true })
  for e = 60, 72 do env.place_piece(1, "road", e, { free = true }) end
  env.place_piece(1, "road", 1, { free = true })
  t.eq(game.count(1, "road", "piece"), 1)
  give_dev(1, "road_building")
  new_turn(env, 1)
  env.play_dev(1, "road_building")
  t.eq(board.path_get(23, "road"), 1)
  t.eq(game.count(1, "road", "piece"), 0)
  t.eq(#t.decisions(), 1)
end)

test("devcards: year of plenty takes the 2 chosen resources from the bank", function(t)
  local env = fresh(t, { [1] = { "ore", "wool" } })
  give_dev(1, "year_of_plenty")
  -- The bank is out of brick: it is not offered.
  game.move("bank", 2, "brick", 19, "card")
  new_turn(env, 1)
  env.play_dev(1, "year_of_plenty")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 1 })
  t.eq(cards("bank"), { brick = 0, lumber = 19, wool = 18, grain = 19, ore = 18 })
  t.eq(t.decisions(), {
    { player = 1, kind = "base.plenty", count = 4, choice = 4, id = "ore" },
    { player = 1, kind = "base.plenty", count = 4, choice = 2, id = "wool" },
  })
end)

test("devcards: year of plenty may take 2 of the same resource", function(t)
  local env = fresh(t, { [1] = { "grain", "grain" } })
  give_dev(1, "year_of_plenty")
  new_turn(env, 1)
  env.play_dev(1, "year_of_plenty")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 0, grain = 2, ore = 0 })
  t.eq(game.count("bank", "grain", "card"), 17)
end)

test("devcards: monopoly takes every opponent's cards of the named resource", function(t)
  local env = fresh(t, { [1] = { "wool" } })
  give(1, { wool = 1 })
  give(2, { wool = 3, ore = 1 })
  give(3, { wool = 2, grain = 2 })
  give(4, { brick = 4 })
  give_dev(1, "monopoly")
  new_turn(env, 1)
  env.play_dev(1, "monopoly")
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 6, grain = 0, ore = 0 })
  t.eq(cards(2), { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 1 })
  t.eq(cards(3), { brick = 0, lumber = 0, wool = 0, grain = 2, ore = 0 })
  t.eq(cards(4), { brick = 4, lumber = 0, wool = 0, grain = 0, ore = 0 })
  t.eq(t.decisions(), { { player = 1, kind = "base.monopoly", count = 5, choice = 3, id = "wool" } })
end)

test("devcards: a victory point card counts as soon as it is bought, hidden from the vp prop", function(t)
  local env = fresh(t)
  new_turn(env, 1)
  give(1, { ore = 1, wool = 1, grain = 1 })
  stack("victory_point")
  t.eq(env.buy_dev(1), "victory_point")
  t.eq(env.vp_total(1), 1)
  t.eq(game.player_get(1, "vp"), 0, "the prop shows what the table sees")
  t.eq(env.playable_dev(1), {})
end)

-- The main-menu ids of p (after the roll) as base offers them.
local function menu_ids(env, p)
  return ids(env.action_options(p))
end

test("devcards: a card granted to another seat leaves the player on turn's older card playable", function(t)
  for s = 1, 4 do
    local env = fresh(t)
    new_turn(env, s)
    give_dev(s, "knight") -- held since an earlier turn
    t.eq(menu_ids(env, s), { "play:knight", "end" }, "seat " .. s .. " before any grant")
    for g = 1, 4 do
      if g ~= s then
        stack("knight")
        local e = { player = g, item = env.DEV_ITEM }
        game.raise("base.grant", e)
        t.eq(e.result, "knight")
        t.eq(menu_ids(env, s), { "play:knight", "end" },
             "seat " .. s .. " on turn after a grant to seat " .. g)
        t.eq(env.storage.turn.bought, {}, "nothing recorded for seat " .. s)
      end
    end
    -- Each seat given a card plays it on its own next turn.
    for g = 1, 4 do
      if g ~= s then
        new_turn(env, g)
        t.eq(menu_ids(env, g), { "play:knight", "end" }, "seat " .. g .. " on its next turn")
      end
    end
  end
end)

test("devcards: a card granted to the player on turn waits for its next turn", function(t)
  local env = fresh(t)
  new_turn(env, 2)
  stack("monopoly")
  local e = { player = 2, item = env.DEV_ITEM }
  game.raise("base.grant", e)
  t.eq(e.result, "monopoly")
  t.eq(menu_ids(env, 2), { "end" })
  t.eq(env.storage.turn.bought, { monopoly = 1 })
  give_dev(2, "monopoly") -- an older one of the kind
  t.eq(menu_ids(env, 2), { "play:monopoly", "end" })
  new_turn(env, 3)
  new_turn(env, 2)
  t.eq(env.playable_dev(2), { "monopoly" })
end)
