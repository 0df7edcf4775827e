// Replays: a saved game reproduces exactly; any divergence is reported at its first point.
#include <fmt/format.h>

#include <filesystem>

#include "engine/file_io.h"
#include "engine/replay.h"
#include "scripting/pack_hash.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class ReplayTest : public SessionFixture {
 protected:
  GameResult play_dice_race(Session& s) {
    GameConfig config;
    config.seed = 2024;
    config.game_index = 3;
    config.players = 3;
    config.agents = {"hold20", "random", "random"};
    return s.play(config);
  }
  engine::Replay original_decisions(Session& s) { return play_dice_race(s).replay; }
};

TEST_F(ReplayTest, RoundTripThroughJsonReproducesTheGame) {
  auto s = session({"dice-race"}, {"dice-race.target=40"});
  const auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok) << original.error_report;
  ASSERT_GT(original.replay.decisions.size(), 5u);

  const auto file = dir_.root() / "game.json";
  engine::save_replay(original.replay, file);
  const auto loaded = engine::load_replay(file);
  EXPECT_EQ(loaded.decisions.size(), original.replay.decisions.size());
  EXPECT_EQ(loaded.options, std::vector<std::string>{"dice-race.target=40"});
  EXPECT_EQ(loaded.agents, (std::vector<std::string>{"hold20", "random", "random"}));

  // Packs are recorded by name, version, content hash and folder.
  EXPECT_EQ(loaded.requested, std::vector<std::string>{"dice-race"});
  ASSERT_EQ(loaded.loaded.size(), 1u);
  const auto* manifest = search().find_name("dice-race");
  ASSERT_NE(manifest, nullptr);
  EXPECT_EQ(loaded.loaded[0].hash, packs::content_hash(*manifest));
  EXPECT_EQ(loaded.loaded[0].path, manifest->dir.string());

  auto fresh = session(loaded.requested, loaded.options);
  const auto replayed = fresh->replay(loaded);
  ASSERT_TRUE(replayed.ok) << replayed.error;
  EXPECT_EQ(replayed.winner, original.winner);
  EXPECT_EQ(replayed.turns, original.turns);
  EXPECT_EQ(replayed.digest, original.digest);
}

TEST_F(ReplayTest, AnAbandonedGameIsSavedAsItsInputsAndReplayedByPlayingAgain) {
  auto s = session({"dice-race"}, {"dice-race.target=40"});
  GameConfig config;
  config.seed = 2024;
  config.game_index = 3;
  config.players = 3;
  config.agents = {"hold20", "random"};
  config.options = {"dice-race.target=40"};
  const auto abandoned = s->abandoned_replay(config, "game deadline exceeded: game 3");
  EXPECT_EQ(abandoned.requested, std::vector<std::string>{"dice-race"});
  EXPECT_EQ(abandoned.agents, (std::vector<std::string>{"hold20", "random", "random"}));
  EXPECT_EQ(abandoned.seed, 2024u);
  EXPECT_EQ(abandoned.game_index, 3u);
  EXPECT_TRUE(abandoned.decisions.empty());
  EXPECT_EQ(abandoned.outcome.reason, "game deadline exceeded: game 3");

  const auto file = dir_.root() / "abandoned.json";
  engine::save_replay(abandoned, file);
  const auto loaded = engine::load_replay(file);
  EXPECT_EQ(loaded.abandoned, "game deadline exceeded: game 3");
  // The same game played normally, for the turn count the replay reports.
  const auto played = s->play(config);
  ASSERT_TRUE(played.ok) << played.error;
  const auto r = s->replay(loaded);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, fmt::format("replay diverged: the recorded game was abandoned (game deadline "
                                 "exceeded: game 3), the replayed one ended after {} turns",
                                 played.turns));

  auto with_decisions = engine::to_json(original_decisions(*s));
  with_decisions["abandoned"] = "stuck";
  EXPECT_THROW(
      {
        try {
          engine::replay_from_json(with_decisions, "r.json");
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(),
                       "replay r.json: field 'decisions': an abandoned game records no decisions");
          throw;
        }
      },
      std::runtime_error);
}

