-- Test helpers of the monument example (its "test_support"), beside base's
-- (rules/base/tests/support.lua: fresh, give, hand, bank, settlement, has, ids, ...).

-- The cost of a monument.
ONE_OF_EACH = { brick = 1, lumber = 1, wool = 1, grain = 1, ore = 1 }
