-- The robber until the barbarians' first attack (facts 45, 46): game prop barbarian_attacks
-- counts the attacks (0 at the start; the barbarians, a later slice, raise it). While it is 0 a
-- rolled 7 makes players discard as in base, but the robber step is skipped: nobody moves the
-- robber and nobody is robbed (base.seven_robber replaced). From the first attack on a 7 runs
-- the base robber step. The other robber moves (a knight chasing it, knight_actions.lua; the
-- Bishop, cards_politics.lua) are offered only while robber_free().

-- Whether the robber may move (the barbarians have attacked at least once).
function robber_free()
  return (game.get("barbarian_attacks") or 0) > 0
end

game.on("base.seven_robber", function()
  if not robber_free() then return game.REPLACE end
end)

game.on("game.setup", function()
  game.set("barbarian_attacks", 0)
end)
