-- The gold field: a terrain of choice (base.terrains entry {choice = true}) laid where the
-- desert was, with the number token of option `number`. Base does the rest: a building next to
-- it takes, on its number, one resource of its owner's choice per card it yields (decision
-- base.production_choice, which base's heuristic bot answers as Year of Plenty); the robber
-- blocks it like any tile; and since the island keeps no desert, the robber starts off the board
-- until the first 7 or knight places it.

local options = options

if options.number == 7 then
  error("gold-field: option number must be a number token (2-6, 8-12), not 7", 0)
end

-- The terrain: every card of its production is of the receiver's choice.
game.on("base.terrains", function(e)
  e.terrains.gold = { choice = true }
end)

-- Early (priority -10), so that handlers dealing tokens afterwards (no-adjacent-reds) deal the
-- gold field's too.
game.on("base.board", function(e)
  for t = 1, #e.terrains do
    if e.terrains[t] == "desert" then
      e.terrains[t] = "gold"
      e.numbers[t] = options.number
    end
  end
end, { priority = -10 })