TEST_F(ReplayTest, AChangedChoiceIsDetected) {
  auto s = session({"dice-race"});
  auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  auto tampered = original.replay;
  // Flip a 'roll' into a 'bank' early on: the game goes elsewhere.
  for (auto& d : tampered.decisions) {
    if (d.choice == 0) {
      d.choice = 1;
      break;
    }
  }
  const auto r = s->replay(tampered);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("replay diverged"), std::string::npos) << r.error;
}

TEST_F(ReplayTest, AMismatchedDecisionNamesTheFirstDivergence) {
  auto s = session({"dice-race"});
  auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  auto tampered = original.replay;
  tampered.decisions[4].kind = "race.other";
  const auto r = s->replay(tampered);
  ASSERT_FALSE(r.ok);
  const auto& d = original.replay.decisions[4];
  EXPECT_EQ(r.error,
            fmt::format("replay diverged at decision 5: the replay has player {0} choosing "
                        "'race.other' among 2 options, the game asks player {0} for "
                        "'race.continue' among 2",
                        d.player + 1));
}

TEST_F(ReplayTest, EveryDecisionRecordsTheChosenOptionsId) {
  auto s = session({"dice-race"});
  const auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  for (const auto& d : original.replay.decisions)
    EXPECT_EQ(d.id, d.choice == 0 ? "roll" : "bank") << "race.continue offers roll, bank";
  const auto json = engine::to_json(original.replay);
  EXPECT_EQ(json["format"], 2);
  EXPECT_EQ(json["decisions"][0][4], original.replay.decisions[0].id);
}

TEST_F(ReplayTest, ATamperedOptionIdStopsTheReplayNamingTheDecisionAndBothIds) {
  auto s = session({"dice-race"});
  const auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  // Through a file, as a user would meet it: the index and count still fit, the id does not.
  auto json = engine::to_json(original.replay);
  json["decisions"][6][4] = "bank-it-all";
  const auto file = dir_.root() / "tampered.json";
  engine::write_output_file(file, json.dump());
  const auto tampered = engine::load_replay(file);
  const auto r = s->replay(tampered);
  ASSERT_FALSE(r.ok);
  const auto& d = original.replay.decisions[6];
  EXPECT_EQ(r.error, fmt::format("replay diverged at decision 7: the replay has player {} choosing "
                                 "'bank-it-all' for 'race.continue', the game's option {} there is "
                                 "'{}'",
                                 d.player + 1, d.choice + 1, d.id));
  // The untouched file replays.
  const auto clean = s->replay(original.replay);
  EXPECT_TRUE(clean.ok) << clean.error;
}

TEST_F(ReplayTest, MissingAndLeftOverDecisionsAreDetected) {
  auto s = session({"dice-race"});
  auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  auto shorter = original.replay;
  shorter.decisions.resize(3);
  auto r = s->replay(shorter);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("replay diverged at decision 4"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("the replay has no decisions left"), std::string::npos) << r.error;

  auto longer = original.replay;
  longer.decisions.push_back(longer.decisions.back());
  r = s->replay(longer);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find(fmt::format("the game ended after {} decisions but the replay has {}",
                                     original.replay.decisions.size(), longer.decisions.size())),
            std::string::npos)
      << r.error;
}

TEST_F(ReplayTest, ADifferentOutcomeIsDetected) {
  auto s = session({"dice-race"});
  auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  auto tampered = original.replay;
  tampered.outcome.digest ^= 1;
  const auto r = s->replay(tampered);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("replay diverged: recorded"), std::string::npos) << r.error;
}

TEST(ReplayFile, MalformedFilesGiveOneClearLine) {
  packs::testing::TempPackDir dir;
  const auto bad_json = dir.write("a.json", "{not json");
  try {
    engine::load_replay(bad_json);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "replay " + bad_json.string() +
                  ": not a replay file: not JSON (parse error at line 1, column 3)");
  }
  // A lab results file where a replay is expected says what it is.
  const auto results = dir.write(
      "r.json", R"({"schema": "catan-lab-results", "version": 1, "kind": "sim", "run": {}})");
  try {
    engine::load_replay(results);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("this is a lab results file, not a replay"),
              std::string::npos)
        << e.what();
  }
  nlohmann::json j = {{"format", 2},
                      {"packs", {"dice-race"}},
                      {"loaded", {{{"name", "dice-race"}, {"version", "1.0.0"}}}},
                      {"options", nlohmann::json::array()},
                      {"seed", 1},
                      {"game_index", 0},
                      {"players", 2},
                      {"agents", {"random", "random"}},
                      {"max_turns", 10},
                      {"decisions", {{1, "x", 2, "one", "roll"}}}};
  try {
    engine::replay_from_json(j, "r.json");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "replay r.json: field 'decisions[0][3]': expected an integer");
  }
  j["decisions"] = nlohmann::json::array();
  try {
    engine::replay_from_json(j, "r.json");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "replay r.json: field 'outcome': missing");
  }
}

