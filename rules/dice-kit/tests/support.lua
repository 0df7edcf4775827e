-- Test support of the Catan Dice Game packs (dice-game, dice-game-island-two, dice-game-extra):
-- runs before the tests of every pack loaded with the kit; its globals are seen by their test
-- files. Tests are registered with dtest (not test) so that the helpers reach the test's `t` as
-- t_current.

-- Starts a one-player game (unless opts.players says otherwise) whose seat 1 plays the scripted
-- `answers` (opts.dice scripts the faces game.roll returns); begins a turn for seat 1 with an
-- empty pool and returns the pack's environment. A pack whose games start otherwise defines its
-- own fresh in its first test file.
function fresh(answers, opts)
  opts = opts or {}
  local players = opts.players or 1
  local all = {}
  for p = 1, players do all[p] = {} end
  all[1] = answers or {}
  t_current.start { players = players, answers = all, options = opts.options, seed = opts.seed,
                    dice = opts.dice }
  local env = t_current.env()
  env.begin_turn(1)
  env.storage.turn.phase = "build"
  return env
end

-- Replaces p's pool with the dice in `spec` ({ore = 3, gold = 1, ...}).
function set_pool(p, spec)
  local env = t_current.env()
  env.clear_dice(p)
  for face, n in pairs(spec) do game.add(p, face, n, "dice") end
end

-- p's pool as {face = n} with every face present.
function pool_of(p)
  local out = {}
  for _, f in ipairs({ "ore", "grain", "wool", "lumber", "brick", "gold" }) do
    out[f] = game.count(p, f, "dice")
  end
  return out
end

-- A full pool table: the faces in `spec`, zero for the others.
function pool(spec)
  local out = { ore = 0, grain = 0, wool = 0, lumber = 0, brick = 0, gold = 0 }
  for f, n in pairs(spec) do out[f] = n end
  return out
end

-- Marks the structures `ids` as built for p (as if built in earlier turns).
function give_built(p, ids)
  for _, id in ipairs(ids) do game.add(p, id, 1, "built") end
  t_current.env().storage.turn.open = nil
end

-- The ids of p's build-menu options now, in menu order.
function menu_ids(p)
  local out = {}
  for i, o in ipairs(t_current.env().action_options(p)) do out[i] = o.id end
  return out
end

-- The ids of p's build options now (the menu's "build" actions), in menu order.
function build_ids(p)
  local out = {}
  for _, o in ipairs(t_current.env().action_options(p)) do
    if o.action == "build" then out[#out + 1] = o.id end
  end
  return out
end

-- Whether the option with this id is on p's build menu now.
function offered(p, id)
  for _, o in ipairs(t_current.env().action_options(p)) do
    if o.id == id then return true end
  end
  return false
end

-- The structures p's menu offers to build now, in menu order.
function build_options(p)
  local out = {}
  for _, o in ipairs(t_current.env().action_options(p)) do
    if o.action == "build" then out[#out + 1] = o.structure end
  end
  return out
end

-- Decisions of `kind` in the current game's log.
function decisions_of(kind)
  local n = 0
  for _, d in ipairs(t_current.decisions()) do
    if d.kind == kind then n = n + 1 end
  end
  return n
end

-- Wraps test(): makes the test's `t` reachable by the helpers above as t_current.
local plain_test = test
function dtest(name, fn)
  plain_test(name, function(t)
    t_current = t
    fn(t)
  end)
end
