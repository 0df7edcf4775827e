-- Helpers shared by the resource-tokens tests (listed first in pack.json; test files of a pack share
-- one environment). Beginner board: tile 5 is brick 6 with corners 3, 4, 10, 15, 19, 20;
-- tile 18 is grain 6 with corners 42, 43, 45, 48, 51, 52; the robber starts on tile 10.

RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

-- A 4-player game after game.setup only (nothing placed), invariant checks on; `answers` scripts
-- seats, `extra` adds "PACK.KEY=VALUE" options, `agents` names agents. Returns the base pack's
-- environment.
function fresh(t, answers, extra, agents)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers, agents = agents }
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

-- Places a settlement of p on node n for free, then upgrades it to a city.
function city(base, p, n)
  base.place_piece(p, "settlement", n, { free = true, setup = true })
  base.place_piece(p, "city", n, { free = true })
end

-- Moves tokens from the bank to p: give_tokens(2, {brick = 3}).
function give_tokens(p, tokens)
  for _, r in ipairs(RESOURCES) do
    if tokens[r] then game.move("bank", p, r, tokens[r], "token") end
  end
end

-- p's tokens as {resource = count}, only the resources held.
function tokens(p)
  local h = {}
  for _, r in ipairs(RESOURCES) do
    local n = game.count(p, r, "token")
    if n > 0 then h[r] = n end
  end
  return h
end

-- The decisions of the current game as {player, kind, count, choice} rows.
function rows(t)
  local out = {}
  for i, d in ipairs(t.decisions()) do out[i] = { d.player, d.kind, d.count, d.choice } end
  return out
end

-- The ids of an array of decision options, in order: ids(base.action_options(1)).
function ids(options)
  local out = {}
  for i = 1, #options do out[i] = options[i].id end
  return out
end
