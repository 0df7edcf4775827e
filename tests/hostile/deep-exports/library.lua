-- Hostile: exports a chain of tables 400,000 deep, which the host freezes into read-only proxies
-- in every game. Expected: the freezing walks the chain without recursing on the C stack.
local top = {}
local t = top
for _ = 1, 400000 do
  local next_level = {}
  t[1] = next_level
  t = next_level
end
return { DEEP = top }
