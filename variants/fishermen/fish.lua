-- The Fishermen of Catan: fish tokens, where they come from, and the old boot.
--
-- State (all in the kernel):
--   deck "fish" (hidden; pool = form "fish"): the undrawn tokens, items "fish1", "fish2",
--     "fish3" (1, 2 or 3 fish; 11, 10 and 8 of them) and "boot" (the old boot, once)
--   holdings, form "fish" (private: everyone sees how many tokens a player holds, only the
--     holder sees their values), kinds fish1 fish2 fish3: each player's tokens
--   holdings of supply "fish_spent", form "fish": the tokens spent, shuffled back into the deck
--     when it runs out
--   game prop fishermen.boot: the seat holding the old boot (unset while it is in the deck);
--     public, since the boot is shown as soon as it is drawn
--   tile prop terrain = "lake" on the former desert, tile prop lake_numbers = "2,3,11,12"
--   node prop fishing = the numbers of the fishing grounds and the lake at the node ("4", "11"
--     or "4,2,3,11,12"), for people and viewers
-- Invariant (with base.check): per kind, deck + spent pile + players = the tokens made, and the
-- boot is either in the deck or held (fishermen.boot).
--
-- Where fish come from (each through a base hook point):
--   grounds   six fishing grounds on the frame, one on each sea hex that touches two land hexes
--             and no harbor: the three coastal nodes of that hex (the concave coastal node and
--             the far ends of its two coastal paths). Numbers 4 5 6 8 9 10 (option grounds).
--   lake      the desert becomes a lake that yields fish on 2, 3, 11 and 12 to its six corners,
--             unless the robber stands on it. The robber starts off the board (game prop robber
--             unset): there is no desert for it.
--   roll      after base.roll (the final dice): each settlement at a producing ground or lake
--             draws one token, each city (or anything built on a city) two, in ground order, then
--             node order, then the lake.
--   setup     the second setup settlement draws one token per fishing ground and lake it touches
--             (base.setup_income, after the cards).
--   limit     a player holds at most options.max_tokens tokens; at the limit a player may return
--             one (decision "fishermen.full": {id = "keep", action = "keep"} or {id =
--             "return:fishK", action = "return", kind = "fishK", value = K}) and draw.
--   boot      drawn like a token but shown at once (fishermen.boot); its holder needs
--             options.boot_points more points to win (base.target_vp). Passing it: spend.lua.
-- Fish are not resource cards: the base pack's discard count, steals and monopoly read the
-- "card" form only, so fish are never discarded on a 7 nor stolen, and no trade moves them.

FORM = "fish"
DECK = "fish"
SPENT = "fish_spent"
BOOT = "boot"
BOOT_PROP = "fishermen.boot"
-- Token kinds, their fish, and how many the game has.
KINDS = { "fish1", "fish2", "fish3" }
VALUE = { fish1 = 1, fish2 = 2, fish3 = 3, boot = 0 }
MADE = { fish1 = 11, fish2 = 10, fish3 = 8 }
GROUND_NUMBERS = { 4, 5, 6, 8, 9, 10 }
LAKE_NUMBERS = { 2, 3, 11, 12 }

-- The options of "fishermen.full", made once per load (read only).
KEEP_OPTION = { id = "keep", action = "keep" }
RETURN_OPTIONS = {}
for _, k in ipairs(KINDS) do
  RETURN_OPTIONS[k] = { id = "return:" .. k, action = "return", kind = k, value = VALUE[k] }
end

game.describe("fishermen.full", function(o)
  if o.action == "keep" then return "draw nothing" end
  return "return a token of " .. o.value .. " fish and draw"
end)

-- Statistics for the balance lab (stats.fish_*, docs/fishermen.md): counters in storage.stats,
-- made on first use.
function count_stat(name, n)
  local stats = storage.stats
  stats[name] = (stats[name] or 0) + n
end

-- Fish of player p's tokens (the boot, which is never held as a token in a real game, counts 0).
function fish_of(p)
  local held = storage.held[p]
  return held.fish1 + 2 * held.fish2 + 3 * held.fish3
end

-- Tokens player p holds.
function tokens_of(p)
  local held = storage.held[p]
  return held.fish1 + held.fish2 + held.fish3 + (held.boot or 0)
end

