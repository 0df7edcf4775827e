// Games on a Session: error reports, isolation between games, agents, decisions, limits, board.
#include <fmt/format.h>

#include "engine/agent.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class SessionTest : public SessionFixture {};

TEST_F(SessionTest, ScriptErrorReportsPackEventFileLineAndTraceback) {
  pack("broken", R"lua(
local function explode(p)
  local t = nil
  return t.field + p
end
game.on("turn", function(e)
  explode(e.player)
end)
)lua");
  auto s = session({"broken"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack 'broken', handler of event 'turn'"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("main.lua:4: attempt to index a nil value (local 't')"), std::string::npos)
      << r.error;
  EXPECT_NE(r.error_report.find("stack traceback"), std::string::npos) << r.error_report;
  EXPECT_NE(r.error_report.find("main.lua:7"), std::string::npos) << r.error_report;
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << "the summary is one line";
}

TEST_F(SessionTest, ShowTextGoesToTheViewSinkOnlyWhenOneIsSet) {
  // game.show reaches the view sink (not the log), joined like game.log; game.showing says
  // whether anyone watches, so a pack can skip building the text.
  pack("viewer", R"lua(
game.on("turn", function(e)
  game.player_set(e.player, "showing", game.showing())
  game.show("sheet of player", e.player)
  game.log("log line")
  game.finish(e.player)
end)
)lua");
  auto s = session({"viewer"});
  auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(r.players[0].properties.at(0).second, engine::Value(false));

  std::vector<std::string> shown, logged;
  s->set_view([&](std::string_view text) { shown.emplace_back(text); });
  r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(r.players[0].properties.at(0).second, engine::Value(true));
  EXPECT_EQ(shown, std::vector<std::string>{"sheet of player\t1"});
  EXPECT_TRUE(logged.empty());

  s->set_log([&](std::string_view line) { logged.emplace_back(line); });
  s->set_view({});
  shown.clear();
  r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_TRUE(shown.empty());
  EXPECT_EQ(logged.back(), "log line");
}

TEST_F(SessionTest, AFailedGameDoesNotAffectTheNextOne) {
  pack(
      "flaky", R"lua(
game.on("turn", function(e)
  if game.get("explode") == nil and options.explode then error("boom") end
  game.finish(e.player, "first turn wins")
end)
)lua",
      R"(, "options": {"explode": {"type": "boolean", "default": false, "description": "test switch"}})");
  auto s = session({"flaky"});
  GameConfig bad;
  bad.options = {"flaky.explode=true"};
  const auto r1 = s->play(bad);
  ASSERT_FALSE(r1.ok);
  EXPECT_NE(r1.error.find("main.lua:3: boom"), std::string::npos) << r1.error;
  const auto r2 = s->play({});
  ASSERT_TRUE(r2.ok) << r2.error_report;
  EXPECT_EQ(r2.winner, 0);
  EXPECT_EQ(r2.turns, 1);
}

TEST_F(SessionTest, NothingLeaksFromOneGameToTheNext) {
  // A chunk-level local, a global defined at load, storage and the kernel state all start fresh.
  pack("counter", R"lua(
local calls = 0
seen = 0
game.on("game.setup", function()
  calls = calls + 1
  storage.n = (storage.n or 0) + 1
  game.add_kind("coin")
  game.add_supply("bank")
  game.add("bank", "coin", 5)
end)
game.on("turn", function(e)
  game.player_set(e.player, "calls", calls)
  game.player_set(e.player, "stored", storage.n)
  game.player_set(e.player, "bank", game.count("bank", "coin"))
  game.finish(e.player)
end)
)lua");
  pack("counter-form",
       "game.on('game.setup', function() game.add_form('card') end, {priority = -1})",
       R"(, "requires": ["counter"])");
  auto s = session({"counter-form"});
  for (int game = 0; game < 3; ++game) {
    const auto r = s->play({});
    ASSERT_TRUE(r.ok) << r.error_report;
    const auto& props = s->state().player_props;
    EXPECT_EQ(props.get(0, "calls"), engine::Value(std::int64_t{1}));
    EXPECT_EQ(props.get(0, "stored"), engine::Value(std::int64_t{1}));
    EXPECT_EQ(props.get(0, "bank"), engine::Value(std::int64_t{5}));
  }
}

TEST_F(SessionTest, GlobalsAreFrozenAfterLoad) {
  pack("sloppy", R"lua(
total = 0  -- fine while loading
game.on("turn", function() tally = total + 1 end)
)lua");
  auto s = session({"sloppy"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack 'sloppy' assigns global 'tally' after loading; keep game state in "
                         "storage or kernel properties"),
            std::string::npos)
      << r.error;
}

TEST_F(SessionTest, ReassignedOrRemovedGlobalsFailTheGame) {
  // Reassigning a global defined while loading is not stopped at once (the globals table is the
  // environment itself, for speed), but the game fails when it ends.
  pack("sneaky", R"lua(
counter = 0
game.on("turn", function(e)
  counter = counter + 1
  game.finish()
end)
)lua");
  pack("eraser", R"lua(
helper = function() end
game.on("turn", function(e)
  helper = nil
  game.finish()
end)
)lua");
  pack("raw", R"lua(
game.on("turn", function(e)
  rawset(_ENV, "hidden", 1)
end)
)lua");
  auto s = session({"sneaky"});
  auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack 'sneaky' reassigned global 'counter' during the game; keep game "
                         "state in storage or kernel properties"),
            std::string::npos)
      << r.error;

  s = session({"eraser"});
  r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pack 'eraser' removed a global during the game"), std::string::npos)
      << r.error;

  s = session({"raw"});
  r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("attempt to modify read-only table 'globals of pack raw'"),
            std::string::npos)
      << r.error;
}

