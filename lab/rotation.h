// Seat rotation (--rotate): which bot sits in which seat in each game of a lab run.
//
// With P players and the bots b0..b(P-1) of the seats (after "the last fills the remaining
// seats"), the games of a rotated run form blocks of P consecutive game indices, the first block
// starting at game 0. Game i is game j = i mod P of its block, and seat s is played by bot
// b((s + j) mod P). Over a whole block every bot takes every seat once, so a bot's results are
// not its seat's. The assignment depends on the game index alone, like the game's random
// streams, so it is the same on any thread, shard or resumed run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace catan::lab {

// The agent name of every seat of game `game`: `bots` filled up to `players` seats with "random"
// (GameConfig's default for a missing seat), then rotated by game mod players when `rotate`.
// Requires players >= 1.
std::vector<std::string> seat_bots(const std::vector<std::string>& bots, int players,
                                   std::uint64_t game, bool rotate);

// The distinct agent names of `seats`, in order of first seat.
std::vector<std::string> distinct_bots(const std::vector<std::string>& seats);

}  // namespace catan::lab
