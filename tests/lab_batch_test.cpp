// A batch survives its bad games: failed games are counted per error class, a game that nothing
// can stop is failed at the hard game deadline while the other games go on, the distinct names a
// run keeps are capped, and a run stopped part way covers a contiguous range that the rest of
// the run completes to the bytes of an uninterrupted run.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "engine/agent.h"
#include "engine/replay.h"
#include "lab/csv_writer.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

// Answers every decision with its first option, once `release` is set: until then it blocks, in
// C++ code the Lua watchdog cannot interrupt, as a runaway C loop would.
class BlockingAgent final : public engine::Agent {
 public:
  explicit BlockingAgent(std::shared_ptr<const std::atomic<bool>> release)
      : release_(std::move(release)) {}
  std::string name() const override { return "blocking"; }
  int choose(const engine::Decision&) override {
    // Gives up after a minute, so that a runner without the deadline fails the test rather
    // than hanging it.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!release_->load() && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return 0;
  }

 private:
  // Shared: the abandoned thread still reads it after the test has returned.
  std::shared_ptr<const std::atomic<bool>> release_;
};

class LabBatch : public ::testing::Test {
 protected:
  void SetUp() override {
    search_.add_dir(dir_.root());
    search_.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  }

  // dice-race, 3 players, seed 7.
  static RunSpec dice_race() {
    RunSpec spec;
    spec.configs = {parse_config("dice-race", {})};
    spec.players = 3;
    spec.bots = {"hold20", "random", "random"};
    spec.seed = 7;
    return spec;
  }

  LabResults header(const RunSpec& spec, Runner& runner, std::uint64_t first, std::uint64_t end,
                    std::uint64_t total) {
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
    return r;
  }

  // The results JSON of games [first, end) of `total` on `threads` threads.
  std::string run(const RunSpec& spec, int threads, std::uint64_t first, std::uint64_t end,
                  std::uint64_t total, LabResults* out = nullptr) {
    Runner runner(search_, spec, threads);
    LabResults r = header(spec, runner, first, end, total);
    EXPECT_EQ(runner.run(first, end, r.totals), end);
    if (out) *out = r;
    return results_to_json(r).dump(2);
  }

  packs::testing::TempPackDir dir_;
  packs::PackSearch search_;
};

TEST_F(LabBatch, FailedGamesAreCountedPerErrorClass) {
  // Game-random failures: a script error in about one game in four, a runaway loop stopped by
  // the instruction budget in another one in four.
  dir_.write("shaky/main.lua", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  if game.turn() == 1 then
    local r = game.random(4)
    if r == 1 then error("shaky pack fails") end
    if r == 2 then while true do end end
  end
  if game.turn() >= 3 then game.finish(e.player, "third turn") end
end)
)");
  dir_.write("shaky/pack.json", packs::testing::TempPackDir::manifest("shaky"));
  RunSpec spec;
  spec.configs = {parse_config("shaky", {})};
  spec.players = 2;
  spec.bots = {"random", "random"};
  spec.limits.instructions = 200'000;
  spec.failures_dir = (dir_.root() / "failures").string();
  LabResults one;
  const std::string text = run(spec, 1, 0, 120, 120, &one);
  EXPECT_EQ(run(spec, 2, 0, 120, 120), text);
  const Aggregate& a = one.totals.configs[0];
  ASSERT_EQ(a.failures.size(), 2u);
  const FailureClass& script = a.failures.at("error");
  const FailureClass& budget = a.failures.at("instruction budget");
  EXPECT_EQ(script.count + budget.count, a.errors);
  EXPECT_GT(script.count, 10u);
  EXPECT_GT(budget.count, 10u);
  EXPECT_NE(script.first.error.find("shaky pack fails"), std::string::npos);
  EXPECT_NE(budget.first.error.find("instruction budget exceeded"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(budget.first.replay)) << budget.first.replay;
  // Each class's first game is the lowest failed game of that class.
  for (const auto& e : a.error_list) {
    const auto& f = a.failures.at(failure_class(e.error));
    EXPECT_LE(f.first.game, e.game);
  }
  EXPECT_EQ(std::min(script.first.game, budget.first.game), a.error_list.front().game);
  // The run-level summary in the file, read back to the same bytes.
  const auto json = nlohmann::json::parse(text);
  EXPECT_EQ(json["failures"]["games"], a.errors);
  EXPECT_EQ(json["failures"]["per_config"], nlohmann::json::array({a.errors}));
  ASSERT_EQ(json["failures"]["classes"].size(), 2u);
  EXPECT_EQ(json["failures"]["classes"][0]["class"], "error");
  EXPECT_EQ(json["failures"]["classes"][0]["count"], script.count);
  EXPECT_EQ(json["failures"]["classes"][0]["first_game"], script.first.game);
  EXPECT_EQ(json["failures"]["classes"][1]["class"], "instruction budget");
  EXPECT_EQ(json["failures"]["classes"][1]["replay"], budget.first.replay);
  EXPECT_EQ(results_to_json(results_from_json(json, "x.json")).dump(2), text);
}

