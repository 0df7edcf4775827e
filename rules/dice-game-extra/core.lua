-- Vocabulary of the shared-island dice game ("Extra", also printed as "XXL") and where its state
-- lives. Loaded first; the names defined here are globals of this pack, read by the other files,
-- the agents and the tests. The dice, gold trades and the build menu work as in rules/dice-game
-- (this pack carries its own copy of them); the map is one island for all players (map.lua).
--
-- State:
--   holdings, form "dice":  the dice a player holds this turn, counted per face (the pool).
--   storage.map             the island (map.lua), fixed after game.setup.
--   storage.road[e]         the seat owning road e (nil: unbuilt); storage.site[n] the seat with a
--                           settlement or city on node n; storage.city[n] true for a city;
--                           storage.knight[h] the seat with the knight on hex h; storage.used[h]
--                           true once that knight's joker is used.
--   storage.start[p]        p's starting road.
--   player props            score (victory points), roads, settlements, cities, knights, jokers,
--                           empty, turns, road_length, longest_road, largest_army.
--   game props              longest_road, largest_army: the holder's seat (absent: nobody).
--   storage.turn            this turn: {player, roll, dice, trades, built = {ids}}.
-- Decisions: "extra.start" (the starting road, before the first turn), "dice.keep" between rolls
-- and "dice.action" while building.

-- Die faces.
FACES = { "ore", "grain", "wool", "lumber", "brick", "gold" }
-- The five resources: the faces structures cost.
RESOURCES = { "ore", "grain", "wool", "lumber", "brick" }
-- FACE_INDEX[face] = position in FACES.
FACE_INDEX = {}
for i, f in ipairs(FACES) do FACE_INDEX[f] = i end
GOLD = "gold"
-- The dice rolled at the start of a turn.
DICE = 6

DIE = "dice"

-- Dice of `face` that seat p holds this turn.
function dice(p, face)
  return game.count(p, face, DIE)
end

-- The pool of p as counts in FACES order: {ore, grain, wool, lumber, brick, gold}.
function pool_counts(p)
  local count = game.count
  local n = {}
  for i = 1, #FACES do n[i] = count(p, FACES[i], DIE) end
  return n
end

-- Removes every die p holds.
function clear_dice(p)
  local count, remove = game.count, game.remove
  for i = 1, #FACES do
    local n = count(p, FACES[i], DIE)
    if n > 0 then remove(p, FACES[i], n, DIE) end
  end
end

-- A readable "2 ore, 1 gold" for a pool given as FACES-ordered counts.
function describe_pool(n)
  local parts = {}
  for i = 1, #FACES do
    if n[i] > 0 then parts[#parts + 1] = n[i] .. " " .. FACES[i] end
  end
  if #parts == 0 then return "no dice" end
  return table.concat(parts, ", ")
end

game.on("game.setup", function(e)
  if e.players > 4 then
    error(string.format("the shared island is for 1 to 4 players, not %d", e.players), 0)
  end
  game.add_form(DIE)
  for _, f in ipairs(FACES) do game.add_kind(f) end
end, { priority = -10 })
