-- Tests of agents/heuristic.lua: the choices of the "heuristic" agent in positions built by
-- hand (beginner board, game.setup only), that it leaves storage untouched, and whole games.
-- Run: catan test base --filter heuristic
--
-- Beginner-board facts used below (node: tiles as resource+number):
--   node 43: ore 3, brick 5, grain 6       node 3: ore 10, wool 2, brick 6
--   node 20: brick 6, lumber 11, desert    node 36: ore 8 only (tile 12)
--   node 46: wool 5 only (tile 16)         node 42: ore 3, grain 4, grain 6
--   node 41: lumber 8 only (5 pips)        node 12: lumber 9 only (4 pips)
--   node 39: lumber 8, ore 3, brick 5
--   node 37: ore 8 only, a 3:1 harbor      node 28: grain 9 only
-- Tiles: 5 = brick 6, 12 = ore 8, 18 = grain 6, 10 = desert.

local HEURISTIC4 = { "heuristic", "heuristic", "heuristic", "heuristic" }

local function new_game(t, extra)
  local opts = { "base.check=true" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  t.start { players = 4, seed = 1, start = false, options = opts, agents = HEURISTIC4 }
  return t.env()
end

local function give(p, cards)
  for _, r in ipairs({ "brick", "lumber", "wool", "grain", "ore" }) do
    if cards[r] then game.move("bank", p, r, cards[r], "card") end
  end
end

-- A settlement of p on `node` (and a city when `city`), placed as the rules place them.
local function settle(env, p, node, city)
  env.place_piece(p, "settlement", node, { free = true, setup = true })
  if city then env.place_piece(p, "city", node, { free = true }) end
end

-- A road of p on the first path at `node`.
local function road_at(env, p, node)
  local path = board.node_paths(node)[1]
  env.place_piece(p, "road", path, { free = true })
  return path
end

-- Gives p a development card of `kind` taken from the deck.
local function give_dev(p, kind)
  local skipped = {}
  while true do
    local card = game.deck_draw("dev")
    assert(card, "no " .. kind .. " in the deck")
    if card == kind then break end
    skipped[#skipped + 1] = card
  end
  for i = #skipped, 1, -1 do game.deck_push("dev", skipped[i]) end
  game.add(p, kind, 1, "dev")
end

-- The agent's answer as the chosen option's id.
local function choose(env, p, kind, options)
  return options[env.heuristic_choice(p, kind, options)].id
end

-- The robber's menu as move_robber builds it.
local function robber_options(env)
  local options = {}
  for tile = 1, board.tiles() do
    if tile ~= game.get("robber") then options[#options + 1] = env.storage.tile_options[tile] end
  end
  return options
end

-- The options of the rules for `list`'s elements: nodes(env, {12, 41}), paths(env, {...}),
-- seats(env, {3, 2}), resources(env, {"brick", ...}).
local function records(table, list)
  local out = {}
  for i, x in ipairs(list) do out[i] = table[x] end
  return out
end
local function nodes(env, list) return records(env.storage.node_options, list) end
local function paths(env, list) return records(env.storage.path_options, list) end
local function seats(env, list) return records(env.SEAT_OPTIONS, list) end
local function resources(env, list) return records(env.RESOURCE_OPTIONS, list) end
local RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

-- The answers player q is offered for p's offer of `give` for `get` (the rules' list).
local function answer_options(env, p, q, give, get)
  return env.answer_list(p, q, env.offer_option(give, get))
end

local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end

test("heuristic: builds a city rather than a road when it can pay for both", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  road_at(env, 1, 43)
  give(1, { ore = 3, grain = 2, brick = 1, lumber = 1 })
  local menu = env.action_options(1)
  t.eq(ids(menu), { "build:city", "build:road", "domestic", "end" })
  t.eq(choose(env, 1, "base.action", menu), "build:city")
  -- The same in a real turn: the settlement on node 43 becomes a city (7 cards: no discard on
  -- a 7, and the robber cannot rob the player who moves it).
  t.turn()
  t.eq(board.node_get(43, "building"), "city")
  t.eq(board.node_get(43, "owner"), 1)
end)

test("heuristic: moves the robber onto the leader's tile that spares its own buildings", function(t)
  local env = new_game(t)
  settle(env, 1, 3)                 -- player 1: ore 10, wool 2, brick 6
  settle(env, 2, 20, true)          -- the leader (4 points) shares tile 5 with player 1 ...
  settle(env, 2, 36)                -- ... and alone holds tile 12 (ore 8)
  settle(env, 2, 46)
  settle(env, 3, 42, true)          -- player 3 (2 points): a city on grain 6
  give(2, { wool = 2 })
  give(3, { ore = 2 })
  t.eq(game.player_get(2, "vp"), 4)
  t.eq(game.player_get(3, "vp"), 2)
  local options = robber_options(env)
  t.eq(#options, 18)
  t.eq(choose(env, 1, "base.robber", options), "tile:12")
  -- Played through the rules: the robber goes there and robs the leader, the only victim.
  t.eq(env.move_robber(1), 12)
  t.eq(game.get("robber"), 12)
  t.eq(cards(1), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
  t.eq(cards(2), { brick = 0, lumber = 0, wool = 1, grain = 0, ore = 0 })
  -- Between two victims it robs the one with more points.
  t.eq(choose(env, 1, "base.victim", seats(env, { 3, 2 })), "player:2")
end)

test("heuristic: never puts the robber on its own tile, even the leader's best one", function(t)
  local env = new_game(t)
  settle(env, 1, 3)
  settle(env, 2, 20, true) -- tile 5 (brick 6) is the leader's best tile, shared with player 1
  local choice = choose(env, 1, "base.robber", robber_options(env))
  t.ok(choice ~= "tile:5", "not on player 1's tile 5")
  t.ok(choice ~= "tile:1" and choice ~= "tile:2", "not on player 1's tiles")
  t.eq(choice, "tile:9", "the leader's other producing tile")
end)

test("heuristic: in setup it prefers the node with more pips", function(t)
  local env = new_game(t)
  -- Node 41 touches only lumber 8 (5 pips), node 12 only lumber 9 (4 pips), no harbor on either.
  t.eq(choose(env, 1, "base.setup_settlement", nodes(env, { 12, 41 })), "node:41")
  t.eq(choose(env, 1, "base.setup_settlement", nodes(env, { 41, 12 })), "node:41")
  -- Node 45 (grain 4, grain 6, wool 11: 10 pips) over node 7 (wool 2: 1 pip).
  t.eq(choose(env, 1, "base.setup_settlement", nodes(env, { 7, 45 })), "node:45")
  -- The same from the lazy array the rules offer.
  local lazy = env.lazy_options({ 7, 45 }, env.storage.node_options)
  t.eq(choose(env, 1, "base.setup_settlement", lazy), "node:45")
  -- In a real setup, on the empty board (every node legal, so the choice is the node id), the
  -- first settlement goes to one of the spots within 10% of the best one, drawn from the agent's
  -- own stream: node 39 (lumber 8, ore 3, brick 5: 11 pips, brick and lumber), 40 or 43. Over
  -- twelve games, openings differ.
  local seen, distinct = {}, 0
  for seed = 1, 12 do
    t.start { players = 4, seed = seed, agents = HEURISTIC4, options = { "base.check=true" } }
    local first = t.decisions()[1]
    t.eq({ first.kind, first.count, first.id },
      { "base.setup_settlement", 54, "node:" .. first.choice })
    local node = first.choice
    t.ok(node == 39 or node == 40 or node == 43, "seed " .. seed .. ": node " .. node)
    t.eq(board.node_get(node, "owner"), first.player)
    if not seen[node] then seen[node], distinct = true, distinct + 1 end
  end
  t.ok(distinct > 1, "the first settlement varies from game to game")
end)

test("heuristic: a maritime trade only when it completes the build it wants", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  settle(env, 1, 37) -- a 3:1 harbor
  give(1, { ore = 3, grain = 1, wool = 3 })
  local menu = env.action_options(1)
  t.eq(ids(menu), { "buy_dev", "maritime", "domestic", "end" })
  -- The card would spend ore the city needs; 3 wool buy the missing grain (ore could be given
  -- too, but the city needs it).
  t.eq(choose(env, 1, "base.action", menu), "maritime")
  t.eq(ids(env.maritime_gives(1)), { "wool", "ore" })
  t.eq(choose(env, 1, "base.maritime_give", env.maritime_gives(1)), "wool")
  t.eq(choose(env, 1, "base.maritime_get", resources(env, { "brick", "lumber", "grain", "ore" })),
    "grain")
  -- Two cards short of the city, one trade cannot complete it: no trade, no card.
  env = new_game(t)
  settle(env, 1, 43)
  settle(env, 1, 37)
  give(1, { ore = 2, grain = 1, wool = 3 })
  menu = env.action_options(1)
  t.eq(ids(menu), { "buy_dev", "maritime", "domestic", "end" })
  local choice = choose(env, 1, "base.action", menu)
  t.ok(choice == "end" or choice == "domestic", "got " .. choice)
  -- Above the discard limit it buys the card rather than risk losing half the hand.
  give(1, { wool = 2 })
  t.eq(choose(env, 1, "base.action", env.action_options(1)), "buy_dev")
end)

test("heuristic: discards the cards its builds do not need", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  road_at(env, 1, 43)
  give(1, { ore = 3, grain = 2, wool = 3, lumber = 1 }) -- 9 cards: discards 4
  env.seven(1)
  -- The 3 wool go first; then the largest pile among the cards it wants (the ore).
  t.eq(cards(1), { brick = 0, lumber = 1, wool = 0, grain = 2, ore = 2 })
end)

test("heuristic: gives up cards a rule takes (give_cards) as it discards them", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  road_at(env, 1, 43)
  give(1, { ore = 3, grain = 2, wool = 3, lumber = 1 })
  -- The hand of the discard test above, 4 cards taken to the bank: the same cards go.
  t.eq(require("base").give_cards(1, 4), { wool = 3, ore = 1 })
  t.eq(cards(1), { brick = 0, lumber = 1, wool = 0, grain = 2, ore = 2 })
  local kinds = {}
  for i, d in ipairs(t.decisions()) do kinds[i] = d.kind end
  t.eq(kinds, { "base.give", "base.give", "base.give", "base.give" })
end)

test("heuristic: plays a knight before the roll when the robber blocks its tile", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  give_dev(1, "knight")
  local preroll = { env.ACTION_OPTIONS.roll, env.ACTION_OPTIONS.play.knight }
  t.eq(choose(env, 1, "base.preroll", preroll), "roll")
  game.set("robber", 18) -- grain 6, touching node 43
  t.eq(choose(env, 1, "base.preroll", preroll), "play:knight")
end)

test("heuristic: offers surplus cards for what its target lacks, once a turn unless it trades",
  function(t)
    local env = new_game(t)
    settle(env, 1, 43)
    road_at(env, 1, 43)
    give(1, { ore = 2, grain = 1, wool = 3 }) -- the city lacks 1 ore and 1 grain; wool is surplus
    give(2, { ore = 2, grain = 2 })
    env.storage.turn.rolled = true
    t.eq(choose(env, 1, "base.action", env.action_options(1)), "domestic")
    -- Both missing cards for as many surplus cards.
    t.eq(choose(env, 1, "base.trade_offer", env.offer_list(1)), "offer:give=wool2:get=grain1,ore1")
    -- After a round without a trade nothing it would ask has changed: no more offers this turn.
    env.storage.turn.offers = 1
    t.eq(choose(env, 1, "base.action", env.action_options(1)), "end")
    t.eq(choose(env, 1, "base.trade_offer", env.offer_list(1)), "cancel")
    -- After a trade, a new offer for what it lacks then.
    env.storage.turn.trades = 1
    t.eq(choose(env, 1, "base.action", env.action_options(1)), "domestic")
    -- Nobody holds one more than a card it asks for: no offer.
    env.storage.turn.offers, env.storage.turn.trades = 0, 0
    game.move(2, "bank", "grain", 1, "card")
    t.eq(choose(env, 1, "base.action", env.action_options(1)), "end")
  end)

test("heuristic: accepts what fills its target with surplus cards, else counters or declines",
  function(t)
    local env = new_game(t)
    -- Player 2 has no building: its target is a road (brick, lumber); it holds 1 lumber, and
    -- grain and ore to spare.
    give(1, { brick = 2, wool = 2, lumber = 1 })
    give(2, { lumber = 1, grain = 2, ore = 2 })
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { brick = 1 }, { grain = 1 })),
      "accept")
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { brick = 1 }, { grain = 1, ore = 1 })),
      "accept", "two surplus cards for the missing one")
    -- Wool fills nothing: it counters with the surplus card it was asked for, for the brick it
    -- lacks (held by player 1).
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { wool = 2 }, { ore = 1 })),
      "counter:give=ore1:get=brick1")
    -- Asked only for its lumber, which the road needs: nothing asked to spare, so no counter.
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { brick = 1 }, { lumber = 1 })),
      "decline")
    -- Asked for grain and ore for wool: it counters with one of them (as spare as each other:
    -- the first) for the brick.
    t.eq(choose(env, 2, "base.trade_answer",
      answer_options(env, 1, 2, { wool = 1 }, { grain = 1, ore = 1 })), "counter:give=grain1:get=brick1")
    -- Nothing player 1 holds fills its target: decline.
    game.move(1, "bank", "brick", 2, "card")
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { wool = 2 }, { ore = 1 })),
      "decline")
    -- Never with a player near victory (target 3 points; player 1 shows 2).
    env = new_game(t, { "base.target_vp=3" })
    settle(env, 1, 43)
    settle(env, 1, 3)
    give(1, { brick = 2 })
    give(2, { lumber = 1, grain = 2, ore = 2 })
    t.eq(choose(env, 2, "base.trade_answer", answer_options(env, 1, 2, { brick = 1 }, { grain = 1 })),
      "decline")
  end)