-- Puts the spent tokens back into the deck and shuffles it.
local function refill()
  local spent = storage.spent
  local any = false
  for _, k in ipairs(KINDS) do
    local n = spent[k]
    if n > 0 then
      game.remove(SPENT, k, n, FORM)
      for _ = 1, n do game.deck_push(DECK, k) end
      any = true
    end
  end
  if any then
    game.deck_shuffle(DECK)
    count_stat("refills", 1)
  end
end

-- Player p draws one token (the deck refilled from the spent pile when empty). The old boot is
-- shown and kept in fishermen.boot. Returns the item drawn, nil when there was none.
local function draw_one(p)
  if game.deck_count(DECK) == 0 then refill() end
  local item = game.deck_draw(DECK)
  if item == nil then return nil end
  if item == BOOT then
    game.set(BOOT_PROP, p)
    count_stat("boot_drawn", 1)
    if game.verbose() then game.log(string.format("player %d draws the old boot", p)) end
  else
    game.add(p, item, 1, FORM)
    count_stat("tokens_drawn", 1)
    count_stat("drawn", VALUE[item])
  end
  return item
end

-- Player p draws n tokens. At options.max_tokens p decides ("fishermen.full") whether to return
-- one of its tokens to the spent pile and draw, or to draw nothing more.
function draw_fish(p, n)
  for _ = 1, n do
    if tokens_of(p) >= options.max_tokens then
      local held, choices = storage.held[p], {}
      choices[1] = KEEP_OPTION
      for _, k in ipairs(KINDS) do
        if held[k] > 0 then choices[#choices + 1] = RETURN_OPTIONS[k] end
      end
      local choice = game.decide(p, "fishermen.full", choices)
      if choice.action == "keep" then
        count_stat("tokens_refused", 1)
        return
      end
      game.move(p, SPENT, choice.kind, 1, FORM)
      count_stat("tokens_returned", 1)
    end
    draw_one(p)
  end
end

-- Tokens a building draws from one producing fishing ground or lake.
function tokens_for(building)
  if building == nil then return 0 end
  if building == "settlement" then return 1 end
  return 2
end

-- The coastal paths (one tile) in order around the island, from the lowest id.
local function coastal_cycle()
  local coastal = {}
  for path = 1, board.paths() do
    if #board.path_tiles(path) == 1 then coastal[path] = true end
  end
  local first
  for path = 1, board.paths() do
    if coastal[path] then
      first = path
      break
    end
  end
  local cycle, seen = {}, {}
  local path, node = first, board.path_nodes(first)[2]
  while path and not seen[path] do
    seen[path] = true
    cycle[#cycle + 1] = path
    local nxt
    for _, q in ipairs(board.node_paths(node)) do
      if coastal[q] and not seen[q] then nxt = q end
    end
    if nxt == nil then break end
    local a, b = board.path_nodes(nxt)[1], board.path_nodes(nxt)[2]
    node = a == node and b or a
    path = nxt
  end
  return cycle
end

-- True when both nodes of `path` carry a harbor (a harbor path: harbors are never closer).
local function harbor_path(path)
  local nodes = board.path_nodes(path)
  return board.node_get(nodes[1], "harbor") ~= nil and board.node_get(nodes[2], "harbor") ~= nil
end

-- The fishing grounds: six sea hexes of the frame without a harbor, each as {nodes = {...},
-- at = position on the coast}. The sea hexes follow from the coastal cycle: two coastal paths
-- meeting at a node of two tiles face one sea hex touching two land hexes (three nodes); a
-- coastal path between two nodes of one tile faces a corner sea hex (two nodes). The printed
-- frame leaves six harbor-free sea hexes of the first sort, and the rules put the grounds there;
-- the base pack's frame puts every harbor on such a hex and leaves three free, so every free one
-- is taken, then the free corner hexes farthest along the coast from the grounds chosen (ties to
-- the first on the cycle), until there are six.
function find_grounds()
  local cycle = coastal_cycle()
  local m = #cycle
  local wide, corners = {}, {}
  local i = 1
  while i <= m do
    local path, nxt = cycle[i], cycle[i % m + 1]
    local shared
    local pn = board.path_nodes(path)
    for _, n in ipairs(board.path_nodes(nxt)) do
      if (n == pn[1] or n == pn[2]) and #board.node_tiles(n) == 2 then shared = n end
    end
    if shared then
      if not harbor_path(path) and not harbor_path(nxt) then
        local nodes = {}
        for _, n in ipairs(pn) do nodes[#nodes + 1] = n end
        for _, n in ipairs(board.path_nodes(nxt)) do
          if n ~= shared then nodes[#nodes + 1] = n end
        end
        table.sort(nodes)
        wide[#wide + 1] = { nodes = nodes, at = i + 0.5 }
      end
      i = i + 2
    else
      if not harbor_path(path) and #board.node_tiles(pn[1]) == 1 and #board.node_tiles(pn[2]) == 1 then
        local nodes = { pn[1], pn[2] }
        table.sort(nodes)
        corners[#corners + 1] = { nodes = nodes, at = i }
      end
      i = i + 1
    end
  end
  local grounds = {}
  for k = 1, math.min(#wide, #GROUND_NUMBERS) do grounds[k] = wide[k] end
  local function distance(a, b)
    local d = math.abs(a - b)
    return math.min(d, m - d)
  end
  local taken = {}
  while #grounds < #GROUND_NUMBERS do
    local best, best_d
    for k, c in ipairs(corners) do
      if not taken[k] then
        local d = math.huge
        for _, g in ipairs(grounds) do d = math.min(d, distance(c.at, g.at)) end
        if best == nil or d > best_d then best, best_d = k, d end
      end
    end
    if best == nil then break end
    taken[best] = true
    grounds[#grounds + 1] = corners[best]
  end
  table.sort(grounds, function(a, b) return a.at < b.at end)
  return grounds
end

-- Appends text to node prop fishing of node n.
local function mark_node(n, text)
  local old = board.node_get(n, "fishing")
  board.node_set(n, "fishing", old and (old .. "," .. text) or text)
end

game.on("game.setup", function(e)
  for _, k in ipairs(KINDS) do game.add_kind(k) end
  game.add_kind(BOOT)
  game.add_form(FORM, "private")
  game.add_supply(SPENT)
  game.add_deck(DECK, { hidden = true, pool = FORM })
  for _, k in ipairs(KINDS) do
    for _ = 1, MADE[k] do game.deck_push(DECK, k) end
  end
  game.deck_push(DECK, BOOT)
  game.deck_shuffle(DECK)
  storage.held, storage.stats = {}, {}
  for p = 1, e.players do storage.held[p] = game.holdings_view(p, FORM) end
  storage.spent = game.holdings_view(SPENT, FORM)

  -- The grounds and their numbers.
  local grounds = find_grounds()
  if #grounds < #GROUND_NUMBERS then
    error(string.format("fishermen: the board has %d places for fishing grounds, %d needed",
      #grounds, #GROUND_NUMBERS), 0)
  end
  local numbers = {}
  for i, k in ipairs(GROUND_NUMBERS) do numbers[i] = k end
  if options.grounds == "random" then game.shuffle(numbers) end
  -- by_number[k]: the nodes drawing on a roll of k, once per ground or lake they touch.
  local by_number = {}
  for i = 1, #GROUND_NUMBERS do
    local g = grounds[i]
    g.number = numbers[i]
    local list = by_number[g.number] or {}
    by_number[g.number] = list
    for _, n in ipairs(g.nodes) do
      list[#list + 1] = n
      mark_node(n, tostring(g.number))
    end
  end
  storage.grounds = { table.unpack(grounds, 1, #GROUND_NUMBERS) }

  -- The lake: the first tile without a number token (the desert; a gold field, which has no
  -- fixed resource, has a token and stays), its corners. No such tile: no lake.
  local lake
  for t = 1, board.tiles() do
    if board.tile_get(t, "number") == nil then
      lake = t
      break
    end
  end
  storage.lake = lake
  storage.lake_by_number = {}
  if lake then
    board.tile_set(lake, "terrain", "lake")
    board.tile_set(lake, "lake_numbers", table.concat(LAKE_NUMBERS, ","))
    for _, k in ipairs(LAKE_NUMBERS) do storage.lake_by_number[k] = true end
    for _, n in ipairs(board.tile_nodes(lake)) do mark_node(n, table.concat(LAKE_NUMBERS, ",")) end
  end
  storage.by_number = by_number
  -- No desert for the robber: it starts beside the board.
  game.set("robber", nil)
  storage.ready = true
end, { priority = -85 }) -- after the base board (-90)

-- The draws of a roll of `total`, as a flat array of (seat, tokens) pairs in ground order, node
-- order, then the lake's corners.
function roll_draws(total)
  local out = {}
  local list = storage.by_number[total]
  if list then
    for _, n in ipairs(list) do
      local k = tokens_for(board.node_get(n, "building"))
      if k > 0 then
        out[#out + 1] = board.node_get(n, "owner")
        out[#out + 1] = k
      end
    end
  end
  local lake = storage.lake
  if lake and storage.lake_by_number[total] and game.get("robber") ~= lake then
    for _, n in ipairs(board.tile_nodes(lake)) do
      local k = tokens_for(board.node_get(n, "building"))
      if k > 0 then
        out[#out + 1] = board.node_get(n, "owner")
        out[#out + 1] = k
      end
    end
  end
  return out
end

-- Fishing on the final dice (an after-handler: re-rolls by other packs have happened).
game.on("base.roll", function(e)
  local draws = roll_draws(e.total)
  for i = 1, #draws, 2 do draw_fish(draws[i], draws[i + 1]) end
end, { after = true })

-- The second setup settlement: one token per fishing ground and lake it touches.
game.on("base.setup_income", function(e)
  local n, k = e.node, 0
  for _, g in ipairs(storage.grounds) do
    for _, m in ipairs(g.nodes) do
      if m == n then k = k + 1 end
    end
  end
  local lake = storage.lake
  if lake then
    for _, m in ipairs(board.tile_nodes(lake)) do
      if m == n then k = k + 1 end
    end
  end
  if k > 0 then draw_fish(e.player, k) end
end, { after = true })

-- The old boot: its holder needs more points to win.
game.on("base.target_vp", function(e)
  if game.get(BOOT_PROP) == e.player then e.target = e.target + options.boot_points end
end)

-- Statistics for the balance lab (docs/fishermen.md), and each player's tokens and fish at the
-- end (player props fish_tokens, fish; boot = true for the holder).
STATS = { "drawn", "tokens_drawn", "tokens_refused", "tokens_returned", "refills", "boot_drawn",
          "boot_passes", "spent", "wasted" }
USES = { "robber", "steal", "resource", "road", "dev" }

game.on("game.end", function(e)
  local stats = storage.stats or {}
  for _, k in ipairs(STATS) do game.set("stats.fish_" .. k, stats[k] or 0) end
  for _, u in ipairs(USES) do
    game.set("stats.fish_uses_" .. u, stats["uses_" .. u] or 0)
    game.set("stats.fish_spent_" .. u, stats["spent_" .. u] or 0)
  end
  local holder = game.get(BOOT_PROP)
  if holder then game.set("stats.fish_boot_holder_won", e.winner == holder) end
  if storage.ready then
    for q = 1, game.players() do
      game.player_set(q, "fish_tokens", tokens_of(q))
      game.player_set(q, "fish", fish_of(q))
    end
  end
end)

-- With the base pack's check option: every token is in the deck, the spent pile or a hand, and
-- the boot in the deck or held.
function check_fish(where)
  local in_deck = { fish1 = 0, fish2 = 0, fish3 = 0, boot = 0 }
  for _, item in ipairs(game.deck_items(DECK)) do in_deck[item] = in_deck[item] + 1 end
  for _, k in ipairs(KINDS) do
    local n = in_deck[k] + game.sum(k, FORM)
    if n ~= MADE[k] then
      error(string.format("invariant broken: %s tokens after %s, expected %d, got %d", k, where,
        MADE[k], n), 0)
    end
  end
  local boots = in_deck.boot + game.sum(BOOT, FORM) + (game.get(BOOT_PROP) and 1 or 0)
  if boots ~= 1 then
    error(string.format("invariant broken: old boots after %s, expected 1, got %d", where, boots), 0)
  end
  for q = 1, game.players() do
    if tokens_of(q) > options.max_tokens then
      error(string.format("invariant broken: player %d holds %d fish tokens after %s, limit %d",
        q, tokens_of(q), where, options.max_tokens), 0)
    end
  end
end

if game.option("base", "check") then
  game.invariant(function(where)
    if storage.ready then check_fish(where) end
  end)
end
