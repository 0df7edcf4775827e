// Reading a results file checks every raw total against the others, so `catan merge` never adds
// up shards whose figures contradict each other (a win rate above 100%, histograms that do not
// add up); files above the size bound or that are not regular files are refused before reading.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

using json = nlohmann::json;

class ResultsValidation : public ::testing::Test {
 protected:
  // The results of 30 games of dice-race against dice-race with a lower target, as JSON.
  // The results file of 30 games of `spec` on one thread, as JSON.
  static json run_results(packs::PackSearch& search, const RunSpec& spec, const char* kind) {
    Runner runner(search, spec, 1);
    LabResults r;
    r.run.kind = kind;
    r.run.seed = spec.seed;
    r.run.players = spec.players;
    r.run.bots = spec.bots;
    r.run.max_turns = spec.max_turns;
    r.run.games = 30;
    r.run.first = 0;
    r.run.end = 30;
    r.configs = runner.config_info();
    r.totals = RunTotals(spec.configs.size(), spec.players);
    runner.run(0, 30, r.totals);
    return json::parse(results_to_json(r).dump());
  }

  static const json& compare_results() {
    static const json results = [] {
      packs::PackSearch search;
      search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
      RunSpec spec;
      spec.configs = {parse_config("dice-race", {}),
                      parse_config("dice-race:dice-race.target=30", {})};
      spec.players = 3;
      spec.bots = {"hold20", "random", "random"};
      spec.seed = 7;
      return run_results(search, spec, "compare");
    }();
    return results;
  }

  // The results of 30 games of a pack that fails about one game in four with a script error and
  // as many with a statistic out of range, their replays saved: two failure classes, every
  // failed game listed.
  static const json& failing_results() {
    static const json results = [] {
      static packs::testing::TempPackDir dir;
      dir.write("failing/main.lua", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  local r = game.random(4)
  if r == 1 then error("failing pack fails") end
  if r == 2 then game.set("stats.huge", math.maxinteger) end
  game.finish(e.player, "one turn")
end)
)");
      dir.write("failing/pack.json", packs::testing::TempPackDir::manifest("failing"));
      packs::PackSearch search;
      search.add_dir(dir.root());
      RunSpec spec;
      spec.configs = {parse_config("failing", {})};
      spec.players = 2;
      spec.bots = {"random", "random"};
      spec.failures_dir = (dir.root() / "failures").string();
      return run_results(search, spec, "sim");
    }();
    return results;
  }

  static std::string error_of(const json& j) {
    try {
      results_from_json(j, "shard.json");
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "(accepted)";
  }

  static json& raw(json& j, int config = 0) { return j["configs"][config]["raw"]; }
};

TEST_F(ResultsValidation, AnUntouchedFileIsAccepted) {
  EXPECT_EQ(error_of(compare_results()), "(accepted)");
  const auto& r = compare_results()["configs"][0]["raw"];
  ASSERT_EQ(r["games"], 30);
  ASSERT_EQ(r["finished"], 30);
}

TEST_F(ResultsValidation, SeatWinsAboveTheFinishedGamesAreRefused) {
  json j = compare_results();
  raw(j)["seat_wins"][0] = 750;  // a 2500% win rate over 30 games
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.seat_wins: the entries add up to more than 30 (finished "
            "games with a winner)");
  j = compare_results();
  const std::uint64_t w0 = raw(j)["seat_wins"][0];
  raw(j)["seat_wins"][0] = w0 - 1;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.seat_wins: the entries add up to 29, not 30 (finished "
            "games with a winner)");
  j = compare_results();
  raw(j)["position_wins"][1] = 18446744073709551615u;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.position_wins: the entries add up to more than 30 "
            "(finished games with a winner)");
}

TEST_F(ResultsValidation, CountsThatContradictTheGameCountAreRefused) {
  json j = compare_results();
  raw(j)["turns"]["n"] = 31;
  raw(j)["turns"]["min"] = 0;
  raw(j)["turns"]["histogram"] = nullptr;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.turns.n: 31 observations for 30 finished games");
  j = compare_results();
  raw(j)["finished"] = 31;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw: games, finished, errors and no_winner do not add up");
  j = compare_results();
  raw(j)["errors"] = -1;
  EXPECT_EQ(error_of(j), "shard.json: configs[0].raw.errors: expected a non-negative integer");
  j = compare_results();
  raw(j)["turns"]["max"] = 1000000;
  EXPECT_EQ(error_of(j), "shard.json: configs[0].raw.turns.max: above max_turns 1000");
  j = compare_results();
  raw(j)["error_list"] = json::array({{{"game", 3}, {"error", "x"}, {"replay", nullptr}}});
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.error_list: 1 entries for 0 errors (the first 20 are "
            "listed)");
}

