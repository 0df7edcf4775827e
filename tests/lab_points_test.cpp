// The distribution of the end-of-game points: binned histograms, pooling per bot kind, and how
// the text summary, the results JSON and the HTML report show it, against values worked out by
// hand; a dice-game run gives the same distribution on any thread count and merged from shards.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "lab/histogram.h"
#include "lab/html_report.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "lab/summary.h"
#include "lab/text_report.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

Histogram histogram_of(std::initializer_list<std::int64_t> values) {
  Histogram h;
  for (auto v : values) h.add(v);
  return h;
}

TEST(BinHistogram, SmallRangesKeepEveryValue) {
  const Binned b = bin_histogram(histogram_of({3, 5, 5, 7}), 30);
  EXPECT_EQ(b.width, 1);
  ASSERT_EQ(b.bins.size(), 5u);
  EXPECT_EQ(b.bins[0], (Bin{3, 3, 1}));
  EXPECT_EQ(b.bins[1], (Bin{4, 4, 0}));
  EXPECT_EQ(b.bins[2], (Bin{5, 5, 2}));
  EXPECT_EQ(b.bins[4], (Bin{7, 7, 1}));
}

TEST(BinHistogram, WidthIsTheSmallestOneTwoFiveStepThatFits) {
  // -3..45: width 5 would need the 11 bins -5..45, width 10 needs 6 (-10..40).
  const Binned b = bin_histogram(histogram_of({-3, -1, 0, 7, 45}), 10);
  EXPECT_EQ(b.width, 10);
  const std::vector<Bin> expected = {{-10, -1, 2}, {0, 9, 2},   {10, 19, 0},
                                     {20, 29, 0},  {30, 39, 0}, {40, 49, 1}};
  EXPECT_EQ(b.bins, expected);
  EXPECT_EQ(bin_histogram(histogram_of({-3, -1, 0, 7, 45}), 11).width, 5);
  EXPECT_EQ(bin_histogram(histogram_of({-3, -1, 0, 7, 45}), 25).width, 2);
  // 0..999 in at most 30 bins: 50 wide, 20 bins.
  Histogram wide;
  for (int v = 0; v < 1000; ++v) wide.add(v);
  const Binned w = bin_histogram(wide, 30);
  EXPECT_EQ(w.width, 50);
  ASSERT_EQ(w.bins.size(), 20u);
  EXPECT_EQ(w.bins.back(), (Bin{950, 999, 50}));
}

TEST(BinHistogram, CountsWithMultiplicityAndNothingToShow) {
  Histogram h;
  h.add(12, 7);
  h.add(-12, 3);
  // -12..12 in at most 3 bins: width 10 would need 4 (-20..10), width 20 needs 2.
  const Binned b = bin_histogram(h, 3);
  EXPECT_EQ(b.width, 20);
  EXPECT_EQ(b.bins, (std::vector<Bin>{{-20, -1, 3}, {0, 19, 7}}));
  EXPECT_EQ(bin_histogram(Histogram(), 30), Binned{});
  EXPECT_EQ(bin_histogram(Histogram::overflowed_histogram(5), 30), Binned{});
}

// An Aggregate of `players` seats whose declared score property `score` took these values per
// seat.
Aggregate with_scores(const std::vector<std::vector<std::int64_t>>& per_seat) {
  const int players = static_cast<int>(per_seat.size());
  Aggregate a(players);
  for (std::size_t g = 0; g < per_seat[0].size(); ++g) {
    GameRecord r;
    r.index = g;
    r.turns = 15 * players;
    r.rounds = 15;
    r.decisions = 40;
    r.winner = 0;
    r.score = "score";
    r.seat_props.resize(per_seat.size());
    for (std::size_t s = 0; s < per_seat.size(); ++s)
      r.seat_props[s].emplace_back("score", per_seat[s][g]);
    a.add(r);
  }
  return a;
}

TEST(PointsByBot, PoolsTheSeatsOfEachAgentInOrderOfFirstSeat) {
  const Aggregate a = with_scores({{10, 20}, {-2, 4}, {30, 40}});
  const auto groups = points_by_bot(a, {"expectimax", "random", "expectimax"}, "score");
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].bot, "expectimax");
  EXPECT_EQ(groups[0].seats, (std::vector<int>{1, 3}));
  EXPECT_EQ(groups[0].points.moments.count(), 4u);
  EXPECT_EQ(groups[0].points.moments.sum(), 100);
  EXPECT_EQ(groups[0].points.histogram, histogram_of({10, 20, 30, 40}));
  EXPECT_EQ(groups[1].bot, "random");
  EXPECT_EQ(groups[1].seats, (std::vector<int>{2}));
  EXPECT_EQ(groups[1].points.moments.sum(), 2);
  EXPECT_TRUE(points_by_bot(a, {"random"}, "vp").empty());
  EXPECT_TRUE(points_by_bot(a, {"random"}, "").empty());
}

