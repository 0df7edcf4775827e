-- Dice race (the classic "Pig"): on your turn roll a die as often as you like, adding each roll
-- to a turn total. Bank the total to add it to your score, or roll again and risk the bust face,
-- which loses the turn total and ends the turn. The first player to bank `options.target` wins.
--
-- Kernel features shown: kinds, forms and supplies (points are chips moved from a pool),
-- events with payloads and default actions, decisions with option records and a describer, the
-- kernel RNG, per-game storage, player properties (the summary shows them) and a Lua agent
-- (agents.lua).

local POINT = "point"
local POOL = "pool"

-- The options of decision "race.continue": records with a stable id and a field saying what
-- each does. Agents read the fields (or the ids); people see what the describer below says.
CONTINUE_OPTIONS = { { id = "roll", action = "roll" }, { id = "bank", action = "bank" } }

game.describe("race.continue", function(o)
  if o.action == "roll" then return "roll again" end
  return "bank " .. storage.turn_total .. " points"
end)

-- Current score of seat `p`.
function score(p)
  return game.count(p, POINT)
end

-- Banks the turn total of `p` through the race.bank event; ends the game at the target.
function bank(p)
  local payout = { player = p, points = storage.turn_total }
  game.raise("race.bank", payout, function(e)
    local paid = math.min(math.max(e.points, 0), game.count(POOL, POINT))
    game.move(POOL, e.player, POINT, paid)
  end)
  storage.turn_total = 0
  game.player_set(p, "score", score(p))
  if score(p) >= options.target then
    game.finish(p, "banked " .. score(p) .. " points")
  end
end

game.on("game.setup", function(e)
  game.add_form("chip")
  game.add_kind(POINT)
  game.add_supply(POOL)
  -- Enough chips for every player to overshoot the target by a wide margin.
  game.add(POOL, POINT, e.players * (options.target + 10 * options.sides))
  storage.turn_total = 0
  storage.rolls = 0
  storage.busts = {}
  for p = 1, e.players do
    storage.busts[p] = 0
    game.player_set(p, "score", 0)
    game.player_set(p, "busts", 0)
  end
end)

game.on("game.start", function()
  game.set_first_player(game.random(game.players()))
end)

game.on("turn", function(e)
  local p = e.player
  storage.turn_total = 0
  while true do
    local roll = { player = p, value = game.roll(options.sides) }
    storage.rolls = storage.rolls + 1
    if game.raise("race.roll", roll) ~= "vetoed" then
      if roll.value == options.bust_face then
        local bust = { player = p, lost = storage.turn_total, ends_turn = true }
        game.raise("race.bust", bust, function()
          storage.turn_total = 0
          storage.busts[p] = storage.busts[p] + 1
          game.player_set(p, "busts", storage.busts[p])
        end)
        game.log(string.format("player %d busts, losing %d", p, bust.lost))
        if bust.ends_turn then return end
      else
        storage.turn_total = storage.turn_total + roll.value
        local choice = game.decide(p, "race.continue", CONTINUE_OPTIONS)
        if choice.action == "bank" then
          game.log(string.format("player %d banks %d", p, storage.turn_total))
          bank(p)
          return
        end
      end
    end
  end
end)
