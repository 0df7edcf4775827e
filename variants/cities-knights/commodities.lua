-- Commodities (facts 69-77): paper, cloth and coin, cards of their own.
--
-- State: kinds paper, cloth, coin in holdings form "card" (the base pack's private form of
-- cards in hand), options.commodity_supply of each in the supply "bank" at the start.
-- Production (base.production, which sees every claim of a roll after the robber's hex is left
-- out, fact 74): a city's claim on forest, pasture or mountains becomes 1 resource card plus 1
-- commodity of that hex (fact 70); hills and fields keep the city's 2 resources (fact 71);
-- settlements are unchanged (fact 72); a metropolis is a city (fact 73); a fallen city
-- (barbarians.lua) produces as a settlement. The commodities owed
-- are paid by the base pack's shortage rule applied per commodity (fact 77): when the bank
-- cannot pay every claim of a commodity and more than one player claims it, nobody gets it;
-- a single claimant gets what the bank has.
-- Hands (base.hand_kinds): commodities count toward the 7's discard limit, may be given in the
-- discard and can be stolen by the robber (fact 75).
-- Trades (base.trade_kinds, facts 76, 115-117, open question 11): commodities go on either side
-- of a domestic trade; the bank takes them at 4:1, or 3:1 with a generic harbor (a special
-- harbor lowers only its resource), and pays them in any bank trade.
-- Invariant (with base.check): per commodity, the bank plus every hand holds the supply.

local CITY = { city = true }

-- Counts n commodities of kind c paid out (stats.lua publishes the counts).
function count_commodities(c, n)
  local made = storage.commodities_produced
  made[c] = made[c] + n
end

game.on("game.setup", function(e)
  for _, c in ipairs(COMMODITIES) do
    game.add_kind(c)
    game.add("bank", c, options.commodity_supply, "card")
  end
  storage.commodities_produced = { paper = 0, cloth = 0, coin = 0 }
end, { priority = -95 })

game.on("base.hand_kinds", function(e)
  for _, c in ipairs(COMMODITIES) do e.kinds[#e.kinds + 1] = c end
end)

game.on("base.trade_kinds", function(e)
  for _, c in ipairs(COMMODITIES) do e.kinds[#e.kinds + 1] = c end
end)

-- Pays owed[c][seat] (seats ascending) for each commodity by the shortage rule.
local function pay_commodities(owed)
  for _, c in ipairs(COMMODITIES) do
    local claims = owed[c]
    if claims then
      local sum, claimants = 0, 0
      for q = 1, game.players() do
        if claims[q] then sum, claimants = sum + claims[q], claimants + 1 end
      end
      local left = game.count("bank", c, "card")
      if sum <= left or claimants == 1 then
        for q = 1, game.players() do
          local n = math.min(claims[q] or 0, left)
          if n > 0 then
            game.move("bank", q, c, n, "card")
            count_commodities(c, n)
            left = left - n
          end
        end
      elseif game.verbose() then
        game.log(string.format("bank short of %s: %d owed to %d players, %d left; nobody gets it",
          c, sum, claimants, left))
      end
    end
  end
end

game.on("base.production", function(e)
  local owed
  for _, claim in ipairs(e.claims) do
    local c = COMMODITY_OF[claim.resource]
    if c and CITY[claim.building] and claim.amount > 0 and not board.node_get(claim.node, "fallen") then
      claim.amount = claim.amount - 1
      owed = owed or {}
      local claims = owed[c] or {}
      owed[c] = claims
      claims[claim.player] = (claims[claim.player] or 0) + 1
    end
  end
  if owed then pay_commodities(owed) end
end)

if game.option("base", "check") then
  game.invariant(function(where)
    if storage.commodities_produced == nil then return end
    for _, c in ipairs(COMMODITIES) do
      local n = game.sum(c, "card")
      if n ~= options.commodity_supply then
        error(string.format("invariant broken: %s cards (bank + hands) after %s, expected %d, got %d",
          c, where, options.commodity_supply, n), 0)
      end
    end
  end)
end
