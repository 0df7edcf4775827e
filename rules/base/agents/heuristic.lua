-- The "heuristic" agent: a fast rule-of-thumb player for every decision of the base game.
--
-- Contract: game.agent("heuristic") answers every decision kind of this pack with an index in
-- 1..#opts. A kind it does not know (one a pack adds without game.extend_agent), and a main menu
-- holding entries nobody taught it (a pack's new action, when no pack extends base.action), go
-- to a small search (game.search, SEARCH); inside a search's copies, where game.search declines,
-- the unknown kind gets a uniformly random index from the agent's own stream and the unknown
-- entries are passed over. The agent only reads the game: it calls
-- no [w] function and writes only data the rules never act on: the rules' board cache (below)
-- and its own per-game cache, storage.heuristic (agent_cache: the board's fixed data and each
-- player's plan, kept while the state it derives from is unchanged; make_plan lists the keys). A decision is the same whether the cache was warm or cold. The chunk-level
-- locals below are constants. It reads the state through the live views core.lua keeps in
-- storage (cards, devs, played, supply, building, owner, road, props, vp), lookups other files
-- keep there (graph, node_tiles, tile_nodes, tile_resource, tile_number, harbor_at, port_rates,
-- pieces, piece_names, yield), and each player's pieces through own_pieces: its board cache
-- (build.lua) is data derived from the board that any reader may fill, since filling it never
-- changes what the rules do. Lists of pieces are in ascending id order, so ties between equal
-- choices go to the lowest id. It reads what an option does from its fields (node, path, tile,
-- resource, player, action with piece or card, the offer's give and get), never from the text
-- people see.
--
-- Strategy, by decision kind (base.*):
--   setup_settlement   pips of the adjacent tiles weighted per resource (brick and lumber
--                      first), more for resources not produced yet, plus a usable harbor; one
--                      of the spots within 10% of the best, drawn from its own stream.
--   setup_road         toward the best open node two roads away.
--   action             build city > build settlement > play a useful development card > buy a
--                      development card (when it takes no card the main target needs) > build
--                      a road (toward an open node when none is reachable, or to race for
--                      Longest Road) > a maritime trade that completes a wanted build (or sheds
--                      cards above the discard limit) > a domestic offer (offer_terms, when an
--                      opponent holds one more than each card asked for) > end turn.
--   place_*            city: the best producing settlement; settlement: the best spot;
--                      road: along a shortest free route to the best open node.
--   preroll            a knight when the robber sits on one of its producing tiles.
--   robber / victim    the tile costing the leader (most public points) most production and
--                      touching none of its own buildings; rob the leader.
--   discard, give      the card least needed by the wanted builds (largest surplus); "base.give"
--                      is the library's give_cards, cards a rule takes, answered as a discard.
--   monopoly / plenty  the resource opponents hold most of / what the targets lack;
--                      production_choice (a card of a gold field) is answered as plenty.
--   trade_offer        offer_terms: the cards its primary target lacks (when it lacks 1 or 2)
--                      for as many surplus cards; after a round without a trade, no more
--                      offers this turn (rounds are counted by the rules: storage.turn.offers,
--                      storage.turn.trades), since nothing it could ask for has changed.
--   trade_answer       never to a player near victory. Accept when the trade fills a card its
--                      primary target lacks and pays only surplus cards (trade_gain); else
--                      counter with 1 card the offerer asked for that it has to spare, for
--                      what its target lacks most (up to 2 of it; one the offerer offered if
--                      it can); else decline. Reads the offer from the options' fields
--                      (answer, offer, give, get) and finds its counter with the rules'
--                      trade_index.
--   trade_partner      the acceptor or counterer whose terms fill most of what its target
--                      lacks with surplus cards (then the fewest cards given, then the fewest
--                      public points), never one near victory; else nobody.

local storage, game = storage, game -- upvalues, not globals (the chunk runs for every game)
local deck_count, pget = game.deck_count, game.player_get
local board_version = board.version

local RES = RESOURCES
local PIPS = PIPS -- ways to roll each number with two dice (library.lua)
-- Settling weights per resource: early (roads and settlements) and late (cities and cards).
local W_EARLY = { brick = 1.25, lumber = 1.25, wool = 0.95, grain = 1.1, ore = 0.9 }
local W_LATE = { brick = 0.95, lumber = 0.95, wool = 1.0, grain = 1.2, ore = 1.2 }
-- Cards per building per producing tile when storage.yield is missing.
local YIELD = { settlement = 1, city = 2 }
-- Roads the agent looks ahead for an open node: NEAR_ROAD_DIST first, FAR_ROAD_DIST when
-- nothing is that near.
local NEAR_ROAD_DIST = 2
local FAR_ROAD_DIST = 5
-- Points short of the target at which a player counts as near victory.
local NEAR_VICTORY = 2
local EMPTY = {} -- never modified
-- The pseudo-resource of a tile whose cards are of the receiver's choice (a gold field) in
-- node_res: node_value counts it as the resource it would pick, the one worth most there.
local ANY = "*"

------------------------------------------------------------------------------------------------
-- The agent's cache

-- The agent's per-game cache, storage.heuristic (made on first use; the rules never read it):
--   pips[t]               ways to roll tile t's number (0 without one)
--   node_res[n], node_pips[n]   resource and pips of each producing tile at node n, in
--                         node_tiles order (ANY for a terrain of choice; set_tile_number and
--                         set_tile_terrain drop the cache when a tile changes)
--   node_dup[n]           per tile of node_res[n]: true when its resource is the node's first
--                         or the previous tile's (node_value gives no "not produced" bonus)
--   board                 the parts above and the board graphs (graph, links_of), which depend
--                         on the tiles only: BOARDS[key] (below)
--   plans[p]              p's plan (make_plan), kept while its position is unchanged
--   wishes                what each target needs (wish)
--   opening               the setup scale (new_scale) of a player producing nothing
--
-- The parts that depend on the tiles only are kept in BOARDS, a local of this game, by the tiles'
-- resources and numbers: a search's copies of the game (game.fork) restore storage, and with it
-- drop storage.heuristic, many times a turn, but they share BOARDS. Its entries are made once
-- and never changed (only added to), so they hold no game state.
local BOARDS = {}

-- The tile-derived part of the cache for the board as it is now (see above).
local function board_part()
  local tile_resource, tile_number, node_tiles = storage.tile_resource, storage.tile_number,
    storage.node_tiles
  local choice = storage.tile_choice or EMPTY
  local parts = {}
  for t = 1, #tile_resource do
    parts[t] = (tile_resource[t] or (choice[t] and ANY) or "-") .. (tile_number[t] or 0)
  end
  local key = table.concat(parts, " ")
  local B = BOARDS[key]
  if B then return B end
  local pips, node_res, node_pips, node_dup = {}, {}, {}, {}
  for t = 1, #tile_resource do pips[t] = PIPS[tile_number[t]] or 0 end
  for n = 1, #node_tiles do
    local tiles, res, np, dup = node_tiles[n], {}, {}, {}
    for i = 1, #tiles do
      local r = tile_resource[tiles[i]] or (choice[tiles[i]] and ANY)
      if r then
        local k = #res + 1
        res[k], np[k] = r, pips[tiles[i]]
        dup[k] = k > 1 and (r == res[1] or r == res[k - 1])
      end
    end
    node_res[n], node_pips[n], node_dup[n] = res, np, dup
  end
  B = { pips = pips, node_res = node_res, node_pips = node_pips, node_dup = node_dup }
  BOARDS[key] = B
  return B
end

local function agent_cache()
  local H = storage.heuristic
  if H then return H end
  local B = board_part()
  H = { pips = B.pips, node_res = B.node_res, node_pips = B.node_pips, node_dup = B.node_dup,
        board = B, harbor_at = storage.harbor_at or EMPTY, plans = {}, wishes = { {}, {} },
        opening = false }
  storage.heuristic = H
  return H
end

-- The board element (node, path or tile id: option field `field`) of option i of a placement
-- decision: from the `spots` of a lazy option array (board.lua lazy_options) without making the
-- record, else from the option's field.
local function option_spot(opts, i, field)
  local spots = rawget(opts, "spots")
  if spots then return spots[i] end
  return opts[i][field]
end

------------------------------------------------------------------------------------------------
-- Reading the position

-- Public points of q: the vp prop (which leaves the victory point cards in hand out).
local function public_vp(q)
  return storage.vp[q] or 0
end

-- The opponent of p with the most public points (ties: more cards, then the lower seat).
local function leader_of(p)
  local best, best_vp, best_cards = nil, -1, -1
  for q = 1, storage.players do
    if q ~= p then
      local v, c = public_vp(q), game.total(q, "card")
      if v > best_vp or (v == best_vp and c > best_cards) then
        best, best_vp, best_cards = q, v, c
      end
    end
  end
  return best, best_vp
end

-- The board graph arrays: storage.graph (build.lua), else built once per board into
-- H.board.graph.
local function graph(H)
  local g = storage.graph or H.board.graph
  if g then return g end
  g = { np = {}, nn = {}, pa = {}, pb = {} }
  for n = 1, board.nodes() do
    g.np[n] = board.node_paths(n)
    g.nn[n] = board.node_nodes(n)
  end
  for e = 1, board.paths() do
    local ends = board.path_nodes(e)
    g.pa[e], g.pb[e] = ends[1], ends[2]
  end
  H.board.graph = g
  return g
end

-- The ids holding p's `piece` (do not modify), given `left` = its pieces in supply: the rules'
-- own_pieces (build.lua), whose board cache is derived data that any reader may fill.
local function mine(p, piece, left)
  local spec = storage.pieces[piece]
  if spec == nil then return EMPTY end
  if left == nil then left = storage.supply[p][piece] end
  if spec.limit - left <= 0 then return EMPTY end
  return own_pieces(p, piece)
end

local function supply(p, piece)
  if storage.pieces[piece] == nil then return 0 end
  return storage.supply[p][piece]
end

-- True when node n is empty and no neighbour holds a building (the distance rule).
local function node_open(n, nn, building)
  if building[n] ~= nil then return false end
  local nbs = nn[n]
  for i = 1, #nbs do
    if building[nbs[i]] ~= nil then return false end
  end
  return true
end

-- Expected production of p in pips per resource (cards per 36 rolls), the robber's tile
-- excluded; and whether any building added to it (false: all five are 0).
local function production(H, p)
  local prod = { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 0 }
  local robber = storage.props.robber
  local yield = storage.yield or YIELD
  local node_tiles, tile_resource, pips = storage.node_tiles, storage.tile_resource, H.pips
  local names = storage.piece_names
  local pieces = storage.pieces
  local produced = false
  for i = 1, #names do
    local name = names[i]
    local y = yield[name]
    if y and y > 0 and pieces[name].on == "node" then
      local list = mine(p, name)
      for k = 1, #list do
        local tiles = node_tiles[list[k]]
        for j = 1, #tiles do
          local t = tiles[j]
          local r = tile_resource[t]
          if r and t ~= robber then
            prod[r] = (prod[r] or 0) + pips[t] * y
            produced = true
          end
        end
      end
    end
  end
  return prod, produced
end

-- What a harbor on node n adds to a settlement's value for a player producing `prod`: 1 for a
-- 3:1 harbor, 0.3 per pip of its resource for a 2:1 one.
local function harbor_bonus(H, n, prod)
  local h = H.harbor_at[n]
  if h == "any" then return 1 end
  if h then return 0.3 * (prod[h] or 0) end
  return 0
end

-- node_value's factor of one tile giving resource r to a player producing `prod`, weights `w`
-- (`dup`: the tile repeats a resource of the node, no "not produced" bonus).
local function resource_factor(prod, w, r, dup)
  local have = prod[r] or 0
  local f = w[r] or 1
  if have == 0 and not dup then
    f = f * 1.5
  elseif have < 5 then
    f = f * 1.15
  end
  return f
end

-- What a settlement on node n is worth to a player producing `prod` (pips per resource) with
-- weights `w`: pips per adjacent tile, more for resources scarce in `prod` (not for a tile that
-- repeats one: H.node_dup), plus a harbor.
local function node_value(H, n, prod, w)
  local s = 0
  local res, pips, dup = H.node_res[n], H.node_pips[n], H.node_dup[n]
  for i = 1, #res do
    local r = res[i]
    local f
    if r == ANY then
      -- A card of choice: worth the best resource's factor.
      f = 0
      for k = 1, #RES do
        local g = resource_factor(prod, w, RES[k], false)
        if g > f then f = g end
      end
    else
      f = resource_factor(prod, w, r, dup[i])
    end
    s = s + pips[i] * f
  end
  return s + harbor_bonus(H, n, prod)
end

-- node_value's factors for resource r: of a tile giving r when r is not produced yet and the
-- tile does not repeat it, and of any other tile.
local function factors(prod, w, r)
  local have, f = prod[r] or 0, w[r] or 1
  if have == 0 then return f * 1.5, f * 1.15 end
  if have < 5 then return f * 1.15, f * 1.15 end
  return f, f
end

-- node_value for one `prod` and `w` over many nodes: the factors per resource (fresh: a tile
-- giving a resource `prod` lacks, again: any other tile); with `memo`, values by node.
local function new_scale(prod, w, memo)
  local fb, ab = factors(prod, w, "brick")
  local fl, al = factors(prod, w, "lumber")
  local fw, aw = factors(prod, w, "wool")
  local fg, ag = factors(prod, w, "grain")
  local fo, ao = factors(prod, w, "ore")
  return { prod = prod, w = w, values = memo and {} or false,
           fresh = { brick = fb, lumber = fl, wool = fw, grain = fg, ore = fo },
           again = { brick = ab, lumber = al, wool = aw, grain = ag, ore = ao } }
end

-- node_value(H, n, sc.prod, sc.w) for a scale sc (new_scale), the same number.
local function scaled_value(H, n, sc)
  local values = sc.values
  local s = values and values[n]
  if s then return s end
  local res, pips, dup = H.node_res[n], H.node_pips[n], H.node_dup[n]
  local fresh, again = sc.fresh, sc.again
  s = 0
  for i = 1, #res do
    local r = res[i]
    local f
    if dup[i] then f = again[r] else f = fresh[r] end
    if f == nil then return node_value(H, n, sc.prod, sc.w) end -- not one of RESOURCES
    s = s + pips[i] * f
  end
  s = s + harbor_bonus(H, n, sc.prod)
  if values then values[n] = s end
  return s
end

------------------------------------------------------------------------------------------------
-- Plans: what the player wants to build next

local function cost_of(name)
  if name == "dev" then return DEV_CARD_COST end
  return storage.pieces[name].cost
end

-- Cards of `cost` that `hand` lacks, in total (over the five RESOURCES).
local function missing(hand, cost)
  local m, n, h = 0, cost.brick, nil
  if n then h = hand.brick or 0; if h < n then m = n - h end end
  n = cost.lumber
  if n then h = hand.lumber or 0; if h < n then m = m + n - h end end
  n = cost.wool
  if n then h = hand.wool or 0; if h < n then m = m + n - h end end
  n = cost.grain
  if n then h = hand.grain or 0; if h < n then m = m + n - h end end
  n = cost.ore
  if n then h = hand.ore or 0; if h < n then m = m + n - h end end
  return m
end

-- The plan of p (H.plans[p], one table per player and game): what it holds and wants.
-- Kept while board.version() and p's settlements, cities and roads in supply are unchanged:
-- g (graph()), s_left / c_left / r_left (those pieces in supply), settlements, roads (ids),
-- has_spot (an open node at the end of one of its roads), want_road (no such node, but
-- settlements and roads left), on_board (settlements on the board). Kept while, besides, the
-- robber and w (the settling weights: W_EARLY below 5 points, W_LATE after) are unchanged, and
-- computed on first use: prod (plan_prod), cities (plan_cities) and the goal search (plan_goal:
-- goal, goal_done, and the search's mark / dist / via / queue / head / tail / stamp). Kept while,
-- besides, p's cards and whether the deck has a card are unchanged: targets (array, priority
-- order, of "city", "settlement", "road", "dev"), primary (the first) and serial (changes with
-- them). hand is p's live card view. sea and offer hold the maritime_plan and offer_terms memos.
local function make_plan(p)
  local H = agent_cache()
  local plan = H.plans[p]
  if plan == nil then
    plan = { p = p, version = false, mark = {}, dist = {}, via = {}, queue = {}, stamp = 0,
             search_roots = {}, targets = {}, serial = 0, sea = {}, offer = {} }
    H.plans[p] = plan
  end
  local version, left = board_version(), storage.supply[p]
  if plan.version ~= version or plan.k_s ~= left.settlement or plan.k_c ~= left.city
      or plan.k_r ~= left.road then
    plan.version, plan.k_s, plan.k_c, plan.k_r = version, left.settlement, left.city, left.road
    local pieces = storage.pieces
    local s_left = pieces.settlement and left.settlement or 0
    local c_left = pieces.city and left.city or 0
    local r_left = pieces.road and left.road or 0
    local g = graph(H)
    local roads = mine(p, "road", r_left)
    local spot = false
    if s_left > 0 then
      local nn, pa, pb, building = g.nn, g.pa, g.pb, storage.building
      for i = 1, #roads do
        local e = roads[i]
        local u, v = pa[e], pb[e]
        if (building[u] == nil and node_open(u, nn, building))
            or (building[v] == nil and node_open(v, nn, building)) then
          spot = true
          break
        end
      end
    end
    plan.s_left, plan.c_left, plan.r_left = s_left, c_left, r_left
    plan.g, plan.settlements, plan.roads = g, mine(p, "settlement", s_left), roads
    plan.has_spot, plan.want_road = spot, s_left > 0 and not spot and r_left > 0
    plan.on_board = pieces.settlement and pieces.settlement.limit - s_left or 0
    plan.cities, plan.robber, plan.hb = false, false, false
  end
  local own_vp = (storage.vp[p] or 0) + storage.devs[p].victory_point -- its hidden cards too
  local robber, w = storage.props.robber, own_vp >= 5 and W_LATE or W_EARLY
  if plan.robber ~= robber or plan.w ~= w then
    plan.robber, plan.w = robber, w
    plan.prod, plan.goal, plan.goal_done = false, false, false
  end

  local hand = storage.cards[p]
  local b, l, wo, gr, o = hand.brick, hand.lumber, hand.wool, hand.grain, hand.ore
  local dev = deck_count("dev") > 0 and "dev" or nil
  if plan.hb == b and plan.hl == l and plan.hw == wo and plan.hg == gr and plan.ho == o
      and plan.dev == dev then
    return plan
  end
  plan.hb, plan.hl, plan.hw, plan.hg, plan.ho, plan.dev = b, l, wo, gr, o, dev
  plan.serial = plan.serial + 1
  local t1, t2, t3, t4
  if plan.c_left > 0 and plan.on_board > 0 then t1 = "city" end
  if plan.has_spot then
    -- A settlement goes first when it lacks strictly fewer cards than the city.
    if t1 and missing(hand, cost_of("settlement")) < missing(hand, cost_of("city")) then
      t1, t2 = "settlement", "city"
    elseif t1 then
      t2 = "settlement"
    else
      t1 = "settlement"
    end
  end
  local extra = plan.want_road and "road" or nil
  if t1 == nil then
    t1, t2 = extra or dev, extra and dev or nil
  elseif t2 == nil then
    t2, t3 = extra or dev, extra and dev or nil
  else
    t3, t4 = extra or dev, extra and dev or nil
  end
  local targets = plan.targets
  targets[1], targets[2], targets[3], targets[4] = t1, t2, t3, t4
  plan.hand, plan.primary = hand, t1
  return plan
end

local function plan_prod(plan)
  local prod = plan.prod
  if not prod then
    prod = production(agent_cache(), plan.p)
    plan.prod = prod
  end
  return prod
end

local function plan_cities(plan)
  local cities = plan.cities
  if not cities then
    cities = mine(plan.p, "city", plan.c_left)
    plan.cities = cities
  end
  return cities
end

-- Node v's links: {u1, e1, u2, e2, ...}, its neighbours u and the paths e to them
-- (H.board.links, built on first use).
local function links_of(H, g)
  local links = H.board.links
  if links then return links end
  links = {}
  local np, pa, pb = g.np, g.pa, g.pb
  for v = 1, #np do
    local ps, list = np[v], {}
    for j = 1, #ps do
      local e = ps[j]
      list[2 * j - 1], list[2 * j] = pa[e] == v and pb[e] or pa[e], e
    end
    links[v] = list
  end
  H.board.links = links
  return links
end

-- Starts the plan's search from p's network: its settlements, cities and road ends, in that
-- order, at distance 0.
local function search_start(plan)
  local stamp = plan.stamp + 1
  local mark, dist, queue = plan.mark, plan.dist, plan.queue
  local tail = 0
  local lists = plan.search_roots
  lists[1], lists[2] = plan.settlements, plan_cities(plan)
  for l = 1, 2 do
    local list = lists[l]
    for i = 1, #list do
      local v = list[i]
      if mark[v] ~= stamp then
        mark[v], dist[v] = stamp, 0
        tail = tail + 1
        queue[tail] = v
      end
    end
  end
  local roads, pa, pb = plan.roads, plan.g.pa, plan.g.pb
  for i = 1, #roads do
    local e = roads[i]
    local v = pa[e]
    if mark[v] ~= stamp then
      mark[v], dist[v] = stamp, 0
      tail = tail + 1
      queue[tail] = v
    end
    v = pb[e]
    if mark[v] ~= stamp then
      mark[v], dist[v] = stamp, 0
      tail = tail + 1
      queue[tail] = v
    end
  end
  plan.stamp, plan.head, plan.tail = stamp, 1, tail
end

-- Continues the plan's breadth-first search over free paths until every node within `limit`
-- roads of p's network is reached (a node holding an opponent's building ends a route). Nodes
-- reached are queue[1..tail] in order (distances never decrease along it); where
-- mark[n] == stamp, dist[n] is n's distance in roads and via[n] the path it was reached by on a
-- shortest route.
local function search_to(plan, links, limit)
  local p = plan.p
  local mark, dist, via, queue, stamp = plan.mark, plan.dist, plan.via, plan.queue, plan.stamp
  local head, tail = plan.head, plan.tail
  local owner, road = storage.owner, storage.road
  while head <= tail do
    local v = queue[head]
    local d = dist[v]
    if d >= limit then break end
    head = head + 1
    local o = owner[v]
    if o == nil or o == p then
      local list = links[v]
      d = d + 1
      for j = 1, #list, 2 do
        local u = list[j]
        if mark[u] ~= stamp then
          local e = list[j + 1]
          if road[e] == nil then
            mark[u], dist[u], via[u] = stamp, d, e
            tail = tail + 1
            queue[tail] = u
          end
        end
      end
    end
  end
  plan.head, plan.tail = head, tail
end

-- The open node off p's network worth building roads toward (the best value for the roads it
-- takes, within NEAR_ROAD_DIST roads, else within FAR_ROAD_DIST), or nil. Leaves the search in
-- the plan (dist, via) for place_road.
local function plan_goal(plan)
  if plan.goal_done then return plan.goal or nil end
  local H = agent_cache()
  local links = links_of(H, plan.g)
  local nn, building = plan.g.nn, storage.building
  local prod, w = plan_prod(plan), plan.w
  local dist, queue = plan.dist, plan.queue
  local goal, goal_score
  search_start(plan)
  local from = plan.tail + 1 -- after the network (distance 0)
  for pass = 1, 2 do
    search_to(plan, links, pass == 1 and NEAR_ROAD_DIST or FAR_ROAD_DIST)
    local tail = plan.tail
    for i = from, tail do
      local n = queue[i]
      local d = dist[n]
      if d > 0 and building[n] == nil and node_open(n, nn, building) then
        local score = node_value(H, n, prod, w) / (1 + 0.5 * d)
        if goal == nil or score > goal_score then goal, goal_score = n, score end
      end
    end
    if goal then break end
    from = tail + 1
  end
  plan.goal, plan.goal_done = goal or false, true
  return goal
end

-- Cards the wanted builds need: the primary target, plus a road while roads are wanted. The
-- table is shared (H.wishes, one per primary and want_road): do not modify it.
local function wish(plan)
  local primary = plan.primary
  local want_road = plan.want_road and primary ~= "road"
  local wishes = agent_cache().wishes[want_road and 2 or 1]
  local need = wishes[primary or false]
  if need then return need end
  need = { brick = 0, lumber = 0, wool = 0, grain = 0, ore = 0 }
  local cost = primary and cost_of(primary) or EMPTY
  for i = 1, #RES do need[RES[i]] = cost[RES[i]] or 0 end
  if want_road then
    cost = cost_of("road")
    for i = 1, #RES do need[RES[i]] = need[RES[i]] + (cost[RES[i]] or 0) end
  end
  wishes[primary or false] = need
  return need
end

-- The maritime trade that completes a target: for the first target in priority order whose
-- missing cards the surplus beyond its cost can buy at p's rates, returns give, get. With
-- `shed` (hand above the discard limit), the first trade of a surplus for a missing card.
local function find_maritime(plan, shed)
  local rates = storage.port_rates and storage.port_rates[plan.p]
  local hand, bank = plan.hand, storage.cards.bank
  local shed_give, shed_get
  local targets = plan.targets
  for ti = 1, #targets do
    local cost = cost_of(targets[ti])
    local m = missing(hand, cost)
    if m > 0 then
      local trades, give, give_key, get, get_lack = 0, nil, nil, nil, 0
      for i = 1, #RES do
        local r = RES[i]
        local rate = rates and rates[r] or 4
        local c = cost[r] or 0
        local extra = hand[r] - c
        if extra >= rate then
          trades = trades + extra // rate
          local key = extra - rate * 10 -- the cheapest rate, then the largest surplus
          if give == nil or key > give_key then give, give_key = r, key end
        elseif c - hand[r] > get_lack and bank[r] > 0 then
          get, get_lack = r, c - hand[r]
        end
      end
      if give and get then
        if trades >= m then return give, get end
        if shed and shed_give == nil then shed_give, shed_get = give, get end
      end
    end
  end
  return shed_give, shed_get
end

-- find_maritime, remembered in plan.sea while the plan's serial (its targets and hand), shed
-- and the bank's cards are unchanged (the rates change only with the board, which changes the
-- serial).
local function maritime_plan(plan, shed)
  local sea, bank = plan.sea, storage.cards.bank
  if sea.serial == plan.serial and sea.shed == shed and sea.b == bank.brick
      and sea.l == bank.lumber and sea.w == bank.wool and sea.g == bank.grain
      and sea.o == bank.ore then
    return sea.give, sea.get
  end
  local give, get = find_maritime(plan, shed)
  sea.serial, sea.shed, sea.give, sea.get = plan.serial, shed, give, get
  sea.b, sea.l, sea.w, sea.g, sea.o = bank.brick, bank.lumber, bank.wool, bank.grain, bank.ore
  return give, get
