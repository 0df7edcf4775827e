-- Cities & Knights: the vocabulary every file of the pack uses, the points to win, and the
-- development cards taken out of the game.
--
--   points   a player wins with options.target_vp points (13) on their own turn (fact 2):
--            base.target_vp, at priority -100 so that other packs' changes add to it.
--   no cards the development cards are not used (facts 4, 118): the main menu offers no
--            "buy_dev" (base.actions) and base.grant of a development card is vetoed. Nobody
--            holds a card, so no card is played, no "base.preroll" decision is asked and
--            Largest Army is never awarded (facts 114, 119). The deck stays in the kernel,
--            untouched, so the base invariants hold.

-- The three commodities, the resource whose hex yields each, and the improvement tracks they
-- pay for (facts 69, 78), in the order every list of the pack uses.
COMMODITIES = { "paper", "cloth", "coin" }
COMMODITY_OF = { lumber = "paper", wool = "cloth", ore = "coin" }
TRACKS = { "trade", "politics", "science" }
TRACK_COMMODITY = { trade = "cloth", politics = "coin", science = "paper" }
-- The player prop holding each track's level (0 to options.max_level).
LEVEL_PROP = { trade = "trade_level", politics = "politics_level", science = "science_level" }
-- The name of each track's level-3 ability, for people (facts 83-85).
ABILITY = { trade = "Trading House", politics = "Fortress", science = "Aqueduct" }

RESOURCES = require("base").RESOURCES
-- Resources, then commodities: the cards of a hand (base.hand_kinds adds the commodities).
CARD_KINDS = { "brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin" }

local DEV_ITEM = "development card"

-- p's level in `track`.
function level_of(p, track)
  return game.player_get(p, LEVEL_PROP[track]) or 0
end

-- The option record of each card kind, made once per game (read only).
KIND_OPTIONS = {}
for _, k in ipairs(CARD_KINDS) do
  KIND_OPTIONS[k] = { id = k, resource = k }
end

game.on("base.target_vp", function(e)
  e.target = options.target_vp
end, { priority = -100 })

game.on("base.actions", function(e)
  local actions = e.actions
  for i = #actions, 1, -1 do
    if actions[i].action == "buy_dev" then table.remove(actions, i) end
  end
end, { priority = -100 })

game.on("base.grant", function(e)
  if e.item == DEV_ITEM then return game.VETO end
end, { priority = -100 })

-- Live node views for the pack's scans of the board (knights_of, cities_of): read-only
-- tables the kernel keeps current, cheaper to index than a board.node_get per node.
game.on("game.setup", function(e)
  storage.building, storage.owner = board.node_view("building"), board.node_view("owner")
  for q = 1, e.players do
    for _, track in ipairs(TRACKS) do game.player_set(q, LEVEL_PROP[track], 0) end
  end
end)
