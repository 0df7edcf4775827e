-- The kernel floor: a turn with the base game's kernel traffic (two phase changes, two dice,
-- one histogram counter, about three decisions) and no rules. Games end at the turn cap.
local storage, game = storage, game
local choose, roll, set = game.choose, game.roll, game.set

-- HISTOGRAM_KEY[total] = the game prop counting that dice total (as the base game names it).
local HISTOGRAM_KEY = {}
for total = 2, 12 do HISTOGRAM_KEY[total] = "dice_histogram." .. total end

-- The main-phase menu, option records like the base game's: uniform random play asks 3 times a
-- turn on average.
local MENU = { { id = "build", action = "build" }, { id = "trade", action = "trade" },
               { id = "end", action = "end" } }

game.on("game.setup", function() storage.props = game.props_view() end)

game.on("turn", function(e)
  local p = e.player
  game.set_phase("roll")
  local total = roll(6) + roll(6)
  local key = HISTOGRAM_KEY[total]
  set(key, (storage.props[key] or 0) + 1)
  game.set_phase("main")
  while choose(p, "floor.action", MENU) ~= 3 do end
end)
