-- Test helpers of resource-tokens (its "test_support"): they run before its test files and those
-- of every pack tested with it loaded, after base's (rules/base/tests/support.lua: fresh, give,
-- hand, city, ids, ...).

-- Moves tokens from the bank to p: give_tokens(2, {brick = 3}).
function give_tokens(p, tokens) give_items(RESOURCES, "token", p, tokens) end

-- p's tokens as {resource = count}, only the resources held.
function tokens(p) return held_items(RESOURCES, "token", p) end

-- The decisions of the current game as {player, kind, count, choice} rows.
function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.count, d.choice } end
  return out
end

-- With the tokens on the hexes (placement = "hexes"):

-- The options of a game with the tokens on the hexes, and `extra` more.
function on_hexes(extra)
  local out = { "resource-tokens.placement=hexes" }
  for _, o in ipairs(extra or {}) do out[#out + 1] = o end
  return out
end

-- The tokens left on tile t (nil: no count kept there).
function hex_left(t) return board.tile_get(t, "tokens") end

-- Takes n tokens off hex t (of resource r) for player p, as a claim would, keeping the
-- invariant: the supply "hexes" and the tile's count move together.
function take_off_hex(t, r, n, p)
  game.move("hexes", p, r, n, "token")
  board.tile_set(t, "tokens", hex_left(t) - n)
end

-- The resource-tokens pack's statistics so far ({key = count}).
function token_stats(t) return t.env("resource-tokens").storage.token_stats or {} end
