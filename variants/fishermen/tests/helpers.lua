-- Test helpers of the fishermen (its "test_support"), after base's (rules/base/tests/support.lua:
-- give, hand, ids, ...). Beginner board, grounds in order "fixed" (numbers 4 5 6 8 9 10 along the
-- coast): see GROUNDS below. The lake is tile 10 (the former desert; corners LAKE).

local base_fresh = fresh

-- base's fresh (a 4-player game after game.setup, nothing placed, invariant checks on) with the
-- fishing grounds fixed.
function fresh(t, answers, extra, agents)
  local opts = { "fishermen.grounds=fixed" }
  for _, o in ipairs(extra or {}) do opts[#opts + 1] = o end
  return base_fresh(t, answers, opts, agents)
end

-- Player p's fish tokens as {fish1 = a, fish2 = b, fish3 = c}.
function fish_held(p)
  return { fish1 = game.count(p, "fish1", "fish"), fish2 = game.count(p, "fish2", "fish"),
           fish3 = game.count(p, "fish3", "fish") }
end

-- Gives p fish tokens out of the deck: fish(p, {fish3 = 2, fish1 = 1}). The deck keeps the rest
-- (the invariant holds: the tokens come from the deck, which is rebuilt without them).
function fish(p, want)
  local items = game.deck_items("fish")
  local left = { fish1 = want.fish1 or 0, fish2 = want.fish2 or 0, fish3 = want.fish3 or 0 }
  while game.deck_count("fish") > 0 do game.deck_draw("fish") end
  for _, item in ipairs(items) do
    if (left[item] or 0) > 0 then
      left[item] = left[item] - 1
      game.add(p, item, 1, "fish")
    else
      game.deck_push("fish", item)
    end
  end
end

-- Puts `items` on top of the fish deck in order (the last one is drawn first), taking them out
-- of the deck where they are.
function stack(items)
  local all = game.deck_items("fish")
  while game.deck_count("fish") > 0 do game.deck_draw("fish") end
  local need = {}
  for _, it in ipairs(items) do need[it] = (need[it] or 0) + 1 end
  for _, it in ipairs(all) do
    if (need[it] or 0) > 0 then need[it] = need[it] - 1 else game.deck_push("fish", it) end
  end
  for _, it in ipairs(items) do game.deck_push("fish", it) end
end

-- The ids of the fish and boot entries of p's main menu.
function fish_ids(base, p)
  local out = {}
  for _, o in ipairs(base.action_options(p)) do
    if o.action == "fish" or o.action == "boot" then out[#out + 1] = o.id end
  end
  return out
end

-- Runs the menu entry with id `id` of p's main menu.
function run(base, p, id)
  for _, o in ipairs(base.action_options(p)) do
    if o.id == id then return o.run(p, o) end
  end
  error("no menu entry " .. id)
end

-- Moves the old boot to the bottom of the fish deck (so that a few draws never meet it).
function bury_boot()
  local all = game.deck_items("fish")
  while game.deck_count("fish") > 0 do game.deck_draw("fish") end
  game.deck_push("fish", "boot")
  for _, it in ipairs(all) do if it ~= "boot" then game.deck_push("fish", it) end end
end

-- Takes the old boot out of the fish deck and gives it to p (as a draw would).
function give_boot(p)
  local all = game.deck_items("fish")
  while game.deck_count("fish") > 0 do game.deck_draw("fish") end
  for _, it in ipairs(all) do if it ~= "boot" then game.deck_push("fish", it) end end
  game.set("fishermen.boot", p)
end
