#include "engine/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/hex_board.h"

namespace catan::engine {
namespace {

std::vector<int> v(std::span<const int> s) {
  return {s.begin(), s.end()};
}

bool contains(std::span<const int> s, int x) {
  return std::find(s.begin(), s.end(), x) != s.end();
}

bool strictly_ascending(std::span<const int> s) {
  return std::adjacent_find(s.begin(), s.end(), [](int a, int b) { return a >= b; }) == s.end();
}

// Checks every relation of a finalized board against every other one.
void expect_consistent(const Board& b) {
  for (int t = 0; t < b.tile_count(); ++t) {
    const auto nodes = b.tile_nodes(t);
    const auto paths = b.tile_paths(t);
    ASSERT_EQ(nodes.size(), paths.size()) << "tile " << t;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const int a = nodes[i], c = nodes[(i + 1) % nodes.size()];
      EXPECT_EQ(b.path_between(a, c), paths[i]) << "tile " << t << " side " << i;
      EXPECT_EQ(v(b.path_nodes(paths[i])), (std::vector<int>{std::min(a, c), std::max(a, c)}));
      EXPECT_TRUE(contains(b.node_tiles(nodes[i]), t));
      EXPECT_TRUE(contains(b.path_tiles(paths[i]), t));
    }
    EXPECT_TRUE(strictly_ascending(b.tile_tiles(t)));
    EXPECT_FALSE(contains(b.tile_tiles(t), t));
    for (int u : b.tile_tiles(t)) {
      EXPECT_TRUE(contains(b.tile_tiles(u), t)) << t << " / " << u;
      bool share_side = false;
      for (int p : paths) share_side |= contains(b.path_tiles(p), u);
      EXPECT_TRUE(share_side) << t << " / " << u;
    }
  }
  for (int n = 0; n < b.node_count(); ++n) {
    EXPECT_TRUE(strictly_ascending(b.node_tiles(n)));
    EXPECT_TRUE(strictly_ascending(b.node_nodes(n)));
    EXPECT_TRUE(strictly_ascending(b.node_paths(n)));
    EXPECT_EQ(b.node_nodes(n).size(), b.node_paths(n).size());
    for (int t : b.node_tiles(n)) EXPECT_TRUE(contains(b.tile_nodes(t), n));
    for (int m : b.node_nodes(n)) {
      EXPECT_TRUE(contains(b.node_nodes(m), n)) << n << " / " << m;
      EXPECT_TRUE(b.path_between(n, m).has_value());
    }
    for (int p : b.node_paths(n)) EXPECT_TRUE(contains(b.path_nodes(p), n));
  }
  for (int p = 0; p < b.path_count(); ++p) {
    const auto ends = b.path_nodes(p);
    ASSERT_EQ(ends.size(), 2u);
    EXPECT_LT(ends[0], ends[1]);
    EXPECT_TRUE(strictly_ascending(b.path_tiles(p)));
    for (int t : b.path_tiles(p)) EXPECT_TRUE(contains(b.tile_paths(t), p));
    std::set<int> expected;
    for (int end : ends) {
      EXPECT_TRUE(contains(b.node_paths(end), p));
      for (int q : b.node_paths(end)) {
        if (q != p) expected.insert(q);
      }
    }
    EXPECT_EQ(v(b.path_paths(p)), std::vector<int>(expected.begin(), expected.end()));
    for (int q : b.path_paths(p)) EXPECT_TRUE(contains(b.path_paths(q), p));
  }
}

// ---- Generic board built by hand ----

// Two unit squares sharing the side 1-4:
//   0 - 1 - 2
//   |   |   |
//   3 - 4 - 5
Board two_squares() {
  Board b;
  const int left = b.add_tile({0, 0});
  const int right = b.add_tile({1, 0});
  for (int i = 0; i < 6; ++i) EXPECT_EQ(b.add_node(), i);
  for (auto [a, c] :
       std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {0, 3}, {1, 4}, {2, 5}, {3, 4}, {4, 5}}) {
    b.add_path(a, c);
  }
  for (int n : {0, 1, 4, 3}) b.attach(left, n);
  for (int n : {1, 2, 5, 4}) b.attach(right, n);
  b.finalize();
  return b;
}