// A valid replay document, for the field checks below.
nlohmann::json valid_replay() {
  return {{"format", 2},
          {"packs", {"dice-race"}},
          {"loaded", {{{"name", "dice-race"}, {"version", "1.0.0"}}}},
          {"options", nlohmann::json::array()},
          {"seed", 1},
          {"game_index", 0},
          {"players", 2},
          {"agents", {"random", "random"}},
          {"max_turns", 10},
          {"decisions", {{1, "race.continue", 2, 1, "roll"}}},
          {"outcome", {{"winner", 1}, {"reason", "r"}, {"turns", 3}, {"digest", "00ff"}}}};
}

std::string replay_error(const nlohmann::json& j) {
  try {
    engine::replay_from_json(j, "r.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ReplayFile, IntegersAreRangeCheckedNotTruncated) {
  EXPECT_EQ(replay_error(valid_replay()), "(accepted)");
  const std::int64_t two32 = std::int64_t{1} << 32;
  auto j = valid_replay();
  j["decisions"][0][2] = two32 + 2;  // 2 + 2^32 read as 32 bits would be 2
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'decisions[0][2]': 4294967298 is outside 1..2147483647");
  j = valid_replay();
  j["decisions"][0][3] = two32 + 1;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'decisions[0][3]': 4294967297 is outside 1..2");
  j = valid_replay();
  j["decisions"][0][0] = two32 + 1;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'decisions[0][0]': 4294967297 is outside 1..2");
  j = valid_replay();
  j["max_turns"] = std::int64_t{1'000'000'000'000};
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'max_turns': 1000000000000 is outside 1..1000000");
  j["max_turns"] = 1e12;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'max_turns': expected an integer");
  j = valid_replay();
  j["players"] = two32 + 2;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'players': 4294967298 is outside 1..16");
  j = valid_replay();
  j["outcome"]["winner"] = two32 + 1;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'outcome.winner': 4294967297 is outside 1..2");
  j = valid_replay();
  j["outcome"]["turns"] = 11;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'outcome.turns': 11 is outside 0..10");
  j = valid_replay();
  j["seed"] = std::uint64_t{18446744073709551615u};
  EXPECT_EQ(replay_error(j), "(accepted)");
  j["players"] = std::uint64_t{18446744073709551615u};
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'players': 18446744073709551615 is out of range");
}

TEST(ReplayFile, EveryDecisionRecordsAValidOptionId) {
  auto j = valid_replay();
  j["decisions"][0].erase(4);
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'decisions[0]': expected [player, kind, option count, choice, "
            "option id]");
  j = valid_replay();
  j["decisions"][0][4] = 1;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'decisions[0][4]': expected a string");
  j["decisions"][0][4] = "";
  EXPECT_EQ(replay_error(j), "replay r.json: field 'decisions[0][4]': the option id is empty");
  j["decisions"][0][4] = "a\tb";
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'decisions[0][4]': the option id holds byte 0x09 at 2 (ids are "
            "printable ASCII)");
}

TEST(ReplayFile, FormatOneReplaysWithoutIdsAreRefusedSayingWhy) {
  auto j = valid_replay();
  j["format"] = 1;
  j["decisions"][0].erase(4);
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'format': format 1 records no option ids; this build reads "
            "format 2 (record the game again)");
  j["format"] = 3;
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'format': unsupported format 3 (this build "
            "reads 2)");
}

TEST(ReplayFile, RecordedPackVersionsAreChecked) {
  auto j = valid_replay();
  j["loaded"][0]["version"] = "banana";
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'loaded[0].version': 'banana' is not a version "
            "MAJOR.MINOR.PATCH");
  j["loaded"][0]["version"] = "99.0.0";
  EXPECT_EQ(replay_error(j), "(accepted)");
  j["loaded"] = nlohmann::json::array();
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'loaded': empty (a game loads at least one pack)");
  j.erase("loaded");
  EXPECT_EQ(replay_error(j), "replay r.json: field 'loaded': missing");
}

