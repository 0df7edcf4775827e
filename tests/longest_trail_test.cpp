// The kernel's longest-trail search on the standard 19-hex board.
#include "engine/longest_trail.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

#include "engine/hex_board.h"

namespace catan::engine {
namespace {

class LongestTrailTest : public ::testing::Test {
 protected:
  Board board = make_hex_board(2);
  std::vector<char> chosen = std::vector<char>(static_cast<std::size_t>(board.path_count()), 0);
  std::vector<char> blocked = std::vector<char>(static_cast<std::size_t>(board.node_count()), 0);

  // Chooses the paths of a walk through `nodes` (consecutive nodes must be adjacent).
  void walk(std::initializer_list<int> nodes) {
    const int* prev = nullptr;
    for (const int& n : nodes) {
      if (prev) chosen[static_cast<std::size_t>(*board.path_between(*prev, n))] = 1;
      prev = &n;
    }
  }
  // The corners of tile t, in the board's order around the tile.
  std::vector<int> ring(int t) {
    const auto nodes = board.tile_nodes(t);
    return {nodes.begin(), nodes.end()};
  }
  int length() { return longest_trail(board, chosen, blocked); }
};

TEST_F(LongestTrailTest, NoPathsGiveZeroAndOnePathGivesOne) {
  EXPECT_EQ(length(), 0);
  chosen[0] = 1;
  EXPECT_EQ(length(), 1);
}

TEST_F(LongestTrailTest, AHexagonIsACycleOfSix) {
  const auto r = ring(0);
  walk({r[0], r[1], r[2], r[3], r[4], r[5], r[0]});
  EXPECT_EQ(length(), 6);
}

TEST_F(LongestTrailTest, ABlockedNodeSplitsTheTrailButMayEndIt) {
  const auto r = ring(0);
  walk({r[0], r[1], r[2], r[3], r[4]});  // a chain of four
  EXPECT_EQ(length(), 4);
  blocked[static_cast<std::size_t>(r[2])] = 1;  // two and two
  EXPECT_EQ(length(), 2);
  blocked[static_cast<std::size_t>(r[2])] = 0;
  blocked[static_cast<std::size_t>(r[4])] = 1;  // at the end: no effect
  EXPECT_EQ(length(), 4);
}

TEST_F(LongestTrailTest, ABranchCountsOnlyItsLongerArm) {
  const auto r = ring(0);
  walk({r[0], r[1], r[2], r[3]});  // three
  // A spur of one from r[1] to its neighbour off the hexagon.
  for (const int n : board.node_nodes(r[1])) {
    if (n != r[0] && n != r[2]) {
      chosen[static_cast<std::size_t>(*board.path_between(r[1], n))] = 1;
      break;
    }
  }
  EXPECT_EQ(length(), 3);
}

TEST_F(LongestTrailTest, TwoHexagonsSharingASideAreOneTrailOfEleven) {
  // Every side of tiles 0 and 1 (they share one side): 11 paths. Only the two ends of the shared
  // side have odd degree, so one trail runs from one to the other over all 11 (an Euler trail).
  for (const int t : {0, 1})
    for (const int p : board.tile_paths(t)) chosen[static_cast<std::size_t>(p)] = 1;
  ASSERT_TRUE(board.tile_tiles(0).size() > 0);
  int shared = 0;
  for (const int u : board.tile_tiles(0)) shared += u == 1;
  ASSERT_EQ(shared, 1) << "tiles 0 and 1 must be neighbours for this test";
  EXPECT_EQ(length(), 11);
  // Block one end of the shared side: every trail of 11 starts there and passes it again
  // (degree three), which is now refused, so the best is 10.
  const auto shared_side = board.path_nodes(
      *std::find_if(board.tile_paths(0).begin(), board.tile_paths(0).end(), [&](int p) {
        return board.path_tiles(p).size() == 2 &&
               (board.path_tiles(p)[0] == 1 || board.path_tiles(p)[1] == 1);
      }));
  blocked[static_cast<std::size_t>(shared_side[0])] = 1;
  EXPECT_EQ(length(), 10);
}

}  // namespace
}  // namespace catan::engine
