-- Playing progress cards (facts 96-98, 100; open questions 7, 8, 21).
--
-- Card files register each effect they implement: PROGRESS_EFFECTS[kind] = {can = function(p)
-- -> boolean, play = function(p)}. `can` tells whether the effect can be carried out now (a card
-- that cannot is not offered, open question 21); `play` carries it out. A kind without an entry
-- is held but never offered. The Alchemist has no entry: it is played at the roll
-- (cards_science.lua).
-- Rules:
--   - on the holder's turn, after the roll, the menu (base.actions) offers
--     {id = "progress:<kind>", action = "play_progress", card = kind} for each kind held in form
--     "progress" whose effect can be carried out (fact 97); any number per turn, cards drawn
--     this turn included (fact 98);
--   - play_progress: the card leaves the hand and goes under its deck (fact 100), the effect
--     runs, the player's points are recounted;
--   - playable_now(p): the kinds p could play from the menu now (p on turn, the roll over): what a
--     fifth card's decision offers besides putting a card back (progress.lua, open question 7).
-- State: storage.rolled_turn = the turn whose roll is over (set after the roll's other
-- handlers); storage.progress_played counts the cards played (stats.lua).

local update_vp = require("base").update_vp

PROGRESS_EFFECTS = {}

-- Whether p is on turn and has rolled.
local function after_roll(p)
  return game.current() == p and storage.rolled_turn == game.turn()
end

-- The kinds p could play now (see the header), in PROGRESS_KINDS order.
function playable_now(p)
  local list = {}
  if not after_roll(p) then return list end
  for _, kind in ipairs(PROGRESS_KINDS) do
    local effect = PROGRESS_EFFECTS[kind]
    if effect and game.count(p, kind, "progress") > 0 and effect.can(p) then
      list[#list + 1] = kind
    end
  end
  return list
end

-- Takes card `kind` from p's hand and puts it under its deck (the played card's way out).
function spend_progress(p, kind)
  game.remove(p, kind, 1, "progress")
  under_deck(kind)
  storage.progress_played = storage.progress_played + 1
  local track = TRACK_OF[kind]
  storage.played_by_deck[track] = storage.played_by_deck[track] + 1
  if game.verbose() then game.log(string.format("player %d plays %s", p, kind)) end
end

-- p plays card `kind` (see the header).
function play_progress(p, kind)
  spend_progress(p, kind)
  PROGRESS_EFFECTS[kind].play(p)
  update_vp(p)
end

local function run_play(p, entry) play_progress(p, entry.card) end

game.on("base.roll", function(e)
  storage.rolled_turn = game.turn()
end, { priority = 200 })

game.on("base.actions", function(e)
  local p, actions = e.player, e.actions
  if game.total(p, "progress") == 0 then return end
  for _, kind in ipairs(playable_now(p)) do
    actions[#actions + 1] = { id = "progress:" .. kind, action = "play_progress", card = kind,
                              run = run_play }
  end
end)

local function card_name(kind) return (kind:gsub("_", " ")) end

game.describe("base.action", function(o)
  if o.action == "play_progress" then return "play " .. card_name(o.card) end
end)

game.describe("ck.progress_discard", function(o)
  if o.play then return "play " .. card_name(o.card) end
  return "put " .. card_name(o.card) .. " under its deck"
end)

game.on("game.setup", function()
  storage.progress_played = 0
  storage.played_by_deck = { trade = 0, politics = 0, science = 0 }
end)
