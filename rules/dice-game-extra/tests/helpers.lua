-- Helpers of the shared-island tests (this file runs first), besides the kit's
-- (rules/dice-kit/tests/support.lua).

-- Starts a game of `players` (default 2) without the starting roads (start = false: only
-- game.setup), seat answers per seat; begins a build-phase turn of seat 1. Returns the pack's
-- environment.
function fresh(opts)
  opts = opts or {}
  local players = opts.players or 2
  local answers = {}
  for p = 1, players do answers[p] = (opts.answers or {})[p] or {} end
  t_current.start { players = players, answers = answers, options = opts.options, seed = opts.seed,
                    dice = opts.dice, start = opts.start or false }
  local env = t_current.env()
  env.begin_turn(1)
  env.storage.turn.phase = "build"
  return env
end

-- Gives p roads (by number) as built.
function give_roads(p, roads)
  local env = t_current.env()
  for _, e in ipairs(roads) do
    env.storage.road[e] = p
    game.player_set(p, "roads", game.player_get(p, "roads") + 1)
  end
end
