-- Knight jokers: the player with the knight of a hex may, once per game, turn one die into the
-- hex's resource (the desert's knight: any resource), from the moment the knight is built, while
-- building. Options {id = "joker:<hex>:<from>:<to>", action = "joker", hex, from, to} (text
-- "joker hex 5 gold to ore").

local JOKER_OPTIONS = {}
function joker_option(h, from, to)
  local key = h .. ":" .. from .. ":" .. to
  local o = JOKER_OPTIONS[key]
  if o == nil then
    o = { id = "joker:" .. key, action = "joker", hex = h, from = from, to = to }
    JOKER_OPTIONS[key] = o
  end
  return o
end

-- The resources the knight of hex h gives.
function joker_targets(h)
  local r = storage.map.hexes[h].resource
  if r == "desert" then return RESOURCES end
  return { r }
end

function joker_ready(p, h)
  return storage.knight[h] == p and not storage.used[h]
end

function use_joker(p, h, from, to)
  if not joker_ready(p, h) then error("use_joker: the joker of hex " .. tostring(h) .. " is not ready", 2) end
  if game.count(p, from, DIE) == 0 then error("use_joker: no " .. tostring(from) .. " die", 2) end
  game.remove(p, from, 1, DIE)
  game.add(p, to, 1, DIE)
  storage.used[h] = true
  game.player_set(p, "jokers", game.player_get(p, "jokers") + 1)
  game.log(string.format("player %d uses the joker of hex %d: %s to %s", p, h, from, to))
end