TEST_F(LabBatch, AGameStuckPastTheDeadlineFailsAndTheOthersAreCounted) {
  const auto release = std::make_shared<std::atomic<bool>>(false);
  RunSpec spec = dice_race();
  spec.game_deadline_ms = 1000;
  // Game 3 of 10: seat 1 blocks in C++, which neither the time limit nor the budget can stop.
  spec.agents_for = [release](std::uint64_t index, std::size_t) {
    std::vector<std::shared_ptr<engine::Agent>> agents;
    if (index == 3) agents.push_back(std::make_shared<BlockingAgent>(release));
    return agents;
  };
  // The same games without game 3.
  RunSpec plain = dice_race();
  RunTotals expected(1, 3);
  Runner reference(search_, plain, 1);
  reference.run(0, 3, expected);
  reference.run(4, 10, expected);

  for (const int threads : {1, 2}) {
    spec.failures_dir = (dir_.root() / fmt::format("failures-{}", threads)).string();
    Runner runner(search_, spec, threads);
    RunTotals totals(1, 3);
    std::vector<std::uint64_t> rows;
    EXPECT_EQ(runner.run(0, 10, totals,
                         [&](const std::vector<GameRecord>& g) { rows.push_back(g[0].index); }),
              10u);
    EXPECT_EQ(runner.abandoned(), 1) << threads << " threads";
    const Aggregate& a = totals.configs[0];
    EXPECT_EQ(a.games, 10u);
    EXPECT_EQ(a.errors, 1u);
    ASSERT_EQ(a.error_list.size(), 1u);
    EXPECT_EQ(a.error_list[0].game, 3u);
    EXPECT_EQ(a.error_list[0].error,
              "game deadline exceeded: game 3 under configuration 1 ran for more than 1 s and was "
              "abandoned");
    EXPECT_EQ(a.failures.at("game deadline").count, 1u);
    // Its replay holds the game's inputs, marked abandoned: its decisions are out of reach.
    const std::string replay_file = spec.failures_dir + "/failed-seed7-game3-config1.json";
    EXPECT_EQ(a.error_list[0].replay, replay_file);
    const auto saved = engine::load_replay(replay_file);
    EXPECT_EQ(saved.abandoned, a.error_list[0].error);
    EXPECT_EQ(saved.game_index, 3u);
    EXPECT_EQ(saved.seed, 7u);
    EXPECT_EQ(saved.agents, (std::vector<std::string>{"blocking", "random", "random"}));
    EXPECT_TRUE(saved.decisions.empty());
    EXPECT_EQ(rows, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    // The nine other games are counted exactly as without the stuck one.
    EXPECT_EQ(a.finished, 9u);
    EXPECT_EQ(a.seat_wins, expected.configs[0].seat_wins);
    EXPECT_EQ(a.turns, expected.configs[0].turns);
    EXPECT_EQ(a.stats, expected.configs[0].stats);
    EXPECT_EQ(a.player, expected.configs[0].player);
  }
  *release = true;  // the abandoned threads finish their games, see they were abandoned and end
}

TEST_F(LabBatch, DistinctNamesAreCappedIndependentlyOfThreads) {
  // Three new stats names and one new player property per game.
  dir_.write("names/main.lua", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  for _ = 1, 3 do game.set("stats.k" .. game.random(1000000000), 1) end
  game.player_set(e.player, "p" .. game.random(1000000000), 1)
  game.finish(e.player, "one turn")
end)
)");
  dir_.write("names/pack.json", packs::testing::TempPackDir::manifest("names"));
  RunSpec spec;
  spec.configs = {parse_config("names", {})};
  spec.players = 2;
  spec.bots = {"random", "random"};
  LabResults r;
  const std::string text = run(spec, 1, 0, 150, 150, &r);
  const Aggregate& a = r.totals.configs[0];
  EXPECT_EQ(a.finished, 150u);
  EXPECT_EQ(a.stats.size(), Aggregate::kMaxNames);
  EXPECT_EQ(a.player.size(), 150u);
  EXPECT_EQ(a.capped, (std::set<std::string>{"stats"}));
  EXPECT_EQ(run(spec, 2, 0, 150, 150), text);
  LabResults x, y;
  run(spec, 2, 0, 70, 150, &x);
  run(spec, 1, 70, 150, 150, &y);
  EXPECT_EQ(results_to_json(merge_results({x, y}, {"x", "y"})).dump(2), text);
  EXPECT_EQ(nlohmann::json::parse(text)["configs"][0]["results"]["capped_names"],
            nlohmann::json::array({"stats"}));
}

