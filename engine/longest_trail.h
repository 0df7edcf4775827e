#pragma once
// The longest trail in a subgraph of a board: a walk that uses each chosen path at most once
// (it may visit a node several times), and may not pass through a blocked node (a trail may
// start or end at one). This is the road-length measure of Catan-like games, but nothing here
// knows about roads: the caller chooses the paths and the blocked nodes.

#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace catan::engine {

// Length, in paths, of the longest trail over the paths p with `chosen[p]` true, never passing
// through a node n with `blocked[n]` true. Both vectors are indexed by 0-based id and sized
// board.path_count() and board.node_count(). Exhaustive search: exponential in the worst case,
// fast for the tens of paths one player owns. Bounded: throws std::length_error when the search
// takes more than kTrailSearchSteps steps (a step: one path tried) or a trail reaches
// kTrailSearchDepth paths (the search recurses once per path of the trail).
inline constexpr std::uint64_t kTrailSearchSteps = 20'000'000;
inline constexpr int kTrailSearchDepth = 10'000;
int longest_trail(const Board& board, const std::vector<char>& chosen,
                  const std::vector<char>& blocked);

}  // namespace catan::engine