TEST_F(SessionTest, EachPackHasItsOwnCopyOfTheApiAndLibraries) {
  // "vandal" breaks its own copies of game.finish and string.format; "victim" and the next game
  // are unaffected while they run, and the game fails when it ends (library tables are
  // read-only; see library_tables_test.cpp).
  pack("vandal", R"lua(
game.on("turn", function()
  game.finish = nil
  string.format = nil
end, { priority = -1 })
)lua");
  pack("victim", R"lua(
game.on("turn", function(e)
  game.set("text", string.format("%d", e.player))
  game.finish(e.player, "still works")
end)
)lua",
       R"(, "requires": ["vandal"])");
  auto s = session({"victim"});
  for (int game = 0; game < 2; ++game) {
    const auto r = s->play({});
    ASSERT_FALSE(r.ok);
    EXPECT_TRUE(r.error.starts_with("pack 'vandal' changed '")) << r.error;
    EXPECT_EQ(prop(*s, "text"), "1");
  }
}

// A two-player game where each turn asks the current player to pick a colour.
constexpr const char* kChooser = R"lua(
game.on("turn", function(e)
  local colour, index = game.decide(e.player, "colour", { "red", "green", { id = "blue", hue = 240 } })
  if type(colour) == "table" then colour = colour.id end
  game.player_set(e.player, "colour", colour)
  game.player_set(e.player, "index", index)
  if game.turn() == 2 then game.finish(nil, "two turns") end
end)
game.agent("always-last", function(player, kind, options) return #options end)
game.agent("cheater", function(player, kind, options) game.finish(player) return 1 end)
game.agent("nonsense", function() return 7 end)
)lua";

TEST_F(SessionTest, ScriptedAgentsAnswerByIndexOrId) {
  pack("chooser", kChooser);
  auto s = session({"chooser"});
  GameConfig config;
  config.agent_objects = {
      std::make_shared<engine::ScriptedAgent>(std::deque<engine::ScriptedAgent::Answer>{1}),
      std::make_shared<engine::ScriptedAgent>(std::deque<engine::ScriptedAgent::Answer>{"blue"})};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().player_props.get(0, "colour"), engine::Value(std::string("green")));
  EXPECT_EQ(s->state().player_props.get(1, "colour"), engine::Value(std::string("blue")));
  EXPECT_EQ(s->state().player_props.get(1, "index"), engine::Value(std::int64_t{3}));
  ASSERT_EQ(r.replay.decisions.size(), 2u);
  EXPECT_EQ(r.replay.decisions[0].kind, "colour");
  EXPECT_EQ(r.replay.decisions[0].player, 0);
  EXPECT_EQ(r.replay.decisions[0].count, 3);
  EXPECT_EQ(r.replay.decisions[0].choice, 1);
  EXPECT_EQ(r.replay.decisions[0].id, "green") << "a string option is its own id";
  EXPECT_EQ(r.replay.decisions[1].choice, 2);
  EXPECT_EQ(r.replay.decisions[1].id, "blue") << "a table option's id is its field id";
}

