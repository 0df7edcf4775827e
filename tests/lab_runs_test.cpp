// Lab runs are deterministic: one thread, two threads, and two shards merged give byte-identical
// results files; rows arrive in game order; failed games are counted and listed the same way
// on any thread count; results files read back to the same bytes.
#include <gtest/gtest.h>

#include <filesystem>

#include "lab/results_json.h"
#include "lab/runner.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

class LabRuns : public ::testing::Test {
 protected:
  packs::PackSearch& search() {
    if (!search_) {
      search_ = std::make_unique<packs::PackSearch>();
      search_->add_dir(dir_.root());
      search_->add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    }
    return *search_;
  }

  static RunSpec dice_race(std::vector<LabConfig> configs) {
    RunSpec spec;
    spec.configs = std::move(configs);
    spec.players = 3;
    spec.bots = {"hold20", "random", "random"};
    spec.seed = 7;
    return spec;
  }

  // The results file of games [first, end) of `total`, played on `threads` threads.
  std::string run(const RunSpec& spec, int threads, std::uint64_t first, std::uint64_t end,
                  std::uint64_t total, LabResults* out = nullptr) {
    Runner runner(search(), spec, threads);
    LabResults r;
    r.run.kind = spec.configs.size() > 1 ? "compare" : "sim";
    r.run.seed = spec.seed;
    r.run.players = spec.players;
    r.run.bots = spec.bots;
    r.run.max_turns = spec.max_turns;
    r.run.games = total;
    r.run.first = first;
    r.run.end = end;
    r.configs = runner.config_info();
    r.totals = RunTotals(spec.configs.size(), spec.players);
    runner.run(first, end, r.totals);
    if (out) *out = r;
    return results_to_json(r).dump(2);
  }

  packs::testing::TempPackDir dir_;
  std::unique_ptr<packs::PackSearch> search_;
};

TEST_F(LabRuns, ThreadsAndShardsGiveIdenticalResults) {
  const auto spec = dice_race({parse_config("dice-race", {})});
  const std::string one = run(spec, 1, 0, 300, 300);
  EXPECT_EQ(run(spec, 2, 0, 300, 300), one);
  LabResults a, b;
  run(spec, 1, 0, 150, 300, &a);
  run(spec, 2, 150, 300, 300, &b);
  const auto merged = merge_results({b, a}, {"b.json", "a.json"});
  EXPECT_EQ(results_to_json(merged).dump(2), one);
  EXPECT_NE(one.find("\"seat_win_rate\""), std::string::npos);
}

TEST_F(LabRuns, ComparisonsAreDeterministicToo) {
  const auto spec =
      dice_race({parse_config("dice-race", {}), parse_config("dice-race:dice-race.target=30", {})});
  const std::string one = run(spec, 1, 0, 120, 120);
  EXPECT_EQ(run(spec, 2, 0, 120, 120), one);
  LabResults parts[3];
  run(spec, 2, 0, 40, 120, &parts[0]);
  run(spec, 1, 40, 90, 120, &parts[1]);
  run(spec, 2, 90, 120, 120, &parts[2]);
  const auto merged = merge_results({parts[2], parts[0], parts[1]}, {"c", "a", "b"});
  EXPECT_EQ(results_to_json(merged).dump(2), one);
}

TEST_F(LabRuns, ResultsFilesReadBackToTheSameBytes) {
  const auto spec = dice_race(
      {parse_config("dice-race", {}), parse_config("dice-race:dice-race.bust_face=2", {})});
  const std::string text = run(spec, 2, 0, 60, 60);
  const auto parsed = results_from_json(nlohmann::json::parse(text), "x.json");
  EXPECT_EQ(results_to_json(parsed).dump(2), text);
}

