// Kernel support for invariant checks: game.invariant, game.version, game.sum and the
// board.count_* queries.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class InvariantTest : public SessionFixture {};

// A pack that keeps 10 ore between a bank and the players; option `leak` loses one on turn 2.
constexpr const char* kConserving = R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("ore")
  game.add_supply("bank")
  game.add("bank", "ore", 10)
end)
game.on("turn", function(e)
  game.move("bank", e.player, "ore", 1)
  game.raise("ore.mined", { player = e.player })
  game.decide(e.player, "ore.next", { "go on", "stop" })
  if e.turn == 3 then game.finish(e.player, "three turns") end
end)
game.invariant(function()
  storage.checks = (storage.checks or 0) + 1
end)
game.on("game.end", function()
  game.set("checks", storage.checks)
end)
)lua";

TEST_F(InvariantTest, InvariantsRunAfterEveryEventAndBeforeEveryDecisionReadOnly) {
  pack("mine", R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("ore")
  game.add_supply("bank")
  game.add("bank", "ore", 10)
end)
game.on("turn", function(e)
  game.move("bank", e.player, "ore", 1)
  if e.turn == 2 and options.leak then game.remove(e.player, "ore", 1) end
  game.decide(e.player, "mine.next", { "go on", "stop" })
  if e.turn == 3 then game.finish(e.player, "three turns") end
end)
game.invariant(function(where)
  storage.seen = storage.seen or {}
  storage.seen[#storage.seen + 1] = where
  if game.sum("ore") ~= 10 then error("ore lost " .. where, 0) end
  if options.write then game.set("x", 1) end
end)
game.on("game.end", function()
  game.set("seen", table.concat(storage.seen, ","))
end)
)lua",
       R"(, "options": {"leak": {"type": "boolean", "default": false, "description": "t"},
                        "write": {"type": "boolean", "default": false, "description": "t"}})");
  auto s = session({"mine"});
  auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "seen"),
            "game.setup,game.start,decision mine.next,turn,decision mine.next,turn,"
            "decision mine.next,turn");

  GameConfig leak;
  leak.options = {"mine.leak=true"};
  r = s->play(leak);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.rfind("pack 'mine', invariant: ", 0), 0u) << r.error;
  // The invariant's message, then the handler that ran last (the invariant's own line says
  // nothing about the cause).
  EXPECT_NE(r.error.find("invariant: ore lost decision mine.next (the last handler to run: pack "
                         "'mine' at "),
            std::string::npos)
      << r.error;
  EXPECT_NE(r.error.find("main.lua:8)"), std::string::npos) << r.error;

  GameConfig write;
  write.options = {"mine.write=true"};
  r = s->play(write);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("main.lua:18: game.set: invariant checks may read the game but not "
                         "change it"),
            std::string::npos)
      << r.error;
}

TEST_F(InvariantTest, InvariantsMakeUnhandledEventsGoThroughTheDispatcher) {
  pack("mine", kConserving, R"(, "events": {"ore.mined": "test event"})");
  auto s = session({"mine"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  // Per turn: ore.mined (no handler, still dispatched), the decision, the turn event; plus
  // game.setup and game.start before (the check after game.end comes after its handler).
  EXPECT_EQ(s->state().game_props.get(0, "checks"), engine::Value(std::int64_t{2 + 3 * 3}));
}

TEST_F(InvariantTest, InvariantsAreRegisteredOnlyWhileLoading) {
  pack("late", R"lua(
game.on("turn", function()
  game.invariant(function() end)
end)
)lua");
  auto s = session({"late"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.invariant: invariants are registered while a pack loads"),
            std::string::npos)
      << r.error;
}

TEST_F(InvariantTest, VersionChangesWithEveryStateChangeAndOnlyThen) {
  pack("ver", R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("ore")
  game.add_supply("bank")
  game.add("bank", "ore", 5)
end)
game.on("turn", function(e)
  local v0 = game.version()
  local _ = game.count("bank", "ore") + game.sum("ore")
  game.set("unchanged_by_reads", game.version() == v0)
  local v1 = game.version()
  game.move("bank", e.player, "ore", 2)
  game.set("changed_by_move", game.version() > v1)
  game.set("sum", game.sum("ore"))
  game.set("bank", game.count("bank", "ore"))
  game.finish(e.player)
end)
)lua");
  auto s = session({"ver"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& g = s->state().game_props;
  EXPECT_EQ(g.get(0, "unchanged_by_reads"), engine::Value(true));
  EXPECT_EQ(g.get(0, "changed_by_move"), engine::Value(true));
  EXPECT_EQ(g.get(0, "sum"), engine::Value(std::int64_t{5}));
  EXPECT_EQ(g.get(0, "bank"), engine::Value(std::int64_t{3}));
}

TEST_F(InvariantTest, BoardCountsMatchOneOrTwoProperties) {
  pack("count", R"lua(
game.on("game.setup", function()
  board.hex(2)
  board.node_set(1, "building", "settlement"); board.node_set(1, "owner", 1)
  board.node_set(2, "building", "settlement"); board.node_set(2, "owner", 2)
  board.node_set(3, "building", "city");       board.node_set(3, "owner", 1)
  board.path_set(4, "road", 1)
  board.path_set(5, "road", 1)
  board.tile_set(6, "robber", true)
  game.set("settlements", board.count_nodes("building", "settlement"))
  game.set("p1_settlements", board.count_nodes("building", "settlement", "owner", 1))
  game.set("p1_cities", board.count_nodes("building", "city", "owner", 1))
  game.set("p3_cities", board.count_nodes("building", "city", "owner", 3))
  game.set("empty_nodes", board.count_nodes("building", nil))
  game.set("unknown_key", board.count_nodes("wall", 1))
  game.set("roads", board.count_paths("road", 1))
  game.set("robbers", board.count_tiles("robber", true))
  game.finish(nil, "counted")
end)
)lua");
  auto s = session({"count"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& g = s->state().game_props;
  EXPECT_EQ(g.get(0, "settlements"), engine::Value(std::int64_t{2}));
  EXPECT_EQ(g.get(0, "p1_settlements"), engine::Value(std::int64_t{1}));
  EXPECT_EQ(g.get(0, "p1_cities"), engine::Value(std::int64_t{1}));
  EXPECT_EQ(g.get(0, "p3_cities"), engine::Value(std::int64_t{0}));
  EXPECT_EQ(g.get(0, "empty_nodes"), engine::Value(std::int64_t{51}));
  EXPECT_EQ(g.get(0, "unknown_key"), engine::Value(std::int64_t{0}));
  EXPECT_EQ(g.get(0, "roads"), engine::Value(std::int64_t{2}));
  EXPECT_EQ(g.get(0, "robbers"), engine::Value(std::int64_t{1}));
}

}  // namespace
}  // namespace catan::scripting
