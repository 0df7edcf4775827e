-- The vocabulary of the dice (faces, resources, the pool) and its helpers, installed by every
-- dice-game pack as the first thing it does:
--
--   require("dice-kit").core(_ENV, {game = "the dice game", forms = {"built", "used"}})
--
-- defines, as globals of the installing pack, FACES, RESOURCES, FACE_INDEX, GOLD, DICE, COSTS, DIE,
-- dice(p, face), pool_counts(p), clear_dice(p) and describe_pool(n), and registers the
-- game.setup handler (priority -10) that refuses more than 4 players (naming spec.game), adds
-- the form "dice", then the forms of spec.forms, then a kind per die face.
--
-- Every part of the kit is a function of the installing pack's environment (its _ENV): the
-- globals it defines and reads, `storage`, `options` and `game` are that pack's, and the kernel
-- counts the handlers, agents and events it registers or raises as that pack's (they run in that
-- pack's calls). The kit's own environment holds nothing.

local M = {}

function M.core(_ENV, spec)
  -- Die faces, in the order the sheet's knights name them (knight k's joker is face k; knight
  -- 6's is any resource).
  FACES = { "ore", "grain", "wool", "lumber", "brick", "gold" }
  -- The five resources: the faces structures cost.
  RESOURCES = { "ore", "grain", "wool", "lumber", "brick" }
  -- FACE_INDEX[face] = position in FACES.
  FACE_INDEX = {}
  for i, f in ipairs(FACES) do FACE_INDEX[f] = i end
  GOLD = "gold"
  -- The dice rolled at the start of a turn (all of them).
  DICE = 6

  -- What each type of structure costs, in dice of each resource (the same on every island).
  COSTS = {
    road = { brick = 1, lumber = 1 },
    knight = { ore = 1, wool = 1, grain = 1 },
    settlement = { brick = 1, lumber = 1, wool = 1, grain = 1 },
    city = { ore = 3, grain = 2 },
  }

  -- The form of the dice a player holds this turn (the pool).
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

  -- The forms and the die faces come first; a sheet adds a kind per structure after them.
  local name, forms = spec.game, spec.forms or {}
  game.on("game.setup", function(e)
    if e.players > 4 then
      error(string.format("%s is for 1 to 4 players, not %d", name, e.players), 0)
    end
    game.add_form(DIE)
    for _, form in ipairs(forms) do game.add_form(form) end
    for _, f in ipairs(FACES) do game.add_kind(f) end
  end, { priority = -10 })
end

return M
