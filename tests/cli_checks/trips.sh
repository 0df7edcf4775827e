# A tripped limit stays tripped (issue 19): pack code run by the unwinding after the time limit
# trips (a `<close>` handler that loops) cannot keep the call alive. Each run is wrapped in
# `timeout 20` so that a regression fails these checks instead of hanging the suite.
mkdir -p "$tmp/trips/closer" "$tmp/trips/coclose"
for pack in closer coclose; do
  printf '{"name": "%s", "version": "1.0.0", "description": "hostile test pack", "entry": ["main.lua"]}\n' \
    "$pack" >"$tmp/trips/$pack/pack.json"
done
cat >"$tmp/trips/closer/main.lua" <<'LUA'
game.on("turn", function(e)
  local guard <close> = setmetatable({}, {__close = function() while true do end end})
  while true do end
end)
LUA
cat >"$tmp/trips/coclose/main.lua" <<'LUA'
game.on("turn", function(e)
  local co = coroutine.create(function()
    local guard <close> = setmetatable({}, {__close = function() while true do end end})
    coroutine.yield()
  end)
  coroutine.resume(co)
  coroutine.close(co)
end)
LUA
for pack in closer coclose; do
  start=$(date +%s)
  expect 1 "$pack: a looping __close after the time limit ends the game" -- \
    timeout 20 "$catan" play "$pack" --pack-path "$tmp/trips" --time-limit 1
  elapsed=$(($(date +%s) - start))
  check "$pack: ends within a few seconds (took ${elapsed}s)" test "$elapsed" -le 5
  check "$pack: one line naming the time limit" sh -c \
    "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ] && grep -q '^catan: error: .*time limit exceeded: a call into Lua ran for more than 1000 ms$' '$tmp/err'"
done
