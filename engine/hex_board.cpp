#include "engine/hex_board.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace catan::engine {
namespace {

// Corner offsets from a hex centre on the integer lattice described in the header, clockwise
// from the top corner.
constexpr std::array<std::pair<int, int>, 6> kCornerOffsets{
    {{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}};

}  // namespace

Board make_hex_board(std::span<const Axial> hexes) {
  std::vector<Axial> order(hexes.begin(), hexes.end());
  const auto row_major = [](const Axial& a, const Axial& b) {
    return std::make_pair(a.r, a.q) < std::make_pair(b.r, b.q);
  };
  std::sort(order.begin(), order.end(), row_major);
  const auto repeated = std::adjacent_find(order.begin(), order.end());
  if (repeated != order.end()) {
    throw std::invalid_argument("make_hex_board: hex (q " + std::to_string(repeated->q) + ", r " +
                                std::to_string(repeated->r) + ") is listed more than once");
  }

  Board board;
  std::map<std::pair<int, int>, int> node_at;  // lattice point -> node id
  for (const Axial& hex : order) {
    const int tile = board.add_tile(hex);
    const int cx = 2 * hex.q + hex.r;
    const int cy = 3 * hex.r;
    std::array<int, 6> corners{};
    for (std::size_t i = 0; i < 6; ++i) {
      const std::pair<int, int> point{cx + kCornerOffsets[i].first, cy + kCornerOffsets[i].second};
      auto found = node_at.find(point);
      if (found == node_at.end()) found = node_at.emplace(point, board.add_node()).first;
      corners[i] = found->second;
      board.attach(tile, corners[i]);
    }
    for (std::size_t i = 0; i < 6; ++i) board.add_path(corners[i], corners[(i + 1) % 6]);
  }
  board.finalize();
  return board;
}

namespace {

Board build_hex_board(int radius) {
  std::vector<Axial> hexes;
  for (int r = -radius; r <= radius; ++r) {
    for (int q = -radius; q <= radius; ++q) {
      const int s = -q - r;
      if (std::max({std::abs(q), std::abs(r), std::abs(s)}) <= radius) hexes.push_back({q, r});
    }
  }
  return make_hex_board(hexes);
}

}  // namespace

// Boards of a radius are identical, so each is built once per process and copied afterwards.
Board make_hex_board(int radius) {
  if (radius < 0) {
    throw std::invalid_argument("make_hex_board: radius must be >= 0, got " +
                                std::to_string(radius));
  }
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<const Board>> built;
  const Board* board = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = built[radius];
    if (!slot) slot = std::make_unique<const Board>(build_hex_board(radius));
    board = slot.get();
  }
  return *board;  // entries are never removed or changed, so copying outside the lock is safe
}

}  // namespace catan::engine
