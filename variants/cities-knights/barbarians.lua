-- The barbarians (facts 14-16, 21-43).
--
-- State: game prop barbarian_track (options.barbarian_track: the track's length, for views) and
-- game prop barbarian_position (0 at the start of the track, options.barbarian_track
-- spaces to the island); game prop barbarian_attacks (robber.lua) counts the attacks; player
-- prop defender = the player's Defender of Catan points; node prop fallen = true on a city that
-- was pillaged while its owner had no settlement piece left, and player prop
-- fallen_city_points = -1 per such city (both player props are points, base.point_props).
-- Rules:
--   - each ship face of the event die moves the ship one space (fact 14); reaching the island
--     (the options.barbarian_track-th face) it attacks at once, before production (facts 14,
--     15), then returns to the start (fact 16);
--   - barbarian strength = the cities on the board, a metropolis counted once, a fallen city
--     not (fact 21, open question 2); Catan's = the active knights of all players (facts 22,
--     23, 25); Catan wins ties (fact 26);
--   - the barbarians win: the candidates are the players with a city that is neither a
--     metropolis nor fallen (facts 28, 30); every candidate whose active knights are weakest
--     loses one such city (fact 29), in seat order from the roller, choosing which (decision
--     "ck.pillage" among {id = "node:N", node = N}, asked only when there are several;
--     fact 32): its wall, if any, goes back to its owner's supply (fact 33, 111: remove_wall,
--     city_walls.lua) and it becomes a settlement (fact 33), or, with no
--     settlement piece in supply, stays a city marked fallen that counts 1 point, produces as
--     a settlement and counts for neither the barbarians nor the improvements until rebuilt
--     (fact 34): menu entry {id = "rebuild:<node>", action = "rebuild_city", node} for the
--     city's cost;
--   - Catan wins: the strictly strongest player takes a Defender point (facts 36, 42); nobody
--     does when the top contribution is 0 (open question 14); on a tie for the top each tied
--     player, in seat order from the roller, draws a progress card of a deck of their choice
--     (fact 37; progress.lua);
--   - after every attack every knight is inactive (fact 43) and barbarian_attacks grows by 1;
--     then the event ck.barbarians_attacked {player = p, won} is raised (when handled: resource
--     tokens on the hexes are replenished).

local update_vp = require("base").update_vp
local base_pay, base_can_pay = require("base").pay, require("base").can_pay
local rewatch = require("base").rewatch
local CITY_COST = { ore = 3, grain = 2 }

-- Whether node n holds a city that counts as one (not fallen).
local function standing_city(n)
  return board.node_get(n, "building") == "city" and not board.node_get(n, "fallen")
end

-- The cities (not fallen) on the board: the barbarians' strength.
function barbarian_strength()
  local sum = 0
  for n = 1, board.nodes() do
    if standing_city(n) then sum = sum + 1 end
  end
  return sum
end

-- Catan's strength: every player's active knights.
function catan_strength()
  local sum = 0
  for q = 1, game.players() do sum = sum + active_strength(q) end
  return sum
end

-- The cities p could lose: neither a metropolis nor fallen, ascending.
function pillage_targets(p)
  return plain_cities_of(p)
end

-- p loses the city on node n (see the header).
function pillage(p, n)
  remove_wall(n)
  if game.count(p, "settlement", "piece") > 0 then
    board.node_set(n, "building", "settlement")
    game.add(p, "city", 1, "piece")
    game.remove(p, "settlement", 1, "piece")
    game.player_set(p, "cities", 4 - game.count(p, "city", "piece"))
    game.player_set(p, "settlements", 5 - game.count(p, "settlement", "piece"))
  else
    board.node_set(n, "fallen", true)
    game.player_set(p, "fallen_city_points", game.player_get(p, "fallen_city_points") - 1)
  end
  rewatch(n) -- the node's pieces changed outside place_piece (resource tokens' allowance)
  update_vp(p)
  storage.cities_lost = storage.cities_lost + 1
  if game.verbose() then game.log(string.format("the barbarians pillage player %d's city on node %d", p, n)) end
end

