// Event dispatch: handler order, payload changes, vetoes, replacement of the default action.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

// Pack "a" declares event "probe" and, at game.setup, raises it with a payload whose `log`
// records every handler and the default action; it stores the log and the status.
constexpr const char* kRaiser = R"lua(
function record(e, name) e.log[#e.log + 1] = name end
game.on("game.setup", function()
  local payload = { log = {}, value = 1 }
  local status = game.raise("probe", payload, function(e)
    record(e, "default(" .. e.value .. ")")
  end)
  game.set("log", table.concat(payload.log, ","))
  game.set("status", status)
  game.finish(nil, "probe done")
end)
)lua";

constexpr const char* kDeclare = R"(, "events": {"probe": "test event"})";

class EventsTest : public SessionFixture {};

TEST_F(EventsTest, HandlersRunByPriorityThenPackOrderThenRegistration) {
  pack("a", std::string(kRaiser) + R"lua(
game.on("probe", function(e) record(e, "a-p5") end, { priority = 5 })
game.on("probe", function(e) record(e, "a1") end)
game.on("probe", function(e) record(e, "a2") end)
game.on("probe", function(e) record(e, "a-after") end, { after = true })
)lua",
       kDeclare);
  // Each pack has its own environment, so b defines its own helper.
  pack("b", R"lua(
local function record(e, name) e.log[#e.log + 1] = name end
game.on("probe", function(e) record(e, "b1") end)
game.on("probe", function(e) record(e, "b-m1") end, { priority = -1 })
game.on("probe", function(e) record(e, "b-after") end, { after = true, priority = -3 })
)lua",
       R"(, "requires": ["a"])");
  auto s = session({"b"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "log"), "b-m1,a1,a2,b1,a-p5,default(1),b-after,a-after");
  EXPECT_EQ(prop(*s, "status"), "done");
}

TEST_F(EventsTest, LoadOrderDoesNotDependOnRequestOrder) {
  pack("a", std::string(kRaiser), kDeclare);
  pack("c", R"lua(game.on("probe", function(e) e.log[#e.log + 1] = "c" end))lua",
       R"(, "requires": ["a"])");
  pack("b", R"lua(game.on("probe", function(e) e.log[#e.log + 1] = "b" end))lua",
       R"(, "requires": ["a"])");
  for (const auto& request :
       {std::vector<std::string>{"c", "b"}, std::vector<std::string>{"b", "c"}}) {
    auto s = session(request);
    const auto r = s->play({});
    ASSERT_TRUE(r.ok) << r.error_report;
    EXPECT_EQ(prop(*s, "log"), "b,c,default(1)");
  }
}

TEST_F(EventsTest, PayloadChangesReachLaterHandlersAndTheDefault) {
  pack("a", std::string(kRaiser) + R"lua(
game.on("probe", function(e) e.value = e.value + 10 end)
game.on("probe", function(e) record(e, "saw" .. e.value); e.value = e.value * 2 end)
)lua",
       kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "log"), "saw11,default(22)");
}

TEST_F(EventsTest, VetoStopsHandlersDefaultAndAfterHandlers) {
  pack("a", std::string(kRaiser) + R"lua(
game.on("probe", function(e) record(e, "first") end)
game.on("probe", function(e) record(e, "veto"); return game.VETO end)
game.on("probe", function(e) record(e, "never") end)
game.on("probe", function(e) record(e, "never-after") end, { after = true })
)lua",
       kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "log"), "first,veto");
  EXPECT_EQ(prop(*s, "status"), "vetoed");
}

TEST_F(EventsTest, ReplaceSkipsOnlyTheDefault) {
  pack("a", std::string(kRaiser) + R"lua(
game.on("probe", function(e) record(e, "mine"); return game.REPLACE end)
game.on("probe", function(e) record(e, "still") end)
game.on("probe", function(e) record(e, "after") end, { after = true })
)lua",
       kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "log"), "mine,still,after");
  EXPECT_EQ(prop(*s, "status"), "replaced");
}

TEST_F(EventsTest, NoHandlersRunsTheDefaultAlone) {
  pack("a", kRaiser, kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "log"), "default(1)");
  EXPECT_EQ(prop(*s, "status"), "done");
}

TEST_F(EventsTest, HandlerReturningSomethingElseIsAnError) {
  pack("a", std::string(kRaiser) + R"lua(
game.on("probe", function(e) return true end)
)lua",
       kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("returned boolean; expected nothing, game.VETO or game.REPLACE"),
            std::string::npos)
      << r.error;
  // The handler is named by where its function is defined: the line after kRaiser's 11 lines.
  EXPECT_NE(r.error.find("handler of event 'probe' registered at "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("a/main.lua:13 returned boolean"), std::string::npos) << r.error;
}

TEST_F(EventsTest, HandlingAnUndeclaredEventNamesTheEventAndSuggests) {
  pack("a", std::string(kRaiser) + "\n\ngame.on(\"prob\", function() end)\n", kDeclare);
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack 'a'"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("main.lua:14:"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("unknown event 'prob' (did you mean 'probe'?)"), std::string::npos)
      << r.error;
}

TEST_F(EventsTest, RaisingAnUndeclaredEventIsAnError) {
  pack("a", R"lua(game.on("game.setup", function() game.raise("nope", {}) end))lua");
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("event 'nope' is not declared by any loaded pack"), std::string::npos)
      << r.error;
}

TEST_F(EventsTest, HandlersCannotBeAddedDuringTheGame) {
  pack("a", R"lua(game.on("game.setup", function() game.on("turn", function() end) end))lua");
  auto s = session({"a"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("handlers are registered while a pack loads"), std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace catan::scripting
