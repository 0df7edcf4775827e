// Live views (scripting/views.h): kernel state mirrored into Lua tables, kept current by every
// API write, fresh each game, and checked for pack writes when the game ends.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class ViewsTest : public SessionFixture {
 protected:
  // Plays one game of `s` with `options` (PACK.KEY=VALUE) and returns its result.
  static GameResult play_with(Session& s, std::vector<std::string> options = {}) {
    GameConfig config;
    config.options = std::move(options);
    return s.play(config);
  }

  // `r` is a game that failed because pack code changed the shared adjacency lists.
  static void expect_lists_spoiled(const GameResult& r) {
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("pack code modified board.node_paths lists"), std::string::npos)
        << r.error;
  }

  // Runs `body` as the only turn of a 2-player game; the turn ends the game. Game props record
  // what `body` stored with record(key, value).
  GameResult run(const std::string& body) {
    pack("viewer", R"lua(
local function record(key, value) game.set(key, value) end
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("brick")
  game.add_supply("bank")
  game.add("bank", "brick", 5)
end)
game.on("turn", function(e)
)lua" + body + R"lua(
  game.finish(e.player)
end)
)lua");
    session_ = session({"viewer"});
    return session_->play({});
  }
  std::unique_ptr<Session> session_;
};

TEST_F(ViewsTest, HoldingsViewFollowsEveryChangeAndNewKinds) {
  const auto r = run(R"lua(
  local bank, hand = game.holdings_view("bank"), game.holdings_view(1, "card")
  record("same table", game.holdings_view("bank") == bank)
  record("bank brick", bank.brick)
  game.move("bank", 1, "brick", 2)
  record("after move", bank.brick * 10 + hand.brick)
  game.remove(1, "brick", 1)
  game.add("bank", "brick", 4)
  record("after remove and add", bank.brick * 10 + hand.brick)
  game.add_kind("ore")
  record("new kind", hand.ore)
  game.add(1, "ore", 3)
  record("ore", hand.ore)
  game.add_form("token")
  local tokens = game.holdings_view(1, "token")
  game.add(1, "ore", 2, "token")
  record("tokens", tokens.ore * 10 + hand.ore)
  local both = game.holdings_view(1, { "card", "token" })
  record("same sum table", game.holdings_view(1, { "card", "token" }) == both)
  game.move(1, "bank", "ore", 1, "token")
  game.add(1, "brick", 4, "token")
  record("sum", both.ore * 100 + both.brick * 10 + tokens.brick)
)lua");
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = session_->state().game_props;
  EXPECT_EQ(props.get(0, "same table"), engine::Value(true));
  EXPECT_EQ(props.get(0, "bank brick"), engine::Value(std::int64_t{5}));
  EXPECT_EQ(props.get(0, "after move"), engine::Value(std::int64_t{32}));
  EXPECT_EQ(props.get(0, "after remove and add"), engine::Value(std::int64_t{71}));
  EXPECT_EQ(props.get(0, "new kind"), engine::Value(std::int64_t{0}));
  EXPECT_EQ(props.get(0, "ore"), engine::Value(std::int64_t{3}));
  EXPECT_EQ(props.get(0, "tokens"), engine::Value(std::int64_t{23}));
  EXPECT_EQ(props.get(0, "same sum table"), engine::Value(true));
  // 3 ore cards + 1 ore token; 1 brick card + 4 brick tokens.
  EXPECT_EQ(props.get(0, "sum"), engine::Value(std::int64_t{4 * 100 + 5 * 10 + 4}));
}

TEST_F(ViewsTest, PropertyViewsFollowSetsAndErasures) {
  const auto r = run(R"lua(
  board.hex(1)
  local owner = board.node_view("owner")
  board.node_set(3, "owner", 2)
  board.node_set(4, "owner", "bank")
  local road = board.path_view("road")
  board.path_set(5, "road", 1)
  board.path_set(5, "road", nil)
  board.tile_set(2, "number", 8)
  local number = board.tile_view("number")
  local vp = game.player_view("vp")
  game.player_set(2, "vp", 7)
  local props = game.props_view()
  game.set("robber", 4)
  game.set("robber", 5)
  record("owner", tostring(owner[3]) .. "," .. tostring(owner[4]) .. "," .. tostring(owner[1]))
  record("road", tostring(road[5]))
  record("number", number[2])
  record("vp", tostring(vp[1]) .. "," .. vp[2])
  record("robber", props.robber)
  record("game props so far", props.owner .. "/" .. tostring(props.number))
)lua");
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = session_->state().game_props;
  EXPECT_EQ(props.get(0, "owner"), engine::Value(std::string("2,bank,nil")));
  EXPECT_EQ(props.get(0, "road"), engine::Value(std::string("nil")));
  EXPECT_EQ(props.get(0, "number"), engine::Value(std::int64_t{8}));
  EXPECT_EQ(props.get(0, "vp"), engine::Value(std::string("nil,7")));
  EXPECT_EQ(props.get(0, "robber"), engine::Value(std::int64_t{5}));
  // record() sets game props, so the game props view already holds what was recorded.
  EXPECT_EQ(props.get(0, "game props so far"), engine::Value(std::string("2,bank,nil/8")));
}

