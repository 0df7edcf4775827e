-- Gold field with the Fishermen of Catan: the lake takes the desert's place, and with the desert
-- a gold field there is no lake; the gold field keeps its token and pays cards of choice.

test("gold-field with fishermen: no desert, so no lake; the gold field stays", function(t)
  local base = fresh(t, { [1] = { "brick" } })
  local fish = t.env("fishermen")
  t.eq(fish.storage.lake, nil)
  t.eq(board.tile_get(10, "terrain"), "gold")
  t.eq(board.tile_get(10, "number"), 10)
  settlement(base, 1, base.storage.tile_nodes[10][1])
  t.roll(4, 6)
  require("base").roll(3)
  t.eq(hand(1).brick, 1)
end)