test("heuristic: picks the partner whose terms help it most, never one near victory", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  road_at(env, 1, 43)
  give(1, { ore = 2, grain = 1, wool = 3 }) -- the city lacks 1 ore and 1 grain
  local function partner(q, answer, give_, get)
    return { id = "player:" .. q, player = q, answer = answer, give = give_, get = get }
  end
  local one = partner(2, "accept", { wool = 1 }, { ore = 1 })
  local both = partner(3, "counter", { wool = 2 }, { ore = 1, grain = 1 })
  local dear = partner(4, "counter", { wool = 3 }, { ore = 1, grain = 1 })
  local needed = partner(4, "counter", { ore = 1 }, { grain = 1 })
  t.eq(choose(env, 1, "base.trade_partner", { one, both, dear, env.NOBODY_OPTION }), "player:3",
    "both missing cards, for fewer cards than player 4 asks")
  t.eq(choose(env, 1, "base.trade_partner", { needed, env.NOBODY_OPTION }), "nobody",
    "it would pay ore its city needs")
  -- A partner near victory is passed over.
  env = new_game(t, { "base.target_vp=3" })
  settle(env, 1, 43)
  road_at(env, 1, 43)
  give(1, { ore = 2, grain = 1, wool = 3 })
  settle(env, 3, 28)
  settle(env, 3, 46)
  t.eq(choose(env, 1, "base.trade_partner", { one, both, env.NOBODY_OPTION }), "player:2")
end)