TEST(BoardTest, TwoSquaresRelations) {
  const Board b = two_squares();
  ASSERT_TRUE(b.finalized());
  EXPECT_EQ(b.tile_count(), 2);
  EXPECT_EQ(b.node_count(), 6);
  EXPECT_EQ(b.path_count(), 7);
  // Paths: 0:(0,1) 1:(1,2) 2:(0,3) 3:(1,4) 4:(2,5) 5:(3,4) 6:(4,5).
  EXPECT_EQ(v(b.tile_nodes(0)), (std::vector<int>{0, 1, 4, 3}));
  EXPECT_EQ(v(b.tile_paths(0)), (std::vector<int>{0, 3, 5, 2}));
  EXPECT_EQ(v(b.tile_paths(1)), (std::vector<int>{1, 4, 6, 3}));
  EXPECT_EQ(v(b.tile_tiles(0)), std::vector<int>{1});
  EXPECT_EQ(v(b.tile_tiles(1)), std::vector<int>{0});
  EXPECT_EQ(v(b.node_tiles(1)), (std::vector<int>{0, 1}));
  EXPECT_EQ(v(b.node_tiles(4)), (std::vector<int>{0, 1}));
  EXPECT_EQ(v(b.node_tiles(5)), std::vector<int>{1});
  EXPECT_EQ(v(b.node_nodes(1)), (std::vector<int>{0, 2, 4}));
  EXPECT_EQ(v(b.node_nodes(3)), (std::vector<int>{0, 4}));
  EXPECT_EQ(v(b.node_paths(4)), (std::vector<int>{3, 5, 6}));
  EXPECT_EQ(v(b.path_nodes(3)), (std::vector<int>{1, 4}));
  EXPECT_EQ(v(b.path_tiles(3)), (std::vector<int>{0, 1}));
  EXPECT_EQ(v(b.path_tiles(0)), std::vector<int>{0});
  EXPECT_EQ(v(b.path_paths(3)), (std::vector<int>{0, 1, 5, 6}));
  EXPECT_EQ(v(b.path_paths(2)), (std::vector<int>{0, 5}));
  EXPECT_EQ(b.path_between(4, 1), 3);
  EXPECT_EQ(b.path_between(0, 4), std::nullopt);
  EXPECT_EQ(b.tile_at({1, 0}), 1);
  EXPECT_EQ(b.tile_at({5, 5}), std::nullopt);
  expect_consistent(b);
}

TEST(BoardTest, AddPathDeduplicatesEitherOrder) {
  Board b;
  const int a = b.add_node(), c = b.add_node(), d = b.add_node();
  EXPECT_EQ(b.add_path(a, c), 0);
  EXPECT_EQ(b.add_path(c, a), 0);
  EXPECT_EQ(b.add_path(c, d), 1);
  EXPECT_EQ(b.add_path(a, c), 0);
  EXPECT_EQ(b.path_count(), 2);
  EXPECT_EQ(b.path_between(c, a), 0);  // also answered before finalize
  EXPECT_EQ(b.path_between(a, d), std::nullopt);
}

TEST(BoardTest, FinalizeFreezes) {
  Board b = two_squares();
  EXPECT_THROW(b.add_tile(), std::logic_error);
  EXPECT_THROW(b.add_node(), std::logic_error);
  EXPECT_THROW(b.add_path(0, 5), std::logic_error);
  EXPECT_THROW(b.attach(0, 2), std::logic_error);
  EXPECT_EQ(b.node_count(), 6);
  EXPECT_EQ(b.path_count(), 7);
  b.finalize();  // idempotent
  EXPECT_EQ(v(b.tile_nodes(1)), (std::vector<int>{1, 2, 5, 4}));
}

TEST(BoardTest, QueriesBeforeFinalizeThrow) {
  Board b;
  b.add_tile();
  b.add_node();
  EXPECT_FALSE(b.finalized());
  EXPECT_THROW(b.tile_nodes(0), std::logic_error);
  EXPECT_THROW(b.node_tiles(0), std::logic_error);
  EXPECT_EQ(b.tile_coord(0), (Axial{0, 0}));
  EXPECT_EQ(b.tile_at({0, 0}), 0);
}

