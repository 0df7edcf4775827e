-- The heuristic bot and tokens (agent.lua). Decisions are put to seat 1's agent with game.decide,
-- with the options the rules would offer.

local function bot(t)
  return fresh(t, nil, nil, { "heuristic", "heuristic", "heuristic", "heuristic" })
end

test("tokens agent: takes every token allowed and pays with cards first", function(t)
  bot(t)
  local env = t.env()
  t.eq(game.decide(1, "tokens.claim", env.pay_options("ore", 3, 0, 2)).id, "tokens:2")
  t.eq(game.decide(1, "tokens.pay", env.pay_options("grain", 2, 0, 1)).id, "tokens:0")
end)

test("tokens agent: discards the card it holds most of, never a token", function(t)
  bot(t)
  give(1, { brick = 2, ore = 5, wool = 1 })
  give_tokens(1, { ore = 3 })
  local function option(r, form) return { id = r .. ":" .. form, resource = r, form = form } end
  local opts = { option("brick", "card"), option("wool", "card"), option("ore", "card"),
                 option("ore", "token") }
  t.eq(game.decide(1, "tokens.discard", opts).id, "ore:card")
end)

test("tokens agent: robs a leader holding cards, else takes the token", function(t)
  local base = bot(t)
  game.set("robber", 12)
  local opts = { { id = "rob", action = "rob" },
                 { id = "take", action = "take", resource = "ore", tokens = 1 } }
  base.place_piece(2, "settlement", 24, { free = true, setup = true })
  base.place_piece(2, "settlement", 3, { free = true, setup = true })
  base.place_piece(1, "settlement", 42, { free = true, setup = true })
  give(2, { wool = 2 })
  t.eq(game.decide(1, "tokens.robber", opts).id, "rob", "2 points against 1, 2 cards")
  game.move(2, "bank", "wool", 1, "card")
  t.eq(game.decide(1, "tokens.robber", opts).id, "take", "1 card is not worth it")
  give(2, { wool = 1 })
  base.place_piece(1, "settlement", 15, { free = true, setup = true })
  t.eq(game.decide(1, "tokens.robber", opts).id, "take", "not ahead of the bot")
end)

test("tokens agent: keeps a fair share in a token shortage", function(t)
  bot(t)
  -- The options the rules offer: keep all the bot's requested tokens down to none.
  local function shortage(mine, wanted, supply)
    local opts = {}
    for keep = mine, 0, -1 do
      opts[#opts + 1] = { id = "keep:" .. keep, keep = keep, resource = "brick", wanted = wanted,
                          supply = supply }
    end
    return opts
  end
  t.eq(game.decide(1, "tokens.shortage", shortage(2, 5, 3)).id, "keep:1")
  t.eq(game.decide(1, "tokens.shortage", shortage(1, 2, 1)).id, "keep:0")
end)