-- The seats from p on, in turn order.
local function from(p)
  local out = {}
  for i = 0, game.players() - 1 do out[#out + 1] = (p - 1 + i) % game.players() + 1 end
  return out
end

local function barbarians_win(p)
  storage.attacks_lost = storage.attacks_lost + 1
  local low
  for q = 1, game.players() do
    if #pillage_targets(q) > 0 and (low == nil or active_strength(q) < low) then
      low = active_strength(q)
    end
  end
  if low == nil then return end
  for _, q in ipairs(from(p)) do
    local targets = pillage_targets(q)
    if #targets > 0 and active_strength(q) == low then
      local n = targets[1]
      if #targets > 1 then
        local opts = {}
        for i, m in ipairs(targets) do opts[i] = { id = "node:" .. m, node = m } end
        n = game.decide(q, "ck.pillage", opts).node
      end
      pillage(q, n)
    end
  end
end

local function catan_wins(p)
  storage.attacks_won = storage.attacks_won + 1
  local top, tops = 0, {}
  for q = 1, game.players() do
    local s = active_strength(q)
    if s > top then top, tops = s, { q } elseif s == top and s > 0 then tops[#tops + 1] = q end
  end
  if top == 0 then return end
  if #tops == 1 then
    local q = tops[1]
    game.player_set(q, "defender", game.player_get(q, "defender") + 1)
    update_vp(q)
    storage.defenders = storage.defenders + 1
  else
    storage.barbarian_ties = storage.barbarian_ties + 1
    local tied = {}
    for _, q in ipairs(tops) do tied[q] = true end
    for _, q in ipairs(from(p)) do
      if tied[q] then progress_tie_reward(q) end
    end
  end
end

-- The attack, in p's turn (see the header).
function barbarian_attack(p)
  local b, c = barbarian_strength(), catan_strength()
  if game.verbose() then game.log(string.format("the barbarians attack: %d against %d", b, c)) end
  if b > c then barbarians_win(p) else catan_wins(p) end
  deactivate_all_knights()
  game.set("barbarian_attacks", game.get("barbarian_attacks") + 1)
  game.raise("ck.barbarians_attacked", { player = p, won = b > c })
end

-- A ship face on p's roll: the ship moves one space, and attacks on arriving.
function barbarians_advance(p)
  local pos = game.get("barbarian_position") + 1
  if pos >= options.barbarian_track then
    barbarian_attack(p)
    pos = 0
  end
  game.set("barbarian_position", pos)
end

game.on("base.point_props", function(e)
  e.props[#e.props + 1] = "defender"
  e.props[#e.props + 1] = "fallen_city_points"
end)

-- A fallen city produces as a settlement (before commodities.lua turns city claims into
-- commodities, which skips it).
game.on("base.production", function(e)
  for _, claim in ipairs(e.claims) do
    if claim.amount > 1 and board.node_get(claim.node, "fallen") then claim.amount = 1 end
  end
end, { priority = -10 })

local function run_rebuild(p, entry)
  base_pay(p, "city", CITY_COST)
  board.node_set(entry.node, "fallen", nil)
  game.player_set(p, "fallen_city_points", game.player_get(p, "fallen_city_points") + 1)
  update_vp(p)
end

game.on("base.actions", function(e)
  local p = e.player
  if not base_can_pay(p, "city", CITY_COST) then return end
  for n = 1, board.nodes() do
    if board.node_get(n, "fallen") and board.node_get(n, "owner") == p then
      e.actions[#e.actions + 1] = { id = "rebuild:" .. n, action = "rebuild_city", node = n,
                                    run = run_rebuild }
    end
  end
end)

game.describe("base.action", function(o)
  if o.action == "rebuild_city" then
    return string.format("rebuild the fallen city on node %d (3 ore, 2 grain)", o.node)
  end
end)

game.on("game.setup", function(e)
  game.set("barbarian_position", 0)
  game.set("barbarian_track", options.barbarian_track)
  for q = 1, e.players do
    game.player_set(q, "defender", 0)
    game.player_set(q, "fallen_city_points", 0)
  end
  storage.attacks_won, storage.attacks_lost, storage.cities_lost = 0, 0, 0
  storage.defenders, storage.barbarian_ties = 0, 0
end)
