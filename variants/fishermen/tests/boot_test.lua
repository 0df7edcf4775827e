-- The old boot (fish.lua, spend.lua).

test("the holder of the old boot needs one more point to win", function(t)
  local base = fresh(t)
  t.eq(base.target_vp(1), 10)
  give_boot(1)
  t.eq({ base.target_vp(1), base.target_vp(2) }, { 11, 10 })
  -- 10 points on its own turn: no win for the holder.
  for _, n in ipairs({ 1, 12, 23, 40, 51 }) do
    base.place_piece(1, "settlement", n, { free = true, setup = true })
  end
  for _, n in ipairs({ 1, 12, 23, 40 }) do base.place_piece(1, "city", n, { free = true }) end
  base.place_piece(1, "settlement", 30, { free = true, setup = true })
  t.eq(game.player_get(1, "vp"), 10)
  t.eq(base.check_win(1), false)
  game.set("fishermen.boot", 2)
  t.eq(base.check_win(1), true)
end)

test("boot_points is an option", function(t)
  local base = fresh(t, nil, { "fishermen.boot_points=2" })
  give_boot(3)
  t.eq(base.target_vp(3), 12)
end)

test("the holder may give the boot to a player showing as many points or more", function(t)
  local base = fresh(t)
  base.place_piece(1, "settlement", 1, { free = true, setup = true })
  base.place_piece(1, "settlement", 12, { free = true, setup = true }) -- 2 points
  base.place_piece(2, "settlement", 23, { free = true, setup = true })
  base.place_piece(2, "settlement", 40, { free = true, setup = true }) -- 2 points
  base.place_piece(3, "settlement", 51, { free = true, setup = true }) -- 1 point
  base.place_piece(4, "settlement", 3, { free = true, setup = true })
  base.place_piece(4, "city", 3, { free = true })
  give_dev(4, "victory_point") -- hidden: 4 shows 2
  base.update_vp(4)
  t.eq(fish_ids(base, 1), {})
  give_boot(1)
  t.eq(fish_ids(base, 1), { "boot:player:2", "boot:player:4" })
  run(base, 1, "boot:player:4")
  t.eq(game.get("fishermen.boot"), 4)
  t.eq(t.env().storage.stats.boot_passes, 1)
  -- Player 4 holds 3 points (one hidden): player 2 shows 2, too few.
  t.eq(fish_ids(base, 4), {})
end)
