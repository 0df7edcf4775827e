// The replay viewer's page and recording against hostile packs: pack text cannot end or comment
// out the page's script, what a recording keeps of pack text is bounded, and a replay is verified
// as `catan replay` verifies it.
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/agent.h"
#include "engine/replay.h"
#include "tests/session_fixture.h"
#include "view/game_recording.h"
#include "view/viewer_html.h"

namespace catan::view {
namespace {

using json = nlohmann::json;

class ViewerPageTest : public scripting::testing::SessionFixture {
 protected:
  // Plays one game of `packs` with random agents and returns its replay.
  engine::Replay played(const std::vector<std::string>& packs, int players = 2) {
    auto s = session(packs);
    scripting::GameConfig config;
    config.players = players;
    config.seed = 3;
    config.record_decisions = true;
    const auto r = s->play(config);
    EXPECT_TRUE(r.ok) << r.error;
    return r.replay;
  }

  // The recording of `replay`, or the message record_replay throws ("" when it records).
  json record(const std::vector<std::string>& packs, const engine::Replay& replay,
              std::string* error = nullptr) {
    auto s = session(packs);
    try {
      return record_replay(*s, replay);
    } catch (const std::runtime_error& e) {
      if (error != nullptr) *error = e.what();
    }
    return nullptr;
  }

  // What `catan replay` says of `replay` ("" when it verifies).
  std::string replay_error(const std::vector<std::string>& packs, const engine::Replay& replay) {
    auto s = session(packs);
    const auto r = s->replay(replay);
    return r.ok ? "" : r.error;
  }
};

// Two decisions a turn; the game ends after `turns` turns.
std::string chooser(int turns, const std::string& each_turn = "") {
  return R"lua(
game.on("turn", function(e)
  game.decide(e.player, "pick", { { id = "a" }, { id = "b" }, { id = "c" } })
)lua" + each_turn +
         R"lua(
  game.decide(e.player, "again", { { id = "x" }, { id = "y" } })
  if game.turn() >= )lua" +
         std::to_string(turns) + R"lua( then game.finish(e.player, "done") end
end)
)lua";
}

// Pack "raiser": chooser(turns) raising events raiser.a and raiser.b `pairs` times each a turn;
// its manifest extra is kRaiserEvents.
std::string raiser(int turns, int pairs) {
  return chooser(turns, "  for _ = 1, " + std::to_string(pairs) +
                            " do game.raise(\"raiser.a\", {}) game.raise(\"raiser.b\", {}) end\n");
}
const std::string kRaiserEvents =
    R"(, "events": {"raiser.a": {"when": "a", "payload": {}}, "raiser.b": {"when": "b", "payload": {}}})";

// The JSON embedded in a viewer page, as the browser's parser cuts it: up to the first
// "</script" of the data element.
std::string embedded(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"game\">";
  const auto start = page.find(open);
  EXPECT_NE(start, std::string::npos);
  const auto end = page.find("</script", start);
  return page.substr(start + open.size(), end - start - open.size());
}

