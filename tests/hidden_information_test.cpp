// Agents see only what their seat may (engine/seat_view.h, docs/lua-api.md "What an agent
// sees"): another player's holdings in a private form show their count and never their kinds, a
// hidden deck pooled with a private form shows its size and never its items, and an agent's fork
// is the game as its seat sees it. An agent tries every route the APIs give it; rule code keeps
// reading everything.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/seat_view.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class HiddenInformationTest : public SessionFixture {
 protected:
  // A 3-player base game with the pack "peeker" (kPeeker) loaded, seats played by `agents`.
  GameResult play_with_peeker(const char* peeker, const std::vector<std::string>& agents) {
    pack("peeker", peeker, R"(, "requires": ["base"])");
    session_ = session({"base", "peeker"});
    GameConfig config;
    config.players = 3;
    config.agents = agents;
    return session_->play(config);
  }
  std::unique_ptr<Session> session_;
};

// At its first decision, the agent "peeker" (seat 1) tries each route to seat 2's hand, the
// dev deck and an omniscient fork, and ends the game with what each route gave: "refused" or
// what it read. The pack's own rule code made a view of seat 2's cards at setup (storage.theirs)
// and reads it on every turn, which must keep working.
constexpr const char* kPeeker = R"lua(
game.on("game.setup", function(e)
  storage.theirs = game.holdings_view(2, "card")
  storage.both = game.holdings_view(2, {"card", "dev"})
  storage.mine = game.holdings_view(1, "card")
end)
game.on("turn", function(e)
  storage.rule_read = storage.theirs.brick + storage.both.ore + game.count(2, "wool", "card")
  for _ in pairs(storage.theirs) do storage.rule_pairs = true end
end)
local function try(name, f, out)
  local ok, v = pcall(f)
  if ok then
    out[#out + 1] = name .. "=" .. tostring(v)
  else
    local text = tostring(v)
    out[#out + 1] = name .. "=" ..
      (text:find("agents see only what their seat may", 1, true) and "refused"
       or text:find("views are read-only: player 2's holdings in form 'card' (private)", 1, true)
         and "read-only"
       or ("error: " .. text))
  end
end
game.agent("peeker", function(player, kind, options)
  local out = {}
  try("count_other", function() return game.count(2, "brick", "card") end, out)
  try("count_own", function() return game.count(1, "brick", "card") end, out)
  try("count_bank", function() return game.count("bank", "brick", "card") end, out)
  try("count_other_public_form", function() return game.count(2, "road", "piece") end, out)
  try("total_other", function() return game.total(2, "card") end, out)
  try("sum", function() return game.sum("brick", "card") end, out)
  try("new_view_other", function() return game.holdings_view(2, "card").brick end, out)
  try("stored_view_other", function() return storage.theirs.brick end, out)
  try("stored_view_two_forms", function() return storage.both.ore end, out)
  try("pairs_other", function() for k in pairs(storage.theirs) do return k end end, out)
  try("rawget_other", function() return rawget(storage.theirs, "brick") end, out)
  try("metatable_other", function() return getmetatable(storage.theirs) end, out)
  try("write_other", function() storage.theirs.brick = 5 return "written" end, out)
  try("rule_helper_other", function() return require("base").hand_size(2) end, out)
  try("rule_helper_own", function() return require("base").hand_size(1) end, out)
  try("own_view", function() return storage.mine.brick end, out)
  try("dev_deck", function() return #game.deck_items("dev") end, out)
  try("dev_deck_size", function() return game.deck_count("dev") end, out)
  try("fork_everything", function() return game.fork({ seen_by = false, turns = 0 }).ok end, out)
  try("fork_as_other", function() return game.fork({ seen_by = 2, turns = 0 }).ok end, out)
  try("fork_as_self", function() return game.fork({ turns = 0 }).ok end, out)
  error("REPORT " .. table.concat(out, " "))
end)
)lua";

TEST_F(HiddenInformationTest, ALuaAgentReachesNoHiddenKindThroughAnyRoute) {
  const GameResult r = play_with_peeker(kPeeker, {"peeker", "random", "random"});
  ASSERT_FALSE(r.ok);
  const auto at = r.error.find("REPORT ");
  ASSERT_NE(at, std::string::npos) << r.error;
  EXPECT_EQ(r.error.substr(at),
            "REPORT count_other=refused count_own=0 count_bank=19 count_other_public_form=15 "
            "total_other=0 sum=19 new_view_other=refused stored_view_other=refused "
            "stored_view_two_forms=refused pairs_other=refused rawget_other=nil "
            "metatable_other=holdings view write_other=read-only rule_helper_other=refused "
            "rule_helper_own=0 "
            "own_view=0 dev_deck=refused dev_deck_size=25 fork_everything=refused "
            "fork_as_other=refused fork_as_self=true");
}

// The same pack's rule code reads seat 2's views on every turn, agents reading their own: the
// game plays to its end, and the views still hold the kernel's counts (Views::verify).
TEST_F(HiddenInformationTest, RuleCodeReadsEveryViewWhileAgentsAreHeldToTheirSeat) {
  const GameResult r = play_with_peeker(kPeeker, {"heuristic", "heuristic", "heuristic"});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(session_->state().over);
}

// A native agent reads the game through its SeatView and forks only as its seat sees it.
class NativePeeker final : public engine::Agent {
 public:
  std::string name() const override { return "native-peeker"; }
  int choose(const engine::Decision& d) override {
    if (!done && d.view && d.forker) {
      done = true;
      const engine::SeatView& v = *d.view;
      const int card = *v.forms().find("card"), brick = *v.kinds().find("brick");
      const int dev = *v.deck_names().find("dev");
      seat = v.seat();
      sees_other = v.sees_kinds(1, card);
      sees_own = v.sees_kinds(0, card);
      sees_bank = v.sees_kinds(v.holder_of_supply(0), card);
      omniscient = v.omniscient() != nullptr;
      try {
        count_other = v.count(1, card, brick);
      } catch (const engine::HiddenInformation& e) {
        count_other_error = e.what();
      }
      try {
        deck = v.deck_items(dev).size();
      } catch (const engine::HiddenInformation& e) {
        deck_error = e.what();
      }
      engine::ForkRequest request;
      request.turns = 0;
      const auto attempt = [&](std::optional<int> seen_by) {
        request.seen_by = seen_by;
        try {
          return d.forker->fork(request).ok ? std::string("ok") : std::string("failed");
        } catch (const std::runtime_error& e) {
          return std::string(e.what());
        }
      };
      fork_everything = attempt(std::nullopt);
      fork_other = attempt(1);
      fork_self = attempt(0);
    }
    return 0;
  }
  bool done = false, sees_other = true, sees_own = false, sees_bank = false, omniscient = true;
  int seat = -1;
  std::int64_t count_other = -1;
  std::size_t deck = 0;
  std::string count_other_error, deck_error, fork_everything, fork_other, fork_self;
};

TEST_F(HiddenInformationTest, ANativeAgentSeesCountsNotKindsAndForksAsItsSeat) {
  auto s = session({"base"});
  GameConfig config;
  config.players = 3;
  auto agent = std::make_shared<NativePeeker>();
  config.agent_objects = {agent};
  config.max_turns = 1;
  (void)s->play(config);
  ASSERT_TRUE(agent->done);
  EXPECT_EQ(agent->seat, 0);
  EXPECT_FALSE(agent->sees_other);
  EXPECT_TRUE(agent->sees_own);
  EXPECT_TRUE(agent->sees_bank);
  EXPECT_FALSE(agent->omniscient);
  EXPECT_EQ(agent->count_other, -1);
  EXPECT_EQ(agent->count_other_error,
            "seat 1 may not see the kinds of player 2's holdings in private form 'card' (their "
            "count is public)");
  EXPECT_EQ(agent->deck_error,
            "seat 1 may not see the items of hidden deck 'dev' (they are unknown; its size is "
            "public)");
  EXPECT_EQ(agent->fork_everything,
            "fork: agents see only what their seat may: an agent of seat 1 forks the game as seat "
            "1 sees it (seen_by = 1), not knowing everything");
  EXPECT_EQ(agent->fork_other,
            "fork: agents see only what their seat may: an agent of seat 1 forks the game as seat "
            "1 sees it (seen_by = 1), not as seat 2 sees it");
  EXPECT_EQ(agent->fork_self, "ok");
}

// A host observing the game through an agent (a test, a benchmark) may let agents see all.
TEST_F(HiddenInformationTest, AHostMayLetItsAgentsSeeEverything) {
  auto s = session({"base"});
  GameConfig config;
  config.players = 3;
  config.agents_see_all = true;
  auto agent = std::make_shared<NativePeeker>();
  config.agent_objects = {agent};
  config.max_turns = 1;
  (void)s->play(config);
  ASSERT_TRUE(agent->done);
  EXPECT_TRUE(agent->sees_other);
  EXPECT_TRUE(agent->omniscient);
  EXPECT_EQ(agent->count_other, 0);
  EXPECT_EQ(agent->deck, 25u);
  EXPECT_EQ(agent->fork_everything, "ok");
  EXPECT_EQ(agent->fork_other, "ok");
}

// A log line with a secret: the seats it names read the secret, a log of everything too, every
// other reader the public text.
TEST_F(HiddenInformationTest, ALogLineTellsEachReaderWhatItMayKnow) {
  pack("secretive", R"lua(
game.on("turn", function(e)
  game.log_secret({ 1, 2 }, "player 1 robs player 2 (ore)", "player 1 robs player 2 (a card)")
  game.log_secret(3, "player 3 draws a knight", "player 3 draws a card")
  game.finish(e.player)
end)
)lua");
  auto s = session({"secretive"});
  const auto lines_for = [&](int reader) {
    std::vector<std::string> lines;
    s->set_log([&](std::string_view line) { lines.emplace_back(line); });
    s->set_log_reader(reader);
    GameConfig config;
    config.players = 3;
    EXPECT_TRUE(s->play(config).ok);
    lines.erase(std::remove_if(lines.begin(), lines.end(),
                               [](const std::string& l) { return l.rfind("--", 0) == 0; }),
                lines.end());
    return lines;
  };
  using Lines = std::vector<std::string>;
  EXPECT_EQ(lines_for(Session::kLogEverything),
            (Lines{"player 1 robs player 2 (ore)", "player 3 draws a knight"}));
  EXPECT_EQ(lines_for(1), (Lines{"player 1 robs player 2 (ore)", "player 3 draws a card"}));
  EXPECT_EQ(lines_for(2), (Lines{"player 1 robs player 2 (a card)", "player 3 draws a knight"}));
  EXPECT_EQ(lines_for(Session::kLogPublic),
            (Lines{"player 1 robs player 2 (a card)", "player 3 draws a card"}));
}

// A hidden deck that pools with no form shows its items, not their order: sorted.
TEST(SeatViewTest, AHiddenUnpooledDeckShowsItsItemsSorted) {
  engine::GameState state;
  state.reset(1, 0, 2);
  const int deck = state.decks.add();
  state.deck_names.intern("progress");
  state.deck_visibility.push_back({true, -1});
  for (const int item : {3, 1, 2}) state.decks.push(deck, item);
  EXPECT_EQ(engine::SeatView(state, 0).deck_items(deck), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(engine::SeatView(state, 0, true).deck_items(deck), (std::vector<int>{3, 1, 2}));
  EXPECT_EQ(engine::SeatView(state, 0).deck_size(deck), 3);
}

}  // namespace
}  // namespace catan::scripting
