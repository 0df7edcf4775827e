-- The heuristic bot and fish (agent.lua), and whole games.

-- The id of the option seat 1's agent chooses for decision `kind` among `options`.
local function pick(kind, options)
  return game.decide(1, kind, options).id
end

test("the heuristic bot gives the boot away, then buys a development card with fish", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  base.place_piece(1, "settlement", 12, { free = true, setup = true })
  base.place_piece(2, "settlement", 23, { free = true, setup = true })
  base.place_piece(3, "settlement", 40, { free = true, setup = true })
  base.place_piece(3, "settlement", 51, { free = true, setup = true })
  give_boot(1)
  fish(1, { fish3 = 2, fish1 = 1 })
  t.eq(pick("base.action", base.action_options(1)), "boot:player:3") -- the one showing most
  game.set("fishermen.boot", 3)
  t.eq(pick("base.action", base.action_options(1)), "fish:dev")
end)

test("the heuristic bot chases the robber off its own hex, and buys the card a city lacks", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  base.place_piece(1, "settlement", 3, { free = true, setup = true }) -- tile 5
  fish(1, { fish2 = 2 })
  game.set("robber", 5)
  t.eq(pick("base.action", base.action_options(1)), "fish:robber")
  game.set("robber", nil)
  give(1, { ore = 2, grain = 2 })
  t.eq(pick("base.action", base.action_options(1)), "fish:resource")
  local opts = {}
  for i, r in ipairs(RESOURCES) do opts[i] = { id = r, resource = r } end
  t.eq(pick("fishermen.resource", opts), "ore")
end)

test("the heuristic bot robs the leader and returns a 1-fish token at the limit", function(t)
  local base = fresh(t, nil, nil, { "heuristic" })
  base.place_piece(3, "settlement", 40, { free = true, setup = true })
  t.eq(pick("fishermen.victim", { { id = "player:2", player = 2 }, { id = "player:3", player = 3 } }),
    "player:3")
  t.eq(pick("fishermen.full", { { id = "keep", action = "keep" },
                                 { id = "return:fish1", action = "return", kind = "fish1", value = 1 },
                                 { id = "return:fish3", action = "return", kind = "fish3", value = 3 } }),
    "return:fish1")
  t.eq(pick("fishermen.full", { { id = "keep", action = "keep" },
                                 { id = "return:fish3", action = "return", kind = "fish3", value = 3 } }),
    "keep")
end)

-- Plays whole games with every invariant checked; returns the summed fish statistics.
local function games(t, agents, n)
  local uses, won = {}, 0
  for seed = 1, n do
    t.start { players = 4, seed = seed, options = { "base.check=true" }, agents = agents }
    local r = t.play()
    t.ok(r.winner ~= nil, "game " .. seed .. " has a winner")
    won = won + 1
    for _, u in ipairs({ "robber", "steal", "resource", "road", "dev" }) do
      uses[u] = (uses[u] or 0) + game.get("stats.fish_uses_" .. u)
    end
  end
  return uses, won
end

test("whole games of random bots end with a winner, spending fish on every use", function(t)
  local uses, won = games(t, { "random" }, 3)
  t.eq(won, 3)
  for _, u in ipairs({ "robber", "steal", "resource", "road" }) do t.ok(uses[u] > 0, u) end
end)

test("whole games of heuristic bots end with a winner, spending fish", function(t)
  local uses, won = games(t, { "heuristic" }, 6)
  t.eq(won, 6)
  t.ok(uses.dev > 0 and uses.resource > 0, "development cards and resources bought")
end)
