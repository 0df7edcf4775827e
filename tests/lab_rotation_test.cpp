// Seat rotation and bot ratings in the lab: the seat -> bot mapping of --rotate, the per-bot
// totals games add up to, the Bradley–Terry fit against values computed independently (Newton's
// method in Python, double precision), and rotated runs that are exact over threads and shards.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "lab/aggregate.h"
#include "lab/csv_writer.h"
#include "lab/html_report.h"
#include "lab/paired.h"
#include "lab/rating.h"
#include "lab/results_json.h"
#include "lab/rotation.h"
#include "lab/runner.h"
#include "lab/summary.h"
#include "lab/text_report.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

using Names = std::vector<std::string>;

TEST(Rotation, SeatSOfGameJPlaysBotSPlusJModP) {
  const Names bots = {"a", "b", "c"};
  EXPECT_EQ(seat_bots(bots, 3, 0, true), (Names{"a", "b", "c"}));
  EXPECT_EQ(seat_bots(bots, 3, 1, true), (Names{"b", "c", "a"}));
  EXPECT_EQ(seat_bots(bots, 3, 2, true), (Names{"c", "a", "b"}));
  EXPECT_EQ(seat_bots(bots, 3, 3, true), (Names{"a", "b", "c"}));
  EXPECT_EQ(seat_bots(bots, 3, 3001, true), (Names{"b", "c", "a"}));
  EXPECT_EQ(seat_bots(bots, 3, 3001, false), bots);
  // Missing seats are "random" (GameConfig's default), and rotate with the others.
  EXPECT_EQ(seat_bots({"x"}, 3, 1, true), (Names{"random", "random", "x"}));
  EXPECT_EQ(seat_bots({"x"}, 1, 7, true), (Names{"x"}));
  // Over a block every bot holds every seat once.
  const Names four = {"m", "h", "h", "h"};
  for (std::size_t seat = 0; seat < 4; ++seat) {
    int m = 0;
    for (std::uint64_t g = 8; g < 12; ++g) m += seat_bots(four, 4, g, true)[seat] == "m";
    EXPECT_EQ(m, 1) << "seat " << seat;
  }
}

TEST(Rotation, DistinctBotsInSeatOrder) {
  EXPECT_EQ(distinct_bots({"h", "m", "h", "r", "m"}), (Names{"h", "m", "r"}));
  EXPECT_TRUE(distinct_bots({}).empty());
}

TEST(Rating, RecoversExactBradleyTerryStrengths) {
  // Counts in exact proportion to strengths 4 : 2 : 1 (2:1, 2:1 and 4:1), so the maximum
  // likelihood is those strengths: 1500 + 400 log10(4 / 2), 1500, 1500 - 400 log10(2).
  const auto r = bradley_terry_ratings({{0, 2, 4}, {1, 0, 2}, {1, 1, 0}});
  ASSERT_TRUE(r);
  EXPECT_NEAR((*r)[0], 1620.4119982655925, 1e-7);
  EXPECT_NEAR((*r)[1], 1500.0, 1e-7);
  EXPECT_NEAR((*r)[2], 1379.5880017344075, 1e-7);
}

TEST(Rating, TwoAndFourBots) {
  // 3 wins to 1: p_a / p_b = 3, so 1500 +- 200 log10(3).
  const auto two = bradley_terry_ratings({{0, 3}, {1, 0}});
  ASSERT_TRUE(two);
  EXPECT_NEAR((*two)[0], 1595.4242509439325, 1e-7);
  EXPECT_NEAR((*two)[1], 1404.5757490560675, 1e-7);
  const auto four = bradley_terry_ratings({{0, 5, 3, 7}, {2, 0, 4, 1}, {1, 3, 0, 6}, {2, 2, 1, 0}});
  ASSERT_TRUE(four);
  EXPECT_NEAR((*four)[0], 1634.3338558660787, 1e-7);
  EXPECT_NEAR((*four)[1], 1473.9016949072677, 1e-7);
  EXPECT_NEAR((*four)[2], 1512.7044150641600, 1e-7);
  EXPECT_NEAR((*four)[3], 1379.0600341624938, 1e-7);
  double mean = 0;
  for (double x : *four) mean += x / 4;
  EXPECT_NEAR(mean, 1500.0, 1e-9);
}

