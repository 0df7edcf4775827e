// Agent extensions (game.extend_agent): several packs may teach one agent the same decision
// kind; each extension may answer or pass the decision on with `next`, down to the agent's own
// function. The chain's order follows the load order, never the order packs were requested in.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class AgentExtensionTest : public SessionFixture {
 protected:
  void SetUp() override {
    // Each turn asks for a colour; the agent "first" always answers 1. The answers are recorded
    // in the player property "colours".
    pack("chooser", R"lua(
game.on("turn", function(e)
  local colour = game.decide(e.player, "colour", { "red", "green", "blue", "black" })
  game.player_set(e.player, "colours", (game.player_get(e.player, "colours") or "") .. colour .. " ")
  if game.turn() == 4 then game.finish(nil, "four turns") end
end)
game.agent("first", function(player, kind, options) return 1 end)
)lua");
    // Two packs extend "first" for "colour": "a-green" takes green on player 1's decisions,
    // "b-blue" takes blue on turns 1 and 2 and otherwise asks the rest of the chain.
    pack("a-green", R"lua(
game.extend_agent("first", "colour", function(player, kind, options, next)
  if player == 1 then return 2 end
  return next(player, kind, options)
end)
)lua",
         R"(, "requires": ["chooser"])");
    pack("b-blue", R"lua(
game.extend_agent("first", "colour", function(player, kind, options, next)
  if game.turn() <= 2 then return 3 end
  return next(player, kind, options)
end)
)lua",
         R"(, "requires": ["chooser"])");
  }

  std::string colours(const std::vector<std::string>& packs) {
    auto s = session(packs);
    GameConfig config;
    config.agents = {"first", "first"};
    const auto r = s->play(config);
    EXPECT_TRUE(r.ok) << r.error_report;
    std::string out;
    for (int seat = 0; seat < 2; ++seat) {
      const auto& v = s->state().player_props.get(seat, "colours");
      out += std::get<std::string>(v) + "| ";
    }
    return out;
  }
};

TEST_F(AgentExtensionTest, TheLastLoadedExtensionIsAskedFirstAndNextPassesItOn) {
  // Turns 1-2: b-blue answers blue. Turns 3-4: b-blue passes on; a-green answers for player 1
  // (turn 3) and passes player 2's decision (turn 4) to the agent's own function: red.
  EXPECT_EQ(colours({"a-green", "b-blue"}), "blue green | blue red | ");
}

TEST_F(AgentExtensionTest, TheChainDoesNotDependOnTheRequestOrder) {
  EXPECT_EQ(colours({"b-blue", "a-green"}), colours({"a-green", "b-blue"}));
}

TEST_F(AgentExtensionTest, ASingleExtensionStillWorksWithoutCallingNext) {
  EXPECT_EQ(colours({"a-green"}), "green green | red red | ");
}

TEST_F(AgentExtensionTest, EachKindIsAnsweredByItsOwnChainThroughoutTheGame) {
  // A pack whose turns alternate two kinds, "colour" (extended by a-green) and "shape" (not
  // extended): however often each kind is asked, its own function answers. (A Lua agent keeps the
  // function found for each kind for the rest of the game.)
  pack("shapes", R"lua(
game.on("turn", function(e)
  local shape = game.decide(e.player, "shape", { "circle", "square", "star" })
  game.player_set(e.player, "shapes", (game.player_get(e.player, "shapes") or "") .. shape .. " ")
end)
)lua",
       R"(, "requires": ["chooser"])");
  auto s = session({"a-green", "shapes"});
  GameConfig config;
  config.agents = {"first", "first"};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto text = [&](int seat, const char* key) {
    return std::get<std::string>(s->state().player_props.get(seat, key));
  };
  EXPECT_EQ(text(0, "colours"), "green green ");
  EXPECT_EQ(text(0, "shapes"), "circle circle ");
  EXPECT_EQ(text(1, "colours"), "red red ");
  EXPECT_EQ(text(1, "shapes"), "circle circle ");
}

}  // namespace
}  // namespace catan::scripting