test("heuristic: a round between heuristic bots trades what both want", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  road_at(env, 1, 43)
  -- The city lacks 1 ore and 1 grain; the road it wants takes a brick, the other is surplus.
  give(1, { ore = 2, grain = 1, wool = 3, brick = 2 })
  give(2, { lumber = 1, grain = 2, ore = 2 })           -- its road lacks a brick
  env.storage.turn.rolled = true
  t.eq(env.domestic_action(1), true)
  local order = {}
  for _, d in ipairs(t.decisions()) do order[#order + 1] = d.player .. " " .. d.id end
  -- Player 2 counters with a grain for player 1's brick (wool fills nothing for it); player 1
  -- takes it: the brick is surplus and the grain is missing.
  t.eq(order, { "1 offer:give=wool2:get=grain1,ore1", "2 counter:give=grain1:get=brick1",
                "1 player:2" })
  t.eq(cards(1), { brick = 1, lumber = 0, wool = 3, grain = 2, ore = 2 })
  t.eq(cards(2), { brick = 1, lumber = 1, wool = 0, grain = 1, ore = 2 })
end)

test("heuristic: reads the game without changing storage", function(t)
  t.start { players = 4, seed = 2, agents = HEURISTIC4 }
  t.turn(24)
  local env = t.env()
  local p = game.current()
  give(p, { brick = 2, lumber = 2, wool = 2, grain = 2, ore = 3 })
  -- The rules' own queries (legal_spots, action_options, ...) refresh caches in storage: ask
  -- them first, and make the records read below.
  local menu = env.action_options(p)
  local gives = env.maritime_gives(p)
  local roads = paths(env, env.legal_spots(p, "road"))
  local robber = robber_options(env)
  -- The board cache (data derived from the board that any reader may fill) and the agent's
  -- own cache: left out.
  local function rules_storage()
    local s = copy(env.storage)
    s.board_cache, s.heuristic = nil, nil
    return s
  end
  local before = rules_storage()
  local digest = { cards(1), cards(2), cards(3), cards(4), game.get("robber"), game.decisions() }
  env.heuristic_choice(p, "base.action", menu)
  env.heuristic_choice(p, "base.robber", robber)
  env.heuristic_choice(p, "base.discard", env.RESOURCE_OPTION_LIST)
  env.heuristic_choice(p, "base.plenty", env.RESOURCE_OPTION_LIST)
  env.heuristic_choice(p, "base.monopoly", env.RESOURCE_OPTION_LIST)
  if #gives > 0 then env.heuristic_choice(p, "base.maritime_give", gives) end
  local q = p % 4 + 1
  local offered = answer_options(env, p, q, { brick = 1 }, { ore = 1 })
  if offered then env.heuristic_choice(q, "base.trade_answer", offered) end
  env.heuristic_choice(p, "base.trade_offer", env.offer_list(p))
  if #roads > 0 then env.heuristic_choice(p, "base.place_road", roads) end
  t.eq(rules_storage(), before)
  t.eq({ cards(1), cards(2), cards(3), cards(4), game.get("robber"), game.decisions() }, digest)
end)

test("heuristic: sees an opponent take its settlement spot", function(t)
  local env = new_game(t)
  settle(env, 1, 43)
  -- Two roads from node 43 to node y, the only open node at the end of player 1's roads.
  local e1 = board.node_paths(43)[1]
  env.place_piece(1, "road", e1, { free = true })
  local ends = board.path_nodes(e1)
  local x = ends[1] == 43 and ends[2] or ends[1]
  local e2, y
  for _, e in ipairs(board.node_paths(x)) do
    local ab = board.path_nodes(e)
    local other = ab[1] == x and ab[2] or ab[1]
    if other ~= 43 then e2, y = e, other break end
  end
  env.place_piece(1, "road", e2, { free = true })
  give(1, { brick = 1, lumber = 1, ore = 2 })
  local cards = resources(env, { "brick", "lumber", "ore" })
  -- The settlement comes first: the ore is surplus.
  t.eq(choose(env, 1, "base.discard", cards), "ore")
  -- Player 2 settles on y: now the city (3 ore) and a road come first.
  settle(env, 2, y)
  t.eq(choose(env, 1, "base.discard", cards), "brick")
end)

test("heuristic: its cache never changes an answer", function(t)
  -- After every turn of two games, each seat's answers with the cache the game left
  -- (storage.heuristic) and with none are the same.
  local function answers(env, p)
    local menu = env.action_options(p)
    local all = resources(env, RESOURCES)
    local out = { env.heuristic_choice(p, "base.action", menu),
                  env.heuristic_choice(p, "base.discard", all),
                  env.heuristic_choice(p, "base.plenty", all),
                  env.heuristic_choice(p, "base.monopoly", all),
                  env.heuristic_choice(p, "base.robber", robber_options(env)),
                  env.heuristic_choice(p, "base.trade_offer", env.offer_list(p)) }
    local offered = answer_options(env, p % 4 + 1, p, { brick = 1 }, { ore = 1 })
    if offered then out[#out + 1] = env.heuristic_choice(p, "base.trade_answer", offered) end
    local gives = env.maritime_gives(p)
    if #gives > 0 then out[#out + 1] = env.heuristic_choice(p, "base.maritime_give", gives) end
    local roads = paths(env, env.legal_spots(p, "road"))
    if #roads > 0 then out[#out + 1] = env.heuristic_choice(p, "base.place_road", roads) end
    return out
  end
  for seed = 5, 6 do
    t.start { players = 4, seed = seed, agents = HEURISTIC4 }
    local env = t.env()
    while game.winner() == nil and game.turn() < 200 do
      t.turn()
      for p = 1, 4 do
        local warm = answers(env, p)
        env.storage.heuristic = nil
        t.eq(answers(env, p), warm)
      end
    end
  end
end)

test("heuristic: four heuristic bots finish a game under the invariant check", function(t)
  t.start { players = 4, seed = 3, agents = HEURISTIC4, options = { "base.check=true" } }
  local result = t.play()
  t.ok(result.winner ~= nil, "a winner")
  t.ok(result.turns <= 160, "finished in " .. result.turns .. " turns")
end)

test("heuristic: wins at least 16 of 20 games against three random bots", function(t)
  local wins = 0
  for g = 1, 20 do
    t.start { players = 4, seed = 1, game_index = g,
              agents = { "heuristic", "random", "random", "random" } }
    if t.play().winner == 1 then wins = wins + 1 end
  end
  t.ok(wins >= 16, "won " .. wins .. " of 20")
end)
