#include "engine/longest_trail.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace catan::engine {

namespace {

struct Search {
  const Board& board;
  const std::vector<char>& chosen;
  const std::vector<char>& blocked;
  std::vector<char> used;
  std::uint64_t steps = 0;

  // Longest continuation from `node` over unused chosen paths; `start` lets the trail leave a
  // blocked node it began at. `depth`: paths of the trail so far.
  int extend(int node, bool start, int depth = 0) {
    if (blocked[static_cast<std::size_t>(node)] && !start) return 0;
    if (depth >= kTrailSearchDepth)
      throw std::length_error("a trail reaches " + std::to_string(kTrailSearchDepth) +
                              " paths, the limit of the trail search");
    int best = 0;
    for (const int p : board.node_paths(node)) {
      const auto pi = static_cast<std::size_t>(p);
      if (!chosen[pi] || used[pi]) continue;
      if (++steps > kTrailSearchSteps)
        throw std::length_error("the trail search takes more than " +
                                std::to_string(kTrailSearchSteps) + " steps, its limit");
      used[pi] = 1;
      const auto ends = board.path_nodes(p);
      const int other = ends[0] == node ? ends[1] : ends[0];
      best = std::max(best, 1 + extend(other, false, depth + 1));
      used[pi] = 0;
    }
    return best;
  }
};

}  // namespace

int longest_trail(const Board& board, const std::vector<char>& chosen,
                  const std::vector<char>& blocked) {
  // Only the nodes at the ends of chosen paths matter.
  std::vector<int> paths;
  for (int p = 0; p < board.path_count(); ++p)
    if (chosen[static_cast<std::size_t>(p)]) paths.push_back(p);
  if (paths.empty()) return 0;
  Search s{board, chosen, blocked, std::vector<char>(chosen.size(), 0)};
  std::vector<int> degree(blocked.size(), 0);
  for (const int p : paths)
    for (const int n : board.path_nodes(p)) ++degree[static_cast<std::size_t>(n)];
  int best = 0;
  // A longest trail can start at any node touching a chosen path; starting from nodes where the
  // chosen paths do not continue in exactly two directions (or that are blocked) is enough,
  // except on a component that is a plain cycle, which any of its nodes starts.
  std::vector<char> covered(chosen.size(), 0);
  std::vector<char> tried(blocked.size(), 0);
  std::vector<int> stack;
  const auto start_from = [&](int node) {
    tried[static_cast<std::size_t>(node)] = 1;
    stack.push_back(node);
    best = std::max(best, s.extend(node, true));
  };
  for (const int p : paths) {
    for (const int n : board.path_nodes(p)) {
      const auto ni = static_cast<std::size_t>(n);
      if (!tried[ni] && (degree[ni] != 2 || blocked[ni])) start_from(n);
    }
  }
  // Mark the paths reachable from the starts tried so far; any chosen path left over lies on a
  // cycle whose nodes all have degree two.
  const auto flood = [&]() {
    while (!stack.empty()) {
      const int node = stack.back();
      stack.pop_back();
      for (const int p : board.node_paths(node)) {
        const auto pi = static_cast<std::size_t>(p);
        if (!chosen[pi] || covered[pi]) continue;
        covered[pi] = 1;
        const auto ends = board.path_nodes(p);
        stack.push_back(ends[0] == node ? ends[1] : ends[0]);
      }
    }
  };
  flood();
  for (const int p : paths) {
    if (covered[static_cast<std::size_t>(p)]) continue;
    start_from(board.path_nodes(p)[0]);
    flood();
  }
  return best;
}

}  // namespace catan::engine
