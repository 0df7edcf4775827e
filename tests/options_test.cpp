// Options of decisions: every option has an id (a string option is its own, a table option has
// a field `id`), the kernel logs the chosen option's id, pack tests check that every decision's
// ids are valid and unique, and the text people see comes from describers (game.describe).
#include <fmt/format.h>

#include <sstream>

#include "cli/human_agent.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class OptionsTest : public SessionFixture {
 protected:
  // A one-player pack whose single turn asks "pick" among `options` (a Lua expression), records
  // the chosen option's id in game property "picked" and ends the game. `extra` is Lua run at
  // load.
  void picker(const std::string& options, const std::string& extra = "") {
    pack("picker", extra + fmt::format(R"lua(
game.on("turn", function(e)
  local option = game.decide(e.player, "pick", {})
  game.set("picked", type(option) == "table" and option.id or option)
  game.finish(e.player)
end)
)lua",
                                       options));
  }

  GameResult play_one(GameConfig config = {}) {
    auto s = session({"picker"});
    config.players = 1;
    last_ = s->play(config);
    picked_ = prop(*s, "picked");
    return last_;
  }

  GameResult last_;
  std::string picked_;
};

TEST_F(OptionsTest, TheLogKeepsTheChosenOptionsId) {
  picker(R"({ { id = "build:city", action = "build", piece = "city" }, "end" })");
  GameConfig config;
  config.agent_objects = {std::make_shared<engine::ScriptedAgent>(
      std::deque<engine::ScriptedAgent::Answer>{std::string("build:city")})};
  const auto r = play_one(config);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(picked_, "build:city");
  ASSERT_EQ(r.replay.decisions.size(), 1u);
  EXPECT_EQ(r.replay.decisions[0].id, "build:city");
  EXPECT_EQ(r.replay.decisions[0].choice, 0);
}

TEST_F(OptionsTest, AnOptionWithoutAnIdEndsTheGameSayingWhatAnOptionIs) {
  picker(R"({ { label = "build city" } })");
  auto r = play_one();
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("option 1 of decision 'pick' has no id (an option is a string, or a table "
                         "with a string field 'id'; this one is a table whose id is nil)"),
            std::string::npos)
      << r.error;
  picker("{ 7 }");
  r = play_one();
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("this one is a number"), std::string::npos) << r.error;
}

TEST_F(OptionsTest, AnIdMustBePrintableAsciiOfBoundedLength) {
  picker(R"({ "two\nlines" })");
  auto r = play_one();
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.decide: the id of option 1 of decision 'pick' holds byte 0x0a at 4 "
                         "(ids are printable ASCII)"),
            std::string::npos)
      << r.error;
  picker(R"({ { id = string.rep("x", 201) } })");
  r = play_one();
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("is 201 bytes, over the limit of 200"), std::string::npos) << r.error;
}

TEST_F(OptionsTest, CheckedGamesRefuseADecisionOfferingAnIdTwice) {
  picker(R"({ { id = "x" }, "y", { id = "x" } })");
  GameConfig config;
  auto r = play_one(config);
  EXPECT_TRUE(r.ok) << "unchecked games read the chosen option only: " << r.error;
  config.check_options = true;
  r = play_one(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.decide: decision 'pick' offers the id 'x' twice (options 1 and 3); "
                         "ids are unique within a decision"),
            std::string::npos)
      << r.error;
  picker(R"({ "y", { id = "" } })");
  r = play_one(config);
  ASSERT_FALSE(r.ok) << "every option's id is checked, not only the chosen one's";
  EXPECT_NE(r.error.find("the id of option 2 of decision 'pick' is empty"), std::string::npos)
      << r.error;
}