end

-- The most cards a side of a domestic trade may hold under the rules' options.
local function side_limit()
  if options.domestic_style == "almanac" then return options.trade_cards end
  return 1
end

-- The domestic offer of p (offer_terms) as give, get (tables {resource = n}), or nil: the cards
-- its primary target lacks, when it lacks 1 or 2, for as many surplus cards, taken one at a
-- time from the largest surplus over the wanted builds (wish).
local function find_offer(plan)
  local target = plan.primary
  if target == nil then return nil end
  local cost = cost_of(target)
  local hand = plan.hand
  local m = missing(hand, cost)
  if m == 0 or m > 2 or m > side_limit() then return nil end
  local need = wish(plan)
  local spare, spare_total = {}, 0
  for i = 1, #RES do
    local r = RES[i]
    local extra = hand[r] - need[r]
    spare[r] = extra > 0 and extra or 0
    spare_total = spare_total + spare[r]
  end
  if spare_total < m then return nil end
  local give, get = {}, {}
  for _ = 1, m do
    local best
    for i = 1, #RES do
      local r = RES[i]
      if spare[r] > 0 and (best == nil or spare[r] > spare[best]) then best = r end
    end
    spare[best] = spare[best] - 1
    give[best] = (give[best] or 0) + 1
  end
  for i = 1, #RES do
    local r = RES[i]
    local lack = (cost[r] or 0) - hand[r]
    if lack > 0 then get[r] = lack end
  end
  return give, get