TEST_F(SessionTest, LuaAgentsChooseAndCannotChangeTheGame) {
  pack("chooser", kChooser);
  auto s = session({"chooser"});
  GameConfig config;
  config.agents = {"always-last", "always-last"};
  auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().player_props.get(0, "colour"), engine::Value(std::string("blue")));
  EXPECT_EQ(r.players[0].agent, "always-last");
  EXPECT_EQ(s->state().player_props.get(1, "index"), engine::Value(std::int64_t{3}));

  config.agents = {"cheater", "cheater"};
  r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.finish: agents may read the game but not change it"),
            std::string::npos)
      << r.error;

  config.agents = {"nonsense", "random"};
  r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("agent 'nonsense' answered 7 to decision 'colour' of player 1; expected "
                         "an option index 1..3"),
            std::string::npos)
      << r.error;

  config.agents = {"nobody", "random"};
  r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("unknown agent 'nobody' for player 1 (known: random, always-last, "
                         "cheater, mcts, nonsense)"),
            std::string::npos)
      << r.error;
}

// A one-player game whose turn asks "pick" over a lazy option list of `count` labels
// "option N<suffix>", made on demand and counted in storage.made: `ask` starts the Lua statement
// that asks (its arguments follow) and binds `index`, `record` stores its other result. Agent
// "looker" reads the options up to the one labelled `wanted`.
std::string lazy_options_pack(int count, std::string_view suffix, std::string_view wanted,
                              std::string_view ask, std::string_view record) {
  return fmt::format(R"lua(
local MT = {{
  __len = function(t) return {0} end,
  __index = function(t, i)
    storage.made = storage.made + 1
    if i >= 1 and i <= {0} then return "option " .. i .. "{1}" end
  end,
}}
game.agent("looker", function(p, kind, options)
  for i = 1, #options do
    if options[i] == "{2}" then return i end
  end
  return 1
end)
game.on("game.setup", function() storage.made = 0 end)
game.on("turn", function(e)
  {3}(e.player, "pick", setmetatable({{}}, MT))
  game.set("picked", index)
  {4}
  game.set("made", storage.made)
  game.finish(e.player)
end)
)lua",
                     count, suffix, wanted, ask, record);
}

TEST_F(SessionTest, LazyOptionArraysAreReadOnlyAsFarAsAgentsLook) {
  // An option list whose entries are made on demand (__len, __index): the random agent makes
  // only the chosen one (game.decide returns it, the log keeps its id); a scripted answer by id
  // and a Lua agent read what they look at.
  pack("lazy",
       lazy_options_pack(50, ": lazy", "option 7: lazy", "local option, index = game.decide",
                         "game.set(\"option\", option)"));
  auto s = session({"lazy"});
  GameConfig config;
  config.players = 1;
  auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = s->state().game_props;
  const auto picked = std::get<std::int64_t>(props.get(0, "picked"));
  EXPECT_EQ(props.get(0, "option"), engine::Value(fmt::format("option {}: lazy", picked)));
  EXPECT_EQ(props.get(0, "made"), engine::Value(std::int64_t{1})) << "random: only the chosen one";
  ASSERT_EQ(r.replay.decisions.size(), 1u);
  EXPECT_EQ(r.replay.decisions[0].count, 50);
  EXPECT_EQ(r.replay.decisions[0].id, fmt::format("option {}: lazy", picked));

  config.agents = {"looker"};
  r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(props.get(0, "picked"), engine::Value(std::int64_t{7}));
  EXPECT_EQ(props.get(0, "made"), engine::Value(std::int64_t{8})) << "7 looked at, 1 returned";

  config.agents = {};
  config.agent_objects = {std::make_shared<engine::ScriptedAgent>(
      std::deque<engine::ScriptedAgent::Answer>{std::string("option 12: lazy")})};
  r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(props.get(0, "picked"), engine::Value(std::int64_t{12}));
}

