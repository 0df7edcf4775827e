-- "expectimax": a strong player for the dice game. Two parts:
--
-- The build planner values a pool of dice: it lists every set of structures the player could
-- build this turn (at most as many dice as the pool holds, in an order the sheet allows) and,
-- for each, whether the pool pays for it once gold trades and ready jokers fill the gaps, and at
-- what price in jokers. A plan is worth its points now, plus an estimate of what the sheet it
-- leaves is worth in the turns still to come (future_value below), plus the worth of the
-- jokers it keeps. Ending the turn with nothing built costs the empty-turn penalty.
--
-- Between rolls it does an exact expectimax over the dice: for every way to keep dice, the
-- expected value of the best continuation over every outcome of the re-rolled dice, down to the
-- last roll, where the planner values the final pool. Pools are multisets of faces, coded as in
-- dice.lua, so "kept + rolled" is an addition and every table is keyed by a pool code.
--
-- While building it looks one action ahead: each menu option (build, trade, joker, end turn) is
-- valued by the best plan from the state it leads to, and the best option is taken.
--
-- The agent keeps nothing between decisions but constants: everything is derived again from the
-- kernel state and storage (which it only reads) at every call; the tables of dice arithmetic, a
-- pure function of DICE and POOL_BASE, are made on the first keep decision of a game and reused
-- (get_dice_tables).
--
-- It is installed by a pack as its agent (the kit is a library: the agent's code runs as the
-- installing pack's own):
--
--   require("dice-kit").expectimax(_ENV, spec)
--
-- `spec` says what differs between the games:
--   name             the agent's name (default "expectimax")
--   joker_value      the worth of a ready joker per resource (RESOURCES order), any_joker_value
--                    that of a joker of any resource
--   growing          true when a turn's dice grow (storage.turn.dice holds them, dice.lua): the
--                    expectimax runs over multisets of that size; otherwise all six dice
--   victory          nil for a score track (Island One: options.turns turns, the empty-turn
--                    penalty options.empty_penalty); for victory points, a table {horizon,
--                    min_turns, road_share, knight_share, win_bonus}: there is no fixed number of
--                    turns, so the future is counted over a horizon of `horizon` turns from the
--                    start (at least min_turns); an entry is worth its victory points plus a share
--                    of the awards (a road road_share, a knight knight_share) plus its joker;
--                    Largest Army won by a plan counts its 2 points in the plan (options.army_min,
--                    game property largest_army, player property knights); and a plan that
--                    reaches options.target wins, worth win_bonus (score(p) is p's points)
--   sheet(p)         the entries p may build, as a sheet {list, by_id} (entries {id, index, type,
--                    dice, cost, points, road, after, resource}, as storage.sheet's); default:
--                    storage.sheet, whose entries' built and used state the holdings "built" and
--                    "used" give
--   ready_jokers(p, ready)  with `sheet`: adds p's ready jokers per resource into `ready` (an
--                    array of 5 zeros) and returns the number that give any resource; every entry
--                    of spec.sheet(p) is then unbuilt
--   entry_of(o)      the entry id a "build" menu option builds (default o.structure)
--   joker_of(o, ctx) the joker face index (1..5, 6 = any) of a "joker" menu option (default: the
--                    joker of the sheet entry o.knight)
--   decide(p, kind, opts)  answers the decisions other than "dice.keep" and "dice.action"
--                    (default: the first option)
-- The installing pack provides turns_played(p) and pool_counts (core) and the dice (dice.lua).

local M = {}

function M.expectimax(_ENV, spec)
  local victory, growing = spec.victory, spec.growing
  local HORIZON, MIN_TURNS, ROAD_SHARE, KNIGHT_SHARE, WIN_BONUS
  if victory then
    HORIZON, MIN_TURNS = victory.horizon, victory.min_turns
    ROAD_SHARE, KNIGHT_SHARE = victory.road_share, victory.knight_share
    WIN_BONUS = victory.win_bonus
  end
  local entry_of = spec.entry_of or function(o) return o.structure end
  local joker_of = spec.joker_of or function(o, ctx) return ctx.joker[ctx.by_id[o.knight].index] end

  -- Tuning of the future-value estimate (set by playing batches of games; see docs/dice-game.md).
  local DICE_PER_TURN = 4.0 -- budget of dice a future turn is counted as
  local REACH_POWER = 2 -- how sharply far-away structures lose value
  local JOKER_VALUE = spec.joker_value -- a ready joker, per resource (RESOURCES order)
  local ANY_JOKER_VALUE = spec.any_joker_value -- a joker of any resource
  local JOKER_HORIZON = 4 -- a joker keeps its full value while this many turns remain

  local count = game.count

  -- The codes of every multiset of 0..6 dice, by size: BY_SIZE[k] = {code, ...}.
  local function multisets_by_size()
    local by_size = {}
    for k = 0, DICE do by_size[k] = {} end
    local B1, B2, B3, B4, B5, B6 = POOL_BASE[1], POOL_BASE[2], POOL_BASE[3], POOL_BASE[4],
      POOL_BASE[5], POOL_BASE[6]
    for a = 0, DICE do
      for b = 0, DICE - a do
        local cb = a * B1 + b * B2
        for c = 0, DICE - a - b do
          local cc = cb + c * B3
          for d = 0, DICE - a - b - c do
            local cd = cc + d * B4
            for e = 0, DICE - a - b - c - d do
              local ce = cd + e * B5
              for f = 0, DICE - a - b - c - d - e do
                local list = by_size[a + b + c + d + e + f]
                list[#list + 1] = ce + f * B6
              end
            end
          end
        end
      end
    end
    return by_size
  end

  -- Constants of the dice arithmetic: the multisets by size (MS); for each multiset of six dice its
  -- counts per face (FULL_COUNTS[k][a] for MS[k][a]); and for every multiset S its one-die-smaller
  -- sub-multisets, face by face (SMALLER[S] = {S - POOL_BASE[i] for each face i it holds, i
  -- ascending}). A pure function of DICE and POOL_BASE, made by the first keep decision of a game
  -- that needs it rather than when the pack loads, so that games without this agent do not pay for
  -- it (the entry scripts run again for every game). This table of constants is the only thing the
  -- agent keeps between calls.
  local dice_tables = nil

  local function get_dice_tables()
    if dice_tables ~= nil then return dice_tables end
    local MS = multisets_by_size()
    local FULL_COUNTS, SMALLER = {}, {}
    for k = 1, DICE do
      local counts = {}
      for a, code in ipairs(MS[k]) do
        local n = {}
        for i = 1, 6 do n[i] = code // POOL_BASE[i] % 7 end
        counts[a] = n
      end
      FULL_COUNTS[k] = counts
    end
    for k = 1, DICE do
      for _, S in ipairs(MS[k]) do
        local list = {}
        for i = 1, 6 do
          if S // POOL_BASE[i] % 7 > 0 then list[#list + 1] = S - POOL_BASE[i] end
        end
        SMALLER[S] = list
      end
    end
    dice_tables = { MS = MS, FULL_COUNTS = FULL_COUNTS, SMALLER = SMALLER }
    return dice_tables
  end

  -- The sheet as arrays over entry indices: what every entry costs (dice, per resource), scores,
  -- needs first (road, predecessor, everything before it: closure), is needed by (dependents) and
  -- gives (joker: face index, 6 = any), and an order in which prerequisites come first (by depth,
  -- then sheet order). Made again at every decision, so it is kept cheap (about 6,000 Lua
  -- instructions, against some 90,000 for a whole decision on average).
  local function analyse_sheet(sheet)
    local list, by_id = sheet.list, sheet.by_id
    local n = #list
    local dice, cost, points, road, after, joker = {}, {}, {}, {}, {}, {}
    local cost_rows = {} -- one row per cost table of the sheet (entries of one type share theirs)
    for i = 1, n do
      local s = list[i]
      dice[i] = s.dice
      local sc = s.cost
      local c = cost_rows[sc]
      if c == nil then
        c = {}
        for r = 1, #RESOURCES do c[r] = sc[RESOURCES[r]] or 0 end
        cost_rows[sc] = c
      end
      cost[i] = c
      if victory then
        points[i] = s.points + (s.type == "road" and ROAD_SHARE or 0) +
          (s.type == "knight" and KNIGHT_SHARE or 0)
      else
        points[i] = s.points
      end
      local rd, af, res = s.road, s.after, s.resource
      road[i] = (rd ~= nil and rd ~= "start") and by_id[rd].index or 0
      after[i] = af ~= nil and by_id[af].index or 0
      joker[i] = res == nil and 0 or (res == "any" and 6 or FACE_INDEX[res])
    end
    -- closure(i) = road and predecessor with their closures; depth(i) = 1 + the deeper of the two
    -- (0 with neither): the longest chain of prerequisites below i.
    local closure, depth, stamp = {}, {}, {}
    local function visit(i)
      local d = depth[i]
      if d ~= nil then return d end
      depth[i] = 0 -- a cycle (no valid sheet has one) stops here
      local q1, q2 = road[i], after[i]
      d = 0
      if q1 > 0 then d = visit(q1) + 1 end
      if q2 > 0 then
        local d2 = visit(q2) + 1
        if d2 > d then d = d2 end
      end
      local cl = {}
      for pass = 1, 2 do
        local q = pass == 1 and q1 or q2
        if q > 0 then
          if stamp[q] ~= i then
            stamp[q] = i
            cl[#cl + 1] = q
          end
          local cq = closure[q] or {}
          for k = 1, #cq do
            local x = cq[k]
            if stamp[x] ~= i then
              stamp[x] = i
              cl[#cl + 1] = x
            end
          end
        end
      end
      closure[i], depth[i] = cl, d
      return d
    end
    local by_depth, deepest = {}, 0
    for i = 1, n do
      local d = visit(i)
      if d > deepest then deepest = d end
    end
    for i = 1, n do
      local d = depth[i]
      local b = by_depth[d]
      if b == nil then
        b = {}
        by_depth[d] = b
      end
      b[#b + 1] = i
    end
    local order = {}
    for d = 0, deepest do
      local b = by_depth[d]
      if b ~= nil then
        for k = 1, #b do order[#order + 1] = b[k] end
      end
    end
    -- dependents[x]: the entries that need x built before them (x in their closure).
    local dependents = {}
    for i = 1, n do dependents[i] = {} end
    for i = 1, n do
      local cl = closure[i]
      for k = 1, #cl do
        local list_x = dependents[cl[k]]
        list_x[#list_x + 1] = i
      end
    end
    return {
      n = n, dice = dice, cost = cost, points = points, road = road, after = after, joker = joker,
      closure = closure, dependents = dependents, order = order,
    }
  end

  -- The sheet analysis and p's position on it: what is built, the ready jokers, the turns left.
  local function read_context(p)
    local sheet = spec.sheet and spec.sheet(p) or storage.sheet
    local a = analyse_sheet(sheet)
    local list = sheet.list
    local n = a.n
    local ctx = {
      n = n, dice = a.dice, cost = a.cost, points = a.points, road = a.road, after = a.after,
      joker = a.joker, closure = a.closure, order = a.order,
      dependents = a.dependents, by_id = sheet.by_id, built = {}, miss = {}, reach = {},
      ready = { 0, 0, 0, 0, 0 },
      ready_any = 0, units = {},
    }
    local joker = a.joker
    if spec.ready_jokers then
      -- A sheet of what p may build (spec.sheet): nothing on it is built; the ready jokers are
      -- those of p's knights already on the map.
      for i = 1, n do ctx.built[i] = false end
      ctx.ready_any = spec.ready_jokers(p, ctx.ready)
    else
      for i = 1, n do
        local id = list[i].id
        local built = count(p, id, BUILT) > 0
        ctx.built[i] = built
        local j = joker[i]
        if built and j > 0 and count(p, id, USED) == 0 then
          if j == 6 then
            ctx.ready_any = ctx.ready_any + 1
          else
            ctx.ready[j] = ctx.ready[j] + 1
          end
        end
      end
    end
    -- miss[i]: the dice entry i and everything still unbuilt before it cost (kept up to date by
    -- mark).
    local dice, closure, built = a.dice, a.closure, ctx.built
    for i = 1, n do
      local d = dice[i]
      local cl = closure[i]
      for k = 1, #cl do
        local q = cl[k]
        if not built[q] then d = d + dice[q] end
      end
      ctx.miss[i] = d
    end
    -- Turns left after this one, and what jokers and unbuilt knights are worth for them.
    local T
    if victory then
      T = math.max(MIN_TURNS, HORIZON - turns_played(p) - 1)
    else
      T = options.turns - turns_played(p) - 1
    end
    ctx.T = T
    -- reach[d]: how much of its worth an entry d dice away keeps (future_value); nil from the
    -- budget of the remaining turns on.
    local budget = DICE_PER_TURN * T
    for d = 0, 1000 do
      if not (d < budget) then break end
      local f = 1 - d / budget
      ctx.reach[d] = f ^ REACH_POWER
    end
    local scale = T <= 0 and 0 or math.min(1, T / JOKER_HORIZON)
    ctx.jv = {}
    for r = 1, 5 do ctx.jv[r] = JOKER_VALUE[r] * scale end
    ctx.jv[6] = ANY_JOKER_VALUE * scale
    ctx.worth = {}
    for i = 1, n do
      local j = joker[i]
      ctx.worth[i] = ctx.points[i] + (j > 0 and ctx.jv[j] or 0)
    end
    ctx.rate = options.gold_rate
    if not victory then
      ctx.penalty = options.empty_penalty
      return ctx
    end
    ctx.penalty = 0
    -- What a plan needs to win: victory points now and to go; the knights for Largest Army (nil
    -- when p holds it).
    ctx.vp_to_go = options.target - score(p)
    ctx.real = {}
    ctx.is_knight = {}
    for i = 1, n do
      ctx.real[i] = list[i].points
      ctx.is_knight[i] = list[i].type == "knight"
    end
    local holder = game.get("largest_army")
    if holder ~= p then
      local need = options.army_min
      if holder ~= nil then need = math.max(need, game.player_get(holder, "knights") + 1) end
      ctx.army_needs = need - game.player_get(p, "knights")
    end
    return ctx
  end

  -- What the unbuilt part of the sheet is worth for the turns after this one: every unbuilt entry
  -- counts its points (and a knight its joker) times how reachable it is, judged by the dice it and
  -- everything still missing before it cost against the dice the remaining turns may bring.
  local function future_value(ctx)
    if ctx.T <= 0 then return 0 end
    local built, miss, worth, reach = ctx.built, ctx.miss, ctx.worth, ctx.reach
    local total = 0
    for i = 1, ctx.n do
      if not built[i] then
        local f = reach[miss[i]]
        if f then total = total + worth[i] * f end
      end
    end
    return total
  end

  -- Marks entry x built in ctx (built = true) or no longer built (false), keeping miss up to date.
  local function mark(ctx, x, built)
    ctx.built[x] = built
    local d, miss, deps = ctx.dice[x], ctx.miss, ctx.dependents[x]
    if built then d = -d end
    for k = 1, #deps do
      local i = deps[k]
      miss[i] = miss[i] + d
    end
  end

  -- Every set of structures buildable with at most `max_dice` dice from `built` (which it changes
  -- and restores), grouped by what they cost and by the jokers they bring for later builds of the
  -- same plan. Each group: {c = cost per resource, dice, extra = in-plan jokers per resource
  -- (6 = any), base = the best points + future value + worth of the plan's new jokers, first =
  -- the plan's builds}.
  local function plan_groups(ctx, built, max_dice)
    local groups, by_key = {}, {}
    local chosen = {}
    local c = { 0, 0, 0, 0, 0 }
    local order, dice, cost, road, after, joker = ctx.order, ctx.dice, ctx.cost, ctx.road, ctx.after,
      ctx.joker
    local function record(points)
      local extra = { 0, 0, 0, 0, 0, 0 }
      local new_jokers = 0
      if victory then
        -- Real victory points of the plan (with Largest Army if it wins it): at the target, a win.
        local real, knights = 0, 0
        for a = 1, #chosen do
          real = real + ctx.real[chosen[a]]
          if ctx.is_knight[chosen[a]] then knights = knights + 1 end
        end
        if ctx.army_needs ~= nil and knights >= ctx.army_needs then
          real = real + 2
          points = points + 2
        end
        if real >= ctx.vp_to_go then points = points + WIN_BONUS end
      end
      for a = 1, #chosen do
        local j = joker[chosen[a]]
        if j > 0 then
          new_jokers = new_jokers + ctx.jv[j]
          -- The joker helps only builds after the knight, and only with what they cost.
          for b = a + 1, #chosen do
            local cb = cost[chosen[b]]
            if (j == 6 and dice[chosen[b]] > 0) or (j < 6 and cb[j] > 0) then
              extra[j] = extra[j] + 1
              break
            end
          end
        end
      end
      local key = 0
      for r = 1, 5 do key = key * 7 + c[r] end
      for r = 1, 6 do key = key * 3 + math.min(extra[r], 2) end
      local base = points + future_value(ctx) + new_jokers
      local g = by_key[key]
      if g == nil then
        g = { c = { c[1], c[2], c[3], c[4], c[5] }, extra = extra, base = base,
              jokers = extra[1] + extra[2] + extra[3] + extra[4] + extra[5] + extra[6],
              plan = { table.unpack(chosen) } }
        by_key[key] = g
        groups[#groups + 1] = g
      elseif base > g.base then
        g.base = base
        g.plan = { table.unpack(chosen) }
      end
    end
    local function visit(from, used, points)
      if #chosen > 0 then record(points) end
      for pos = from, #order do
        local i = order[pos]
        if not built[i] and used + dice[i] <= max_dice and (road[i] == 0 or built[road[i]])
            and (after[i] == 0 or built[after[i]]) then
          local ci = cost[i]
          mark(ctx, i, true)
          chosen[#chosen + 1] = i
          for r = 1, 5 do c[r] = c[r] + ci[r] end
          visit(pos + 1, used + dice[i], points + ctx.points[i])
          for r = 1, 5 do c[r] = c[r] - ci[r] end
          chosen[#chosen] = nil
          mark(ctx, i, false)
        end
      end
    end
    visit(1, 0, 0)
    -- Dearest first: a plan's value never exceeds its base, so a search can stop early.
    table.sort(groups, function(a, b) return a.base > b.base end)
    return groups
  end

  -- The joker price of covering the missing units d1..d5 of group g's cost, given `left`, the
  -- units no specific joker (ready, or lent by a knight of the plan) can cover, and `x`, the gold
  -- trades the pool can make for them; best_value has checked that trades and knight 6's jokers
  -- cover those `left` units. Each missing unit takes a gold trade (rate gold dice) or a joker
  -- (one spare die of any face). Trades are free, so they first cover units no specific joker can,
  -- then spare the dearest jokers; knight 6 covers one unit of anything.
  local function joker_price(ctx, g, d1, d2, d3, d4, d5, ready, left, x)
    local jv, extra, units = ctx.jv, g.extra, ctx.units
    local n, cost = 0, 0
    for r = 1, 5 do
      local need
      if r == 1 then need = d1 elseif r == 2 then need = d2 elseif r == 3 then need = d3
      elseif r == 4 then need = d4 else need = d5 end
      if need > 0 then
        local avail = ready[r] + extra[r]
        local u = need < avail and need or avail
        local v = jv[r]
        for _ = 1, u do
          n = n + 1
          units[n] = v
          cost = cost + v
        end
      end
    end
    if x < left then return cost + (left - x) * jv[6] end
    -- Trades beyond the uncovered units spare the dearest specific jokers.
    for _ = 1, x - left do
      if n == 0 then break end
      local best, bi = units[1], 1
      for k = 2, n do
        if units[k] > best then best, bi = units[k], k end
      end
      cost = cost - best
      units[bi] = units[n]
      n = n - 1
    end
    return cost
  end

  -- The value of finishing the turn from pool P with the plans in `groups` (dearest first): the
  -- best plan's base less its joker price, or `stay`, the value of building nothing more.
  local function best_value(ctx, groups, stay, P, ready, ready_any, trades)
    local p1, p2, p3, p4, p5, p6 = P[1], P[2], P[3], P[4], P[5], P[6]
    local N = p1 + p2 + p3 + p4 + p5 + p6
    local best = stay
    local rate = ctx.rate
    local max_trades = p6 // rate
    if max_trades > trades then max_trades = trades end
    local jokers = ready[1] + ready[2] + ready[3] + ready[4] + ready[5] + ready_any
    for k = 1, #groups do
      local g = groups[k]
      local base = g.base
      -- A plan is worth at most its base; the rest are cheaper still.
      if base <= best then break end
      local c = g.c
      local c1, c2, c3, c4, c5 = c[1], c[2], c[3], c[4], c[5]
      local d1, d2, d3, d4, d5 = c1 - p1, c2 - p2, c3 - p3, c4 - p4, c5 - p5
      local deficit, direct = 0, 0
      if d1 > 0 then deficit = deficit + d1; direct = direct + p1 else d1 = 0; direct = direct + c1 end
      if d2 > 0 then deficit = deficit + d2; direct = direct + p2 else d2 = 0; direct = direct + c2 end
      if d3 > 0 then deficit = deficit + d3; direct = direct + p3 else d3 = 0; direct = direct + c3 end
      if d4 > 0 then deficit = deficit + d4; direct = direct + p4 else d4 = 0; direct = direct + c4 end
      if d5 > 0 then deficit = deficit + d5; direct = direct + p5 else d5 = 0; direct = direct + c5 end
      if deficit == 0 then return base end
      local spare = N - direct
      -- Every missing unit needs a spare die and a trade or a joker.
      if spare >= deficit and deficit <= max_trades + jokers + g.jokers then
        -- The units no specific joker covers must be covered by trades and knight 6's jokers. The
        -- trades the pool can make: gold // rate, within the trades left, the units missing and
        -- the spare dice (each trade turns `rate` spare dice into one).
        local extra = g.extra
        local left = 0
        if d1 > 0 and d1 > ready[1] + extra[1] then left = left + d1 - ready[1] - extra[1] end
        if d2 > 0 and d2 > ready[2] + extra[2] then left = left + d2 - ready[2] - extra[2] end
        if d3 > 0 and d3 > ready[3] + extra[3] then left = left + d3 - ready[3] - extra[3] end
        if d4 > 0 and d4 > ready[4] + extra[4] then left = left + d4 - ready[4] - extra[4] end
        if d5 > 0 and d5 > ready[5] + extra[5] then left = left + d5 - ready[5] - extra[5] end
        local x = p6 // rate
        if x > trades then x = trades end
        if x > deficit then x = deficit end
        if rate > 1 then
          local lim = (spare - deficit) // (rate - 1)
          if x > lim then x = lim end
        end
        if x + ready_any + extra[6] >= left then
          local cost = joker_price(ctx, g, d1, d2, d3, d4, d5, ready, left, x)
          if base - cost > best then best = base - cost end
        end
      end
    end
    return best
  end

  -- The worth of p's ready jokers.
  local function ready_worth(ctx, ready, ready_any)
    local s = ready_any * ctx.jv[6]
    for r = 1, 5 do s = s + ready[r] * ctx.jv[r] end
    return s
  end

  -- Chooses among keep options: exact expectimax over the remaining rolls.
  local function choose_keep(p, opts)
    local tables = get_dice_tables()
    local MS, SMALLER = tables.MS, tables.SMALLER
    -- The turn's dice: every pool of this decision has that many.
    local ND = growing and storage.turn.dice or DICE
    local FULL_COUNTS = tables.FULL_COUNTS[ND]
    local ctx = read_context(p)
    local turn = storage.turn
    local built_now = #turn.built > 0
    local stay0 = (built_now and 0 or -ctx.penalty) + future_value(ctx)
    local groups = plan_groups(ctx, ctx.built, ND)
    local worth = ready_worth(ctx, ctx.ready, ctx.ready_any)
    local trades = options.gold_trades - turn.trades
    local B1, B2, B3, B4, B5, B6 = POOL_BASE[1], POOL_BASE[2], POOL_BASE[3], POOL_BASE[4],
      POOL_BASE[5], POOL_BASE[6]
    -- U: the value of every final pool of six dice. best_value reads a resource's count only
    -- through how much of it some plan lacks, so counts above the most any plan costs (cap) give
    -- the same value, and the gold only through the trades it allows: pools that agree on those
    -- share one evaluation (the value is exactly the same, only computed once).
    local cap = { 0, 0, 0, 0, 0 }
    for k = 1, #groups do
      local c = groups[k].c
      for r = 1, 5 do
        if c[r] > cap[r] then cap[r] = c[r] end
      end
    end
    local cap1, cap2, cap3, cap4, cap5 = cap[1], cap[2], cap[3], cap[4], cap[5]
    local rate = ctx.rate
    local U, seen = {}, {}
    local full = MS[ND]
    local ready, ready_any = ctx.ready, ctx.ready_any
    for a = 1, #full do
      local P = FULL_COUNTS[a]
      local p1, p2, p3, p4, p5 = P[1], P[2], P[3], P[4], P[5]
      if p1 > cap1 then p1 = cap1 end
      if p2 > cap2 then p2 = cap2 end
      if p3 > cap3 then p3 = cap3 end
      if p4 > cap4 then p4 = cap4 end
      if p5 > cap5 then p5 = cap5 end
      local t = P[6] // rate
      if t > trades then t = trades end
      local key = ((((p1 * 8 + p2) * 8 + p3) * 8 + p4) * 8 + p5) * 8 + t
      local v = seen[key]
      if v == nil then
        v = best_value(ctx, groups, stay0, P, ready, ready_any, trades) + worth
        seen[key] = v
      end
      U[full[a]] = v
    end
    -- Level by level, from the last roll back to this decision: W[K], the expected value of
    -- keeping K and rolling the other dice, when a full pool is then worth M. Rolling the missing
    -- dice one at a time, W[K] is the mean of W[K + one die] over the six faces.
    local rerolls = options.rolls - turn.roll
    local M, W = U, nil
    for level = 1, rerolls do
      W = {}
      local five = MS[ND - 1]
      for a = 1, #five do
        local S = five[a]
        W[S] = (M[S + B1] + M[S + B2] + M[S + B3] + M[S + B4] + M[S + B5] + M[S + B6]) / 6
      end
      for k = ND - 2, 0, -1 do
        local Ss = MS[k]
        for a = 1, #Ss do
          local S = Ss[a]
          W[S] = (W[S + B1] + W[S + B2] + W[S + B3] + W[S + B4] + W[S + B5] + W[S + B6]) / 6
        end
      end
      if level == rerolls then break end
      -- With a re-roll still to come, a pool is worth the best of stopping (U) and every keep.
      -- Best[S]: the best keep among the sub-multisets of S smaller than six dice.
      local Best = { [0] = W[0] }
      for k = 1, ND - 1 do
        local Ss = MS[k]
        for a = 1, #Ss do
          local S = Ss[a]
          local best = W[S]
          local smaller = SMALLER[S]
          for j = 1, #smaller do
            local b = Best[smaller[j]]
            if b > best then best = b end
          end
          Best[S] = best
        end
      end
      local nextM = {}
      for a = 1, #full do
        local S = full[a]
        local best = U[S]
        local smaller = SMALLER[S]
        for j = 1, #smaller do
          local b = Best[smaller[j]]
          if b > best then best = b end
        end
        nextM[S] = best
      end
      M = nextM
    end
    -- The options: stop is worth U; any other keep its expectation W.
    local best_i, best_v = 1, -math.huge
    for i = 1, #opts do
      local o = opts[i]
      local v = o.stop and U[o.keep] or W[o.keep]
      if v > best_v + 1e-9 then best_i, best_v = i, v end
    end
    return best_i
  end

  -- Chooses a build-menu option by looking one action ahead.
  local function choose_action(p, opts)
    local ctx = read_context(p)
    local turn = storage.turn
    local built_now = #turn.built > 0
    local trades = options.gold_trades - turn.trades
    local P = pool_counts(p)
    local groups = plan_groups(ctx, ctx.built, P[1] + P[2] + P[3] + P[4] + P[5] + P[6])
    local future_now = future_value(ctx)
    local by_id = ctx.by_id
    local best_i, best_v = #opts, -math.huge
    for i = 1, #opts do
      local o = opts[i]
      local action = o.action
      local v
      if action == "end" then
        v = (built_now and 0 or -ctx.penalty) + future_now + ready_worth(ctx, ctx.ready, ctx.ready_any)
      elseif action == "build" then
        local x = by_id[entry_of(o)].index
        local Q = { P[1], P[2], P[3], P[4], P[5], P[6] }
        for r = 1, 5 do Q[r] = Q[r] - ctx.cost[x][r] end
        local ready, ready_any = { table.unpack(ctx.ready) }, ctx.ready_any
        local j = ctx.joker[x]
        if j == 6 then ready_any = ready_any + 1 elseif j > 0 then ready[j] = ready[j] + 1 end
        -- The plans after this build count what it brought towards the target and the army.
        local to_go, army = ctx.vp_to_go, ctx.army_needs
        local now = ctx.points[x]
        if victory then
          ctx.vp_to_go = to_go - ctx.real[x]
          if army ~= nil and ctx.is_knight[x] then
            ctx.army_needs = army - 1
            if army - 1 <= 0 then
              ctx.army_needs = nil
              ctx.vp_to_go = ctx.vp_to_go - 2
              now = now + 2
            end
          end
          if ctx.vp_to_go <= 0 then now = now + WIN_BONUS end
        end
        mark(ctx, x, true)
        local g2 = plan_groups(ctx, ctx.built, Q[1] + Q[2] + Q[3] + Q[4] + Q[5] + Q[6])
        local stay = future_value(ctx)
        mark(ctx, x, false)
        v = now + best_value(ctx, g2, stay, Q, ready, ready_any, trades)
          + ready_worth(ctx, ready, ready_any)
        ctx.vp_to_go, ctx.army_needs = to_go, army
      elseif action == "trade" then
        local Q = { P[1], P[2], P[3], P[4], P[5], P[6] }
        Q[6] = Q[6] - ctx.rate
        local r = FACE_INDEX[o.resource]
        Q[r] = Q[r] + 1
        local stay = (built_now and 0 or -ctx.penalty) + future_now
        v = best_value(ctx, groups, stay, Q, ctx.ready, ctx.ready_any, trades - 1)
          + ready_worth(ctx, ctx.ready, ctx.ready_any)
      else -- a joker
        local Q = { P[1], P[2], P[3], P[4], P[5], P[6] }
        local from, to = FACE_INDEX[o.from], FACE_INDEX[o.to]
        Q[from] = Q[from] - 1
        Q[to] = Q[to] + 1
        local ready, ready_any = { table.unpack(ctx.ready) }, ctx.ready_any
        local j = joker_of(o, ctx)
        if j == 6 then ready_any = ready_any - 1 else ready[j] = ready[j] - 1 end
        local stay = (built_now and 0 or -ctx.penalty) + future_now
        v = best_value(ctx, groups, stay, Q, ready, ready_any, trades)
          + ready_worth(ctx, ready, ready_any)
      end
      -- Ties go to the earlier option: builds come first in the menu, "end turn" last.
      if v > best_v + 1e-9 then best_i, best_v = i, v end
    end
    return best_i
  end

  game.agent(spec.name or "expectimax", function(p, kind, opts)
    if kind == "dice.keep" then return choose_keep(p, opts) end
    if kind == "dice.action" then return choose_action(p, opts) end
    if spec.decide then return spec.decide(p, kind, opts) end
    -- Decisions other packs add: the first option, unless they teach this agent (extend_agent).
    return 1
  end)
end

return M