end

-- find_offer, remembered in plan.offer while the plan's serial is unchanged. The tables
-- returned are kept: do not modify them.
local function offer_terms(plan)
  local memo = plan.offer
  if memo.serial == plan.serial then return memo.give, memo.get end
  local give, get = find_offer(plan)
  memo.serial, memo.give, memo.get = plan.serial, give, get
  return give, get
end

-- Domestic rounds of the player on turn this turn that ended without a trade.
local function failed_rounds()
  local turn = storage.turn
  return (turn.offers or 0) - (turn.trades or 0)
end

-- What a domestic trade in which p gives `give` and gets `get` ({resource = n} each) does for
-- p: -1 when it pays a card p's wanted builds need (wish), else the cards it fills of what p's
-- primary target lacks (0 without a target).
local function trade_gain(plan, give, get)
  local primary = plan.primary
  local hand, need = plan.hand, wish(plan)
  local cost = primary and cost_of(primary) or EMPTY
  local gain = 0
  for i = 1, #RES do
    local r = RES[i]
    local h, g, t = hand[r], give[r] or 0, get[r] or 0
    if g > 0 and h - g < need[r] then return -1 end
    local c = cost[r] or 0
    if t > 0 and h < c then gain = gain + (t < c - h and t or c - h) end
  end
  return gain