TEST(BoardTest, OutOfRangeIdsNameKindAndId) {
  const Board b = two_squares();
  const auto message = [](auto&& call) -> std::string {
    try {
      call();
    } catch (const std::out_of_range& e) {
      return e.what();
    }
    return "no exception";
  };
  EXPECT_EQ(message([&] { b.tile_nodes(2); }), "Board: tile id 2 out of range [0, 2)");
  EXPECT_EQ(message([&] { b.node_nodes(-1); }), "Board: node id -1 out of range [0, 6)");
  EXPECT_EQ(message([&] { b.path_tiles(7); }), "Board: path id 7 out of range [0, 7)");
  EXPECT_THROW(b.tile_coord(9), std::out_of_range);
  EXPECT_THROW(b.path_between(0, 6), std::out_of_range);
  for (int bad : {-1, 2}) {
    EXPECT_THROW(b.tile_paths(bad), std::out_of_range);
    EXPECT_THROW(b.tile_tiles(bad), std::out_of_range);
  }
  for (int bad : {-1, 6}) {
    EXPECT_THROW(b.node_tiles(bad), std::out_of_range);
    EXPECT_THROW(b.node_paths(bad), std::out_of_range);
  }
  for (int bad : {-1, 7}) {
    EXPECT_THROW(b.path_nodes(bad), std::out_of_range);
    EXPECT_THROW(b.path_paths(bad), std::out_of_range);
  }
  Board building;
  building.add_tile();
  EXPECT_THROW(building.add_path(0, 1), std::out_of_range);
  EXPECT_THROW(building.attach(1, 0), std::out_of_range);
  EXPECT_THROW(building.attach(0, 0), std::out_of_range);  // no node yet
}

