-- Where the unowned tokens wait (option placement): in the bank, as seed 002 chose, or on the
-- producing hexes, the alternative seed 002 weighed and set aside untested.
--
-- placement = "bank": the supply "bank" holds every unowned token; a claim or a robber move
--   draws tokens of its resource from it.
-- placement = "hexes": at the start each producing hex gets options.hex_tokens tokens of its
--   resource from the bank (tile order; fewer when the bank runs short), held by the supply
--   "hexes" and counted per hex in tile prop "tokens" (drawn on the board: pack.json's
--   draw.tile_counts). A claim draws from its own hex, the robber's token comes from the hex it
--   lands on; a token spent, discarded or traded to the bank goes to the bank, never back to a
--   hex. Replenishment (option replenish) puts one token from the bank back on every producing
--   hex holding fewer than options.hex_tokens: on each rolled 7 (before the robber moves, after
--   the discards) or after each barbarian attack (Cities & Knights' event ck.barbarians_attacked,
--   before the roll's production). When the bank cannot give one to every hex of a resource
--   that needs one, none of them gets one (as seed 002's shortage rule for the bank: a supply
--   that cannot meet every request of a resource meets none). Other resources are not affected.
--
-- The shortage rule for claims (production.lua) applies to each supply: per resource in the bank,
-- per hex on the hexes.

HEXES = options.placement == "hexes"
-- The supply holding the tokens on the hexes, and the tile prop counting each hex's.
HEX_SUPPLY = "hexes"
HEX_PROP = "tokens"

-- Tokens of resource r that a claim or robber move on tile t can draw now.
function available(t, r)
  if HEXES then return board.tile_get(t, HEX_PROP) or 0 end
  return storage.tokens.bank[r]
end

-- A supply gave its last token of a resource (the bank's stock of it, or a hex).
local function ran_dry()
  count_token_stat("emptied", 1)
  if storage.first_dry_turn == nil then storage.first_dry_turn = game.turn() end
end

-- Moves n > 0 tokens of resource r from the supply of tile t to player p (a claim on t, or the
-- robber on t), counting them gained, and a supply that runs dry.
function take_tokens(t, r, n, p)
  if HEXES then
    local left = board.tile_get(t, HEX_PROP) - n
    game.move(HEX_SUPPLY, p, r, n, TOKEN)
    board.tile_set(t, HEX_PROP, left)
    if left == 0 then ran_dry() end
  else
    game.move("bank", p, r, n, TOKEN)
    if storage.tokens.bank[r] == 0 then ran_dry() end
  end
  count_token_stat("gained", n)
end

-- Puts one token back on every producing hex below options.hex_tokens, resource by resource,
-- when the bank holds one for each of them (see the header); `why` is for the log.
function replenish(why)
  local bank, top = storage.tokens.bank, options.hex_tokens
  for _, r in ipairs(RESOURCES) do
    local tiles, need = storage.hex_tiles[r], 0
    for i = 1, #tiles do
      if board.tile_get(tiles[i], HEX_PROP) < top then need = need + 1 end
    end
    if need > 0 and bank[r] >= need then
      for i = 1, #tiles do
        local t = tiles[i]
        local left = board.tile_get(t, HEX_PROP)
        if left < top then
          game.move("bank", HEX_SUPPLY, r, 1, TOKEN)
          board.tile_set(t, HEX_PROP, left + 1)
        end
      end
      count_token_stat("replenished", need)
      if game.verbose() then
        game.log(string.format("%s: %s back on the hexes", why, count_text(need, r .. " token")))
      end
    elseif need > 0 then
      count_token_stat("unreplenished", need)
      if game.verbose() then
        game.log(string.format("%s: the bank holds %d %s tokens for %d hexes; none goes back", why,
          bank[r], r, need))
      end
    end
  end
end

-- Places the tokens on the hexes once the board is laid out (base's board.lua: priority -90) and
-- the token bank filled (tokens.lua: -95); a priority of its own, so its place among other packs'
-- setup handlers never depends on the load order.
game.on("game.setup", function()
  if not HEXES then return end
  game.add_supply(HEX_SUPPLY)
  local bank, by_resource = storage.tokens.bank, {}
  for _, r in ipairs(RESOURCES) do by_resource[r] = {} end
  for t = 1, board.tiles() do
    local r = board.tile_get(t, "resource")
    if r ~= nil and by_resource[r] then
      local n = math.min(options.hex_tokens, bank[r])
      if n > 0 then game.move("bank", HEX_SUPPLY, r, n, TOKEN) end
      board.tile_set(t, HEX_PROP, n)
      local list = by_resource[r]
      list[#list + 1] = t
    end
  end
  storage.hex_tiles = by_resource
end, { priority = -70 })

if HEXES and options.replenish == "seven" then
  -- A rolled 7's robber step (base.seven_robber: after the discards, not for a knight); before
  -- any handler that replaces the step, so a robber that does not move (Cities & Knights before
  -- the first attack) still sees the hexes replenished.
  game.on("base.seven_robber", function() replenish("a 7") end, { priority = -100 })
elseif HEXES and options.replenish == "attack" then
  if game.has_event("ck.barbarians_attacked") then
    game.on("ck.barbarians_attacked", function() replenish("the barbarians' attack") end)
  else
    game.on("game.setup", function()
      error("resource-tokens: replenish=attack needs the barbarians of cities-knights (load it, or choose none or seven)", 0)
    end, { priority = -1000 })
  end
end

-- With the base pack's check option: the hexes' tokens (tile props) match the supply "hexes",
-- and no hex holds fewer than none or more than options.hex_tokens.
function check_hexes(where)
  for _, r in ipairs(RESOURCES) do
    local on = 0
    for _, t in ipairs(storage.hex_tiles[r]) do
      local left = board.tile_get(t, HEX_PROP)
      if math.type(left) ~= "integer" or left < 0 or left > options.hex_tokens then
        error(string.format("invariant broken: hex %d holds %s %s tokens after %s (0 to %d)", t,
          tostring(left), r, where, options.hex_tokens), 0)
      end
      on = on + left
    end
    local held = game.count(HEX_SUPPLY, r, TOKEN)
    if on ~= held then
      error(string.format("invariant broken: %s tokens on the hexes after %s: the hexes count %d, the supply holds %d",
        r, where, on, held), 0)
    end
  end
end
