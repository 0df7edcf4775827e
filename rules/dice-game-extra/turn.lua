-- A turn (the kernel's "turn" event): roll (dice.lua: the first turn of the game 3 dice, each next
-- one more up to 6), build, show the island (view.lua). Seat 1 starts; the game ends in the middle
-- of a turn when a build gives the mover the target (scoring.lua).
--
-- While building, the player answers "dice.action" until ending the turn. The menu, in order:
--   {id = "build:<type>:<at>", action = "build", type, at}  "build <type> <at>": every place p
--                                             may build that the pool pays for (build.lua order)
--   {id = "trade:<r>", action = "trade", resource}          "trade gold for <r>"
--   {id = "joker:<hex>:<from>:<to>", action = "joker", ...} "joker hex <h> <from> to <to>": p's
--                                             ready jokers by hex, each resource they give, each
--                                             face p holds other than it
--   {id = "end", action = "end"}                            "end turn": always, last

END_OPTION = { id = "end", action = "end" }

game.describe("dice.action", function(o)
  local action = o.action
  if action == "build" then return "build " .. o.type .. " " .. o.at end
  if action == "trade" then return "trade gold for " .. o.resource end
  if action == "joker" then return "joker hex " .. o.hex .. " " .. o.from .. " to " .. o.to end
  if action == "end" then return "end turn" end
  return nil
end)

-- p's legal actions now (a new array).
function action_options(p)
  local opts = {}
  local pool = pool_counts(p)
  for _, o in ipairs(places(p)) do
    if pool_pays(pool, o.type) then opts[#opts + 1] = o end
  end
  if can_trade(p) then
    for _, r in ipairs(RESOURCES) do opts[#opts + 1] = TRADE_OPTIONS[r] end
  end
  for h = 1, #storage.map.hexes do
    if joker_ready(p, h) then
      for _, to in ipairs(joker_targets(h)) do
        for f = 1, #FACES do
          if FACES[f] ~= to and pool[f] > 0 then opts[#opts + 1] = joker_option(h, FACES[f], to) end
        end
      end
    end
  end
  opts[#opts + 1] = END_OPTION
  return opts
end

function build_phase(p)
  storage.turn.phase = "build"
  while true do
    local o = game.decide(p, "dice.action", action_options(p))
    local action = o.action
    if action == "end" then return end
    if action == "build" then
      build(p, o.type, o.at)
    elseif action == "trade" then
      trade_gold(p, o.resource)
    else
      use_joker(p, o.hex, o.from, o.to)
    end
    if game.is_over() then return end
  end
end

function begin_turn(p)
  storage.turn = { player = p, phase = "roll", roll = 0, dice = 0, trades = 0, built = {} }
end

game.on("game.setup", function()
  begin_turn(1)
end)

game.on("turn", function(e)
  local p = e.player
  begin_turn(p)
  roll_phase(p)
  build_phase(p)
  end_turn(p)
  show_map(p)
  if not game.is_over() then check_blocked() end
end)

-- Ends the game when no player has a place left to build anything (the island is full or every
-- player is shut in): the highest score wins, equal highest scores end it without a winner.
function check_blocked()
  for q = 1, game.players() do
    if #places(q) > 0 then return end
  end
  local best, winners = nil, {}
  for q = 1, game.players() do
    local s = score(q)
    if best == nil or s > best then best, winners = s, { q } elseif s == best then winners[#winners + 1] = q end
  end
  if #winners == 1 then
    game.finish(winners[1], string.format("nothing left to build; %d victory points", best))
  else
    game.finish(nil, string.format("nothing left to build; tie at %d victory points (players %s)", best,
      table.concat(winners, ", ")))
  end
end