// Describers: "pick" options have a kind-specific describer and a describer of every kind; the
// turn stores game.label of each option in game properties label1..label4.
constexpr const char* kDescribed = R"lua(
local OPTIONS = { { id = "a", n = 1 }, { id = "b", n = 2 }, { id = "c", n = 3 }, "d" }
game.describe(function(o, kind)
  if type(o) == "table" and o.n == 3 then return "any kind: " .. kind end
end)
game.describe("pick", function(o) if type(o) == "table" and o.n <= 2 then return "first " .. o.n end end)
game.describe("pick", function(o) if type(o) == "table" and o.n == 1 then return "second" end end)
game.on("turn", function(e)
  for i, o in ipairs(OPTIONS) do game.set("label" .. i, game.label("pick", o)) end
  game.set("other", game.label("other", OPTIONS[1]))
  game.decide(e.player, "pick", OPTIONS)
  game.finish(e.player)
end)
)lua";

TEST_F(OptionsTest, DescribersGiveTheTextPeopleSeeElseTheId) {
  pack("described", kDescribed);
  auto s = session({"described"});
  GameConfig config;
  config.players = 1;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error;
  // The kind's describers from the last registered, then those of every kind, then the id.
  EXPECT_EQ(prop(*s, "label1"), "second");
  EXPECT_EQ(prop(*s, "label2"), "first 2");
  EXPECT_EQ(prop(*s, "label3"), "any kind: pick");
  EXPECT_EQ(prop(*s, "label4"), "d");
  EXPECT_EQ(prop(*s, "other"), "a") << "no describer of 'other' answers";
}

TEST_F(OptionsTest, APersonSeesTheLabelsAndMayTypeANumberOrAnId) {
  pack("described", kDescribed);
  auto s = session({"described"});
  std::istringstream in("nine\nc\n");
  std::ostringstream out;
  GameConfig config;
  config.players = 1;
  config.agent_objects = {std::make_shared<cli::HumanAgent>(s->state(), in, out)};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.replay.decisions[0].id, "c");
  const std::string text = out.str();
  EXPECT_NE(text.find("    1) second\n    2) first 2\n    3) any kind: pick\n    4) d\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("please type a number from 1 to 4 (or an option's id; help: ?)"),
            std::string::npos)
      << text;
}

TEST_F(OptionsTest, NobodyLooksNoDescriberRuns) {
  pack("counted", R"lua(
game.on("game.setup", function() storage.calls = 0 end)
game.describe("pick", function(o)
  storage.calls = storage.calls + 1
  return "text"
end)
game.on("turn", function(e)
  for _ = 1, 20 do game.decide(e.player, "pick", { { id = "x" }, { id = "y" } }) end
  game.set("calls", storage.calls)
  game.finish(e.player)
end)
)lua");
  auto s = session({"counted"});
  GameConfig config;
  config.players = 1;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(s->state().game_props.get(0, "calls"), engine::Value(std::int64_t{0}));
}

TEST_F(OptionsTest, DescribersOnlyReadAndDrawNoRandomNumbers) {
  const auto error_of = [&](const std::string& body) {
    pack("bad-describer", fmt::format(R"lua(
game.describe("pick", function(o) {} end)
game.on("turn", function(e)
  game.set("text", game.label("pick", {{ id = "x" }}))
  game.finish(e.player)
end)
)lua",
                                      body));
    auto s = session({"bad-describer"});
    GameConfig config;
    config.players = 1;
    const auto r = s->play(config);
    return r.ok ? std::string("(ok)") : r.error;
  };
  EXPECT_NE(
      error_of("game.set('x', 1)").find("game.set: describers may read the game but not change it"),
      std::string::npos);
  EXPECT_NE(error_of("return 'n' .. game.random(6)").find("describers may not draw random numbers"),
            std::string::npos);
  const auto wrong = error_of("return 42");
  EXPECT_NE(
      wrong.find("a describer of decision 'pick' returned a number; expected a string or nil"),
      std::string::npos)
      << wrong;
  EXPECT_EQ(error_of("return game.turn() .. ' ' .. o.id"), "(ok)");
}

TEST_F(OptionsTest, DescribersAreRegisteredWhileAPackLoads) {
  pack("late", R"lua(
game.on("turn", function(e)
  game.describe("pick", function() return "late" end)
end)
)lua");
  auto s = session({"late"});
  GameConfig config;
  config.players = 1;
  const auto r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.describe: describers are registered while a pack loads"),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace catan::scripting