TEST(Rating, NoFitWithoutResultsBothWays) {
  // c never beat anyone: its strength would be 0.
  EXPECT_FALSE(bradley_terry_ratings({{0, 2, 1}, {1, 0, 1}, {0, 0, 0}}));
  // {a, b} never lost to {c, d}.
  EXPECT_FALSE(bradley_terry_ratings({{0, 1, 1, 0}, {1, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 1, 0}}));
  EXPECT_FALSE(bradley_terry_ratings({{0}}));
  EXPECT_FALSE(bradley_terry_ratings({}));
}

GameRecord game(int winner, Names seats) {
  GameRecord r;
  r.winner = winner;
  r.seat_bots = std::move(seats);
  return r;
}

TEST(BotTotals, WinnerBeatsEveryOtherBotAtTheTable) {
  Aggregate a(3);
  a.add(game(0, {"m", "h", "h"}));  // m beats h twice
  a.add(game(1, {"h", "h", "m"}));  // h beats m once; h vs h is no result
  a.add(game(-1, {"h", "m", "h"}));
  GameRecord failed = game(0, {"m", "h", "h"});
  failed.ok = false;
  a.add(failed);
  a.add(game(2, {"h", "h", "h"}));
  EXPECT_EQ(a.bots.at("m"), (BotTotals{3, 3, 1}));
  EXPECT_EQ(a.bots.at("h"), (BotTotals{4, 9, 2}));
  EXPECT_EQ(a.beats.size(), 2u);
  EXPECT_EQ((a.beats.at({"m", "h"})), 2u);
  EXPECT_EQ((a.beats.at({"h", "m"})), 1u);
  // Without the seats' bots nothing is counted per bot.
  Aggregate b(3);
  b.add(game(0, {}));
  EXPECT_TRUE(b.bots.empty());

  const auto results = bot_results(a, {"h", "m", "h"});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].bot, "h");
  EXPECT_EQ(results[0].games, 4u);
  EXPECT_EQ(results[0].seat_games, 9u);
  EXPECT_EQ(results[0].win.x, 2u);
  EXPECT_EQ(results[0].win.n, 9u);
  EXPECT_FALSE(results[0].rating);  // two bots: no rating
  EXPECT_EQ(results[1].bot, "m");
  EXPECT_NEAR(results[1].win.value, 1.0 / 3, 1e-15);
}

TEST(BotTotals, RatingsOfThreeBots) {
  Aggregate a(3);
  const Names order = {"a", "b", "c"};
  // Every game's winner beats the bot of each other seat: two c seats give two results.
  for (int i = 0; i < 2; ++i) a.add(game(0, order));
  a.add(game(1, order));
  a.add(game(2, order));
  a.add(game(0, {"a", "c", "c"}));
  a.add(game(1, {"c", "b", "c"}));
  EXPECT_EQ((a.beats.at({"a", "b"})), 2u);
  EXPECT_EQ((a.beats.at({"a", "c"})), 4u);
  EXPECT_EQ((a.beats.at({"b", "c"})), 3u);
  EXPECT_EQ((a.beats.at({"b", "a"})), 1u);
  EXPECT_EQ((a.beats.at({"c", "a"})), 1u);
  EXPECT_EQ((a.beats.at({"c", "b"})), 1u);
  // Newton's method on this matrix (Python): 1619.4540997059776, 1524.4848718542005,
  // 1356.0610284398222.
  const auto results = bot_results(a, order);
  ASSERT_EQ(results.size(), 3u);
  const double newton[] = {1619.4540997059776, 1524.4848718542005, 1356.0610284398222};
  for (std::size_t i = 0; i < 3; ++i) {
    ASSERT_TRUE(results[i].rating);
    EXPECT_NEAR(*results[i].rating, newton[i], 1e-7) << results[i].bot;
  }
}