TEST_F(SessionTest, ChooseAsksLikeDecideReturningOnlyTheIndex) {
  // game.choose is game.decide returning the index only: with the random agent a lazy option
  // list makes only the chosen option (for its id in the log); an agent that looks still sees
  // them.
  pack("lazy-choose", lazy_options_pack(30, "", "option 5", "local index, extra = game.choose",
                                        "game.set(\"extra\", extra)"));
  auto s = session({"lazy-choose"});
  GameConfig config;
  config.players = 1;
  config.seed = 3;
  auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& props = s->state().game_props;
  const auto picked = std::get<std::int64_t>(props.get(0, "picked"));
  EXPECT_GE(picked, 1);
  EXPECT_LE(picked, 30);
  EXPECT_TRUE(engine::is_nil(props.get(0, "extra"))) << "one result";
  EXPECT_EQ(props.get(0, "made"), engine::Value(std::int64_t{1})) << "random: the chosen one";
  ASSERT_EQ(r.replay.decisions.size(), 1u);
  EXPECT_EQ(r.replay.decisions[0].count, 30);
  EXPECT_EQ(r.replay.decisions[0].choice + 1, picked);
  EXPECT_EQ(r.replay.decisions[0].id, fmt::format("option {}", picked));

  config.agents = {"looker"};
  r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(props.get(0, "picked"), engine::Value(std::int64_t{5}));
  EXPECT_EQ(props.get(0, "made"), engine::Value(std::int64_t{6})) << "5 looked at, 1 logged";
}

TEST_F(SessionTest, AnotherPackCanExtendAnAgentForItsDecisions) {
  pack("chooser", kChooser);
  pack("colour-expert", R"lua(
game.extend_agent("always-last", "colour", function(player, kind, options) return 2 end)
)lua",
       R"(, "requires": ["chooser"])");
  auto s = session({"colour-expert"});
  GameConfig config;
  config.agents = {"always-last", "always-last"};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().player_props.get(0, "colour"), engine::Value(std::string("green")));
}

TEST_F(SessionTest, TurnCapEndsTheGameWithoutAWinner) {
  pack("endless", R"lua(game.on("turn", function() end))lua");
  auto s = session({"endless"});
  GameConfig config;
  config.players = 3;
  config.max_turns = 10;
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_FALSE(r.winner.has_value());
  EXPECT_EQ(r.turns, 10);
  EXPECT_EQ(r.rounds, 4);  // turns 1-3, 4-6, 7-9, 10
  EXPECT_EQ(r.reason, "turn cap reached (10 turns)");
}

TEST_F(SessionTest, InstructionBudgetEndsTheGameAndTheSessionRecovers) {
  pack(
      "spin", R"lua(
game.on("turn", function(e)
  if options.spin then
    pcall(function() while true do end end)
  end
  game.finish(e.player)
end)
)lua",
      R"(, "options": {"spin": {"type": "boolean", "default": true, "description": "test switch"}})");
  lua::Limits limits;
  limits.instructions = 100000;
  auto s = session({"spin"}, {}, limits);
  auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("instruction budget exceeded"), std::string::npos) << r.error;
  GameConfig calm;
  calm.options = {"spin.spin=false"};
  r = s->play(calm);
  EXPECT_TRUE(r.ok) << r.error_report;
}

TEST_F(SessionTest, AZeroInstructionLimitMeansNoBudget) {
  // About 3 million instructions: over a budget of 100,000, fine without one.
  pack("busy", R"lua(
game.on("turn", function(e)
  local x = 0
  for i = 1, 1000000 do x = x + i end
  game.finish(e.player)
end)
)lua");
  lua::Limits limits;
  limits.instructions = 100000;
  auto s = session({"busy"}, {}, limits);
  auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("instruction budget exceeded (100000 instructions)"), std::string::npos)
      << r.error;
  limits.instructions = 0;
  s->set_limits(limits);
  r = s->play({});
  EXPECT_TRUE(r.ok) << r.error_report;
}

