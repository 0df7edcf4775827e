-- Metropolises (facts 87-93): one per track, on a city, worth options.metropolis_vp (2) points
-- more than the city.
--
-- State: a metropolis is the base piece "metropolis", an attachment of a city (`beside`, like a
-- city wall): node prop metropolis = the holder's seat, the city stays building "city" (it
-- produces and counts as a city, facts 73, 93). Each player has 3 in supply (a player may hold
-- all three, fact 89); the base pack counts its points (vp) and keeps player prop metropolises.
-- Game prop "metropolis.<track>" = the node of that track's metropolis (unset while nobody
-- holds it). It is never built from the menu (its entry is removed): the rules below place it,
-- decision "base.place_metropolis" among the player's cities without one (plain_cities_of: a
-- fallen city, barbarians.lua, takes none).
-- Rules (metropolis_check, after every level built):
--   - the first player to reach options.metropolis_level (4) in a track places its metropolis
--     (fact 87);
--   - a player reaching that level while another holds the metropolis gets none (fact 91);
--   - a player reaching a higher level (5) takes it from a holder at a lower level and places
--     it on one of their cities without one (fact 90); a holder at that level keeps it for good
--     (fact 92). Reading: with no city to put it on (all are metropolises) it stays where it is.

local update_vp = require("base").update_vp

game.on("base.pieces", function(e)
  e.pieces.metropolis = { cost = {}, limit = #TRACKS, vp = options.metropolis_vp, on = "node",
                          beside = { city = true }, plural = "metropolises" }
end)

game.on("base.actions", function(e)
  local actions = e.actions
  for i = #actions, 1, -1 do
    if actions[i].action == "build" and actions[i].piece == "metropolis" then
      table.remove(actions, i)
    end
  end
end, { priority = -100 })

-- The seat holding `track`'s metropolis, and its node (nil while nobody holds it).
function metropolis_holder(track)
  local node = game.get("metropolis." .. track)
  if node == nil then return nil end
  return board.node_get(node, "owner"), node
end

-- p places `track`'s metropolis on one of their cities without one (plain_cities_of); false
-- when there is none.
local function place_metropolis(p, track)
  local cities = plain_cities_of(p)
  if #cities == 0 then return false end
  local opts = {}
  for i, n in ipairs(cities) do opts[i] = { id = "node:" .. n, node = n } end
  local node = game.decide(p, "base.place_metropolis", opts).node
  board.node_set(node, "metropolis", p)
  game.remove(p, "metropolis", 1, "piece")
  game.player_set(p, "metropolises", #TRACKS - game.count(p, "metropolis", "piece"))
  update_vp(p)
  game.set("metropolis." .. track, node)
  storage.metropolises = storage.metropolises + 1
  if game.verbose() then
    game.log(string.format("player %d places the %s metropolis on node %d", p, track, node))
  end
  return true
end

-- Takes `track`'s metropolis off node `node` back to its holder's supply.
local function remove_metropolis(track, node)
  local holder = board.node_get(node, "metropolis")
  board.node_set(node, "metropolis", nil)
  game.set("metropolis." .. track, nil)
  game.add(holder, "metropolis", 1, "piece")
  game.player_set(holder, "metropolises", #TRACKS - game.count(holder, "metropolis", "piece"))
  update_vp(holder)
end

-- The metropolis rules after p reached `level` in `track` (see the header).
function metropolis_check(p, track, level)
  if level < options.metropolis_level then return end
  local holder, node = metropolis_holder(track)
  if holder == nil then
    place_metropolis(p, track)
  elseif holder ~= p and level > options.metropolis_level and level_of(holder, track) < level
      and #plain_cities_of(p) > 0 then
    remove_metropolis(track, node)
    storage.metropolis_takeovers = storage.metropolis_takeovers + 1
    place_metropolis(p, track)
  end
end

game.on("game.setup", function()
  storage.metropolises, storage.metropolis_takeovers = 0, 0
end)