TEST(BotTotals, PairedGamesWonPerBot) {
  PairedAggregate p(3);
  const Names seats = {"m", "h", "h"};
  p.add(game(0, seats), game(1, seats));            // m only under A; h only under B
  p.add(game(2, seats), game(1, seats));            // h under both (other seat)
  p.add(game(0, seats), game(-1, seats));           // m only under A; no winner under B
  p.add(game(0, seats), game(0, {"h", "m", "h"}));  // seats differ: no per-bot pair
  EXPECT_EQ(p.pairs, 4u);
  EXPECT_EQ(p.bot_win.at("m"), (BinaryPairs{3, 2, 0, 2, 0}));
  EXPECT_EQ(p.bot_win.at("h"), (BinaryPairs{3, 1, 2, 0, 1}));
}

class RotatedRuns : public ::testing::Test {
 protected:
  packs::PackSearch& search() {
    if (!search_) {
      search_ = std::make_unique<packs::PackSearch>();
      search_->add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    }
    return *search_;
  }

  static RunSpec spec(bool rotate) {
    RunSpec s;
    s.configs = {{"dice-race", {"dice-race"}, {}}};
    s.players = 3;
    s.bots = {"hold20", "random", "random"};
    s.seed = 11;
    s.rotate = rotate;
    return s;
  }

  LabResults run(const RunSpec& s, int threads, std::uint64_t first, std::uint64_t end,
                 std::uint64_t total, std::vector<GameRecord>* rows = nullptr) {
    Runner runner(search(), s, threads);
    LabResults r;
    r.run.kind = s.configs.size() > 1 ? "compare" : "sim";
    r.run.seed = s.seed;
    r.run.players = s.players;
    r.run.bots = s.bots;
    r.run.rotate = s.rotate;
    r.run.max_turns = s.max_turns;
    r.run.games = total;
    r.run.first = first;
    r.run.end = end;
    r.configs = runner.config_info();
    r.totals = RunTotals(s.configs.size(), s.players);
    RowSink sink;
    if (rows) sink = [&](const std::vector<GameRecord>& g) { rows->push_back(g[0]); };
    runner.run(first, end, r.totals, sink);
    return r;
  }

  std::unique_ptr<packs::PackSearch> search_;
};

TEST_F(RotatedRuns, EveryBotPlaysEverySeatAndShardsMergeExactly) {
  std::vector<GameRecord> rows;
  const auto one = run(spec(true), 1, 0, 60, 60, &rows);
  ASSERT_EQ(rows.size(), 60u);
  for (const auto& r : rows) EXPECT_EQ(r.seat_bots, seat_bots(spec(true).bots, 3, r.index, true));
  const auto& hold = one.totals.configs[0].bots.at("hold20");
  EXPECT_EQ(hold.games, one.totals.configs[0].finished);
  EXPECT_EQ(hold.seats, hold.games);
  // hold20's end scores are its own, from every seat: not seat 1's.
  const auto groups = points_by_bot(one.totals.configs[0], one.run.bots, "score", true);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].bot, "hold20");
  EXPECT_EQ(groups[0].seats, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(groups[0].points.moments.count(), hold.seats);
  std::int64_t sum = 0;
  for (const auto& r : rows)
    for (std::size_t s = 0; s < 3; ++s)
      if (r.seat_bots[s] == "hold20")
        for (const auto& [name, v] : r.seat_props[s])
          if (name == "score") sum += v;
  EXPECT_EQ(groups[0].points.moments.sum(), sum);
  // The same games on two threads, and as two shards merged: the same bytes.
  const auto text = results_to_json(one).dump(2);
  EXPECT_EQ(results_to_json(run(spec(true), 2, 0, 60, 60)).dump(2), text);
  const auto merged =
      merge_results({run(spec(true), 2, 30, 60, 60), run(spec(true), 1, 0, 30, 60)}, {"b", "a"});
  EXPECT_EQ(results_to_json(merged).dump(2), text);
  // Written and read back: the same bytes.
  EXPECT_EQ(results_to_json(results_from_json(results_to_json(one), "x")).dump(2), text);
  // Not shards of one run: rotated and fixed seats.
  EXPECT_THROW(
      merge_results({run(spec(false), 1, 0, 30, 60), run(spec(true), 1, 30, 60, 60)}, {"a", "b"}),
      ResultsError);
}