TEST_F(SessionTest, HoldingsKeepTotalsAndRefuseOverdrafts) {
  pack(
      "bank", R"lua(
game.on("game.setup", function()
  game.add_form("card")
  game.add_form("token")
  game.add_kind("ore")
  game.add_kind("wool")
  game.add_supply("bank")
  game.add("bank", "ore", 19)
  game.add("bank", "wool", 4, "token")
end)
game.on("turn", function(e)
  game.move("bank", e.player, "ore", 3)
  game.move("bank", e.player, "wool", 1, "token")
  game.player_set(e.player, "ore", game.count(e.player, "ore"))
  game.player_set(e.player, "cards", game.total(e.player))
  game.player_set(e.player, "tokens", game.total(e.player, "token"))
  game.player_set(e.player, "bank_ore", game.count("bank", "ore", "card"))
  if options.overdraw then game.move(e.player, "bank", "ore", 4) end
  game.finish(e.player)
end)
)lua",
      R"(, "options": {"overdraw": {"type": "boolean", "default": false, "description": "test switch"}})");
  auto s = session({"bank"});
  auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& p = s->state().player_props;
  EXPECT_EQ(p.get(0, "ore"), engine::Value(std::int64_t{3}));
  EXPECT_EQ(p.get(0, "cards"), engine::Value(std::int64_t{3}));
  EXPECT_EQ(p.get(0, "tokens"), engine::Value(std::int64_t{1}));
  EXPECT_EQ(p.get(0, "bank_ore"), engine::Value(std::int64_t{16}));
  GameConfig over;
  over.options = {"bank.overdraw=true"};
  r = s->play(over);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.move: the giver holds 3 ore, cannot move 4"), std::string::npos)
      << r.error;
}

TEST_F(SessionTest, BoardApiExposesTheStandardHexGeometry) {
  pack("island", R"lua(
game.on("game.setup", function()
  board.hex(2)
  game.set("tiles", board.tiles())
  game.set("nodes", board.nodes())
  game.set("paths", board.paths())
  local centre = board.tile_at(0, 0)
  game.set("centre_neighbours", #board.tile_tiles(centre))
  game.set("centre_corners", #board.tile_nodes(centre))
  local coast = 0
  for p = 1, board.paths() do
    if #board.path_tiles(p) == 1 then coast = coast + 1 end
  end
  game.set("coast", coast)
  game.set("same_table", board.tile_nodes(centre) == board.tile_nodes(centre))
  board.node_set(board.tile_nodes(centre)[1], "owner", 2)
  game.set("owner", board.node_get(board.tile_nodes(centre)[1], "owner"))
  game.finish(nil, "measured")
end)
)lua");
  auto s = session({"island"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& g = s->state().game_props;
  EXPECT_EQ(g.get(0, "tiles"), engine::Value(std::int64_t{19}));
  EXPECT_EQ(g.get(0, "nodes"), engine::Value(std::int64_t{54}));
  EXPECT_EQ(g.get(0, "paths"), engine::Value(std::int64_t{72}));
  EXPECT_EQ(g.get(0, "centre_neighbours"), engine::Value(std::int64_t{6}));
  EXPECT_EQ(g.get(0, "centre_corners"), engine::Value(std::int64_t{6}));
  EXPECT_EQ(g.get(0, "coast"), engine::Value(std::int64_t{30}));
  EXPECT_EQ(g.get(0, "same_table"), engine::Value(true));
  EXPECT_EQ(g.get(0, "owner"), engine::Value(std::int64_t{2}));
}

TEST_F(SessionTest, DecksShuffleWithTheGameStream) {
  pack("cards", R"lua(
game.on("game.setup", function()
  game.add_deck("dev")
  for i = 1, 10 do game.deck_push("dev", "c" .. i) end
  game.deck_shuffle("dev")
  game.set("order", table.concat(game.deck_items("dev"), " "))
  game.set("top", game.deck_draw("dev"))
  game.set("left", game.deck_count("dev"))
  game.finish(nil, "drawn")
end)
)lua");
  auto s = session({"cards"});
  GameConfig c;
  c.seed = 99;
  ASSERT_TRUE(s->play(c).ok);
  const std::string first = prop(*s, "order");
  EXPECT_EQ(s->state().game_props.get(0, "left"), engine::Value(std::int64_t{9}));
  EXPECT_EQ(prop(*s, "top"), first.substr(first.rfind(' ') + 1));
  ASSERT_TRUE(s->play(c).ok);
  EXPECT_EQ(prop(*s, "order"), first) << "same seed, same shuffle";
  c.game_index = 1;
  ASSERT_TRUE(s->play(c).ok);
  EXPECT_NE(prop(*s, "order"), first) << "another game index, another shuffle";
}

}  // namespace
}  // namespace catan::scripting