TEST_F(ResultsValidation, FailedGamesMustAgreeWithTheErrors) {
  const json& good = failing_results();
  ASSERT_EQ(error_of(good), "(accepted)");
  const auto& r = good["configs"][0]["raw"];
  const std::uint64_t errors = r["errors"];
  ASSERT_GT(errors, 5u);
  ASSERT_LT(errors, 20u);  // all listed
  ASSERT_EQ(r["failures"].size(), 2u);
  const std::uint64_t script = r["failures"]["error"]["count"];
  ASSERT_EQ(script + static_cast<std::uint64_t>(r["failures"]["out of range"]["count"]), errors);

  // Class counts that contradict the errors, or a class without games.
  json j = good;
  raw(j)["failures"]["error"]["count"] = script + 1;
  EXPECT_EQ(error_of(j), fmt::format("shard.json: configs[0].raw.failures: the entries add up to "
                                     "more than {} (the failed games per class: errors)",
                                     errors));
  j = good;
  raw(j)["failures"]["error"]["count"] = script - 1;
  EXPECT_EQ(error_of(j), fmt::format("shard.json: configs[0].raw.failures: the entries add up to "
                                     "{}, not {} (the failed games per class: errors)",
                                     errors - 1, errors));
  j = good;
  raw(j)["failures"]["error"]["count"] = 0;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.failures.error.count: 0 (a class without failed games "
            "is left out)");

  // A class not in the fixed list.
  j = good;
  raw(j)["failures"]["bogus"] = raw(j)["failures"]["error"];
  raw(j)["failures"].erase("error");
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.failures.bogus: not a failure class (known: error, game "
            "deadline, instruction budget, memory, name cap, out of range, time limit)");

  // A class's first game that is not in error_list, or whose error is of another class.
  j = good;
  std::uint64_t finished_game = 0;
  while (std::any_of(r["error_list"].begin(), r["error_list"].end(),
                     [&](const json& e) { return e["game"] == finished_game; }))
    ++finished_game;
  raw(j)["failures"]["error"]["game"] = finished_game;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.failures.error.game: the class's first game, with its "
            "error and replay, is not in error_list");
  j = good;
  raw(j)["failures"]["error"]["replay"] = "elsewhere.json";
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.failures.error.game: the class's first game, with its "
            "error and replay, is not in error_list");
  j = good;
  raw(j)["failures"]["error"]["error"] = "time limit exceeded";
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.failures.error.error: not an error of class 'error'");

  // A shortened error list, and a class's first game listed with another error.
  j = good;
  raw(j)["error_list"].erase(raw(j)["error_list"].size() - 1);
  EXPECT_EQ(error_of(j), fmt::format("shard.json: configs[0].raw.error_list: {} entries for {} "
                                     "errors (the first 20 are listed)",
                                     errors - 1, errors));
  j = good;
  auto& first = raw(j)["error_list"][0];
  const std::string cls = first["error"].get<std::string>().starts_with("value out of range")
                              ? "out of range"
                              : "error";
  ASSERT_EQ(raw(j)["failures"][cls]["game"], first["game"]);
  first["error"] = cls == "error" ? "value out of range: x" : "pack error";
  EXPECT_NE(error_of(j).find("is not in error_list"), std::string::npos) << error_of(j);
}

TEST_F(ResultsValidation, HistogramsMustAddUpWithoutWrapping) {
  json j = compare_results();
  auto& h = raw(j)["turns"]["histogram"];
  ASSERT_GE(h.size(), 2u);
  // Two counts whose 64-bit sum wraps around to the right total.
  h[0][1] = std::uint64_t{1} << 63;
  h[1][1] = (std::uint64_t{1} << 63) + 30;
  for (std::size_t i = 2; i < h.size(); ++i) h[i][1] = 0;
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.turns.histogram: histogram counts add up to more than n");
  j = compare_results();
  auto& h2 = raw(j)["turns"]["histogram"];
  std::swap(h2[0], h2[1]);
  EXPECT_EQ(error_of(j),
            "shard.json: configs[0].raw.turns.histogram[1]: values are not in ascending order");
}

