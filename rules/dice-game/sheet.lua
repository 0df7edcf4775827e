-- The island sheet (Island One): what can be built, what each thing costs and scores, and what
-- must be built before it. The sheet is a small graph: roads branch out from the printed start
-- road, every settlement and city hangs off one road, and the settlements, the cities and the
-- knights each form a chain that is filled in increasing value.
--
-- An entry: {id, type, points, road, after, resource}
--   road      the road that must be built first ("start" = the printed start road, which every
--             sheet has; nil = no road needed, as for knights). Roads name their parent road.
--   after     the entry that must be built first (the previous settlement, city or knight)
--   resource  knights only: the face the knight's joker turns a die into ("any" = any resource)
-- The dice.sheet event lets another pack change the entries and costs (COSTS, core.lua) before
-- the game starts.

-- Island One. Roads: R0..R15 in the order the printed sheet numbers them along its branches.
ISLAND_ONE = {
  { id = "R0", type = "road", points = 1, road = "start" },
  { id = "R1", type = "road", points = 1, road = "R0" },
  { id = "R2", type = "road", points = 1, road = "R0" },
  { id = "R3", type = "road", points = 1, road = "R2" },
  { id = "R4", type = "road", points = 1, road = "R3" },
  { id = "R5", type = "road", points = 1, road = "R3" },
  { id = "R6", type = "road", points = 1, road = "R5" },
  { id = "R7", type = "road", points = 1, road = "R6" },
  { id = "R8", type = "road", points = 1, road = "R7" },
  { id = "R9", type = "road", points = 1, road = "R8" },
  { id = "R10", type = "road", points = 1, road = "R9" },
  { id = "R11", type = "road", points = 1, road = "R10" },
  { id = "R12", type = "road", points = 1, road = "R7" },
  { id = "R13", type = "road", points = 1, road = "R12" },
  { id = "R14", type = "road", points = 1, road = "R13" },
  { id = "R15", type = "road", points = 1, road = "R14" },
  { id = "S3", type = "settlement", points = 3, road = "start" },
  { id = "S4", type = "settlement", points = 4, road = "R2", after = "S3" },
  { id = "S5", type = "settlement", points = 5, road = "R5", after = "S4" },
  { id = "S7", type = "settlement", points = 7, road = "R7", after = "S5" },
  { id = "S9", type = "settlement", points = 9, road = "R9", after = "S7" },
  { id = "S11", type = "settlement", points = 11, road = "R11", after = "S9" },
  { id = "C7", type = "city", points = 7, road = "R1" },
  { id = "C12", type = "city", points = 12, road = "R4", after = "C7" },
  { id = "C20", type = "city", points = 20, road = "R13", after = "C12" },
  { id = "C30", type = "city", points = 30, road = "R15", after = "C20" },
  { id = "K1", type = "knight", points = 1, resource = "ore" },
  { id = "K2", type = "knight", points = 2, resource = "grain", after = "K1" },
  { id = "K3", type = "knight", points = 3, resource = "wool", after = "K2" },
  { id = "K4", type = "knight", points = 4, resource = "lumber", after = "K3" },
  { id = "K5", type = "knight", points = 5, resource = "brick", after = "K4" },
  { id = "K6", type = "knight", points = 6, resource = "any", after = "K5" },
}

-- Checking the sheet and making storage.sheet (at game setup, through dice.sheet), is_built,
-- prerequisites_met, open_structures and joker_ready are the dice kit's (rules/dice-kit/sheet.lua).
require("dice-kit").sheet(_ENV, "ISLAND_ONE")
