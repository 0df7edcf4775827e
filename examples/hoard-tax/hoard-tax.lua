-- At the start of each turn (base.turn_start, before a development card played before the roll
-- and the roll), the player on turn holding more than options.limit cards in hand (hand_size:
-- resources and the kinds of base.hand_kinds) gives options.cards of them to the bank, chosen one
-- at a time through the library's give_cards (decision "base.give", which the heuristic bot
-- answers as a discard). The cards taken this game are published as stats.hoard_tax_cards.

local base = require("base")
local give_cards, hand_size = base.give_cards, base.hand_size
local options = options

game.on("game.setup", function() storage.taken = 0 end)

game.on("base.turn_start", function(e)
  local p = e.player
  if hand_size(p) <= options.limit then return end
  local given = give_cards(p, options.cards, "bank")
  for _, n in pairs(given) do storage.taken = storage.taken + n end
  if game.verbose() then
    game.log(string.format("player %d pays the hoard tax", p))
  end
end)

game.on("game.end", function() game.set("stats.hoard_tax_cards", storage.taken) end)
