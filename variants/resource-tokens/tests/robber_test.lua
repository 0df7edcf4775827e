-- The robber's token: instead of robbing, the player moving the robber may take a token of the
-- new hex's resource from the bank. Tile 12 is ore 8 (corners 24, 25, 34, 36, 37, 38); the
-- robber starts on the desert, tile 10, whose corners include node 20.

test("robber: a token of the hex's resource instead of a steal", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } })
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  give(2, { wool = 2 })
  base.move_robber(1)
  t.eq(tokens(1), { ore = 1 })
  t.eq(hand(1), {})
  t.eq(hand(2), { wool = 2 }, "nobody was robbed")
  t.eq(game.count("bank", "ore", "token"), 24)
  t.eq(rows(t), { { 1, "base.robber", 18, 11 }, { 1, "tokens.robber", 2, 2 } })
end)

test("robber: robbing stays possible and takes no token", function(t)
  local base = fresh(t, { [1] = { "tile:12", "rob" } })
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  give(2, { wool = 2 })
  base.move_robber(1)
  t.eq(hand(1), { wool = 1 })
  t.eq(tokens(1), {})
  t.eq(game.count("bank", "ore", "token"), 25)
end)

test("robber: nothing to take on the desert", function(t)
  local base = fresh(t, { [1] = { "tile:10" } })
  game.set("robber", 12)
  base.place_piece(2, "settlement", 20, { free = true, setup = true })
  give(2, { wool = 1 })
  base.move_robber(1)
  t.eq(hand(1), { wool = 1 }, "the usual steal")
  t.eq(rows(t), { { 1, "base.robber", 18, 10 } })
end)

test("robber: no token of the resource left in the bank, no choice", function(t)
  local base = fresh(t, { [1] = { "tile:12" } })
  game.move("bank", 3, "ore", 25, "token")
  base.move_robber(1)
  t.eq(rows(t), { { 1, "base.robber", 18, 11 } })
end)

test("robber: the knight offers the same choice", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } })
  game.add(1, "knight", 1, "dev")
  game.deck_draw("dev") -- keep 25 development cards for the check
  base.play_dev(1, "knight")
  t.eq(tokens(1), { ore = 1 })
  t.eq(game.count(1, "knight", "played"), 1)
end)

test("robber: robber_tokens sets how many tokens (0: never)", function(t)
  local base = fresh(t, { [1] = { "tile:12", "take" } },
    { "resource-tokens.robber_tokens=2" })
  base.move_robber(1)
  t.eq(tokens(1), { ore = 2 })
  base = fresh(t, { [1] = { "tile:12", "take" } },
    { "resource-tokens.robber_tokens=2" })
  game.move("bank", 3, "ore", 24, "token") -- 1 left: the offer shrinks to what the bank has
  base.move_robber(1)
  t.eq(tokens(1), { ore = 1 })
  base = fresh(t, { [1] = { "tile:12" } }, { "resource-tokens.robber_tokens=0" })
  base.move_robber(1)
  t.eq(rows(t), { { 1, "base.robber", 18, 11 } })
end)

test("tokens: people see the options of the token decisions as text", function(t)
  fresh(t)
  t.eq(game.label("tokens.robber", { id = "rob", action = "rob" }), "rob a player")
  t.eq(game.label("tokens.robber", { id = "take", action = "take", resource = "ore", tokens = 2 }),
    "take 2 ore tokens")
  t.eq(game.label("tokens.discard", { id = "brick:token", resource = "brick", form = "token" }),
    "brick token")
  t.eq(game.label("tokens.shortage",
    { id = "keep:1", keep = 1, resource = "brick", wanted = 5, supply = 3 }),
    "keep 1 brick token (5 wanted, 3 in the bank)")
end)
