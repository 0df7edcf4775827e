// The lookup caches behind the Lua API: NameTable's address memo, Properties::set_string and the
// per-radius hex board cache must give exactly the answers of the uncached paths.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/hex_board.h"
#include "engine/name_table.h"
#include "engine/properties.h"

namespace catan::engine {
namespace {

// A table large enough to take the hashed path, and one small enough to be scanned.
NameTable table_of(int n) {
  NameTable t;
  for (int i = 0; i < n; ++i) t.intern("name" + std::to_string(i));
  return t;
}

class NameTableCache : public ::testing::TestWithParam<int> {};

TEST_P(NameTableCache, SameBufferWithNewContentsGetsItsOwnId) {
  const NameTable t = table_of(GetParam());
  std::string buffer(16, '\0');  // one buffer reused: every lookup arrives at the same address
  const auto look = [&](const std::string& text) {
    buffer.assign(text);
    return t.find(std::string_view(buffer.data(), buffer.size()));
  };
  const char* address = buffer.data();
  EXPECT_EQ(look("name3"), 3);
  EXPECT_EQ(look("name2"), 2);  // same address and length as "name3": must not reuse its id
  EXPECT_EQ(look("name3"), 3);
  EXPECT_EQ(look("nameX"), std::nullopt);  // a miss after a hit at the same address
  EXPECT_EQ(look("name1"), 1);
  EXPECT_EQ(buffer.data(), address);
}

TEST_P(NameTableCache, TwoBuffersWithSwappedContents) {
  const NameTable t = table_of(GetParam());
  std::string a = "name1", b = "name2";
  EXPECT_EQ(t.find(a), 1);
  EXPECT_EQ(t.find(b), 2);
  a.assign("name2");
  b.assign("name1");
  EXPECT_EQ(t.find(a), 2);
  EXPECT_EQ(t.find(b), 1);
  EXPECT_EQ(t.find(std::string_view(a.data(), 4)), std::nullopt);  // a prefix is another name
}

TEST_P(NameTableCache, ClearForgetsRememberedIds) {
  NameTable t = table_of(GetParam());
  const std::string key = "name2";
  EXPECT_EQ(t.find(key), 2);
  t.clear();
  EXPECT_EQ(t.find(key), std::nullopt);
  EXPECT_EQ(t.intern("other"), 0);
  EXPECT_EQ(t.intern(key), 1);
  EXPECT_EQ(t.find(key), 1);
  EXPECT_EQ(t.find("other"), 0);
}

TEST_P(NameTableCache, MovedFromTableFindsNothing) {
  NameTable t = table_of(GetParam());
  const std::string key = "name1";
  EXPECT_EQ(t.find(key), 1);
  NameTable moved = std::move(t);
  EXPECT_EQ(moved.find(key), 1);
  t.clear();
  EXPECT_EQ(t.find(key), std::nullopt);
}

TEST_P(NameTableCache, EmptyNames) {
  NameTable t = table_of(GetParam());
  EXPECT_EQ(t.find(std::string_view{}), std::nullopt);
  const int id = t.intern("");
  EXPECT_EQ(t.find(std::string_view{}), id);
  EXPECT_EQ(t.find(""), id);
  EXPECT_EQ(t.intern(std::string_view{}), id);
}

INSTANTIATE_TEST_SUITE_P(ScannedAndHashed, NameTableCache, ::testing::Values(4, 40));

TEST(PropertiesSetString, SameResultAsSet) {
  Properties p;
  p.resize(3);
  p.set_string(1, "owner", "red");
  EXPECT_EQ(p.get(1, "owner"), Value(std::string("red")));
  EXPECT_EQ(p.get(0, "owner"), Value{});
  p.set(2, "owner", std::int64_t{7});
  p.set_string(2, "owner", "a string long enough to need heap storage of its own");
  EXPECT_EQ(p.get(2, "owner"),
            Value(std::string("a string long enough to need heap storage of its own")));
  p.set_string(2, "owner", "blue");
  EXPECT_EQ(p.get(2, "owner"), Value(std::string("blue")));
  p.set_string(2, "owner", "blue");
  EXPECT_EQ(p.get(2, "owner"), Value(std::string("blue")));
  p.set_string(0, "note", "");
  EXPECT_EQ(p.get(0, "note"), Value(std::string()));
  EXPECT_EQ(p.keys().names(), (std::vector<std::string>{"owner", "note"}));
  EXPECT_THROW(p.set_string(3, "owner", "x"), std::out_of_range);
}

// Compares every relation of two finalized boards.
void expect_same_board(const Board& a, const Board& b) {
  ASSERT_EQ(a.tile_count(), b.tile_count());
  ASSERT_EQ(a.node_count(), b.node_count());
  ASSERT_EQ(a.path_count(), b.path_count());
  const auto same = [](std::span<const int> x, std::span<const int> y) {
    return std::vector<int>(x.begin(), x.end()) == std::vector<int>(y.begin(), y.end());
  };
  for (int t = 0; t < a.tile_count(); ++t) {
    EXPECT_EQ(a.tile_coord(t), b.tile_coord(t));
    EXPECT_TRUE(same(a.tile_nodes(t), b.tile_nodes(t)));
    EXPECT_TRUE(same(a.tile_paths(t), b.tile_paths(t)));
    EXPECT_TRUE(same(a.tile_tiles(t), b.tile_tiles(t)));
  }
  for (int n = 0; n < a.node_count(); ++n) {
    EXPECT_TRUE(same(a.node_tiles(n), b.node_tiles(n)));
    EXPECT_TRUE(same(a.node_nodes(n), b.node_nodes(n)));
    EXPECT_TRUE(same(a.node_paths(n), b.node_paths(n)));
  }
  for (int p = 0; p < a.path_count(); ++p) {
    EXPECT_TRUE(same(a.path_nodes(p), b.path_nodes(p)));
    EXPECT_TRUE(same(a.path_tiles(p), b.path_tiles(p)));
    EXPECT_TRUE(same(a.path_paths(p), b.path_paths(p)));
  }
}

TEST(HexBoardCache, RepeatedRadiusGivesAnIndependentEqualBoard) {
  for (int radius : {0, 1, 2, 3}) {
    std::vector<Axial> hexes;
    for (int r = -radius; r <= radius; ++r)
      for (int q = -radius; q <= radius; ++q)
        if (std::abs(q) <= radius && std::abs(r) <= radius && std::abs(q + r) <= radius)
          hexes.push_back({q, r});
    const Board direct = make_hex_board(std::span<const Axial>(hexes));
    Board first = make_hex_board(radius);
    const Board second = make_hex_board(radius);
    expect_same_board(direct, first);
    expect_same_board(direct, second);
    EXPECT_TRUE(second.finalized());
    first = Board{};  // changing one copy leaves the cached board alone
    expect_same_board(direct, make_hex_board(radius));
  }
  EXPECT_EQ(make_hex_board(2).tile_count(), 19);
  EXPECT_THROW(make_hex_board(-1), std::invalid_argument);
}

}  // namespace
}  // namespace catan::engine