end

-- The counter-offer of p to `offer` (the offerer's give and get): 1 card the offerer asked for
-- that p has to spare (the largest surplus), for the card p's primary target lacks most (up to
-- 2 of it; those the offerer offered first, then the others). Without such a card to spare, or
-- while the target lacks more than 3 cards, none. Calls try(give, get) for each candidate until
-- it returns an index (the options hold the counter); returns it or nil.
local function find_counter(plan, offer, try)
  local primary = plan.primary
  if primary == nil then return nil end
  local cost, hand, need = cost_of(primary), plan.hand, wish(plan)
  local m = missing(hand, cost)
  if m == 0 or m > 3 then return nil end
  local give, give_extra
  local asked = offer.get
  for i = 1, #RES do
    local r = RES[i]
    local extra = hand[r] - need[r]
    if (asked[r] or 0) > 0 and extra > 0 and (give == nil or extra > give_extra) then
      give, give_extra = r, extra
    end
  end
  if give == nil then return nil end
  local offered = offer.give
  local limit = side_limit()
  for pass = 1, 2 do
    local best, best_lack
    for i = 1, #RES do
      local r = RES[i]
      local lack = (cost[r] or 0) - hand[r]
      if lack > 0 and r ~= give and ((offered[r] or 0) > 0) == (pass == 1)
          and (best == nil or lack > best_lack) then
        best, best_lack = r, lack
      end
    end
    if best then
      local n = best_lack > 2 and 2 or best_lack
      if n > limit then n = limit end
      local index = try({ [give] = 1 }, { [best] = n })
      if index == nil and n > 1 then index = try({ [give] = 1 }, { [best] = 1 }) end
      if index then return index end
    end
  end
  return nil
