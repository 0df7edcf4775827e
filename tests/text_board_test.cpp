// The text board (view/text_board.h): a scripted base position drawn exactly, and a variant's
// pieces (a walled citadel) drawn through the variants' draw declarations.
#include <gtest/gtest.h>

#include "scripting/draw_spec.h"
#include "session_fixture.h"
#include "view/text_board.h"

namespace catan::scripting::testing {
namespace {

// A pack that replaces whatever the game built with a fixed position when the game ends (after
// every other handler): the picture depends on the beginner map and this list only.
constexpr const char* kPosition = R"(
game.on("game.end", function()
  for n = 1, board.nodes() do
    board.node_set(n, "owner", nil)
    board.node_set(n, "building", nil)
  end
  for p = 1, board.paths() do board.path_set(p, "road", nil) end
  board.node_set(1, "owner", 1); board.node_set(1, "building", "settlement")
  board.path_set(1, "road", 1)
  board.node_set(10, "owner", 2); board.node_set(10, "building", "city")
  board.path_set(12, "road", 2)
  if options.variant then
    board.node_set(20, "owner", 3); board.node_set(20, "building", "citadel")
    board.node_set(20, "wall", 3)
  end
  game.set("robber", 5)
end, { after = true, priority = 1000 })
)";

class TextBoardTest : public SessionFixture {
 protected:
  std::string draw(const std::vector<std::string>& packs, const std::vector<std::string>& options,
                   const view::NumberedPlaces& numbered = {}) {
    search().add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "variants");
    auto s = session(packs, options);
    GameConfig config;
    config.seed = 3;
    config.players = 3;
    config.max_turns = 2;
    const auto result = s->play(config);
    EXPECT_TRUE(result.ok) << result.error;
    return view::text_board(s->state(), packs::merged_draw_spec(s->packs()), false, numbered);
  }
};

TEST_F(TextBoardTest, ScriptedBasePosition) {
  pack("position", kPosition,
       R"(, "requires": ["base"], "options": {"variant": {"type": "boolean", "default": false,
          "description": "place a walled citadel"}})");
  // Beginner map: tiles "#1".."#19" with resource and number; s1 on node 1 with the road of
  // path 1 (the "1" on tile 1's upper-right side), C2 on node 10 with the road of path 12, the
  // robber on tile 5, the nine harbors outside the coast.
  const std::string expected = R"(                    3:1  2:1 wool
                  s1      .       .
                /   1   /   \   /   2
              .  #1   .  #2   .  #3   .
              |  ore  | wool  |lumber |
              |  10   |   2   |   9   |
      2:1 ore |       |       |       |
              .       .       .       .
            /   \   /   \   /   \   /   \
          .  #4   .  #5   C2 #6   .  #7   .
          | grain | brick | wool  | brick |
          |  12   |   6   |   4   |  10   | 3:1
          |       |ROBBER |       |       |
          .       .       .       .       .
        /   \   /   \   /   \   /   \   /   \
      .  #8   .  #9   .  #10  .  #11  .  #12  .
      | grain |lumber |desert |lumber |  ore  |
      |   9   |  11   |       |   3   |   8   |
      |       |       |       |       |       |
      .       .       .       .       .       .
        \   /   \   /   \   /   \   /   \   /
          .  #13  .  #14  .  #15  .  #16  .
2:1 grain |lumber |  ore  | grain | wool  | 3:1
          |   8   |   3   |   4   |   5   |
          |       |       |       |       |
          .       .       .       .       .
            \   /   \   /   \   /   \   /
              .  #17  .  #18  .  #19  .
              | brick | grain | wool  |
          3:1 |   5   |   6   |  11   | 2:1 brick
              |       |       |       |
              .       .       .       .
                \   /   \   /   \   /
                  .       .       .
               2:1 lumber
legend: . empty corner, sN settlement, CN city (N: the owner's seat); roads show the owner's seat
)";
  const auto board = draw({"base", "position"}, {});
  EXPECT_EQ(board, expected) << board;
}

// The places a person chooses among are numbered over what stands there: node 1 (s1), node 2
// (empty, tile 1's right corner), path 12 (player 2's road) and path 2 (tile 1's right side,
// on its middle line).
TEST_F(TextBoardTest, PlacesToChooseFromAreNumbered) {
  pack("position", kPosition,
       R"(, "requires": ["base"], "options": {"variant": {"type": "boolean", "default": false,
          "description": "place a walled citadel"}})");
  view::NumberedPlaces places;
  places.nodes = {0, 1};
  places.paths = {1, 11};
  const auto board = draw({"base", "position"}, {}, places);
  const auto line = [&](int n) {
    std::size_t at = 0;
    for (int i = 0; i < n; ++i) at = board.find('\n', at) + 1;
    return board.substr(at, board.find('\n', at) - at);
  };
  EXPECT_EQ(line(1), "                  1       .       .") << board;
  EXPECT_EQ(line(2), "                /   1   /   \\   /   12") << board;
  EXPECT_EQ(line(3), "              .  #1   2  #2   .  #3   .") << board;
  EXPECT_EQ(line(5), "              |  10   2   2   |   9   |") << board;
  EXPECT_NE(board.find("; numbers: the places to choose from\n"), std::string::npos);
}

TEST_F(TextBoardTest, VariantPiecesAppear) {
  pack("position", kPosition,
       R"(, "requires": ["base"], "options": {"variant": {"type": "boolean", "default": false,
          "description": "place a walled citadel"}})");
  const auto board =
      draw({"base", "city-walls", "citadels", "position"}, {"position.variant=true"});
  std::cout << board;
  EXPECT_NE(board.find("WK3"), std::string::npos);
  EXPECT_NE(board.find("KN citadel"), std::string::npos);
  EXPECT_NE(board.find("W wall"), std::string::npos);
}

// A count a pack declares (draw.tile_counts) appears on its hexes' lower-corner line, three
// columns at most, and in the legend; hexes where the prop is unset show nothing.
TEST_F(TextBoardTest, TileCountsAppear) {
  pack("position", kPosition,
       R"(, "requires": ["base"], "options": {"variant": {"type": "boolean", "default": false,
          "description": "place a walled citadel"}})");
  pack("counted", R"(
game.on("game.end", function()
  board.tile_set(1, "left", 3)
  board.tile_set(5, "left", 12)
  board.tile_set(6, "left", "many")
end, { after = true })
)",
       R"(, "requires": ["base"], "draw": {"tile_counts": {"left": "T"}})");
  const auto board = draw({"base", "position", "counted"}, {});
  const auto line = [&](int n) {
    std::size_t at = 0;
    for (int i = 0; i < n; ++i) at = board.find('\n', at) + 1;
    return board.substr(at, board.find('\n', at) - at);
  };
  EXPECT_EQ(line(7), "              .  T3   .       .       .") << board;
  EXPECT_EQ(line(13), "          .       .  T12  .       .       .") << board;
  EXPECT_NE(board.find(", Tn left: n on the hex ("), std::string::npos) << board;
}

TEST(TextBoard, NothingWithoutADeclaration) {
  engine::GameState state;
  EXPECT_EQ(view::text_board(state, packs::DrawSpec{}, false), "");
}

}  // namespace
}  // namespace catan::scripting::testing