TEST_F(ViewerPageTest, PackTextCannotEndOrCommentOutThePagesScript) {
  pack("markup", chooser(3, R"lua(
  game.log("<!--<script>")
  game.log("</script><script>document.title = 'pwned'</script>")
  game.show("</SCRIPT >\n<!-- -->")
  game.set("note", "<!--<script>")
)lua"));
  const auto recording = record({"markup"}, played({"markup"}));
  ASSERT_FALSE(recording.is_null());
  const std::string page = viewer_html(recording);
  const std::string data = embedded(page);
  EXPECT_EQ(data.find('<'), std::string::npos) << "every '<' is written \\u003c";
  EXPECT_NE(data.find("\\u003c!--\\u003cscript>"), std::string::npos);
  EXPECT_EQ(json::parse(data), recording) << "the data ends where it should and reads back whole";
  // The page holds two script elements and no other end tag of one.
  std::size_t ends = 0;
  for (auto at = page.find("</script>"); at != std::string::npos;
       at = page.find("</script>", at + 1))
    ++ends;
  EXPECT_EQ(ends, 2u);
  EXPECT_EQ(recording["steps"][1]["log"][0], "<!--<script>");
}

TEST_F(ViewerPageTest, CutTextKeepsWholeCharactersAndSaysHowMuchWasCut) {
  EXPECT_EQ(cut_text("short", 5), "short");
  EXPECT_EQ(cut_text("abcdef", 4), "abcd… cut: 2 bytes");
  // "é" is two bytes: a cut inside it keeps neither.
  EXPECT_EQ(cut_text("abé", 3), "ab… cut: 2 bytes");
  EXPECT_EQ(cut_text("ab\xe2\x82\xac", 4), "ab… cut: 3 bytes");  // the euro sign, 3 bytes
  EXPECT_EQ(cut_text("xyz", 0), "… cut: 3 bytes");
}

// A step's log and shown texts, and their bytes.
std::size_t text_bytes(const json& step) {
  std::size_t n = 0;
  for (const auto& key : {"log", "shown"})
    for (const auto& t : step[key]) n += t.get<std::string>().size();
  return n;
}

TEST_F(ViewerPageTest, LongLinesAndTextsAreCutWhereTheySayTheyAre) {
  pack("long", chooser(2, R"lua(
  game.log(string.rep("l", 20000))
  game.show(string.rep("s", 50000))
  game.set("big", string.rep("v", 100000))
)lua"));
  const auto recording = record({"long"}, played({"long"}));
  ASSERT_FALSE(recording.is_null());
  const auto& step = recording["steps"][1];
  EXPECT_EQ(step["log"][0], std::string(kMaxLogLineBytes, 'l') +
                                fmt::format("… cut: {} bytes", 20000 - kMaxLogLineBytes));
  EXPECT_EQ(step["shown"][0], std::string(kMaxShownBytes, 's') +
                                  fmt::format("… cut: {} bytes", 50000 - kMaxShownBytes));
  EXPECT_EQ(step["game_props"]["big"], std::string(kMaxValueBytes, 'v') +
                                           fmt::format("… cut: {} bytes", 100000 - kMaxValueBytes));
}

TEST_F(ViewerPageTest, AStepKeepsABoundedTextAndSaysWhatItLeftOut) {
  // 20 MB a turn in 2,000 lines of 10 kB, and a million empty lines (which count too).
  pack("flood", chooser(3, R"lua(
  local line = string.rep("x", 10000)
  for _ = 1, 2000 do game.log(line) end
  for _ = 1, 1000000 do game.show("") end
)lua"));
  const auto recording = record({"flood"}, played({"flood"}));
  ASSERT_FALSE(recording.is_null());
  const auto& steps = recording["steps"];
  for (std::size_t i = 1; i < steps.size(); ++i) {
    const auto& step = steps[i];
    if (step.value("kind", "") != "again") continue;  // the steps after the flood
    EXPECT_LE(text_bytes(step), kMaxStepTextBytes + 200) << "step " << i;
    const std::string last = step["log"].back();
    EXPECT_EQ(last.rfind("… cut: ", 0), 0u) << last;
    // Every byte logged or shown is either kept or counted as cut.
    EXPECT_NE(last.find(" texts (a step keeps at most 65536 bytes of text)"), std::string::npos)
        << last;
  }
  EXPECT_LT(viewer_html(recording).size(), std::size_t{1} << 20);
}

TEST_F(ViewerPageTest, AGameKeepsABoundedTextAndEachLaterStepSaysSo) {
  // 48 kB a turn for 200 turns: 9.6 MB, over twice the game's bound.
  pack("chatty", chooser(200, R"lua(
  for _ = 1, 12 do game.log(string.rep("c", 4000)) end
)lua"));
  const auto recording = record({"chatty"}, played({"chatty"}));
  ASSERT_FALSE(recording.is_null());
  std::size_t total = 0;
  bool reached = false;
  for (const auto& step : recording["steps"]) {
    total += text_bytes(step);
    if (!step["log"].empty()) {
      const std::string last = step["log"].back();
      if (last.find("(the page keeps at most 4194304 bytes of text)") != std::string::npos)
        reached = true;
      else
        EXPECT_FALSE(reached) << "once the game's bound is reached, every later step says so";
    }
  }
  EXPECT_TRUE(reached);
  EXPECT_LE(total, kMaxGameTextBytes + recording["steps"].size() * 200);
}

TEST_F(ViewerPageTest, AStepKeepsABoundedListOfEventsAndCountsTheRest) {
  pack("raiser", raiser(2, 3000), kRaiserEvents);
  const auto recording = record({"raiser"}, played({"raiser"}));
  ASSERT_FALSE(recording.is_null());
  const auto& step = recording["steps"][1];
  EXPECT_EQ(step["events"].size(), kMaxStepEvents);
  EXPECT_EQ(step["events_cut"].get<std::size_t>() + kMaxStepEvents, 6000u);
  EXPECT_EQ(recording["steps"][0].count("events_cut"), 0u);
}

TEST_F(ViewerPageTest, AGameKeepsABoundedListOfEventsAndCountsTheRest) {
  // 1,000 entries a turn (a step's bound) for 250 turns: 250,000.
  pack("raiser", raiser(250, 500), kRaiserEvents);
  const auto recording = record({"raiser"}, played({"raiser"}));
  ASSERT_FALSE(recording.is_null());
  std::size_t kept = 0, cut = 0;
  for (const auto& step : recording["steps"]) {
    kept += step["events"].size();
    cut += step.value("events_cut", std::size_t{0});
  }
  EXPECT_EQ(kept, kMaxGameEvents);
  EXPECT_GE(kept + cut, 250000u);
}

TEST_F(ViewerPageTest, AReplayMissingItsLastDecisionIsRefusedAsReplayRefusesIt) {
  pack("short", chooser(3));
  auto replay = played({"short"});
  replay.decisions.pop_back();
  std::string error;
  EXPECT_TRUE(record({"short"}, replay, &error).is_null());
  EXPECT_EQ(error,
            "replay diverged at decision 6: the game asks player 1 for 'again' among 2 options, "
            "but the replay has no decisions left");
  EXPECT_EQ(error, replay_error({"short"}, replay));
}

TEST_F(ViewerPageTest, ADifferentDecisionOrOutcomeIsRefusedAsReplayRefusesIt) {
  pack("short", chooser(3));
  const auto good = played({"short"});
  auto other = good;
  other.decisions[2].kind = "again";
  std::string error;
  EXPECT_TRUE(record({"short"}, other, &error).is_null());
  EXPECT_EQ(error, replay_error({"short"}, other));
  EXPECT_EQ(error.rfind("replay diverged at decision 3: ", 0), 0u) << error;

  other = good;
  other.decisions[2].id = good.decisions[2].id == "a" ? "b" : "a";
  EXPECT_TRUE(record({"short"}, other, &error).is_null());
  EXPECT_EQ(error, replay_error({"short"}, other));

  for (const auto change : {0, 1, 2}) {
    other = good;
    if (change == 0) other.outcome.turns += 1;
    if (change == 1) other.outcome.reason = "other";
    if (change == 2) other.outcome.digest ^= 1;
    EXPECT_TRUE(record({"short"}, other, &error).is_null()) << change;
    EXPECT_EQ(error, replay_error({"short"}, other));
    EXPECT_EQ(error.rfind("replay diverged: recorded ", 0), 0u) << error;
  }
}

TEST_F(ViewerPageTest, AFailedGamesReplayIsWatchedUpToItsFailure) {
  pack("fails", R"lua(
game.on("turn", function(e)
  game.decide(e.player, "pick", { { id = "a" }, { id = "b" } })
  if game.turn() >= 2 then error("the pack fails") end
end)
)lua");
  auto s = session({"fails"});
  scripting::GameConfig config;
  config.players = 2;
  const auto r = s->play(config);
  ASSERT_FALSE(r.ok);
  const auto recording = record({"fails"}, r.replay);
  ASSERT_FALSE(recording.is_null());
  EXPECT_NE(recording["error"].get<std::string>().find("the pack fails"), std::string::npos);
  EXPECT_EQ(recording["steps"].size(), r.replay.decisions.size() + 1);
}

// Fails at its third decision, as a search agent whose copies all fail does.
class FailingAgent final : public engine::Agent {
 public:
  std::string name() const override { return "failing"; }
  int choose(const engine::Decision&) override {
    if (++asked_ == 3) throw std::runtime_error("the agent gives up");
    return 0;
  }

 private:
  int asked_ = 0;
};

TEST_F(ViewerPageTest, AGameWhoseAgentFailedReplaysToTheFailure) {
  pack("picks", R"lua(
game.on("turn", function(e)
  game.decide(e.player, "pick", { { id = "a" }, { id = "b" } })
  if game.turn() >= 10 then game.finish(nil, "done") end
end)
)lua");
  auto s = session({"picks"});
  scripting::GameConfig config;
  config.players = 2;
  config.agent_objects = {std::make_shared<FailingAgent>()};
  const auto r = s->play(config);
  ASSERT_FALSE(r.ok);
  ASSERT_TRUE(r.replay.agent_failure.has_value());
  EXPECT_EQ(r.replay.agent_failure->player, 0);
  EXPECT_EQ(r.replay.agent_failure->kind, "pick");
  EXPECT_EQ(r.replay.agent_failure->error, "the agent gives up");
  EXPECT_EQ(r.replay.decisions.size(), 4u);  // seat 1 twice, seat 2 twice, then seat 1 fails

  // The replay file keeps the failure, and replaying stops at it with the recorded error.
  const auto back = engine::replay_from_json(engine::to_json(r.replay), "test");
  ASSERT_TRUE(back.agent_failure.has_value());
  EXPECT_EQ(back.agent_failure->error, "the agent gives up");
  const auto replayed = s->replay(back);
  EXPECT_FALSE(replayed.ok);
  EXPECT_NE(replayed.error.find("player 1's agent failed choosing 'pick' at decision 5, as the "
                                "replay records: the agent gives up"),
            std::string::npos)
      << replayed.error;
  EXPECT_EQ(replayed.error.find("diverged"), std::string::npos) << replayed.error;

  // Without the record the same replay diverges; the viewer watches it to the failure.
  auto bare = back;
  bare.agent_failure.reset();
  EXPECT_NE(s->replay(bare).error.find("replay diverged at decision 5"), std::string::npos);
  const auto recording = record({"picks"}, back);
  ASSERT_FALSE(recording.is_null());
  EXPECT_NE(recording["error"].get<std::string>().find("the agent gives up"), std::string::npos);
  EXPECT_EQ(recording["steps"].size(), back.decisions.size() + 1);
}

}  // namespace
}  // namespace catan::view
