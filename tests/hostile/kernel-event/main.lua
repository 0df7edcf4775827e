-- Hostile: the manifest declares "turn", an event of the kernel. Expected: every command that
-- loads the pack refuses it with one error line naming the event, before any game starts.
game.on("turn", function(e) game.finish(e.player) end)