TEST_F(ViewsTest, BoardVersionChangesOnlyWithBoardProperties) {
  const auto r = run(R"lua(
  board.hex(1)
  local v0 = board.version()
  game.move("bank", 1, "brick", 1)
  game.set("x", 1)
  game.player_set(1, "y", 2)
  local v1 = board.version()
  board.node_set(1, "owner", 1)
  local v2 = board.version()
  board.path_set(1, "road", 1)
  board.tile_set(1, "number", 5)
  local v3 = board.version()
  local _ = board.node_get(1, "owner")
  record("versions", (v1 - v0) .. "," .. (v2 - v1) .. "," .. (v3 - v2) .. "," .. (board.version() - v3))
)lua");
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(session_->state().game_props.get(0, "versions"), engine::Value(std::string("0,1,2,0")));
}

TEST_F(ViewsTest, TurnViewFollowsTheTurnStructure) {
  pack("turns", R"lua(
game.on("game.start", function()
  storage.view = game.turn_view()
  game.set_first_player(2)
  game.set("at start", storage.view.current .. "," .. storage.view.first_player .. "," ..
    storage.view.turn .. "," .. storage.view.round)
end)
game.on("turn", function(e)
  local v = storage.view
  game.set_phase("main " .. e.turn)
  game.set("turn " .. e.turn, v.current .. "," .. v.turn .. "," .. v.round .. "," .. v.phase ..
    "," .. tostring(v.over))
  if e.turn == 3 then
    game.finish(1, "done")
    game.set("finished", tostring(v.over) .. "," .. v.winner)
  end
end)
)lua");
  auto s = session({"turns"});
  GameConfig config;
  config.players = 2;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = s->state().game_props;
  EXPECT_EQ(props.get(0, "at start"), engine::Value(std::string("2,2,0,0")));
  EXPECT_EQ(props.get(0, "turn 1"), engine::Value(std::string("2,1,1,main 1,false")));
  EXPECT_EQ(props.get(0, "turn 2"), engine::Value(std::string("1,2,1,main 2,false")));
  EXPECT_EQ(props.get(0, "turn 3"), engine::Value(std::string("2,3,2,main 3,false")));
  EXPECT_EQ(props.get(0, "finished"), engine::Value(std::string("true,1")));
}

TEST_F(ViewsTest, TurnViewAgreesWithTheKernelAfterTheTurnCap) {
  pack("capped", R"lua(
game.on("game.setup", function() storage.view = game.turn_view() end)
game.on("turn", function() end)
game.on("game.end", function(e)
  game.set("at end", storage.view.current .. "," .. storage.view.round .. "," ..
    tostring(storage.view.over))
end)
)lua");
  auto s = session({"capped"});
  GameConfig config;
  config.players = 3;
  config.max_turns = 4;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "at end"), engine::Value(std::string("2,2,true")));
}

TEST_F(ViewsTest, SharedAdjacencyListsAreCheckedAndRebuiltAfterAPackChangedThem) {
  // Games on a hex board of one radius share its adjacency lists; a game whose pack changes one
  // fails, and the next game gets correct lists again.
  pack("lists", R"lua(
game.on("game.setup", function() board.hex(1) end)
game.on("turn", function(e)
  local paths = board.adjacency("node_paths")
  game.set("first", table.concat(paths[1], ","))
  game.set("same", board.node_paths(1) == paths[1])
  if options.spoil then paths[1][1] = 99 end
  game.finish()
end)
)lua",
       R"(, "options": {"spoil": {"type": "boolean", "default": false, "description": "x"}})");
  auto s = session({"lists"});
  GameConfig config;
  auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const std::string first = std::get<std::string>(s->state().game_props.get(0, "first"));
  EXPECT_EQ(s->state().game_props.get(0, "same"), engine::Value(true));
  config.options = {"lists.spoil=true"};
  r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack code modified board.node_paths lists (they are shared and "
                         "read-only: copy before changing)"),
            std::string::npos)
      << r.error;
  config.options = {};
  r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "first"), engine::Value(first));
}

