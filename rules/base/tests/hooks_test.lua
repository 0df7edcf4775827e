-- The general hook points a variant uses to change what a setup building is, which cards make a
-- hand, and what happens after a roll's production (base.setup_building, base.hand_kinds,
-- base.produced). Without handlers the base game is unchanged; the hand kinds are set here as a
-- base.hand_kinds handler would leave them (storage.hand_kinds, HAND_OPTIONS) on a kind the test
-- declares. variants/cities-knights tests the same paths through its handlers.

-- Declares kind "gem" as a hand kind, as a handler of base.hand_kinds does in game.setup.
local function gem_hand(base)
  game.add_kind("gem")
  game.add_supply("gem_pile")
  game.add("gem_pile", "gem", 10, "card")
  base.storage.hand_kinds = { "gem" }
  base.HAND_OPTIONS.gem = { id = "gem", resource = "gem" }
end

test("hooks: without handlers setup places settlements and asks base.setup_settlement", function(t)
  t.start { players = 4, seed = 3, options = { "base.check=true" } }
  local base = t.env("base")
  t.eq(base.setup_building(1, 2), "settlement")
  for _, d in ipairs(t.decisions()) do
    t.ok(d.kind == "base.setup_settlement" or d.kind == "base.setup_road", d.kind)
  end
  for p = 1, 4 do t.eq(game.player_get(p, "settlements"), 2) end
end)

test("hooks: a hand is the resource cards unless hand kinds are declared", function(t)
  local base = fresh(t)
  give(2, { ore = 3 })
  t.eq(base.hand_size(2), 3)
  t.eq(base.storage.hand_kinds, {})
end)

test("hooks: hand kinds count toward the 7, are offered in the discard and can be stolen", function(t)
  local base = fresh(t, { [2] = { "gem", "gem", "ore", "gem" } })
  gem_hand(base)
  base.place_piece(2, "settlement", 37, { free = true, setup = true })
  give(2, { ore = 2 })
  game.move("gem_pile", 2, "gem", 6, "card")
  t.eq(base.hand_size(2), 8)
  local e = { player = 2, count = 4 }
  game.raise("base.discard", e, base.discard_default)
  t.eq(hand(2), { ore = 1 })
  t.eq(game.count(2, "gem", "card"), 3)
  t.eq(ids(t.decisions { options = true }[1].options), { "ore", "gem" })
  game.move(2, "bank", "ore", 1, "card")
  t.eq(base.robbable(1, 12), { 2 }, "a player holding only gems can be robbed")
  local s = { thief = 1, victim = 2 }
  game.raise("base.steal", s, base.steal_default)
  t.eq(s.resource, "gem")
  t.eq(game.count(1, "gem", "card"), 1)
end)

test("hooks: produce_roll pays as produce (base.produced is raised only while handled)", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 37, { free = true, setup = true })
  base.produce_roll(1, 8)
  t.eq(hand(1), { ore = 1 })
end)