TEST(BoardTest, MalformedBuildRejected) {
  Board b;
  const int t = b.add_tile();
  const int n0 = b.add_node(), n1 = b.add_node(), n2 = b.add_node();
  EXPECT_THROW(b.add_path(n0, n0), std::invalid_argument);
  b.attach(t, n0);
  EXPECT_THROW(b.attach(t, n0), std::invalid_argument);
  b.attach(t, n1);
  EXPECT_THROW(b.finalize(), std::invalid_argument);  // only 2 corners
  EXPECT_FALSE(b.finalized());
  b.attach(t, n2);
  b.add_path(n0, n1);
  b.add_path(n1, n2);
  try {
    b.finalize();
    FAIL() << "missing side accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("side 2 of tile 0 joins nodes 2 and 0"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(b.finalized());
  b.add_path(n2, n0);  // the board can be fixed after a failed finalize
  b.finalize();
  EXPECT_EQ(v(b.tile_paths(t)), (std::vector<int>{0, 1, 2}));
  expect_consistent(b);
}

TEST(BoardTest, TileAtReturnsSmallestIdForSharedLabel) {
  Board b;
  b.add_tile({3, 4});
  b.add_tile({3, 4});
  EXPECT_EQ(b.tile_at({3, 4}), 0);
}

TEST(BoardTest, RowsAreContiguousTables) {
  const Board b = two_squares();
  // CSR layout: row t + 1 starts where row t ends, in one shared buffer.
  EXPECT_EQ(b.tile_nodes(0).data() + b.tile_nodes(0).size(), b.tile_nodes(1).data());
  EXPECT_EQ(b.tile_nodes(1).data(), b.tile_nodes(1).data());
}

TEST(BoardTest, CopiesAreIndependentValues) {
  const Board a = two_squares();
  const Board b = a;
  EXPECT_EQ(v(b.path_paths(3)), v(a.path_paths(3)));
  EXPECT_NE(b.tile_nodes(0).data(), a.tile_nodes(0).data());
}

// ---- Standard hex geometry ----

TEST(HexBoardTest, Counts) {
  struct Case {
    int radius, tiles, nodes, paths;
  };
  for (const Case c :
       {Case{0, 1, 6, 6}, Case{1, 7, 24, 30}, Case{2, 19, 54, 72}, Case{3, 37, 96, 132}}) {
    const Board b = make_hex_board(c.radius);
    EXPECT_TRUE(b.finalized());
    EXPECT_EQ(b.tile_count(), c.tiles) << "radius " << c.radius;
    EXPECT_EQ(b.node_count(), c.nodes) << "radius " << c.radius;
    EXPECT_EQ(b.path_count(), c.paths) << "radius " << c.radius;
  }
}

TEST(HexBoardTest, RadiusTwoDegreesAndCoast) {
  const Board b = make_hex_board(2);
  std::map<std::size_t, int> nodes_by_tiles;
  for (int n = 0; n < b.node_count(); ++n) {
    const auto neighbours = b.node_nodes(n).size();
    EXPECT_TRUE(neighbours == 2 || neighbours == 3) << "node " << n;
    const auto tiles = b.node_tiles(n).size();
    EXPECT_TRUE(tiles >= 1 && tiles <= 3) << "node " << n;
    // Coastal corners of one tile have 2 neighbours; all others have 3.
    EXPECT_EQ(neighbours, tiles == 1 ? 2u : 3u) << "node " << n;
    ++nodes_by_tiles[tiles];
  }
  EXPECT_EQ(nodes_by_tiles, (std::map<std::size_t, int>{{1, 18}, {2, 12}, {3, 24}}));
  int coastal = 0;
  for (int p = 0; p < b.path_count(); ++p) {
    EXPECT_EQ(b.path_nodes(p).size(), 2u);
    const auto tiles = b.path_tiles(p).size();
    EXPECT_TRUE(tiles == 1 || tiles == 2) << "path " << p;
    if (tiles == 1) ++coastal;
  }
  EXPECT_EQ(coastal, 30);
  expect_consistent(b);
}

TEST(HexBoardTest, RadiusTwoNumbering) {
  const Board b = make_hex_board(2);
  // Rows top to bottom, q ascending within a row: 3, 4, 5, 4, 3 tiles.
  const std::vector<Axial> expected_order{
      {0, -2}, {1, -2}, {2, -2}, {-1, -1}, {0, -1}, {1, -1}, {2, -1}, {-2, 0}, {-1, 0}, {0, 0},
      {1, 0},  {2, 0},  {-2, 1}, {-1, 1},  {0, 1},  {1, 1},  {-2, 2}, {-1, 2}, {0, 2}};
  for (int t = 0; t < b.tile_count(); ++t) {
    EXPECT_EQ(b.tile_coord(t), expected_order[static_cast<std::size_t>(t)]) << "tile " << t;
    EXPECT_EQ(b.tile_at(expected_order[static_cast<std::size_t>(t)]), t);
  }
  EXPECT_EQ(b.tile_at({3, 0}), std::nullopt);
  EXPECT_EQ(b.tile_at({2, 1}), std::nullopt);  // distance 3

  // Tile 0 owns the first six nodes and paths; side i joins corner i and i + 1.
  EXPECT_EQ(v(b.tile_nodes(0)), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(v(b.tile_paths(0)), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(v(b.path_nodes(5)), (std::vector<int>{0, 5}));
  // Tile 1 = (1,-2), right of tile 0: its lower-left and upper-left corners are tile 0's
  // lower-right (2) and upper-right (1); its side 4 is tile 0's side 1.
  EXPECT_EQ(v(b.tile_nodes(1)), (std::vector<int>{6, 7, 8, 9, 2, 1}));
  EXPECT_EQ(v(b.tile_paths(1)), (std::vector<int>{6, 7, 8, 9, 1, 10}));
  // Tile 2 = (2,-2).
  EXPECT_EQ(v(b.tile_nodes(2)), (std::vector<int>{10, 11, 12, 13, 8, 7}));
  EXPECT_EQ(v(b.tile_paths(2)), (std::vector<int>{11, 12, 13, 14, 7, 15}));
  // Tile 3 = (-1,-1), below-left of tile 0: its top and upper-right corners are tile 0's
  // lower-left (4) and bottom (3); its side 0 is tile 0's side 3.
  EXPECT_EQ(v(b.tile_nodes(3)), (std::vector<int>{4, 3, 14, 15, 16, 17}));
  EXPECT_EQ(v(b.tile_paths(3)), (std::vector<int>{3, 16, 17, 18, 19, 20}));

  EXPECT_EQ(v(b.tile_tiles(0)), (std::vector<int>{1, 3, 4}));
  EXPECT_EQ(v(b.node_tiles(3)), (std::vector<int>{0, 3, 4}));
  EXPECT_EQ(v(b.node_tiles(2)), (std::vector<int>{0, 1, 4}));
  EXPECT_EQ(v(b.node_tiles(0)), std::vector<int>{0});
  EXPECT_EQ(v(b.path_tiles(1)), (std::vector<int>{0, 1}));
  EXPECT_EQ(v(b.path_tiles(0)), std::vector<int>{0});
  EXPECT_EQ(b.path_between(2, 1), 1);
  EXPECT_EQ(b.path_between(3, 4), 3);
  EXPECT_EQ(b.path_between(0, 3), std::nullopt);

  // The centre tile (0,0) is tile 9 and has all six neighbours.
  ASSERT_EQ(b.tile_at({0, 0}), 9);
  EXPECT_EQ(v(b.tile_tiles(9)), (std::vector<int>{4, 5, 8, 10, 13, 14}));
  for (int n : b.tile_nodes(9)) EXPECT_EQ(b.node_tiles(n).size(), 3u);
  for (int p : b.tile_paths(9)) EXPECT_EQ(b.path_tiles(p).size(), 2u);
  // Last tile (0,2), bottom row right end.
  EXPECT_EQ(b.tile_coord(18), (Axial{0, 2}));
  EXPECT_EQ(b.tile_nodes(18)[3], 53);  // its bottom corner is the last new node
  EXPECT_EQ(b.tile_paths(18)[3], 71);  // ... and its side 3 (bottom to lower-left) the last path
}

TEST(HexBoardTest, NumberingIsDeterministic) {
  const Board a = make_hex_board(2);
  const Board b = make_hex_board(2);
  for (int t = 0; t < a.tile_count(); ++t) {
    EXPECT_EQ(v(a.tile_nodes(t)), v(b.tile_nodes(t)));
    EXPECT_EQ(v(a.tile_paths(t)), v(b.tile_paths(t)));
  }
  // The custom-shape builder renumbers any input order identically.
  std::vector<Axial> hexes;
  for (int t = a.tile_count() - 1; t >= 0; --t) hexes.push_back(a.tile_coord(t));
  std::swap(hexes[2], hexes[11]);
  const Board c = make_hex_board(hexes);
  ASSERT_EQ(c.tile_count(), a.tile_count());
  for (int t = 0; t < a.tile_count(); ++t) {
    EXPECT_EQ(c.tile_coord(t), a.tile_coord(t));
    EXPECT_EQ(v(c.tile_nodes(t)), v(a.tile_nodes(t)));
    EXPECT_EQ(v(c.tile_paths(t)), v(a.tile_paths(t)));
  }
}

TEST(HexBoardTest, CustomShapes) {
  // Two hexes side by side share exactly one side and two corners.
  const std::array<Axial, 2> pair{Axial{1, 0}, Axial{0, 0}};
  const Board b = make_hex_board(pair);
  EXPECT_EQ(b.tile_count(), 2);
  EXPECT_EQ(b.node_count(), 10);
  EXPECT_EQ(b.path_count(), 11);
  EXPECT_EQ(b.tile_coord(0), (Axial{0, 0}));
  EXPECT_EQ(v(b.tile_tiles(0)), std::vector<int>{1});
  EXPECT_EQ(v(b.tile_nodes(1)), (std::vector<int>{6, 7, 8, 9, 2, 1}));
  expect_consistent(b);

  // Two hexes with a gap between them share nothing.
  const std::array<Axial, 2> apart{Axial{0, 0}, Axial{2, 0}};
  const Board c = make_hex_board(apart);
  EXPECT_EQ(c.node_count(), 12);
  EXPECT_EQ(c.path_count(), 12);
  EXPECT_TRUE(c.tile_tiles(0).empty());

  // A ring of six hexes around an empty centre: the hole's six sides are coast too.
  std::vector<Axial> ring{{0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}};
  const Board r = make_hex_board(ring);
  EXPECT_EQ(r.node_count(), 24);
  EXPECT_EQ(r.path_count(), 30);
  int coastal = 0;
  for (int p = 0; p < r.path_count(); ++p) coastal += r.path_tiles(p).size() == 1 ? 1 : 0;
  EXPECT_EQ(coastal, 24);  // 18 outer + 6 around the hole
  expect_consistent(r);

  const Board empty = make_hex_board(std::span<const Axial>{});
  EXPECT_EQ(empty.tile_count(), 0);
  EXPECT_TRUE(empty.finalized());
}

TEST(HexBoardTest, BadInputRejected) {
  EXPECT_THROW(make_hex_board(-1), std::invalid_argument);
  const std::array<Axial, 3> repeated{Axial{0, 0}, Axial{1, 0}, Axial{0, 0}};
  EXPECT_THROW(make_hex_board(repeated), std::invalid_argument);
}

TEST(HexBoardTest, RadiusOneAndZeroConsistent) {
  expect_consistent(make_hex_board(0));
  expect_consistent(make_hex_board(1));
  const Board one = make_hex_board(0);
  EXPECT_TRUE(one.tile_tiles(0).empty());
  for (int p = 0; p < one.path_count(); ++p) EXPECT_EQ(one.path_tiles(p).size(), 1u);
}

}  // namespace
}  // namespace catan::engine