TEST_F(ViewsTest, SharedAdjacencyListsWithAnEntryRemovedAreRebuilt) {
  // Removing a list from the array board.adjacency returns fails the game; so does a game that
  // ends in an error after removing one, and the game after either gets every list again.
  pack("holes", R"lua(
game.on("game.setup", function() board.hex(1) end)
game.on("turn", function(e)
  local paths = board.adjacency("node_paths")
  game.set("complete", #paths == board.nodes() and paths[2] ~= nil)
  if options.remove then paths[2] = nil end
  if options.crash then error("boom") end
  game.finish()
end)
)lua",
       R"(, "options": {"remove": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "crash": {"type": "boolean", "default": false, "description": "x"}})");
  auto s = session({"holes"});
  auto r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  expect_lists_spoiled(play_with(*s, {"holes.remove=true"}));
  for (const auto* next : {"holes.crash=false", "holes.crash=true"}) {
    r = play_with(*s);
    ASSERT_TRUE(r.ok) << r.error_report;
    EXPECT_EQ(s->state().game_props.get(0, "complete"), engine::Value(true)) << next;
    ASSERT_FALSE(play_with(*s, {"holes.remove=true", next}).ok);
  }
  r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "complete"), engine::Value(true));
}

TEST_F(ViewsTest, SharedAdjacencyListsKeepTheirLockedMetatable) {
  // A metatable of a pack's on a shared list (or on the array of lists) would change what later
  // games read through `#` and indexing: the lists carry a locked metatable, so setting one fails
  // the game at once, and the next game reads the same lists.
  pack("meta", R"lua(
game.on("game.setup", function() board.hex(1) end)
game.on("turn", function(e)
  local paths = board.adjacency("node_paths")
  game.set("locked", getmetatable(paths) == "locked" and getmetatable(paths[3]) == "locked")
  game.set("len", #paths[3])
  if options.inner then setmetatable(paths[3], { __len = function() return 0 end }) end
  if options.outer then setmetatable(paths, {}) end
  game.finish()
end)
)lua",
       R"(, "options": {"inner": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "outer": {"type": "boolean", "default": false, "description": "x"}})");
  auto s = session({"meta"});
  auto r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto len = s->state().game_props.get(0, "len");
  for (const auto* spoil : {"meta.inner=true", "meta.outer=true"}) {
    SCOPED_TRACE(spoil);
    r = play_with(*s, {spoil});
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("cannot change a protected metatable"), std::string::npos) << r.error;
    r = play_with(*s);
    ASSERT_TRUE(r.ok) << r.error_report;
    EXPECT_EQ(s->state().game_props.get(0, "locked"), engine::Value(true)) << spoil;
    EXPECT_EQ(s->state().game_props.get(0, "len"), len) << spoil;
  }
}

TEST_F(ViewsTest, SharedAdjacencyListsRefuseNewKeysAndGamesSeeNoPackWrites) {
  // A field added to a shared list (any key, on a list or on the array of lists) would reach the
  // next game on the same board: the write raises at once, the game fails, and the next game
  // sees no trace of it.
  pack("leak", R"lua(
game.on("game.setup", function() board.hex(1) end)
game.on("turn", function(e)
  local list, all = board.node_nodes(1), board.adjacency("node_nodes")
  game.set("seen", (list.count or 0) + (all.count or 0) + (list[99] or 0) + (all[99] and 1 or 0))
  if options.field then list.count = 1 end
  if options.outer then all.count = 1 end
  if options.index then list[99] = 1 end
  if options.list then all[99] = {} end
  if options.insert then table.insert(list, 5) end
  if options.rawset then rawset(list, "count", 1) end
  game.finish()
end)
)lua",
       R"(, "options": {"field": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "outer": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "index": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "list": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "insert": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "rawset": {"type": "boolean", "default": false, "description": "x"}})");
  auto s = session({"leak"});
  for (const auto* spoil : {"leak.field=true", "leak.outer=true", "leak.index=true",
                            "leak.list=true", "leak.insert=true", "leak.rawset=true"}) {
    SCOPED_TRACE(spoil);
    auto r = play_with(*s, {spoil});
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("read-only table 'board list'"), std::string::npos) << r.error;
    r = play_with(*s);
    ASSERT_TRUE(r.ok) << r.error_report;
    EXPECT_EQ(s->state().game_props.get(0, "seen"), engine::Value(std::int64_t{0}));
  }
}

