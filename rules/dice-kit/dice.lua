-- Rolling, installed by every dice-game pack after core:
--
--   require("dice-kit").dice(_ENV, growing)
--
-- The turn's dice are rolled, then up to options.rolls - 1 times the player keeps some of them
-- and rolls the rest again. The roll after the last keep decision is final. With `growing` false
-- a turn rolls all six dice (Island One); with it true the first turn of the game rolls
-- options.first_dice (3) and every next turn one more, up to six (Island Two and the shared
-- island: dice_for_turn), and storage.turn.dice holds the turn's number of dice.

local M = {}

function M.dice(_ENV, growing)
  -- The keep decision ("dice.keep") is one choice among every sub-multiset of the dice now in the
  -- pool (dice showing the same face are interchangeable, so two dice of one face give three
  -- options, not four). An option is a record {id, keep, stop}: keep is the pool code (below) of
  -- the dice that stay, the others are rolled again; stop is true for keeping every die, which
  -- ends the rolling. Options run from keeping everything, id "stop", down to keeping nothing, id
  -- "reroll"; the others have ids "keep:ore,ore,grain" (kept faces in FACES order). The text
  -- people see is "stop", "reroll all" and "keep ore ore grain".
  -- Keeping a die after one roll does not bind the player later: each decision may keep any of
  -- the dice then showing.
  --
  -- A pool code reads a pool's counts per face as a number in base 7: ore counts 1, grain 7, wool
  -- 49, lumber 343, brick 2401, gold 16807. Codes add up: code(kept) + code(rolled) = code(pool).

  -- 7^(i-1): the weight of face i in a pool code.
  POOL_BASE = { 1, 7, 49, 343, 2401, 16807 }

  -- The code of FACES-ordered counts n (0..6 each).
  function pool_code(n)
    local c = 0
    for i = 1, #FACES do c = c + n[i] * POOL_BASE[i] end
    return c
  end

  -- How many dice of face i pool code `code` holds.
  function code_count(code, i)
    return code // POOL_BASE[i] % 7
  end

  -- The kept faces of pool code `code`, in FACES order, joined with `separator`.
  local function kept_faces(code, separator)
    local names = {}
    for i = 1, #FACES do
      for _ = 1, code_count(code, i) do names[#names + 1] = FACES[i] end
    end
    return table.concat(names, separator)
  end

  -- The id of a keep option is made when first read (the kernel reads the chosen option's, an agent
  -- or a scripted answer may read others) and kept in the option; random games make few.
  local KEEP_OPTION = {
    __index = function(o, key)
      if key ~= "id" then return nil end
      local id
      if o.stop then
        id = "stop"
      elseif o.keep == 0 then
        id = "reroll"
      else
        id = "keep:" .. kept_faces(o.keep, ",")
      end
      rawset(o, "id", id)
      return id
    end,
  }

  game.describe("dice.keep", function(o)
    if o.stop then return "stop" end
    if o.keep == 0 then return "reroll all" end
    return "keep " .. kept_faces(o.keep, " ")
  end)

  -- The keep options of pool n (FACES-ordered counts), in the order described above.
  local function build_keep_options(n)
    local list = {}
    local full = pool_code(n)
    -- Count down through every code whose digits stay within n's (an odometer over the faces).
    local digits = { n[1], n[2], n[3], n[4], n[5], n[6] }
    local code = full
    while true do
      list[#list + 1] = setmetatable({ keep = code, stop = code == full }, KEEP_OPTION)
      local i = #FACES
      while i >= 1 and digits[i] == 0 do
        digits[i] = n[i]
        code = code + n[i] * POOL_BASE[i]
        i = i - 1
      end
      if i < 1 then break end
      digits[i] = digits[i] - 1
      code = code - POOL_BASE[i]
    end
    return list
  end

  -- The options of p's keep decision. One list per pool, made once per game and shared: never
  -- change it (agents included).
  function keep_options(p)
    local n = pool_counts(p)
    local code = pool_code(n)
    local cache = storage.keep_options
    local list = cache[code]
    if list == nil then
      list = build_keep_options(n)
      cache[code] = list
    end
    return list
  end

  -- The default action of dice.roll: the rolled dice join the pool.
  local function add_rolled(e)
    local add = game.add
    for _, f in ipairs(e.rolled) do
      if not FACE_INDEX[f] then error("dice.roll: '" .. tostring(f) .. "' is not a face of the dice") end
      add(e.player, f, 1, DIE)
    end
  end

  -- Rolls n dice for p through dice.roll; they join p's pool. Counts as one roll of the turn.
  function roll_dice(p, n)
    local turn = storage.turn
    turn.roll = turn.roll + 1
    local rolled = {}
    for i = 1, n do rolled[i] = FACES[game.roll(#FACES)] end
    game.raise("dice.roll", { player = p, roll = turn.roll, rolled = rolled }, add_rolled)
    if game.verbose() then
      game.log(string.format("player %d roll %d: %s -> %s", p, turn.roll, table.concat(rolled, " "),
        describe_pool(pool_counts(p))))
    end
  end

  -- Keep decisions and re-rolls until p stops or the turn's last roll has been made.
  function continue_rolling(p)
    local turn = storage.turn
    local decide, count, remove = game.decide, game.count, game.remove
    while turn.roll < options.rolls do
      local choice = decide(p, "dice.keep", keep_options(p))
      if choice.stop then return end
      local n = 0
      local keep = choice.keep
      for i = 1, #FACES do
        local f = FACES[i]
        local drop = count(p, f, DIE) - keep // POOL_BASE[i] % 7
        if drop > 0 then
          remove(p, f, drop, DIE)
          n = n + drop
        end
      end
      roll_dice(p, n)
    end
  end

  if growing then
    -- The dice rolled in the game's turn `turn` (1 for the first turn of the game): the first
    -- player rolls options.first_dice (3), every next turn one more, up to all six.
    function dice_for_turn(turn)
      return math.min(DICE, options.first_dice + turn - 1)
    end

    -- The rolling part of p's turn: the turn's dice (dice_for_turn), then keep decisions.
    function roll_phase(p)
      local n = dice_for_turn(game.turn())
      storage.turn.dice = n
      roll_dice(p, n)
      continue_rolling(p)
    end
  else
    -- The rolling part of p's turn: all six dice, then keep decisions.
    function roll_phase(p)
      roll_dice(p, DICE)
      continue_rolling(p)
    end
  end

  game.on("game.setup", function()
    storage.keep_options = {}
  end)
end

return M