end

-- The cards of resource r p's opponents hold together: what neither p nor the bank holds (public:
-- a hand's kinds are private, each kind's total across the hands is not).
local function opponents_total(p, r)
  return game.sum(r, "card") - storage.cards.bank[r] - storage.cards[p][r]
end

-- Whether p's opponents may well hold `get` ({resource = n}): together they hold one card more
-- than asked of each resource of it, and one of them holds one card more than it asks in all
-- (what p can see: the hands' sizes and each resource's total across them).
local function opponents_hold(p, get)
  local asked = 0
  for i = 1, #RES do
    local r = RES[i]
    local n = get[r]
    if n then
      if opponents_total(p, r) <= n then return false end
      asked = asked + n
    end
  end
  for q = 1, storage.players do
    if q ~= p and game.total(q, "card") > asked then return true end
  end
  return false
end

------------------------------------------------------------------------------------------------
-- Development cards

-- True when the robber sits on a numbered tile touching one of p's buildings.
local function robber_blocks(p)
  local t = storage.props.robber
  if t == nil or storage.tile_number[t] == nil then return false end
  local nodes = storage.tile_nodes[t]
  for i = 1, #nodes do
    if storage.owner[nodes[i]] == p then return true end
  end
  return false
end

-- True when a knight played now puts p strictly ahead in played knights (toward or into
-- Largest Army) while it does not hold the card.
local function knight_gains_army(p)
  if storage.props.largest_army == p then return false end
  local k = storage.played[p].knight
  for q = 1, storage.players do
    if q ~= p and storage.played[q].knight > k then return false end
  end
  return true
