-- Seven choice: when a player rolls a 7, the discards happen as usual; then, in place of the
-- robber step, the roller decides (decision "seven.choice") between
--   {id = "robber", action = "robber"}: the base robber step (move the robber, steal), and
--   {id = "bank", action = "bank", cards = options.cards}: take options.cards resource cards
--       from the bank, one at a time (decision "seven.take" among the resources the bank holds,
--       options {id = resource, resource = resource}); the robber stays where it is.
-- With an empty bank the choice is not offered and the robber moves. A knight moves the robber
-- as in base: only a rolled 7 offers the choice.
--
-- Hook: base.seven_robber (rules/base/robber.lua). The robber branch leaves the event to the base
-- pack's default; the bank branch replaces it.

local RESOURCES = require("base").RESOURCES

-- The option records, made once per game and shared by every decision.
local CHOICES = {
  { id = "robber", action = "robber" },
  { id = "bank", action = "bank", cards = options.cards },
}
local TAKE = {}
for _, r in ipairs(RESOURCES) do TAKE[r] = { id = r, resource = r } end

game.describe("seven.choice", function(o)
  if o.action == "robber" then return "move the robber and steal" end
  return string.format("take %d resource card%s from the bank", o.cards, o.cards == 1 and "" or "s")
end)
game.describe("seven.take", function(o) return "take " .. o.resource end)

-- The resources the bank holds, as seven.take options (RESOURCES order).
local function bank_menu()
  local menu = {}
  for _, r in ipairs(RESOURCES) do
    if game.count("bank", r, "card") > 0 then menu[#menu + 1] = TAKE[r] end
  end
  return menu
end

game.on("base.seven_robber", function(e)
  local p = e.player
  if #bank_menu() == 0 then return end
  if game.decide(p, "seven.choice", CHOICES).id == "robber" then
    storage.robber = (storage.robber or 0) + 1
    return
  end
  storage.bank = (storage.bank or 0) + 1
  for _ = 1, options.cards do
    local menu = bank_menu()
    if #menu == 0 then break end
    local r = game.decide(p, "seven.take", menu).resource
    game.move("bank", p, r, 1, "card")
    storage.taken = (storage.taken or 0) + 1
  end
  return game.REPLACE
end)

-- Statistics for the balance lab (docs/lab.md): how often the roller of a 7 chose each branch,
-- and the cards taken from the bank.
game.on("game.end", function()
  game.set("stats.seven_robber", storage.robber or 0)
  game.set("stats.seven_bank", storage.bank or 0)
  game.set("stats.seven_cards_taken", storage.taken or 0)
end)
