-- The heuristic bot's answers to the bribe's two decisions (game.extend_agent; agents only read).
-- The base bot moves the robber against the leader (most public points), so:
--   bribe.offer  a player who is the roller's likeliest target (most public points among the
--                roller's opponents, itself included) and holds more cards than a bribe costs
--                offers the resource it needs least, as base's bot picks a card to give up
--                (next(..., "base.give", ...) over the resource options); anyone else offers none.
--   bribe.take   the roller takes a bribe (a card of the briber's on top of the steal from
--                another player), the one of the player with the fewest public points, but never
--                from a player near victory (2 points or fewer short of the target), whom the
--                robber should not spare; none when only such players offered.

local function public_vp(q) return game.player_get(q, "vp") or 0 end

-- The seat with the most public points among everyone but p (the lowest seat of equals).
local function leader_against(p)
  local best, best_vp = nil, -1
  for q = 1, game.players() do
    if q ~= p and public_vp(q) > best_vp then best, best_vp = q, public_vp(q) end
  end
  return best
end

game.extend_agent("heuristic", "bribe.offer", function(q, _, opts, next)
  local roller = game.current()
  if leader_against(roller) ~= q or game.total(q, "card") <= game.option("bribe", "cost") then
    return 1 -- "none"
  end
  local resources = {}
  for i = 2, #opts do resources[#resources + 1] = opts[i] end
  return next(q, "base.give", resources) + 1
end)

-- Points short of the target at which a player counts as near victory (as base's bot).
local NEAR_VICTORY = 2

game.extend_agent("heuristic", "bribe.take", function(p, _, opts)
  local target = game.option("base", "target_vp")
  local best, best_vp = 1, math.huge -- "refuse"
  for i = 2, #opts do
    local vp = public_vp(opts[i].player)
    if target - vp > NEAR_VICTORY and vp < best_vp then best, best_vp = i, vp end
  end
  return best
end)
