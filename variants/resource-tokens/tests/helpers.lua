-- Test helpers of resource-tokens (its "test_support"): they run before its test files and those
-- of every pack tested with it loaded, after base's (rules/base/tests/support.lua: fresh, give,
-- hand, city, ids, ...).

-- Moves tokens from the bank to p: give_tokens(2, {brick = 3}).
function give_tokens(p, tokens)
  for _, r in ipairs(RESOURCES) do
    if tokens[r] then game.move("bank", p, r, tokens[r], "token") end
  end
end

-- p's tokens as {resource = count}, only the resources held.
function tokens(p)
  local h = {}
  for _, r in ipairs(RESOURCES) do
    local n = game.count(p, r, "token")
    if n > 0 then h[r] = n end
  end
  return h
end

-- The decisions of the current game as {player, kind, count, choice} rows.
function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.count, d.choice } end
  return out
end
