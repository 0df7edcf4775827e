-- Helpers shared by the dear-cities tests (listed first in pack.json; test files of a pack share
-- one environment). Beginner board: tile 5 is brick 6 with corners 3, 4, 10, 15, 19, 20; the
-- robber starts on tile 10.

RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

-- A 4-player game after game.setup only (nothing placed), invariant checks on; `answers` scripts
-- seats, `extra` adds "PACK.KEY=VALUE" options. Returns the base pack's environment.
function fresh(t, answers, extra)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers }
  return t.env("base")
end

-- Moves resource cards from the bank to p: give(2, {brick = 3}).
function give(p, cards)
  for _, r in ipairs(RESOURCES) do
    if cards[r] then game.move("bank", p, r, cards[r], "card") end
  end
end

-- p's resource cards as {resource = count}, only the resources held.
function hand(p)
  local h = {}
  for _, r in ipairs(RESOURCES) do
    local n = game.count(p, r, "card")
    if n > 0 then h[r] = n end
  end
  return h
end

-- The bank's resource cards as {resource = count}.
function bank()
  local h = {}
  for _, r in ipairs(RESOURCES) do h[r] = game.count("bank", r, "card") end
  return h
end

-- Places a settlement of p on node n for free.
function settlement(base, p, n)
  base.place_piece(p, "settlement", n, { free = true, setup = true })
end

-- True when the array `list` holds `x`.
function has(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

-- The ids of an array of decision options, in order.
function ids(options)
  local out = {}
  for i = 1, #options do out[i] = options[i].id end
  return out
end