TEST_F(RotatedRuns, TheFirstGameOfABlockIsTheUnrotatedGame) {
  std::vector<GameRecord> rotated, fixed;
  run(spec(true), 1, 0, 9, 9, &rotated);
  run(spec(false), 1, 0, 9, 9, &fixed);
  for (std::size_t i = 0; i < 9; ++i) {
    if (i % 3 != 0) continue;
    EXPECT_EQ(rotated[i].winner, fixed[i].winner) << i;
    EXPECT_EQ(rotated[i].turns, fixed[i].turns) << i;
    EXPECT_EQ(rotated[i].decisions, fixed[i].decisions) << i;
  }
}

TEST_F(RotatedRuns, FixedSeatsGiveTheSeatsPerBotTotals) {
  // Without rotation a bot's totals are its seats'.
  const auto r = run(spec(false), 2, 0, 40, 40);
  const auto& a = r.totals.configs[0];
  EXPECT_EQ(a.bots.at("hold20").wins, a.seat_wins[0]);
  EXPECT_EQ(a.bots.at("random").wins, a.seat_wins[1] + a.seat_wins[2]);
  EXPECT_EQ(a.bot_points.at("score").at("hold20"), a.player.at("score")[0]);
  const auto s = summarize(a, r.run.bots);
  ASSERT_EQ(s.bot_win.size(), 2u);
  EXPECT_EQ(s.bot_win[1].second.x, a.seat_wins[1] + a.seat_wins[2]);
  EXPECT_EQ(s.bot_win[1].second.n, 2 * a.finished);
}

