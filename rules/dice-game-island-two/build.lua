-- Building: a structure can be built when it is not built yet, its road (and for D2, D1) is
-- built (sheet.lua) and the player's dice pay its cost. Any number of structures may be built in
-- one turn, in any order the prerequisites allow (a road, then the settlement on it). After
-- every build the awards and scores are brought up to date and the game may end (scoring.lua).

-- The player property counting built structures of each type.
TYPE_PROP = { road = "roads", settlement = "settlements", city = "cities", knight = "knights" }

-- Whether pool n (FACES-ordered counts) pays for entry s.
function pool_pays(n, s)
  local need = s.need
  for i = 1, #need, 2 do
    if n[need[i]] < need[i + 1] then return false end
  end
  return true
end

-- Whether p's dice pay for entry s.
function can_pay(p, s)
  return pool_pays(pool_counts(p), s)
end

-- Whether p may build entry s now.
function can_build(p, s)
  return not is_built(p, s.id) and prerequisites_met(p, s) and can_pay(p, s)
end

-- The entries p may build next this turn, ignoring the cost (open_structures, kept in
-- storage.turn.open until p builds something).
function open_now(p)
  local turn = storage.turn
  local open = turn.open
  if open == nil then
    open = open_structures(p)
    turn.open = open
  end
  return open
end

-- The entries p can build now, in sheet order.
function buildable(p)
  local n = pool_counts(p)
  local list = {}
  for _, s in ipairs(open_now(p)) do
    if pool_pays(n, s) then list[#list + 1] = s end
  end
  return list
end

-- p builds entry s (which must be buildable) through dice.build.
function build(p, s)
  if not can_build(p, s) then error("build: player " .. p .. " cannot build " .. s.id .. " now", 2) end
  local e = { player = p, structure = s.id, type = s.type, points = s.points }
  local result = game.raise("dice.build", e, function(b)
    local remove = game.remove
    for _, r in ipairs(RESOURCES) do
      local k = s.cost[r]
      if k then remove(b.player, r, k, DIE) end
    end
    game.add(b.player, s.id, 1, BUILT)
    local turn = storage.turn
    turn.open = nil
    turn.points = turn.points + b.points
    turn.built[#turn.built + 1] = s.id
    local prop = TYPE_PROP[s.type]
    if prop then game.player_set(b.player, prop, (game.player_get(b.player, prop) or 0) + 1) end
  end)
  if result ~= "vetoed" then
    game.log(string.format("player %d builds %s (%d points)", p, s.id, e.points))
    update_awards(p)
  end
end