end

-- The resource opponents of p hold most of (on a tie, one `need` lists); returns it and the
-- cards it would take.
local function monopoly_resource(p, need)
  local best, best_score, best_n = RES[1], -1, 0
  for i = 1, #RES do
    local r = RES[i]
    local n = opponents_total(p, r)
    local score = n + ((need and need[r] > 0) and 0.5 or 0) -- a needed one wins a tie
    if score > best_score then best, best_score, best_n = r, score, n end
  end
  return best, best_n
end

-- True when p does not hold Longest Road, has a road of 3 or more, and nobody is more than
-- one road ahead of it.
local function road_race(p)
  if storage.props.longest_road == p then return false end
  local len = pget(p, "road_length") or 0
  if len < 3 then return false end
  for q = 1, storage.players do
    if q ~= p and (pget(q, "road_length") or 0) > len + 1 then return false end
  end
  return true
end

-- Whether p should play development card `card` in the main phase.
local function want_play(plan, card)
  local p = plan.p
  if card == "knight" then
    return robber_blocks(p) or knight_gains_army(p)
  elseif card == "monopoly" then
    local _, n = monopoly_resource(p, wish(plan))
    return n >= 4
  elseif card == "year_of_plenty" then
    local targets = plan.targets
    for ti = 1, #targets do
      local m = missing(plan.hand, cost_of(targets[ti]))
      if m > 0 and m <= 2 then return true end
    end
    return false
  elseif card == "road_building" then
    if supply(p, "road") == 0 then return false end
    return (plan.want_road and plan_goal(plan) ~= nil) or road_race(p)
  end
  return false
end

------------------------------------------------------------------------------------------------
-- Decisions (opts: the option records)

-- The index of the first option whose field `key` is `value`, or nil.
local function index_where(opts, key, value)
  for i = 1, #opts do
    if opts[i][key] == value then return i end
  end
  return nil
end

-- The index i in 1..n with the largest score(i), the first of equal ones; 1 when n is 0.
local function argmax(n, score)
  local best, best_score = 1, nil
  for i = 1, n do
    local s = score(i)
    if best_score == nil or s > best_score then best, best_score = i, s end
  end
  return best
end

-- The index i in 1..n with the smallest score(i), the first of equal ones; 1 when n is 0.
local function argmin(n, score)
  return argmax(n, function(i) return -score(i) end)
end

-- The option whose node (option_spot) has the best node_value on scale `sc` (new_scale).
local function best_node(H, opts, sc)
  local spots = rawget(opts, "spots")
  return argmax(#opts, function(i)
    local n
    if spots then n = spots[i] else n = opts[i].node end
    return scaled_value(H, n, sc)
  end)
end

-- Setup openings are drawn among the options whose value is within this fraction of the best
-- one's. Always taking the single best spot made every game on a fixed board open alike, so the
-- seat order's effect measured the bot's habit more than the rules (on the beginner board the
-- first player won 8% of games between four heuristic bots).
local SETUP_SPREAD = 0.1

-- The option whose node (option_spot) has a node_value on scale `sc` within SETUP_SPREAD of the
-- best, drawn uniformly from the agent's own random stream.
local function near_best_node(H, opts, sc)
  local scores, best = {}, nil
  for i = 1, #opts do
    local s = scaled_value(H, option_spot(opts, i, "node"), sc)
    scores[i] = s
    if best == nil or s > best then best = s end
  end
  local floor = best - SETUP_SPREAD * math.abs(best)
  local count = 0
  for i = 1, #opts do
    if scores[i] >= floor then count = count + 1 end
  end
  local pick = game.random(count)
  for i = 1, #opts do
    if scores[i] >= floor then
      pick = pick - 1
      if pick == 0 then return i end
    end
  end
end

-- Setup: a near-best node for p's next settlement (near_best_node). While p produces nothing,
-- the scale is the same for every player (H.opening).
local function setup_settlement(p, opts)
  local H = agent_cache()
  local prod, produced = production(H, p)
  local sc = not produced and H.opening
  if not sc then
    sc = new_scale(prod, W_EARLY, not produced)
    if not produced then H.opening = sc end
  end
  return near_best_node(H, opts, sc)
end

-- Setup: the road from the new settlement toward the best open node two roads away.
local function setup_road(p, opts)
  local H = agent_cache()
  local g = graph(H)
  local prod = production(H, p)
  local nn, building, owner = g.nn, storage.building, storage.owner
  return argmax(#opts, function(i)
    local e = option_spot(opts, i, "path")
    local near, far = g.pa[e], g.pb[e]
    if owner[far] == p then near, far = far, near end
    local top, sum = 0, 0
    local nbs = nn[far]
    for k = 1, #nbs do
      local n = nbs[k]
      if n ~= near and node_open(n, nn, building) then
        local v = node_value(H, n, prod, W_EARLY)
        sum = sum + v
        if v > top then top = v end
      end
    end
    return top + 0.1 * sum
  end)
end

