-- Test helpers of the base pack (its "test_support"): they run before the test files of base
-- and of every pack tested with base loaded, so variants share them instead of copying them.
-- Beginner board: tile 5 is brick 6 with corners 3, 4, 10, 15, 19, 20; tile 18 is grain 6 with
-- corners 42, 43, 45, 48, 51, 52; the robber starts on tile 10.

RESOURCES = require("base").RESOURCES

-- A 4-player game after game.setup only (nothing placed), invariant checks on; `answers` scripts
-- seats, `extra` adds "PACK.KEY=VALUE" options, `agents` names agents. Returns the base pack's
-- environment (t.env("base")): its private globals and storage, not its library. Exports are
-- mostly globals of the same name there, but not all (the library's roll is resolve_roll(p, true)
-- and refresh_trade_rates is refresh_maritime_rates): call exports through require("base").
function fresh(t, answers, extra, agents)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, answers = answers, agents = agents }
  return t.env("base")
end

-- Moves items of form `form` from the bank to p, for each kind of `kinds` that `counts`
-- ({kind = n}) names: give_items(RESOURCES, "token", 2, {brick = 3}).
function give_items(kinds, form, p, counts)
  for _, k in ipairs(kinds) do
    if counts[k] then game.move("bank", p, k, counts[k], form) end
  end
end

-- p's items of form `form` as {kind = count}, for the kinds of `kinds` p holds.
function held_items(kinds, form, p)
  local h = {}
  for _, k in ipairs(kinds) do
    local n = game.count(p, k, form)
    if n > 0 then h[k] = n end
  end
  return h
end

-- The first node whose harbor prop is `kind` ("any" or a resource).
function harbor_node(kind)
  for n = 1, board.nodes() do
    if board.node_get(n, "harbor") == kind then return n end
  end
  error("no harbor " .. kind)
end

-- Moves resource cards from the bank to p: give(2, {brick = 3}).
function give(p, cards) give_items(RESOURCES, "card", p, cards) end

-- p's resource cards as {resource = count}, only the resources held.
function hand(p) return held_items(RESOURCES, "card", p) end

-- p's resource cards as {resource = count}, zeros included.
function cards(p)
  local h = {}
  for _, r in ipairs(RESOURCES) do h[r] = game.count(p, r, "card") end
  return h
end

-- The bank's resource cards as {resource = count}.
function bank()
  return cards("bank")
end

-- Takes one development card of `kind` out of the deck into p's hand (the deck keeps the rest,
-- so the card invariants hold).
function give_dev(p, kind)
  local all = game.deck_items("dev")
  while game.deck_count("dev") > 0 do game.deck_draw("dev") end
  local taken = false
  for _, it in ipairs(all) do
    if it == kind and not taken then taken = true else game.deck_push("dev", it) end
  end
  game.add(p, kind, 1, "dev")
end

-- Places a settlement of p on node n for free.
function settlement(base, p, n)
  base.place_piece(p, "settlement", n, { free = true, setup = true })
end

-- Places a settlement of p on node n for free, then upgrades it to a city.
function city(base, p, n)
  settlement(base, p, n)
  base.place_piece(p, "city", n, { free = true })
end

-- True when the array `list` holds `x`.
function has(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

-- The ids of an array of decision options, in order: ids(base.action_options(1)).
function ids(options)
  local out = {}
  for i = 1, #options do out[i] = options[i].id end
  return out
end

-- The base pack's main-menu options with these ids (rules/base/turn.lua, ACTION_OPTIONS):
-- menu(base, {"build:wall", "buy_dev", "end"}).
function menu(base, wanted)
  local out = {}
  for i, id in ipairs(wanted) do
    local piece = id:match("^build:(.+)$")
    out[i] = piece and base.ACTION_OPTIONS.build[piece] or base.ACTION_OPTIONS[id]
    assert(out[i], "no menu option " .. id)
  end
  return out
end

-- The id of the option seat 1's agent chooses for decision `kind` among `options`.
function pick(kind, options)
  return game.decide(1, kind, options).id
end

-- Plays whole 4-player games of seeds 1 to `games` (default 3) with invariant checks on, seats
-- played by `agents`, `extra` more "PACK.KEY=VALUE" options; fails unless each ends with a
-- winner. `each(seed, result)`, when given, is called after each game, while its state can still
-- be read. Returns the results ({winner, reason, turns} each, by seed).
function whole_games(t, agents, extra, each, games)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  local results = {}
  for seed = 1, games or 3 do
    t.start { players = 4, seed = seed, options = opts, agents = agents }
    local r = t.play()
    t.ok(r.winner ~= nil, "seed " .. seed .. ": " .. r.reason)
    if each then each(seed, r) end
    results[seed] = r
  end
  return results
end