// tests/hostile/sim-huge-stat publishes, in about three games in ten, a statistic, a player's
// score or a histogram count beyond 2^31 in magnitude. Those games fail alone, with their
// replays, and the totals of the others are kept, on any thread count and in shards.
TEST_F(LabBatch, AGameWithAValueBeyondTheLabsLimitFailsAlone) {
  search_.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "tests/hostile");
  RunSpec spec;
  spec.configs = {parse_config("sim-huge-stat", {})};
  spec.players = 2;
  spec.bots = {"random", "random"};
  spec.failures_dir = (dir_.root() / "failures").string();
  LabResults r;
  const std::string text = run(spec, 1, 0, 80, 80, &r);
  EXPECT_EQ(run(spec, 2, 0, 80, 80), text);
  LabResults x, y;
  run(spec, 2, 0, 30, 80, &x);
  run(spec, 1, 30, 80, 80, &y);
  EXPECT_EQ(results_to_json(merge_results({x, y}, {"x", "y"})).dump(2), text);

  const Aggregate& a = r.totals.configs[0];
  EXPECT_EQ(a.games, 80u);
  EXPECT_EQ(a.finished + a.errors, 80u);
  EXPECT_GT(a.errors, 8u);
  EXPECT_LT(a.errors, 40u);
  ASSERT_EQ(a.failures.size(), 1u);
  EXPECT_EQ(a.failures.at("out of range").count, a.errors);
  bool stat = false, score = false, histogram = false;
  for (const auto& e : a.error_list) {
    const std::string head =
        fmt::format("value out of range: game {} under configuration 1 set ", e.game);
    ASSERT_TRUE(e.error.starts_with(head)) << e.error;
    const std::string what = e.error.substr(head.size());
    EXPECT_TRUE(what.ends_with(", above the lab's limit of 2^31 in magnitude")) << e.error;
    stat |= what.starts_with("stats.huge to 9223372036854775807,");
    score |= what.starts_with("player property 'points' of seat ") &&
             what.find(" to -9223372036854775808,") != std::string::npos;
    histogram |= what.starts_with("rolls.6 to 1099511627776,");
    // The replay holds the game's decisions (the game was played again to record them).
    const engine::Replay replay = engine::load_replay(e.replay);
    EXPECT_EQ(replay.game_index, e.game);
    EXPECT_GE(replay.decisions.size(), 4u) << e.replay;
    EXPECT_EQ(replay.outcome.turns, 4);
  }
  EXPECT_TRUE(stat && score && histogram) << "each kind of value fails a game";
  // The finished games are counted in full, and no value of a failed game is.
  EXPECT_EQ(a.stats.at("turns").moments.count(), a.finished);
  EXPECT_EQ(a.stats.at("turns").moments.sum(), 4 * static_cast<std::int64_t>(a.finished));
  EXPECT_EQ(a.stats.count("huge"), 0u);
  for (const auto& seat : a.player.at("points")) {
    EXPECT_GE(seat.moments.min(), 0);
    EXPECT_LE(seat.moments.max(), 24);
  }
  std::uint64_t rolls = 0;
  for (const auto& [key, n] : a.histograms.at("rolls")) rolls += n;
  EXPECT_GE(rolls, 4 * a.finished);
  EXPECT_LE(rolls, 8 * a.finished);
}

