-- Knight jokers: each built knight may, once per game, turn one of the player's dice into the
-- knight's resource (D2, the second desert knight: any resource). A knight's joker is usable from the moment it is
-- built, so a knight built this turn may pay for later builds of the same turn. Jokers are used
-- while building, after the rolling, and may be combined with gold trades.
-- Offered in the build menu (turn.lua) as options {id = "joker:<knight>:<from>:<to>", action =
-- "joker", knight, from, to} (text "joker K1 gold to ore"), one for each ready joker, each
-- resource it can give and each face p holds other than that resource.

-- The option of using knight `id`'s joker to turn a `from` die into `to`, made once per game
-- (storage.joker_options[id][from][to]; read only).
function joker_option(id, from, to)
  local options = storage.joker_options
  local by_from = options[id]
  if by_from == nil then
    by_from = {}
    options[id] = by_from
  end
  local by_to = by_from[from]
  if by_to == nil then
    by_to = {}
    by_from[from] = by_to
  end
  local option = by_to[to]
  if option == nil then
    option = { id = "joker:" .. id .. ":" .. from .. ":" .. to, action = "joker", knight = id,
               from = from, to = to }
    by_to[to] = option
  end
  return option
end

-- The resources knight entry s's joker can give.
function joker_targets(s)
  if s.resource == "any" then return RESOURCES end
  return { s.resource }
end

-- p uses the joker of knight `id` to turn one die showing `from` into `to`, through dice.joker.
function use_joker(p, id, from, to)
  if not joker_ready(p, id) then
    error("use_joker: the joker of " .. tostring(id) .. " is not ready", 2)
  end
  local e = { player = p, knight = id, from = from, to = to }
  local result = game.raise("dice.joker", e, function(j)
    game.remove(j.player, j.from, 1, DIE)
    game.add(j.player, j.to, 1, DIE)
    game.add(j.player, j.knight, 1, USED)
  end)
  if result ~= "vetoed" then
    game.player_set(p, "jokers", (game.player_get(p, "jokers") or 0) + 1)
    game.log(string.format("player %d uses the joker of %s: %s to %s", p, id, from, to))
  end
end

game.on("game.setup", function()
  storage.joker_options = {}
end)