-- A road: the option whose far end is closest (over free paths) to the goal; without a goal,
-- one leaving a node where p has exactly one road (it lengthens a road end).
local function place_road(p, opts)
  local plan = make_plan(p)
  local g = plan.g
  local goal = plan_goal(plan)
  local pa, pb, np = g.pa, g.pb, g.np
  if goal then
    -- Walk the route back from the goal to the network; its first path is the road.
    local dist, via = plan.dist, plan.via
    local v = goal
    while true do
      local e = via[v]
      if e == nil then break end
      local u = pa[e] == v and pb[e] or pa[e]
      if dist[u] == 0 then
        local spots = rawget(opts, "spots")
        if spots then
          for i = 1, #spots do
            if spots[i] == e then return i end
          end
        else
          local i = index_where(opts, "path", e)
          if i then return i end
        end
        break
      end
      v = u
    end
  end
  local road = storage.road
  return argmax(#opts, function(i)
    local e = option_spot(opts, i, "path")
    local score = 0
    for k = 1, 2 do
      local v = k == 1 and pa[e] or pb[e]
      local own = 0
      local ps = np[v]
      for j = 1, #ps do
        if road[ps[j]] == p then own = own + 1 end
      end
      if own == 1 then score = score + 1 end
    end
    return score
  end)
end

local function place_settlement(p, opts)
  local plan = make_plan(p)
  return best_node(agent_cache(), opts, new_scale(plan_prod(plan), plan.w))
end

-- The settlement whose tiles produce most (ore and grain a little more; the robber's tile at a
-- third).
local function place_city(p, opts)
  local H = agent_cache()
  local robber = storage.props.robber
  local tile_resource, node_tiles, pips = storage.tile_resource, storage.node_tiles, H.pips
  local choice = storage.tile_choice or EMPTY
  return argmax(#opts, function(i)
    local tiles = node_tiles[option_spot(opts, i, "node")]
    local s = 0
    for k = 1, #tiles do
      local t = tiles[k]
      local r = tile_resource[t] or (choice[t] and ANY)
      if r then
        local v = pips[t] * ((r == "ore" or r == "grain" or r == ANY) and 1.1 or 1)
        if t == robber then v = v / 3 end
        s = s + v
      end
    end
    return s
  end)
end

-- The robber's tile: the opponents' production it blocks (the leader's counted 4 times, +10
-- for touching the leader at all); a tile touching p's own buildings only as a last resort,
-- the one costing p least.
local function robber_choice(p, opts)
  local H = agent_cache()
  local leader = leader_of(p)
  local yield = storage.yield or YIELD
  local leader_cards = leader and game.total(leader, "card") > 0
  local pips, tile_nodes = H.pips, storage.tile_nodes
  local owners, building = storage.owner, storage.building
  return argmax(#opts, function(i)
    local t = option_spot(opts, i, "tile")
    local score = -2000
    if t then
      score = 0
      local pp = pips[t]
      local nodes = tile_nodes[t]
      local own, touches_leader = 0, false
      for k = 1, #nodes do
        local n = nodes[k]
        local owner = owners[n]
        if owner then
          local y = yield[building[n]] or 1
          if owner == p then
            own = own + y
          elseif owner == leader then
            touches_leader = true
            score = score + 4 * y * pp
          else
            score = score + y * pp
          end
        end
      end
      if touches_leader then score = score + 10 + (leader_cards and 2 or 0) end
      if own > 0 then score = -1000 - own * pp end
    end
    return score
  end)
end

-- The victim: the most public points, then the most cards.
local function victim_choice(_, opts)
  local best, bv, bc = 1, -1, -1
  for i = 1, #opts do
    local q = opts[i].player
    if q then
      local v, c = public_vp(q), game.total(q, "card")
      if v > bv or (v == bv and c > bc) then best, bv, bc = i, v, c end
    end
  end
  return best
end

-- The discard: the resource with the largest surplus over the wanted builds (ties: the larger
-- pile).
local function discard_choice(p, opts)
  local plan = make_plan(p)
  local need = wish(plan)
  local hand = plan.hand
  local best, best_extra, best_n = 1, nil, nil
  for i = 1, #opts do
    local r = opts[i].resource
    local n = hand[r] or 0
    local extra = n - (need[r] or 0)
    if best_extra == nil or extra > best_extra or (extra == best_extra and n > best_n) then
      best, best_extra, best_n = i, extra, n
    end
  end
  return best
end

