-- "greedy": the dice kit's heuristic player (rules/dice-kit/greedy.lua, where its workings are
-- described) on Island Two, there to measure the expectimax agent against more than random play:
-- the types it has a place for are those of the open entries of the sheet (open_structures);
-- among builds of equal worth it takes the first on the sheet.
require("dice-kit").greedy(_ENV, {
  types = function(p)
    local have = {}
    for _, s in ipairs(open_structures(p)) do have[s.type] = true end
    return have
  end,
  type_of = function(o) return storage.sheet.by_id[o.structure].type end,
})