TEST(LabCsvCap, NameColumnsAreCappedInOrderOfFirstAppearance) {
  packs::testing::TempPackDir dir;
  const auto path = (dir.root() / "games.csv").string();
  CsvWriter csv(path, {"x"});
  for (int g = 0; g < 1100; ++g) {
    GameRecord r;
    r.index = static_cast<std::uint64_t>(g);
    r.stats = {{fmt::format("a{}", g), 1}, {fmt::format("b{}", g), 2}};
    csv.add({r});
  }
  csv.finish();
  // Names a0, b0, a1, b1, ...: the first 1024 are a0..b511.
  EXPECT_EQ(csv.dropped(), 2 * 1100 - CsvWriter::kMaxNameColumns);
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(std::count(header.begin(), header.end(), ','), 9 + 1024 - 1);
  EXPECT_TRUE(header.ends_with(",stats.a511,stats.b511")) << header.substr(header.size() - 40);
}

TEST_F(LabBatch, AStoppedRunCoversAContiguousRangeAndResumesToTheSameBytes) {
  // Enough games that the workers cannot finish them all before the fifth row stops the run,
  // even on a loaded machine.
  constexpr std::uint64_t kGames = 2000;
  const RunSpec plain = dice_race();
  const std::string straight = run(plain, 2, 0, kGames, kGames);

  std::atomic<bool> stop{false};
  RunSpec spec = dice_race();
  spec.stop = &stop;
  Runner runner(search_, spec, 2);
  LabResults part = header(spec, runner, 0, kGames, kGames);
  std::uint64_t rows = 0;
  const std::uint64_t reached =
      runner.run(0, kGames, part.totals, [&](const std::vector<GameRecord>&) {
        if (++rows == 5) stop = true;
      });
  EXPECT_GE(reached, 5u);
  EXPECT_LT(reached, kGames);
  EXPECT_EQ(part.totals.configs[0].games, reached);
  EXPECT_EQ(rows, reached);
  part.run.end = reached;
  part.planned_end = kGames;
  const std::string text = results_to_json(part).dump(2);
  const auto json = nlohmann::json::parse(text);
  EXPECT_EQ(json["complete"], false);
  EXPECT_EQ(json["run"]["planned_end_game"], kGames);
  const LabResults read = results_from_json(json, "part.json");
  ASSERT_TRUE(read.planned_end);
  EXPECT_EQ(*read.planned_end, kGames);
  EXPECT_EQ(results_to_json(read).dump(2), text);

  LabResults rest;
  run(plain, 1, reached, kGames, kGames, &rest);
  LabResults whole = merge_results({read, rest}, {"part.json", "rest"});
  whole.planned_end.reset();
  EXPECT_EQ(results_to_json(whole).dump(2), straight);
}

}  // namespace
}  // namespace catan::lab