-- Year of plenty: the card the first target that lacks one lacks most; else the resource p
-- produces least.
local function plenty_choice(p, opts)
  local plan = make_plan(p)
  local targets = plan.targets
  for ti = 1, #targets do
    local cost = cost_of(targets[ti])
    local best, best_lack = nil, 0
    for i = 1, #opts do
      local r = opts[i].resource
      local lack = (cost[r] or 0) - (plan.hand[r] or 0)
      if lack > best_lack then best, best_lack = i, lack end
    end
    if best then return best end
  end
  return argmin(#opts, function(i) return plan_prod(plan)[opts[i].resource] or 0 end)
end

local function monopoly_choice(p, opts)
  local r = monopoly_resource(p, wish(make_plan(p)))
  return index_where(opts, "resource", r) or 1
end

local function shed(p)
  return view_size(storage.cards[p]) > options.discard_limit
end

local function maritime_give(p, opts)
  local plan = make_plan(p)
  local give = maritime_plan(plan, shed(p))
  local i = give and index_where(opts, "resource", give)
  if i then return i end
  -- No plan (e.g. the menu choice was scripted): the largest pile.
  return argmax(#opts, function(k) return plan.hand[opts[k].resource] or 0 end)
end

local function maritime_get(p, opts)
  local plan = make_plan(p)
  local _, get = maritime_plan(plan, shed(p))
  local i = get and index_where(opts, "resource", get)
  if i then return i end
  return argmin(#opts, function(k) return plan_prod(plan)[opts[k].resource] or 0 end)
end

-- The option of a trade list in which the deciding player gives `give` and gets `get`: found
-- with the rules' trade_index in their lazy lists, else by reading the options.
local function trade_option(opts, give, get)
  local i = trade_index(opts, give, get)
  if i then return i end
  if rawget(opts, "trades") then return nil end -- a rules' list: trade_index answered
  local function same(a, b)
    for i = 1, #RES do
      local r = RES[i]
      if (a[r] or 0) ~= (b[r] or 0) then return false end
    end
    return true
  end
  for k = 1, #opts do
    local o = opts[k]
    if type(o.give) == "table" and type(o.get) == "table" and (o.action == "offer"
        or o.answer == "counter") and same(o.give, give) and same(o.get, get) then
      return k
    end
  end
  return nil
end

local function offer_choice(p, opts)
  local give, get
  if failed_rounds() == 0 then give, get = offer_terms(make_plan(p)) end
  local i = give and trade_option(opts, give, get)
  if i then return i end
  local n = #opts
  if opts[n].action == "cancel" then return n end
  return index_where(opts, "action", "cancel") or n
end

local function answer_choice(p, opts)
  -- The leading records: "accept" (when p can pay) and "decline", each with the offer.
  local accept, decline, first = nil, nil, nil
  for i = 1, math.min(#opts, 2) do
    local o = opts[i]
    if o.answer == "accept" then accept = i elseif o.answer == "decline" then decline = i end
    first = first or o
  end
  decline = decline or #opts
  local from, offer = first and first.from, first and first.offer
  if from == nil or offer == nil or from == p
      or public_vp(from) >= options.target_vp - NEAR_VICTORY then
    return decline
  end
  local plan = make_plan(p)
  -- p would give what the offerer asks for and get what it offers.
  if accept and trade_gain(plan, offer.get, offer.give) > 0 then return accept end
  local counter = find_counter(plan, offer, function(give, get)
    return trade_option(opts, give, get)
  end)
  return counter or decline
end

local function partner_choice(p, opts)
  local plan = make_plan(p)
  local limit = options.target_vp - NEAR_VICTORY
  local best, best_gain, best_cost, best_vp, nobody
  for i = 1, #opts do
    local o = opts[i]
    local q = o.player
    if q and type(o.give) == "table" and type(o.get) == "table" then
      local v = public_vp(q)
      if v < limit then
        local gain = trade_gain(plan, o.give, o.get)
        if gain > 0 then
          local cost = 0
          for k = 1, #RES do cost = cost + (o.give[RES[k]] or 0) end
          if best == nil or gain > best_gain or gain == best_gain and (cost < best_cost
              or cost == best_cost and v < best_vp) then
            best, best_gain, best_cost, best_vp = i, gain, cost, v
          end
        end
      end
    elseif q == nil and nobody == nil then
      nobody = i
    end
  end
  return best or nobody or #opts
end

local function preroll_choice(p, opts)
  local k = index_where(opts, "card", "knight")
  if k and robber_blocks(p) then return k end
  return index_where(opts, "action", "roll") or 1
end

-- The search asked about what the agent was not taught (docs/bots.md): a few forks, each played
-- for the rest of the turn and the next by this agent.
local SEARCH = { iterations = 16, horizon = 1, rollout = "heuristic" }

-- Main-menu actions the agent acts on: by piece for "build", else by action.
local MENU_BUILD = { city = 1, settlement = 2, road = 4 }
local MENU = { buy_dev = 3, maritime = 5, domestic = 6, ["end"] = 7 }

-- The main menu.
local function action_choice(p, opts)
  local n = #opts
  local settle, buy, road, sea, offer, stop, plays, unknown
  for k = 1, n do
    local o = opts[k]
    local action = o.action
    local code
    if action == "build" then code = MENU_BUILD[o.piece] else code = MENU[action] end
    if code == nil and action ~= "play" then unknown = true end
    if code == 1 then
      return k
    elseif code == 2 then
      settle = k
    elseif code == 3 then
      buy = k
    elseif code == 4 then
      road = k
    elseif code == 5 then
      sea = k
    elseif code == 6 then
      offer = k
    elseif code == 7 then
      stop = k
    elseif action == "play" then
      plays = true
    end
  end
  if settle then return settle end
  if unknown and not game.agent_extended("heuristic", "base.action") then
    local k = game.search(opts, SEARCH)
    if k then return k end
  end
  -- A failed trade round ends the bot's offers for the turn (no plan needed).
  if offer and failed_rounds() > 0 then offer = nil end
  if not (buy or road or sea or offer or plays) then return stop or n end

  local plan = make_plan(p)
  local hand = plan.hand

  if plays then
    for k = 1, n do
      local o = opts[k]
      if o.action == "play" and want_play(plan, o.card) then return k end
    end
  end

  local over = view_size(storage.cards[p]) > options.discard_limit
  if buy then
    local primary = plan.primary
    local ok = primary == nil or primary == "dev" or over
    if not ok then
      -- Only when the card takes nothing the primary target still needs.
      local cost = cost_of(primary)
      ok = true
      for k = 1, #RES do
        local r = RES[k]
        local d = DEV_CARD_COST[r]
        if d and d > 0 and hand[r] - d < (cost[r] or 0) then ok = false end
      end
    end
    if ok then return buy end
  end

  if road then
    local ok = plan.want_road and plan_goal(plan) ~= nil
    if not ok and road_race(p) then
      -- Only with brick and lumber a reachable settlement does not need.
      local need = plan.has_spot and cost_of("settlement") or EMPTY
      ok = hand.brick - 1 >= (need.brick or 0) and hand.lumber - 1 >= (need.lumber or 0)
    end
    if ok then return road end
  end

  if sea and maritime_plan(plan, over) then return sea end

  if offer then
    local give, get = offer_terms(plan)
    if give and opponents_hold(p, get) then return offer end
  end

  return stop or n
end

------------------------------------------------------------------------------------------------

local HANDLERS = {
  ["base.setup_settlement"] = setup_settlement,
  ["base.setup_road"] = setup_road,
  ["base.action"] = action_choice,
  ["base.preroll"] = preroll_choice,
  ["base.place_city"] = place_city,
  ["base.place_settlement"] = place_settlement,
  ["base.place_road"] = place_road,
  ["base.robber"] = robber_choice,
  ["base.victim"] = victim_choice,
  ["base.discard"] = discard_choice,
  ["base.give"] = discard_choice, -- give_cards (library.lua): cards given up, as a discard
  ["base.plenty"] = plenty_choice,
  -- A card of a terrain of choice (a gold field): what Year of Plenty would take.
  ["base.production_choice"] = plenty_choice,
  ["base.monopoly"] = monopoly_choice,
  ["base.maritime_give"] = maritime_give,
  ["base.maritime_get"] = maritime_get,
  ["base.trade_offer"] = offer_choice,
  ["base.trade_answer"] = answer_choice,
  ["base.trade_partner"] = partner_choice,
}

-- The heuristic agent's answer to decision `kind` of `player` among `opts` (an index into
-- opts). A global so tests can call it directly.
function heuristic_choice(player, kind, opts)
  local n = #opts
  if n == 1 then return 1 end
  local handler = HANDLERS[kind]
  if handler == nil then return game.search(opts, SEARCH) or game.random(n) end
  return handler(player, opts)
end

game.agent("heuristic", heuristic_choice)