TEST_F(ViewsTest, SharedAdjacencyListsReplacedOrChangedBeforeAnErrorAreRebuilt) {
  // A list replaced by a plain copy in the array of lists would be handed to the next game as
  // the board's own (and could be changed freely then); a list changed by a game that then fails
  // must not reach the next game either.
  pack("swap", R"lua(
game.on("game.setup", function() board.hex(1) end)
game.on("turn", function(e)
  local all = board.adjacency("node_paths")
  game.set("plain", getmetatable(board.node_paths(2)) == "locked")
  game.set("first", all[2][1])
  if options.copy then all[2] = { table.unpack(all[2]) } end
  if options.crash then all[2][1] = 99 error("boom") end
  game.finish()
end)
)lua",
       R"(, "options": {"copy": {"type": "boolean", "default": false, "description": "x"},)"
       R"( "crash": {"type": "boolean", "default": false, "description": "x"}})");
  auto s = session({"swap"});
  auto r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto first = s->state().game_props.get(0, "first");
  expect_lists_spoiled(play_with(*s, {"swap.copy=true"}));
  r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "plain"), engine::Value(true));
  r = play_with(*s, {"swap.crash=true"});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("boom"), std::string::npos) << r.error;
  r = play_with(*s);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "first"), first);
}

TEST_F(ViewsTest, EachGameGetsFreshViews) {
  pack("counter", R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("brick")
end)
game.on("turn", function(e)
  local hand = game.holdings_view(1)
  game.set("seen", hand.brick)
  game.add(1, "brick", 1)
  game.finish()
end)
)lua");
  auto s = session({"counter"});
  for (int i = 0; i < 3; ++i) {
    const auto r = s->play({});
    ASSERT_TRUE(r.ok) << r.error_report;
    EXPECT_EQ(s->state().game_props.get(0, "seen"), engine::Value(std::int64_t{0}));
  }
}

TEST_F(ViewsTest, WritingIntoAViewFailsTheGame) {
  struct Case {
    const char* body;
    const char* message;
  } cases[] = {
      {"game.holdings_view(1).brick = 3",
       "pack code wrote into the holdings view of player 1 (form 'card'): views are read-only"},
      {"game.holdings_view('bank').ore = 1",
       "pack code wrote into the holdings view of 'bank' (form 'card'): views are read-only"},
      {"game.add_form('chip') game.holdings_view(1, {'card', 'chip'}).brick = 9",
       "pack code wrote into the holdings view of player 1 (forms 'card', 'chip'): views are "
       "read-only"},
      {"game.holdings_view(2).brick = nil",
       "pack code removed entries from the holdings view of player 2 (form 'card')"},
      {"board.hex(1) board.node_view('owner')[2] = 1",
       "pack code wrote into board.node_view(\"owner\") at 2: views are read-only"},
      {"board.hex(1) board.path_view('road')[99] = 1",
       "pack code wrote into board.path_view(\"road\"): views are read-only"},
      {"game.player_view('vp')[1] = 4",
       "pack code wrote into game.player_view(\"vp\") at 1: views are read-only"},
      {"game.props_view().robber = 4", "pack code wrote into game.props_view: views are read-only"},
      {"game.turn_view().current = 2", "pack code wrote into game.turn_view: views are read-only"},
      {"game.turn_view().extra = 1", "pack code wrote into game.turn_view: views are read-only"},
  };
  for (const auto& c : cases) {
    const auto r = run(c.body);
    ASSERT_FALSE(r.ok) << c.body;
    EXPECT_NE(r.error.find(c.message), std::string::npos) << c.body << "\n" << r.error;
  }
}

TEST_F(ViewsTest, BadRequestsForViewsAndListsAreErrors) {
  struct Case {
    const char* body;
    const char* message;
  } cases[] = {
      {"game.holdings_view(1, {})", "bad argument #2 to 'holdings_view' (an empty list of forms)"},
      {"game.holdings_view(1, {'card', 'cards'})", "unknown form 'cards' (did you mean 'card'?)"},
      {"board.hex(1) board.adjacency('node_path')",
       "bad argument #1 to 'adjacency' (unknown relation 'node_path' (did you mean "
       "'node_paths'?))"},
      {"board.adjacency('node_paths')", "the board is not built yet"},
  };
  for (const auto& c : cases) {
    const auto r = run(c.body);
    ASSERT_FALSE(r.ok) << c.body;
    EXPECT_NE(r.error.find(c.message), std::string::npos) << c.body << "\n" << r.error;
  }
}

TEST_F(ViewsTest, AgentsMayReadViews) {
  pack("asker", R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_kind("brick")
  game.add(2, "brick", 2)
end)
game.agent("rich", function(p, kind, options)
  return game.holdings_view(2).brick
end)
game.on("turn", function(e)
  local _, i = game.decide(1, "pick", { "a", "b", "c" })
  game.set("picked", i)
  game.finish()
end)
)lua");
  auto s = session({"asker"});
  GameConfig config;
  config.agents = {"rich"};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "picked"), engine::Value(std::int64_t{2}));
}

}  // namespace
}  // namespace catan::scripting