// One-player results over the scores 1..20 (seat 1, bot "greedy").
LabResults one_seat_results() {
  std::vector<std::int64_t> scores;
  for (int v = 1; v <= 20; ++v) scores.push_back(v);
  scores.push_back(95);  // an outlier: 21 values, the histogram spans 1..95
  LabResults r;
  r.run.kind = "sim";
  r.run.seed = 1;
  r.run.players = 1;
  r.run.bots = {"greedy"};
  r.run.max_turns = 1000;
  r.run.games = 21;
  r.run.end = 21;
  LabConfig config;
  config.label = "pack";
  config.packs = {"pack"};
  r.configs.push_back({config, {{"pack", "1.0.0"}}, {"score", {}, {}, {}}, {}});
  r.totals = RunTotals(1, 1);
  r.totals.configs[0] = with_scores({scores});
  return r;
}

TEST(PointsReport, TextShowsQuantilesAndABinnedHistogram) {
  const std::string text = config_text(one_seat_results(), 0);
  // Nearest rank over 21 values 1..20, 95: p5 = 2nd, p25 = 6th, median = 11th, p75 = 16th,
  // p95 = 20th. Mean 305 / 21 = 14.5238; sd = sqrt((21 * 11895 - 305^2) / 420) = 19.3200.
  EXPECT_NE(text.find("  end score        1: mean 14.52 sd 19.32; p5 2 p25 6 median 11 p75 16 p95 "
                      "20; min 1 max 95\n"),
            std::string::npos)
      << text;
  // 1..95 in at most 30 bins: width 5, bins 0..4 up to 95..99 (20 bins).
  EXPECT_NE(text.find("  score of greedy  21 of seat 1, bins of 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    0..4           4   19.0%  ################################\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    5..9           5   23.8%  ########################################\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    25..29         0    0.0%\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    95..99         1    4.8%  ########\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("100..104"), std::string::npos);
}

TEST(PointsReport, SeveralSeatsOfOneBotArePooledWithTheirFigures) {
  auto r = one_seat_results();
  r.run.players = 2;
  r.run.bots = {"greedy", "greedy"};
  r.run.games = r.run.end = 4;
  r.totals = RunTotals(1, 2);
  r.totals.configs[0] = with_scores({{1, 2, 3, 4}, {2, 2, 2, 2}});
  const std::string text = config_text(r, 0);
  EXPECT_NE(text.find("  end score        1: mean 2.50 sd 1.29; p5 1 p25 1 median 2 p75 3 p95 4; "
                      "min 1 max 4\n"
                      "                   2: mean 2.00 sd 0.00; p5 2 p25 2 median 2 p75 2 p95 2; "
                      "min 2 max 2\n"
                      "  score of greedy  8 of seats 1,2, by value: mean 2.25 sd 0.89; p5 1 p25 "
                      "2 median 2 p75 2 p95 4; min 1 max 4\n"
                      "    1              1   12.5%  ########\n"
                      "    2              5   62.5%  ########################################\n"
                      "    3              1   12.5%  ########\n"
                      "    4              1   12.5%  ########\n"),
            std::string::npos)
      << text;
}

TEST(PointsReport, JsonCarriesQuantilesAndTheBinnedHistogram) {
  const auto j = results_to_json(one_seat_results());
  const auto& res = j["configs"][0]["results"];
  EXPECT_EQ(res["points_property"], "score");
  const auto& seat = res["end_points"][0];
  EXPECT_EQ(seat["seat"], 1);
  EXPECT_EQ(seat["n"], 21);
  EXPECT_EQ(seat["mean"], 14.52381);
  EXPECT_EQ(seat["sd"], 19.319987);
  EXPECT_EQ(seat["min"], 1);
  EXPECT_EQ(seat["p5"], 2);
  EXPECT_EQ(seat["p10"], 3);
  EXPECT_EQ(seat["p25"], 6);
  EXPECT_EQ(seat["median"], 11);
  EXPECT_EQ(seat["p75"], 16);
  EXPECT_EQ(seat["p90"], 19);
  EXPECT_EQ(seat["p95"], 20);
  EXPECT_EQ(seat["max"], 95);
  EXPECT_EQ(seat["histogram"]["width"], 5);
  const auto& bins = seat["histogram"]["bins"];
  ASSERT_EQ(bins.size(), 20u);
  EXPECT_EQ(bins[0], nlohmann::ordered_json::parse("[0, 4]"));
  EXPECT_EQ(bins[1], nlohmann::ordered_json::parse("[5, 5]"));
  EXPECT_EQ(bins[4], nlohmann::ordered_json::parse("[20, 1]"));
  EXPECT_EQ(bins[5], nlohmann::ordered_json::parse("[25, 0]"));
  EXPECT_EQ(bins[19], nlohmann::ordered_json::parse("[95, 1]"));
  const auto& by_bot = res["end_points_by_bot"];
  ASSERT_EQ(by_bot.size(), 1u);
  EXPECT_EQ(by_bot[0]["bot"], "greedy");
  EXPECT_EQ(by_bot[0]["seats"], nlohmann::ordered_json::parse("[1]"));
  EXPECT_EQ(by_bot[0]["median"], 11);
  EXPECT_EQ(by_bot[0]["histogram"], seat["histogram"]);
  // The derived figures come from the raw totals alone: a file read back writes the same bytes.
  const std::string text = j.dump(2);
  EXPECT_EQ(results_to_json(results_from_json(nlohmann::json::parse(text), "x")).dump(2), text);
}

TEST(PointsReport, HtmlHasTheTableAndTheChart) {
  const std::string html = html_report(one_seat_results());
  EXPECT_NE(html.find("<h2>Points</h2>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>1</td><td>greedy</td><td>21</td><td>14.52</td><td>19.32</td>"
                      "<td>1</td><td>2</td><td>6</td><td>11</td><td>16</td><td>20</td><td>95</td>"
                      "</tr>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("Points at the end (score), per bot"), std::string::npos);
  EXPECT_NE(html.find("score (bins of 5)"), std::string::npos);
  // A bar per bin, each with its share as a tooltip.
  EXPECT_NE(html.find("<title>5..9: 23.8%</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>95..99: 4.8%</title>"), std::string::npos);
}

// A real run: dice-game games of one random player give the same distribution on one and two
// threads and merged from two shards, and its quantiles agree with the raw histogram.
TEST(PointsReport, DiceGameDistributionIsExactOverThreadsAndShards) {
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  RunSpec spec;
  spec.configs = {parse_config("dice-game", {})};
  spec.players = 1;
  spec.bots = {"random"};
  spec.seed = 3;
  const auto run = [&](int threads, std::uint64_t first, std::uint64_t end) {
    Runner runner(search, spec, threads);
    LabResults r;
    r.run.kind = "sim";
    r.run.seed = spec.seed;
    r.run.players = 1;
    r.run.bots = spec.bots;
    r.run.max_turns = spec.max_turns;
    r.run.games = 60;
    r.run.first = first;
    r.run.end = end;
    r.configs = runner.config_info();
    r.totals = RunTotals(1, 1);
    runner.run(first, end, r.totals);
    return r;
  };
  const LabResults one = run(1, 0, 60);
  const std::string text = results_to_json(one).dump(2);
  EXPECT_EQ(results_to_json(run(2, 0, 60)).dump(2), text);
  const auto merged = merge_results({run(2, 25, 60), run(1, 0, 25)}, {"b", "a"});
  EXPECT_EQ(results_to_json(merged).dump(2), text);
  EXPECT_EQ(config_text(merged, 0), config_text(one, 0));

  // Every score, sorted, from the raw histogram; the quantiles by nearest rank from that list.
  const auto j = nlohmann::json::parse(text);
  std::vector<std::int64_t> scores;
  for (const auto& e : j["configs"][0]["raw"]["player"]["score"][0]["histogram"])
    for (std::uint64_t k = 0; k < e[1].get<std::uint64_t>(); ++k)
      scores.push_back(e[0].get<std::int64_t>());
  ASSERT_EQ(scores.size(), 60u);
  std::sort(scores.begin(), scores.end());
  const auto rank = [&](int percent) {
    return scores[static_cast<std::size_t>((percent * 60 + 99) / 100 - 1)];
  };
  const auto& seat = j["configs"][0]["results"]["end_points"][0];
  EXPECT_EQ(seat["p5"], rank(5));
  EXPECT_EQ(seat["p25"], rank(25));
  EXPECT_EQ(seat["median"], rank(50));
  EXPECT_EQ(seat["p75"], rank(75));
  EXPECT_EQ(seat["p95"], rank(95));
  EXPECT_EQ(seat["min"], scores.front());
  EXPECT_EQ(seat["max"], scores.back());
  std::uint64_t binned = 0;
  for (const auto& bin : seat["histogram"]["bins"]) binned += bin[1].get<std::uint64_t>();
  EXPECT_EQ(binned, 60u);
}

}  // namespace
}  // namespace catan::lab
