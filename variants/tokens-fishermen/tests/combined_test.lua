-- Seed 002 on the Fishermen of Catan, with resource tokens loaded.

local RESOURCES = { "brick", "lumber", "wool", "grain", "ore" }

local function fresh(t, answers, agents)
  t.start { players = 4, seed = 1, start = false, answers = answers, agents = agents,
            options = { "base.check=true", "fishermen.grounds=fixed" } }
  return t.env("base")
end

-- Gives p fish tokens out of the fish deck.
local function fish(p, want)
  local items = game.deck_items("fish")
  while game.deck_count("fish") > 0 do game.deck_draw("fish") end
  local left = { fish1 = want.fish1 or 0, fish2 = want.fish2 or 0, fish3 = want.fish3 or 0 }
  for _, item in ipairs(items) do
    if (left[item] or 0) > 0 then
      left[item] = left[item] - 1
      game.add(p, item, 1, "fish")
    else
      game.deck_push("fish", item)
    end
  end
end

-- Runs the menu entry `id` of p's main menu; error when the menu lacks it.
local function run(base, p, id)
  for _, o in ipairs(base.action_options(p)) do
    if o.id == id then return o.run(p, o) end
  end
  error("no menu entry " .. id)
end

local function ids(base, p)
  local out = {}
  for _, o in ipairs(base.action_options(p)) do
    if o.action == "fish" then out[#out + 1] = o.id end
  end
  return out
end

test("fish buy a resource card from the bank, never a token", function(t)
  local base = fresh(t, { [1] = { "ore" } })
  fish(1, { fish2 = 2 })
  run(base, 1, "fish:resource")
  t.eq(game.count(1, "ore", "card"), 1)
  t.eq(game.total(1, "token"), 0)
  for _, r in ipairs(RESOURCES) do t.eq(game.count("bank", r, "token"), 25) end
  t.eq(game.count("bank", "ore", "card"), 18)
end)

test("fish spent to draw from a player draw a card, never a token", function(t)
  local base = fresh(t)
  game.move("bank", 2, "ore", 3, "token")
  game.move("bank", 2, "wool", 1, "card")
  fish(1, { fish3 = 2 })
  run(base, 1, "fish:steal")
  t.eq({ game.count(1, "wool", "card"), game.total(1, "token") }, { 1, 0 })
  t.eq({ game.total(2, "card"), game.count(2, "ore", "token") }, { 0, 3 })
  -- Tokens alone are nothing to draw: with 3 fish left (enough for a steal) nothing is offered.
  t.eq(game.total(1, "fish"), 1)
  t.eq(ids(base, 1), {})
end)

test("whole games with tokens and fish keep every invariant and end with a winner", function(t)
  for seed = 1, 3 do
    t.start { players = 4, seed = seed, options = { "base.check=true" },
              agents = { "heuristic", "random" } }
    t.ok(t.play().winner ~= nil)
  end
end)

test("with the tokens on the hexes, fish still buy cards and leave the hexes' tokens", function(t)
  t.start { players = 4, seed = 1, start = false, answers = { [1] = { "ore" } },
            options = { "base.check=true", "fishermen.grounds=fixed",
                        "resource-tokens.placement=hexes" } }
  local base = t.env("base")
  local before = {}
  for tile = 1, board.tiles() do before[tile] = board.tile_get(tile, "tokens") or false end
  fish(1, { fish2 = 2 })
  run(base, 1, "fish:resource")
  t.eq({ game.count(1, "ore", "card"), game.total(1, "token") }, { 1, 0 })
  local after = {}
  for tile = 1, board.tiles() do after[tile] = board.tile_get(tile, "tokens") or false end
  t.eq(after, before)
  t.eq(board.tile_get(10, "tokens"), nil, "the lake (the desert's place) holds none")
  for seed = 1, 2 do
    t.start { players = 4, seed = seed, agents = { "heuristic", "random" },
              options = { "base.check=true", "resource-tokens.placement=hexes",
                          "resource-tokens.replenish=seven" } }
    t.ok(t.play().winner ~= nil)
  end
end)