TEST(ReplayFile, RecordedPackHashesAreChecked) {
  auto j = valid_replay();
  j["loaded"][0]["hash"] = "0123456789abcdef";
  j["loaded"][0]["path"] = "/somewhere/dice-race";
  EXPECT_EQ(replay_error(j), "(accepted)");
  j["loaded"][0]["hash"] = "0123456789ABCDEF";
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'loaded[0].hash': expected 16 lowercase hex digits");
  j["loaded"][0]["hash"] = 12;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'loaded[0].hash': expected a string");
}

TEST(ReplayFile, OversizedAndNonRegularFilesAreRefusedBeforeReading) {
  packs::testing::TempPackDir dir;
  const auto big = dir.root() / "big.json";
  std::filesystem::resize_file(dir.write("big.json", ""), engine::kMaxReplayBytes + 1);
  try {
    engine::load_replay(big);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              fmt::format("replay {}: 67108865 bytes, above the limit of 67108864 bytes for a "
                          "replay",
                          big.string()));
  }
  try {
    engine::load_replay("/dev/zero");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "replay /dev/zero: not a regular file (refused as a replay)");
  }
}

TEST_F(ReplayTest, InvalidUtf8InAReplayIsWrittenAsReplacementCharacters) {
  auto s = session({"dice-race"});
  auto original = play_dice_race(*s);
  ASSERT_TRUE(original.ok);
  auto replay = original.replay;
  replay.outcome.reason = "bad \xff byte";
  const auto file = dir_.root() / "utf8.json";
  engine::save_replay(replay, file);
  const auto loaded = engine::load_replay(file);
  EXPECT_EQ(loaded.outcome.reason, "bad \xef\xbf\xbd byte");
  EXPECT_EQ(loaded.decisions.size(), replay.decisions.size());
}

TEST(ReplayFile, AnAgentFailureIsKeptAndCheckedFieldByField) {
  auto j = valid_replay();
  j["agent_failure"] = {{"player", 2}, {"kind", "race.continue"}, {"error", "it gave up"}};
  const auto r = engine::replay_from_json(j, "r.json");
  ASSERT_TRUE(r.agent_failure.has_value());
  EXPECT_EQ(r.agent_failure->player, 1);
  EXPECT_EQ(r.agent_failure->kind, "race.continue");
  EXPECT_EQ(r.agent_failure->error, "it gave up");
  EXPECT_EQ(engine::to_json(r)["agent_failure"], j["agent_failure"]);
  EXPECT_FALSE(engine::replay_from_json(valid_replay(), "r.json").agent_failure.has_value());
  j["agent_failure"]["player"] = 3;
  EXPECT_EQ(replay_error(j), "replay r.json: field 'agent_failure.player': 3 is outside 1..2");
  j["agent_failure"]["player"] = 1;
  j["agent_failure"]["error"] = "";
  EXPECT_EQ(replay_error(j),
            "replay r.json: field 'agent_failure.error': empty (the agent's error)");
  j["agent_failure"] = "no";
  EXPECT_EQ(replay_error(j), "replay r.json: field 'agent_failure': expected an object");
}

}  // namespace
}  // namespace catan::scripting

namespace catan::packs {
namespace {

// The content hash covers what changes a game (the manifest and the scripts it runs) and
// nothing else.
TEST(PackHash, ChangesWithAnyScriptTheGameRunsAndNotWithTests) {
  testing::TempPackDir dir;
  const auto root = dir.simple_pack("p", "p", R"(, "tests": ["t.lua"])");
  dir.write("p/t.lua", "-- a test\n");
  const std::string before = content_hash(load_manifest(root));
  EXPECT_EQ(before.size(), 16u);
  EXPECT_EQ(content_hash(load_manifest(root)), before) << "stable";
  dir.write("p/t.lua", "-- another test\n");
  EXPECT_EQ(content_hash(load_manifest(root)), before) << "tests do not change games";
  dir.write("p/main.lua", "-- a comment\n");
  const std::string edited = content_hash(load_manifest(root));
  EXPECT_NE(edited, before) << "the entry script changed";
}

}  // namespace
}  // namespace catan::packs
