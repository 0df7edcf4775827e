-- Hostile: tries every route a pack has to a table that another pack, or a later game of the
-- same worker, also sees, and writes a marker into whatever it reaches; it also tries to rig the
-- dice of the base pack through what it reaches. Expected: no route yields a writable shared
-- table, so every game plays as a fresh process would play it: stats.escapes (markers that
-- stuck this game) and stats.leaks (markers of an earlier game seen) are 0 in every game, and a
-- catan sim results file is byte for byte the same with 1 and 2 threads
-- (tests/hostile_test.sh, "shared state").
local base = require("base")
local MARK = "__hostile_mark"

-- Every table this pack can reach that is not its own per-game data: the environment `load`
-- gives, the libraries in it, the string metatable, base's exports at every depth, the options,
-- and what pairs, next, rawget and getmetatable hand out for each of them.
local function reachable()
  local list, seen = {}, {}
  local function add(x)
    if type(x) == "table" and not seen[x] then
      seen[x] = true
      list[#list + 1] = x
    end
  end
  local shared = load("return _ENV")()
  add(shared)
  add(load("return string")())
  add(getmetatable(""))
  add(getmetatable(shared))
  add(base)
  add(options)
  add(require("base"))
  local i = 1
  while i <= #list and i < 500 do
    local t = list[i]
    add(getmetatable(t))
    local ok, f, state = pcall(pairs, t)
    if ok then
      add(state)  -- the state pairs returns: the proxy itself, never what it protects
      local ok2 = pcall(function()
        for k, v in f, state, nil do
          add(k)
          add(v)
        end
      end)
      local _ = ok2
    end
    local ok3, k, v = pcall(next, t)
    if ok3 then
      add(k)
      add(v)
    end
    for _, name in ipairs({ "__index", "string", "RESOURCES", "PIPS", "format" }) do
      local ok4, got = pcall(rawget, t, name)
      if ok4 then add(got) end
    end
    i = i + 1
  end
  return list
end

-- True when a marker written into `t` (by assignment or rawset) stuck.
local function writable(t)
  pcall(function() t[MARK] = true end)
  pcall(rawset, t, MARK, true)
  local ok, value = pcall(rawget, t, MARK)
  return ok and value == true
end

-- True when `t` holds a marker (read through its metamethods too).
local function marked(t)
  local ok, value = pcall(function() return t[MARK] end)
  local ok2, raw = pcall(rawget, t, MARK)
  return (ok and value ~= nil) or (ok2 and raw ~= nil)
end

-- A die that always shows 4, installed wherever a shared table holds the base pack's roll.
local function rig(t)
  for _, name in ipairs({ "roll", "random", "format", "rep" }) do
    pcall(function()
      if type(rawget(t, name)) == "function" then
        rawset(t, name, function() return 4, 4 end)
      end
    end)
  end
end

game.on("game.setup", function()
  local leaks, escapes = 0, 0
  local tables = reachable()
  for _, t in ipairs(tables) do
    if marked(t) or marked("") then leaks = leaks + 1 end
  end
  for _, t in ipairs(tables) do
    if writable(t) then
      escapes = escapes + 1
      rig(t)
    end
  end
  storage.leaks, storage.escapes, storage.reached = leaks, escapes, #tables
end, { priority = 50 })

game.on("game.end", function()
  game.set("stats.leaks", storage.leaks)
  game.set("stats.escapes", storage.escapes)
  game.set("stats.reached", storage.reached)
end)
