# Kernel memory counts against the pack memory cap: a pack storing 1 MB strings as game
# properties in an endless loop ends its game with one line naming the memory cap (exit 1), under
# an address-space limit that the kernel's copies alone would exceed.
mkdir -p "$tmp/kernel-limits/hoard"
cat >"$tmp/kernel-limits/hoard/pack.json" <<'JSON'
{"name": "hoard", "version": "1.0.0", "description": "Stores megabyte strings forever.",
 "entry": ["main.lua"]}
JSON
cat >"$tmp/kernel-limits/hoard/main.lua" <<'LUA'
game.on("turn", function()
  local i = 0
  while true do
    i = i + 1
    game.set("k" .. i, string.rep("x", 1e6))
  end
end)
LUA
expect 1 "kernel memory: properties over the memory cap" -- \
  bash -c 'ulimit -v 1500000; "$0" play --pack-path "$1" hoard --memory-limit 64' \
  "$catan" "$tmp/kernel-limits"
check "kernel memory: one line" one_line_error
check "kernel memory: names the memory cap" grep -q "memory cap exceeded (67108864 bytes)" "$tmp/err"

# Board lists are frozen: a pack adding a field to one (which would reach the next game on the
# same board) ends its game with one line at once.
mkdir -p "$tmp/kernel-limits/marker"
cat >"$tmp/kernel-limits/marker/pack.json" <<'JSON'
{"name": "marker", "version": "1.0.0", "description": "Counts games in a board list.",
 "entry": ["main.lua"]}
JSON
cat >"$tmp/kernel-limits/marker/main.lua" <<'LUA'
game.on("game.setup", function() board.hex(2) end)
game.on("turn", function(e)
  local list = board.node_nodes(1)
  list.games = (list.games or 0) + 1
  game.finish(e.player)
end)
LUA
expect 1 "board lists: a new field fails the game" -- \
  "$catan" play --pack-path "$tmp/kernel-limits" marker
check "board lists: one line" one_line_error
check "board lists: names the read-only list" grep -q "read-only table 'board list'" "$tmp/err"
