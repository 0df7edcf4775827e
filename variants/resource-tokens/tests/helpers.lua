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