TEST_F(RotatedRuns, FilesWithoutThePerBotTotalsAreRefused) {
  auto s = spec(false);
  s.configs.push_back({"dice-race:dice-race.target=30", {"dice-race"}, {"dice-race.target=30"}});
  const auto json = nlohmann::json::parse(results_to_json(run(s, 2, 0, 40, 60)).dump());
  const auto error = [](nlohmann::json j) -> std::string {
    try {
      results_from_json(j, "r.json");
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "read";
  };
  EXPECT_EQ(error(json), "read");
  for (const char* key : {"bots", "beats", "bot_points", "bot_player"}) {
    auto j = json;
    j["configs"][0]["raw"].erase(key);
    EXPECT_EQ(error(j), fmt::format("r.json: configs[0].raw: missing field '{}'", key));
  }
  auto j = json;
  j["comparisons"][0]["raw"].erase("bot_win");
  EXPECT_EQ(error(j), "r.json: comparisons[0].raw: missing field 'bot_win'");
}

TEST_F(RotatedRuns, EveryPlayerPropertyIsReportedPerBotInEveryFormat) {
  // busts and score per bot, over every seat each held: the sums of the games' own values.
  std::vector<GameRecord> rows;
  const auto r = run(spec(true), 1, 0, 30, 30, &rows);
  const auto& a = r.totals.configs[0];
  for (const char* prop : {"busts", "score"}) {
    for (const char* bot : {"hold20", "random"}) {
      std::int64_t sum = 0;
      std::uint64_t n = 0;
      for (const auto& g : rows)
        for (std::size_t s = 0; s < 3; ++s)
          if (g.seat_bots[s] == bot)
            for (const auto& [name, v] : g.seat_props[s])
              if (name == prop) sum += v, ++n;
      const auto& d = a.bot_player.at(prop).at(bot);
      EXPECT_EQ(d.moments.sum(), sum) << prop << " " << bot;
      EXPECT_EQ(d.moments.count(), n) << prop << " " << bot;
    }
  }
  EXPECT_EQ(a.bot_player.at("busts").at("random").moments.count(), 60u);
  const auto by_bot = player_by_bot(a, r.run.bots, r.run.players);
  ASSERT_EQ(by_bot.size(), 2u);
  EXPECT_EQ(by_bot[0].property, "busts");
  ASSERT_EQ(by_bot[0].bots.size(), 2u);
  EXPECT_EQ(by_bot[0].bots[0].first, "hold20");
  EXPECT_EQ(by_bot[0].bots[1].first, "random");
  // JSON, text and HTML show them.
  const auto j = results_to_json(r);
  const auto& busts = j["configs"][0]["results"]["player_by_bot"]["busts"];
  ASSERT_EQ(busts.size(), 2u);
  EXPECT_EQ(busts[0]["bot"], "hold20");
  EXPECT_EQ(busts[0]["n"], 30);
  // Means are written rounded to 6 decimals (results_json_write.cpp, num).
  EXPECT_NEAR(busts[0]["mean"].get<double>(), a.bot_player.at("busts").at("hold20").moments.mean(),
              1e-5);
  const auto text = config_text(r, 0);
  EXPECT_NE(text.find("  per bot, mean of "), std::string::npos) << text;
  EXPECT_NE(text.find(fmt::format(" busts  hold20: {:.3g} (30 seats)  random: ",
                                  a.bot_player.at("busts").at("hold20").moments.mean())),
            std::string::npos)
      << text;
  const auto html = html_report(r);
  EXPECT_NE(html.find("<h2>Player properties per bot</h2>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>busts</td><td>hold20</td><td>30</td>"), std::string::npos);
  // CSV: per game, each bot's sum over its seats.
  const auto path = std::filesystem::temp_directory_path() /
                    ("catan-lab-rotation-test-" + std::to_string(::getpid()) + ".csv");
  {
    CsvWriter csv(path.string(), {"dice-race"});
    for (const auto& g : rows) csv.add({g});
    csv.finish();
  }
  std::ifstream in(path);
  std::string header, first;
  std::getline(in, header);
  std::getline(in, first);
  std::filesystem::remove(path);
  std::vector<std::string> columns, values;
  for (std::stringstream h(header); h.good();)
    columns.emplace_back(), std::getline(h, columns.back(), ',');
  for (std::stringstream v(first); v.good();)
    values.emplace_back(), std::getline(v, values.back(), ',');
  const auto at = std::find(columns.begin(), columns.end(), "bot.random.busts");
  ASSERT_NE(at, columns.end()) << header;
  std::int64_t random_busts = 0;
  for (std::size_t s = 0; s < 3; ++s)
    if (rows[0].seat_bots[s] == "random")
      for (const auto& [name, v] : rows[0].seat_props[s])
        if (name == "busts") random_busts += v;
  EXPECT_EQ(values[static_cast<std::size_t>(at - columns.begin())], std::to_string(random_busts));
}

TEST_F(RotatedRuns, OneBotAtEverySeatHasNoPerBotProperties) {
  auto s = spec(true);
  s.bots = {"random"};
  const auto r = run(s, 1, 0, 6, 6);
  EXPECT_TRUE(player_by_bot(r.totals.configs[0], r.run.bots, r.run.players).empty());
  EXPECT_EQ(config_text(r, 0).find("per bot, mean of"), std::string::npos);
  EXPECT_EQ(html_report(r).find("Player properties per bot"), std::string::npos);
  EXPECT_TRUE(results_to_json(r)["configs"][0]["results"]["player_by_bot"].empty());
}

}  // namespace
}  // namespace catan::lab