TEST_F(LabRuns, RowsArriveInGameOrder) {
  const auto spec = dice_race({parse_config("dice-race", {})});
  Runner runner(search(), spec, 2);
  RunTotals totals(1, 3);
  std::vector<std::uint64_t> seen;
  std::uint64_t last_progress = 0;
  runner.run(
      10, 210, totals, [&](const std::vector<GameRecord>& g) { seen.push_back(g[0].index); },
      [&](std::uint64_t done) { last_progress = done; });
  ASSERT_EQ(seen.size(), 200u);
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], 10 + i);
  EXPECT_EQ(last_progress, 200u);
  EXPECT_EQ(totals.configs[0].games, 200u);
}

TEST_F(LabRuns, FailedGamesAreCountedListedAndReplayable) {
  // Fails in about one game in four, depending only on the game's random numbers.
  dir_.write("flaky/main.lua", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  if game.turn() == 1 and game.random(4) == 1 then error("flaky pack fails") end
  if game.turn() >= 3 then game.finish(e.player, "third turn") end
end)
)");
  dir_.write("flaky/pack.json", packs::testing::TempPackDir::manifest("flaky"));
  RunSpec spec;
  spec.configs = {parse_config("flaky", {})};
  spec.players = 2;
  spec.bots = {"random", "random"};
  spec.failures_dir = (dir_.root() / "failures").string();
  LabResults one, two;
  const std::string a = run(spec, 1, 0, 200, 200, &one);
  EXPECT_EQ(run(spec, 2, 0, 200, 200, &two), a);
  const Aggregate& t = one.totals.configs[0];
  EXPECT_GT(t.errors, 20u);
  EXPECT_LT(t.errors, 90u);
  EXPECT_EQ(t.finished + t.errors, 200u);
  ASSERT_EQ(t.error_list.size(), Aggregate::kMaxErrorEntries);
  for (std::size_t i = 1; i < t.error_list.size(); ++i)
    EXPECT_LT(t.error_list[i - 1].game, t.error_list[i].game);
  EXPECT_NE(t.error_list[0].error.find("flaky pack fails"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(t.error_list[0].replay)) << t.error_list[0].replay;
}

TEST_F(LabRuns, MergeRefusesOverlapsGapsAndOtherRuns) {
  const auto spec = dice_race({parse_config("dice-race", {})});
  LabResults a, b, c;
  run(spec, 1, 0, 20, 60, &a);
  run(spec, 1, 10, 30, 60, &b);
  run(spec, 1, 30, 60, 60, &c);
  EXPECT_THROW(merge_results({a, b}, {"a", "b"}), ResultsError);
  EXPECT_THROW(merge_results({a, c}, {"a", "c"}), ResultsError);
  auto other = c;
  other.run.seed = 8;
  EXPECT_THROW(merge_results({a, other}, {"a", "other"}), ResultsError);
  try {
    merge_results({a, c}, {"a.json", "c.json"});
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(), "games 20..29 are missing between a.json and c.json");
  }
}

TEST_F(LabRuns, BadOptionsAreFoundBeforeAnyGame) {
  auto spec = dice_race({parse_config("dice-race:dice-race.target=2", {})});
  EXPECT_THROW(Runner(search(), spec, 1), packs::PackError);
  spec = dice_race({parse_config("dice-rase", {})});
  EXPECT_THROW(Runner(search(), spec, 1), packs::PackError);
}

TEST(ResultsJson, RejectsOtherFilesWithOneLine) {
  EXPECT_THROW(results_from_json(nlohmann::json::parse(R"({"format": 1})"), "x"), ResultsError);
  try {
    results_from_json(nlohmann::json::parse(
                          R"({"schema": "catan-lab-results", "version": 3, "kind": "sim",
                              "run": {"seed": 1}})"),
                      "f.json");
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(), "f.json: run: missing field 'players'");
  }
  try {
    results_from_json(nlohmann::json::parse(R"({"schema": "catan-lab-results", "version": 9})"),
                      "f.json");
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(), "f.json: results format version 9 (this catan reads version 3)");
  }
  try {
    results_from_json(nlohmann::json::parse(R"({"schema": "catan-lab-results", "version": 1})"),
                      "f.json");
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(), "f.json: results format version 1 (this catan reads version 3)");
  }
}

}  // namespace
}  // namespace catan::lab
