// The base pack's hook points as a variant pack sees them: payload lifetimes.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class BaseHooksTest : public SessionFixture {};

TEST_F(BaseHooksTest, ClaimTablesAreReusedButFieldsAHandlerAddsDoNotOutliveTheirRoll) {
  // base.production's claim tables are pooled from roll to roll; a handler that adds a field to
  // one (here `mark`, on the first claim of every roll) takes that table out of the pool, so no
  // claim of a later roll carries the field. (Keeping claims across rolls, as this handler does
  // to count reuse, is for the test only: handlers must not keep them.)
  pack("marker", R"lua(
game.on("game.setup", function()
  storage.rolls, storage.leaked, storage.reused, storage.before = 0, 0, 0, {}
end)
game.on("base.production", function(e)
  storage.rolls = storage.rolls + 1
  local now = {}
  for i = 1, #e.claims do
    local claim = e.claims[i]
    if claim.mark ~= nil then storage.leaked = storage.leaked + 1 end
    if storage.before[claim] then storage.reused = storage.reused + 1 end
    now[claim] = true
  end
  e.claims[1].mark = storage.rolls
  storage.before = now
end)
game.on("game.end", function()
  game.set("rolls", storage.rolls)
  game.set("leaked", storage.leaked)
  game.set("reused", storage.reused)
end)
)lua",
       R"(, "requires": ["base"])");
  auto s = session({"base", "marker"}, {"base.domestic_trade=false"});
  GameConfig config;
  config.players = 4;
  config.max_turns = 200;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = s->state().game_props;
  EXPECT_GT(std::get<std::int64_t>(props.get(0, "rolls")), 50);
  EXPECT_EQ(props.get(0, "leaked"), engine::Value(std::int64_t{0}));
  EXPECT_GT(std::get<std::int64_t>(props.get(0, "reused")), 0) << "claim tables are pooled";
}

}  // namespace
}  // namespace catan::scripting