TEST_F(ResultsValidation, MomentsOutsideTheirBoundsAreRefused) {
  json j = compare_results();
  auto& t = raw(j)["turns"];
  ASSERT_GT(t["min"], 0);
  t["sum"] = static_cast<std::int64_t>(t["min"]) * 30 - 1;
  EXPECT_EQ(error_of(j), "shard.json: configs[0].raw.turns: sum is outside n * min .. n * max");
}

// A sum of squares past 2^64 - 1 (values near the lab's limit in a few games) is written as a
// string of its digits and read back exactly; a string where a number would do is refused.
TEST_F(ResultsValidation, SumsOfSquaresPast64BitsAreWrittenAsDigits) {
  LabResults r = results_from_json(compare_results(), "x");
  Distribution& big = r.totals.configs[0].stats["big"];
  for (int i = 0; i < 10; ++i) big.add(i % 2 ? kMaxLabValue : -kMaxLabValue);
  const std::string text = results_to_json(r).dump();
  json j = json::parse(text);
  EXPECT_EQ(raw(j)["stats"]["big"]["sum_sq"], "46116860184273879040");  // 10 * 2^62
  const LabResults back = results_from_json(j, "x");
  EXPECT_TRUE(back.totals.configs[0].stats.at("big") == big);
  EXPECT_EQ(results_to_json(back).dump(), text);
  json bad = j;
  raw(bad)["stats"]["big"]["sum_sq"] = "046116860184273879040";
  EXPECT_EQ(error_of(bad),
            "shard.json: configs[0].raw.stats.big.sum_sq: expected a non-negative integer (a "
            "number, or a string of digits above 2^64 - 1)");
  raw(bad)["stats"]["big"]["sum_sq"] = "4611686018427387904";
  EXPECT_EQ(error_of(bad),
            "shard.json: configs[0].raw.stats.big.sum_sq: a string for an integer below 2^64 "
            "(written as a number)");
  raw(bad)["stats"]["big"]["sum_sq"] = "340282366920938463463374607431768211456";  // 2^128
  EXPECT_EQ(error_of(bad),
            "shard.json: configs[0].raw.stats.big.sum_sq: integer too large (above 2^128 - 1)");
  raw(bad)["stats"]["big"]["sum_sq"] = "46116860184273879041";
  EXPECT_EQ(error_of(bad),
            "shard.json: configs[0].raw.stats.big: sum_sq is above n * max(min^2, max^2)");
}

TEST_F(ResultsValidation, PairedTotalsMustMatchThePairs) {
  json j = compare_results();
  auto& p = j["comparisons"][0]["raw"];
  p["pairs"] = 31;
  EXPECT_EQ(error_of(j),
            "shard.json: comparisons[0].raw.pairs: 31 pairs, but only 30 games finished under "
            "both");
  j = compare_results();
  auto& s = j["comparisons"][0]["raw"]["seat_win"][0];
  s["a_yes"] = static_cast<std::uint64_t>(s["a_yes"]) + 1;
  EXPECT_EQ(error_of(j), "shard.json: comparisons[0].raw.seat_win[0]: inconsistent pair counts");
  j = compare_results();
  j["comparisons"][0]["raw"]["no_winner"]["n"] = 29;
  EXPECT_EQ(error_of(j), "shard.json: comparisons[0].raw.no_winner.n: 29, not the 30 pairs");
}

TEST_F(ResultsValidation, OversizedAndNonRegularFilesAreRefusedBeforeReading) {
  packs::testing::TempPackDir dir;
  const auto big = dir.write("big.json", "");
  std::filesystem::resize_file(big, engine::kMaxResultsBytes + 1);
  try {
    load_results(big.string());
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_EQ(
        std::string(e.what()),
        big.string() + ": 67108865 bytes, above the limit of 67108864 bytes for a results file");
  }
  try {
    load_results("/dev/zero");
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(), "/dev/zero: not a regular file (refused as a results file)");
  }
}

TEST_F(ResultsValidation, InvalidUtf8IsWrittenAsReplacementCharacters) {
  packs::testing::TempPackDir dir;
  LabResults r = results_from_json(compare_results(), "x");
  r.totals.configs[0].ignored.insert("bad\xff");
  const auto path = (dir.root() / "out.json").string();
  write_json_file(results_to_json(r), path);
  const LabResults back = load_results(path);
  EXPECT_EQ(back.totals.configs[0].ignored.count("bad\xef\xbf\xbd"), 1u);
}

}  // namespace
}  // namespace catan::lab
