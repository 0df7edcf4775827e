-- Shared helpers of the shared-island tests (this file runs first).

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

function set_pool(p, spec)
  local env = t_current.env()
  env.clear_dice(p)
  for face, n in pairs(spec) do game.add(p, face, n, "dice") end
end

function pool_of(p)
  local out = {}
  for _, f in ipairs({ "ore", "grain", "wool", "lumber", "brick", "gold" }) do out[f] = game.count(p, f, "dice") end
  return out
end

function pool(spec)
  local out = { ore = 0, grain = 0, wool = 0, lumber = 0, brick = 0, gold = 0 }
  for f, n in pairs(spec) do out[f] = n end
  return out
end

-- The ids of p's build options now.
function build_ids(p)
  local out = {}
  for _, o in ipairs(t_current.env().action_options(p)) do
    if o.action == "build" then out[#out + 1] = o.id end
  end
  return out
end

function offered(p, id)
  for _, o in ipairs(t_current.env().action_options(p)) do
    if o.id == id then return true end
  end
  return false
end

local plain_test = test
function dtest(name, fn)
  plain_test(name, function(t)
    t_current = t
    fn(t)
  end)
end
