-- Helpers shared by the base pack's test files (listed first in pack.json's "tests"; the test
-- files of a pack share one environment).

-- A 4-player game with the board and components built but nothing placed, invariant checks on;
-- `answers` scripts the seats, `extra` adds "PACK.KEY=VALUE" options. Returns the pack env.
function fresh(t, answers, extra)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers }
  return t.env()
end

-- The ids of an array of decision options, in order: ids(env.action_options(1)).
function ids(options)
  local out = {}
  for i = 1, #options do out[i] = options[i].id end
  return out
end

-- Moves resource cards from the bank to p: give(2, {ore = 3, grain = 2}).
function give(p, cards)
  for r, n in pairs(cards) do game.move("bank", p, r, n, "card") end
end

-- p's resource cards as {resource = count}, zeros included.
function hand(p)
  local h = {}
  for _, r in ipairs({ "brick", "lumber", "wool", "grain", "ore" }) do h[r] = game.count(p, r, "card") end
  return h
end
