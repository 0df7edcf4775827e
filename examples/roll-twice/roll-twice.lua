-- After the turn's own roll is resolved (base.rolled with extra = false), the player rolls
-- options.rolls - 1 more times through require("base").roll(p): each is a whole roll (base.roll,
-- the dice histogram, production and base.produced, or a 7's discards and robber). The extra
-- rolls raise base.rolled with extra = true, which this pack leaves alone.

local roll = require("base").roll
local options = options

game.on("base.rolled", function(e)
  if e.extra then return end
  for _ = 2, options.rolls do
    if game.is_over() then return end
    roll(e.player)
  end
end)
