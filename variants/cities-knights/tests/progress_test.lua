-- Progress decks and draws (facts 17-20, 37-39, 94, 95, 99, 100; open questions 7, 8).

-- Makes `track`'s deck hold `cards` (bottom to top), returning its other cards to the deck's
-- bottom so that every copy stays in the deck.
local function stack(track, cards)
  local name = "progress." .. track
  local rest = game.deck_items(name)
  while game.deck_count(name) > 0 do game.deck_draw(name) end
  local wanted = {}
  for _, c in ipairs(cards) do wanted[c] = (wanted[c] or 0) + 1 end
  for _, c in ipairs(rest) do
    if (wanted[c] or 0) > 0 then wanted[c] = wanted[c] - 1 else game.deck_push(name, c) end
  end
  for _, c in ipairs(cards) do game.deck_push(name, c) end
end

test("progress: three hidden decks of 18 cards with the counts of the almanac", function(t)
  fresh(t)
  local counts = {}
  for _, track in ipairs({ "science", "politics", "trade" }) do
    t.eq(game.deck_count("progress." .. track), 18)
  end
  for _, it in ipairs(game.deck_items("progress.trade")) do counts[it] = (counts[it] or 0) + 1 end
  t.eq(counts, { commercial_harbor = 2, master_merchant = 2, merchant = 6, merchant_fleet = 2,
                 resource_monopoly = 4, trade_monopoly = 2 })
end)

test("progress: a gate face gives a card to each player whose level covers the red die, from the roller on", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "base.check=true" },
            dice = { 1, 2, 4, 1, 3, 4 }, answers = { [1] = { "end" }, [2] = { "end" } } }
  game.player_set(1, "trade_level", 1)
  game.player_set(2, "trade_level", 2)
  game.player_set(4, "trade_level", 1)
  stack("trade", { "merchant", "merchant_fleet", "trade_monopoly", "resource_monopoly" })
  t.turn() -- red 2: levels 1 and 2 draw; seat 1 first, then 2, then 4
  t.eq(game.count(1, "resource_monopoly", "progress"), 1)
  t.eq(game.count(2, "trade_monopoly", "progress"), 1)
  t.eq(game.count(4, "merchant_fleet", "progress"), 1)
  t.eq(game.total(3, "progress"), 0, "level 0 never draws")
  t.turn() -- player 2 rolls red 3: only level 2 covers it
  t.eq(game.count(2, "merchant", "progress"), 1)
  t.eq({ game.total(1, "progress"), game.total(4, "progress") }, { 1, 1 })
  t.eq(game.deck_count("progress.trade"), 14)
end)

test("progress: a fifth card puts one of the five under its deck", function(t)
  fresh(t, { [1] = { "crane" } })
  local ck = t.env()
  stack("science", { "mining", "crane", "smith", "alchemist", "inventor" })
  for _ = 1, 5 do ck.draw_progress(1, "science") end
  t.eq(game.total(1, "progress"), 4)
  t.eq(game.count(1, "crane", "progress"), 0)
  t.eq(game.deck_items("progress.science")[1], "crane")
  local d = t.decisions { options = true }
  t.eq(d[1].kind, "ck.progress_discard")
  t.eq(ids(d[1].options), { "alchemist", "crane", "inventor", "mining", "smith" })
end)

test("progress: Printer and Constitution are shown at once for 1 point, outside the limit", function(t)
  local base = fresh(t)
  local ck = t.env()
  settlement(base, 1, 37)
  stack("science", { "printer" })
  stack("politics", { "constitution" })
  t.eq(ck.draw_progress(1, "science"), "printer")
  t.eq(ck.draw_progress(1, "politics"), "constitution")
  t.eq(game.total(1, "progress"), 0)
  t.eq(game.total(1, "progress_shown"), 2)
  t.eq(game.player_get(1, "progress_points"), 2)
  t.eq(game.player_get(1, "vp"), 3)
end)

test("progress: an empty deck gives nothing", function(t)
  fresh(t)
  local ck = t.env()
  for _ = 1, 18 do game.deck_draw("progress.politics") end -- as if all were held
  t.eq(ck.draw_progress(1, "politics"), nil)
  t.eq(game.total(1, "progress"), 0)
end)

test("barbarians: tied top contributors each draw from the deck of their choice", function(t)
  local base = fresh(t, { [1] = { "politics" }, [3] = { "trade" } })
  local ck = t.env()
  city(base, 1, 37)
  knight(base, 1, 24, "basic_knight", true)
  knight(base, 3, 40, "basic_knight", true)
  stack("politics", { "spy" })
  stack("trade", { "merchant" })
  ck.barbarian_attack(2)
  t.eq(game.count(1, "spy", "progress"), 0 + 1)
  t.eq(game.count(3, "merchant", "progress"), 1)
  local d = t.decisions { options = true }
  t.eq({ d[1].player, d[2].player }, { 3, 1 }, "in seat order from the roller")
  t.eq(ids(d[1].options), { "trade", "politics", "science" })
end)
