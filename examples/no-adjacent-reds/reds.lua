-- The tokens on the board (those other base.board handlers left, base's by default) are dealt
-- again over the same tiles, with the game's own random stream, until no two tiles sharing a
-- side both carry a red number (6 or 8). Terrains and harbors stay.

local options = options

-- True for the red numbers, the most frequent rolls.
local function red(number)
  return number == 6 or number == 8
end

-- True when no two tiles sharing a side (board.tile_tiles) both carry a red number.
local function reds_apart(numbers)
  for t = 1, board.tiles() do
    if red(numbers[t]) then
      for _, u in ipairs(board.tile_tiles(t)) do
        if red(numbers[u]) then return false end
      end
    end
  end
  return true
end

-- Late (priority 100), so that the deal covers the tiles and tokens other handlers left.
game.on("base.board", function(e)
  local numbers = e.numbers
  local tiles, tokens = {}, {}
  for t = 1, board.tiles() do
    if numbers[t] ~= nil then
      tiles[#tiles + 1] = t
      tokens[#tokens + 1] = numbers[t]
    end
  end
  for _ = 1, options.tries do
    game.shuffle(tokens)
    for i, t in ipairs(tiles) do numbers[t] = tokens[i] end
    if reds_apart(numbers) then return end
  end
  error(string.format("no-adjacent-reds: no deal of %d tries kept the red numbers apart",
    options.tries), 0)
end, { priority = 100 })
