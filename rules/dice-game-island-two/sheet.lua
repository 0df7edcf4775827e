-- The island sheet (Island Two): what can be built, what each thing costs and scores, and what
-- must be built before it. The sheet is a small graph: roads branch out from the printed start
-- road and every settlement and city hangs off one road; unlike Island One nothing else has an
-- order, except the desert's two knights, which give their joker as a pair.
--
-- An entry: {id, type, points, road, after, resource}
--   road      the road that must be built first ("start" = the printed start road, which every
--             sheet has; nil = no road needed, as for knights). Roads name their parent road.
--   after     the entry that must be built first (D1 for D2)
--   resource  knights only: the face the knight's joker turns a die into ("any" = any resource)
-- The dice.sheet event lets another pack change the entries and costs (COSTS, core.lua) before
-- the game starts.

-- Island Two (this pack's reading of the printed sheet; docs/dice-game.md says why). Roads
-- R1..R14 branch out from the printed start road; a road's `road` is the road it continues (it
-- starts where that one ends, so two roads continuing one road meet at its end). Settlements
-- score 1 victory point, cities 2, roads and knights none: they count towards Longest Road and
-- Largest Army (scoring.lua). Nothing but the roads has an order: settlements, cities and knights
-- may be built in any order, each settlement and city next to its road. Knights K1..K5 stand on
-- the five resource hexes and give that resource's joker; the desert holds two knights, D1 and
-- D2, and only the pair gives a joker (any resource), so D2 is the second of them.
ISLAND_TWO = {
  { id = "R1", type = "road", points = 0, road = "start" },
  { id = "R2", type = "road", points = 0, road = "R1" },
  { id = "R3", type = "road", points = 0, road = "R2" },
  { id = "R4", type = "road", points = 0, road = "R3" },
  { id = "R5", type = "road", points = 0, road = "R4" },
  { id = "R6", type = "road", points = 0, road = "R5" },
  { id = "R7", type = "road", points = 0, road = "R1" },
  { id = "R8", type = "road", points = 0, road = "R7" },
  { id = "R9", type = "road", points = 0, road = "R8" },
  { id = "R10", type = "road", points = 0, road = "R9" },
  { id = "R11", type = "road", points = 0, road = "R5" },
  { id = "R12", type = "road", points = 0, road = "R11" },
  { id = "R13", type = "road", points = 0, road = "R12" },
  { id = "R14", type = "road", points = 0, road = "R13" },
  { id = "S1", type = "settlement", points = 1, road = "start" },
  { id = "S2", type = "settlement", points = 1, road = "R2" },
  { id = "S3", type = "settlement", points = 1, road = "R4" },
  { id = "S4", type = "settlement", points = 1, road = "R6" },
  { id = "S5", type = "settlement", points = 1, road = "R8" },
  { id = "S6", type = "settlement", points = 1, road = "R10" },
  { id = "S7", type = "settlement", points = 1, road = "R12" },
  { id = "C1", type = "city", points = 2, road = "R3" },
  { id = "C2", type = "city", points = 2, road = "R5" },
  { id = "C3", type = "city", points = 2, road = "R9" },
  { id = "C4", type = "city", points = 2, road = "R14" },
  { id = "K1", type = "knight", points = 0, resource = "ore" },
  { id = "K2", type = "knight", points = 0, resource = "grain" },
  { id = "K3", type = "knight", points = 0, resource = "wool" },
  { id = "K4", type = "knight", points = 0, resource = "lumber" },
  { id = "K5", type = "knight", points = 0, resource = "brick" },
  { id = "D1", type = "knight", points = 0 },
  { id = "D2", type = "knight", points = 0, resource = "any", after = "D1" },
}

-- Checking the sheet and making storage.sheet (at game setup, through dice.sheet), is_built,
-- prerequisites_met, open_structures and joker_ready are the dice kit's (rules/dice-kit/sheet.lua).
require("dice-kit").sheet(_ENV, "ISLAND_TWO")
