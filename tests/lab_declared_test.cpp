// The lab reports what packs declare (pack.json "score", "histograms" and "metrics", scripting/
// measure_spec.h) and nothing it knows by name: a third game, tests/fixtures/packs/tally, scores
// "marks", counts "faces" and declares its primary metrics and their names, and the summary, the
// results file, the CSV and the report show them; merges and reports from a saved file still know
// them; a file whose totals name anything undeclared is refused.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "lab/comparison.h"
#include "lab/csv_writer.h"
#include "lab/differences_csv.h"
#include "lab/game_record.h"
#include "lab/html_report.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "lab/text_report.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class LabDeclaredTest : public ::testing::Test {
 protected:
  LabDeclaredTest() { search_.add_dir(fs::path(CATAN_SOURCE_DIR) / "tests/fixtures/packs"); }

  // Games [first, end) of 40 tally games between two random players; `csv` receives every row.
  LabResults run(std::uint64_t first, std::uint64_t end, CsvWriter* csv = nullptr) {
    RunSpec spec;
    spec.configs = {parse_config("tally", {})};
    spec.players = 2;
    spec.bots = {"random", "random"};
    spec.seed = 11;
    Runner runner(search_, spec, 2);
    LabResults r;
    r.run.kind = "sim";
    r.run.seed = spec.seed;
    r.run.players = spec.players;
    r.run.bots = spec.bots;
    r.run.max_turns = spec.max_turns;
    r.run.games = 40;
    r.run.first = first;
    r.run.end = end;
    r.configs = runner.config_info();
    r.totals = RunTotals(1, spec.players);
    RowSink rows;
    if (csv) rows = [&](const std::vector<GameRecord>& g) { csv->add(g); };
    runner.run(first, end, r.totals, rows);
    return r;
  }

  // Games 0..199 of tally against tally with a six-sided die, compared.
  LabResults compare() {
    RunSpec spec;
    spec.configs = {parse_config("tally", {}), parse_config("tally:tally.sides=6", {})};
    spec.players = 2;
    spec.bots = {"random", "random"};
    spec.seed = 5;
    Runner runner(search_, spec, 2);
    LabResults r;
    r.run.kind = "compare";
    r.run.seed = spec.seed;
    r.run.players = spec.players;
    r.run.bots = spec.bots;
    r.run.max_turns = spec.max_turns;
    r.run.games = r.run.end = 200;
    r.configs = runner.config_info();
    r.totals = RunTotals(2, spec.players);
    runner.run(0, 200, r.totals);
    return r;
  }

  packs::PackSearch search_;
};

// The metrics the pack declares primary (seat_win names seat_win.1 and .2) come first and are
// corrected as a family of their own; the rest form the exploratory family. Rows carry the
// declared names and units (a per-seat group's name names each seat).
TEST_F(LabDeclaredTest, PrimaryMetricsAreAFamilyOfTheirOwn) {
  const LabResults r = compare();
  const auto rows = comparison_rows(r);
  ASSERT_TRUE(has_primary(rows));
  std::vector<std::string> ids;
  for (const auto& row : rows) ids.push_back(row.id);
  ASSERT_GE(ids.size(), 8u);
  EXPECT_EQ(
      std::vector<std::string>(ids.begin(), ids.begin() + 4),
      (std::vector<std::string>{"seat_win.1", "seat_win.2", "stats.twice", "first_player_win"}));
  EXPECT_TRUE(rows[2].primary);
  EXPECT_FALSE(rows[3].primary);
  EXPECT_EQ(rows[2].name, "turns thrown twice");
  EXPECT_EQ(name_with_unit(rows[2]), "turns thrown twice (turns)");
  const auto marks = std::find_if(rows.begin(), rows.end(),
                                  [](const MetricRow& row) { return row.id == "marks.2"; });
  ASSERT_NE(marks, rows.end());
  EXPECT_EQ(marks->name, "marks at the end, seat 2");
  EXPECT_EQ(marks->unit, "marks");
  EXPECT_EQ(rows[0].name, "seat 1 win rate");  // undeclared: the lab's own name

  // Holm within each family: the smallest p of a family of m is multiplied by m.
  for (const bool primary : {true, false}) {
    std::vector<const Difference*> family;
    for (const auto& row : rows)
      if (row.primary == primary && row.differences[0] && std::isfinite(row.differences[0]->low))
        family.push_back(&*row.differences[0]);
    ASSERT_GE(family.size(), 3u);
    const auto smallest = *std::min_element(
        family.begin(), family.end(), [](auto* a, auto* b) { return a->p_value < b->p_value; });
    EXPECT_DOUBLE_EQ(smallest->p_adjusted,
                     std::min(1.0, smallest->p_value * static_cast<double>(family.size())))
        << (primary ? "primary" : "exploratory");
  }
  EXPECT_EQ(tested_metrics(rows, 1, true) + tested_metrics(rows, 1, false),
            tested_metrics(rows, 1));
  // A six-sided die gives more marks: a verdict the exploratory family still reaches.
  EXPECT_TRUE(marks->differences[0]->significant);

  const std::string text = comparison_text(r);
  EXPECT_NE(text.find("Primary metrics (declared by the packs, judged on their own):\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nExploratory metrics (corrected as a family of their own"),
            std::string::npos);
  EXPECT_NE(text.find("\nturns thrown twice (turns) "), std::string::npos) << text;
  EXPECT_NE(text.find("the 3 primary metrics the packs declare"), std::string::npos) << text;
  EXPECT_LT(text.find("seat 1 win rate"), text.find("first player win rate"));

  const auto j = results_to_json(r);
  const auto& c = j["comparisons"][0];
  EXPECT_EQ(c["correction"], "holm");
  EXPECT_EQ(c["families"]["primary"], tested_metrics(rows, 1, true));
  EXPECT_EQ(c["families"]["exploratory"], tested_metrics(rows, 1, false));
  EXPECT_EQ(c["metrics"][2]["id"], "stats.twice");
  EXPECT_EQ(c["metrics"][2]["metric"], "turns thrown twice");
  EXPECT_EQ(c["metrics"][2]["unit"], "turns");
  EXPECT_EQ(c["metrics"][2]["family"], "primary");
  EXPECT_EQ(c["metrics"][3]["family"], "exploratory");

  const std::string html = html_report(r);
  EXPECT_NE(html.find("<td title=\"stats.twice\">turns thrown twice (turns)</td>"),
            std::string::npos);
  EXPECT_NE(html.find("Exploratory metrics (corrected as a family of their own"),
            std::string::npos);
  EXPECT_NE(html.find("<g class=\"row secondary\"><title>marks at the end, seat 1 (marks) "
                      "(marks.1, exploratory): "),
            std::string::npos);
}

// --differences: one row per metric, with its family, both p-values and the correction.
TEST_F(LabDeclaredTest, TheDifferencesCsvNamesTheCorrection) {
  const LabResults r = compare();
  const auto rows = comparison_rows(r);
  std::istringstream csv(differences_csv(r));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line,
            "config,baseline,metric_id,metric,unit,family,baseline_value,value,difference,low,"
            "high,p,p_adjusted,correction,verdict");
  std::vector<std::string> lines;
  while (std::getline(csv, line)) lines.push_back(line);
  ASSERT_EQ(lines.size(), rows.size());
  // stats.twice (a primary metric) is the same in every game (random bots do not look at the
  // die); marks.1 differs.
  EXPECT_EQ(lines[2],
            "tally:tally.sides=6,tally,stats.twice,turns thrown twice,turns,primary,3.045,3.045,0,"
            "0,0,1,1,holm,same in every game");
  const auto at = static_cast<std::size_t>(
      std::find_if(rows.begin(), rows.end(), [](const auto& row) { return row.id == "marks.1"; }) -
      rows.begin());
  ASSERT_LT(at, rows.size());
  const auto& d = *rows[at].differences[0];
  EXPECT_LT(d.p_value, d.p_adjusted);
  EXPECT_EQ(lines[at], fmt::format("tally:tally.sides=6,tally,marks.1,\"marks at the end, seat 1\","
                                   "marks,exploratory,{},{},{},{},{},{},{},holm,significant",
                                   rows[at].values[0], rows[at].values[1], d.estimate, d.low,
                                   d.high, d.p_value, d.p_adjusted));
  EXPECT_NE(lines[3].find(",first_player_win,first player win rate,,exploratory,"),
            std::string::npos)
      << lines[3];
}

TEST_F(LabDeclaredTest, TheRunCarriesThePacksDeclarations) {
  const LabResults r = run(0, 40);
  ASSERT_EQ(r.configs.size(), 1u);
  EXPECT_EQ(r.configs[0].declared.score, "marks");
  ASSERT_EQ(r.configs[0].declared.histograms.size(), 1u);
  EXPECT_EQ(r.configs[0].declared.histograms[0],
            (packs::HistogramSpec{"faces", "Faces thrown", "face_count.", 1, 4,
                                  "Times each face of the four-sided die came up"}));
  const Aggregate& a = r.totals.configs[0];
  EXPECT_EQ(a.finished, 40u);
  ASSERT_TRUE(a.histograms.count("faces"));
  std::uint64_t thrown = 0;
  for (const auto& [face, n] : a.histograms.at("faces")) {
    EXPECT_GE(face, 1);
    EXPECT_LE(face, 4);
    thrown += n;
  }
  // Every turn throws once or twice: 6 turns a game.
  EXPECT_GE(thrown, 40u * 6);
  EXPECT_LE(thrown, 40u * 12);
  EXPECT_EQ(a.bot_points.at("marks").at("random").moments.count(), 80u);
}

TEST_F(LabDeclaredTest, TheSummaryShowsTheDeclaredScoreAndHistogram) {
  const std::string text = config_text(run(0, 40), 0);
  EXPECT_NE(text.find("\n  end marks "), std::string::npos) << text;
  EXPECT_NE(text.find("\n  marks of random "), std::string::npos) << text;
  EXPECT_NE(text.find("\n  Faces thrown "), std::string::npos) << text;
  EXPECT_NE(text.find(" 1: "), std::string::npos) << text;
  EXPECT_NE(text.find(" 4: "), std::string::npos) << text;
  EXPECT_EQ(text.find("dice"), std::string::npos) << text;
}

TEST_F(LabDeclaredTest, TheResultsFileCarriesThemAndReadsBack) {
  const LabResults r = run(0, 40);
  const auto j = results_to_json(r);
  const auto& c = j["configs"][0];
  EXPECT_EQ(c["declared"], nlohmann::ordered_json::parse(R"({"score_property": "marks",
    "histograms": [{"name": "faces", "label": "Faces thrown", "prefix": "face_count.", "from": 1,
                    "to": 4, "description": "Times each face of the four-sided die came up"}],
    "primary_metrics": ["seat_win", "stats.twice"],
    "metric_names": {"marks": {"label": "marks at the end", "unit": "marks"},
                     "stats.twice": {"label": "turns thrown twice", "unit": "turns"}}})"));
  const auto& res = c["results"];
  EXPECT_EQ(res["points_property"], "marks");
  EXPECT_EQ(res["end_points"].size(), 2u);
  EXPECT_EQ(res["end_points_by_bot"][0]["n"], 80);
  const auto& faces = res["histograms"]["faces"];
  EXPECT_EQ(faces["label"], "Faces thrown");
  std::uint64_t total = 0;
  std::vector<std::string> keys;
  for (const auto& [key, n] : faces["counts"].items()) {
    keys.push_back(key);
    total += n.get<std::uint64_t>();
    const auto it = r.totals.configs[0].histograms.at("faces").find(std::stoi(key));
    EXPECT_EQ(n, it->second);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(faces["total"], total);
  EXPECT_EQ(c["raw"]["histograms"]["faces"].size(), 4u);
  EXPECT_TRUE(c["raw"]["bot_points"].contains("marks"));

  // Read back without the packs: the same declarations, the same bytes; shards merge to it.
  const std::string text = j.dump(2);
  const LabResults back = results_from_json(json::parse(text), "r.json");
  EXPECT_EQ(back.configs[0].declared, r.configs[0].declared);
  EXPECT_EQ(results_to_json(back).dump(2), text);
  const LabResults merged = merge_results({run(15, 40), run(0, 15)}, {"b", "a"});
  EXPECT_EQ(results_to_json(merged).dump(2), text);
  EXPECT_EQ(config_text(back, 0), config_text(r, 0));
}

TEST_F(LabDeclaredTest, TheCsvHasAColumnPerKey) {
  const fs::path path = fs::temp_directory_path() /
                        ("catan-lab-declared-test-" + std::to_string(::getpid()) + ".csv");
  {
    CsvWriter csv(path.string(), {"tally"});
    run(0, 10, &csv);
    csv.finish();
  }
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  for (const char* column : {",histogram.faces.1,", ",histogram.faces.2,", ",histogram.faces.3,",
                             ",histogram.faces.4,", ",seat1.marks", ",seat2.marks"})
    EXPECT_NE(header.find(column), std::string::npos) << column << " in " << header;
  EXPECT_EQ(header.find("dice"), std::string::npos) << header;
  fs::remove(path);
}

TEST_F(LabDeclaredTest, TheReportShowsTheDeclaredHistogramAndScore) {
  const std::string html = html_report(run(0, 40));
  EXPECT_NE(
      html.find("<h2>Faces thrown</h2>\n<p>Times each face of the four-sided die came up</p>"),
      std::string::npos);
  EXPECT_NE(html.find("Points at the end (marks), per bot"), std::string::npos);
  EXPECT_EQ(html.find("Dice"), std::string::npos);
}

// A histogram counts PREFIX + K for integers K in from..to whose values are whole numbers (or
// booleans); everything else is left out.
TEST(LabRecord, OnlyDeclaredKeysInRangeAreCounted) {
  scripting::GameResult result;
  result.properties = {{"face_count.3", engine::Value(std::int64_t{2})},
                       {"face_count.1", engine::Value(std::int64_t{5})},
                       {"face_count.9", engine::Value(std::int64_t{1})},
                       {"face_count.x", engine::Value(std::int64_t{1})},
                       {"face_count.2", engine::Value(2.5)},
                       {"face_count.4", engine::Value(true)},
                       {"face_count.04x", engine::Value(std::int64_t{1})},
                       {"other.2", engine::Value(std::int64_t{7})}};
  result.players.resize(1);
  result.players[0].properties = {{"marks", engine::Value(std::int64_t{12})}};
  packs::MeasureSpec declared;
  declared.score = "marks";
  declared.histograms = {{"faces", "Faces", "face_count.", 1, 4, ""},
                         {"never", "Never set", "never.", 0, 1, ""}};
  const GameRecord r = make_record(result, 3, 0, declared);
  ASSERT_EQ(r.histograms.size(), 2u);
  EXPECT_EQ(r.histograms[0].name, "faces");
  EXPECT_EQ(r.histograms[0].counts,
            (std::vector<std::pair<int, std::int64_t>>{{1, 5}, {3, 2}, {4, 1}}));
  EXPECT_EQ(r.histograms[1], (HistogramCounts{"never", {}}));
  EXPECT_EQ(r.score, "marks");
}

// A value of magnitude above 2^31 (stats, a histogram count, a player property) makes the game
// fail with an error naming the game and the value as the pack set it; 2^31 itself is taken.
TEST(LabRecord, ValuesBeyondTheLabsLimitAreNamed) {
  packs::MeasureSpec declared;
  declared.histograms = {{"faces", "Faces", "face_count.", 1, 4, ""}};
  const auto record = [&](std::vector<std::pair<std::string, engine::Value>> game,
                          std::vector<std::pair<std::string, engine::Value>> seat2) {
    scripting::GameResult result;
    result.properties = std::move(game);
    result.players.resize(2);
    result.players[1].properties = std::move(seat2);
    return make_record(result, 5, 0, declared);
  };
  const engine::Value limit(kMaxLabValue), below(-kMaxLabValue);
  EXPECT_EQ(out_of_range(record({{"stats.a", limit}, {"face_count.1", limit}}, {{"vp", below}}),
                         declared),
            std::nullopt);
  EXPECT_EQ(out_of_range(record({{"stats.a", limit},
                                 {"stats.big", engine::Value(std::int64_t{2147483649})},
                                 {"stats.later", engine::Value(INT64_MAX)}},
                                {}),
                         declared),
            "stats.big to 2147483649");
  EXPECT_EQ(out_of_range(record({{"stats.float", engine::Value(3e12)}}, {}), declared),
            "stats.float to 3000000000000");
  EXPECT_EQ(
      out_of_range(record({{"face_count.3", engine::Value(std::int64_t{1} << 40)}}, {}), declared),
      "face_count.3 to 1099511627776");
  EXPECT_EQ(out_of_range(record({}, {{"vp", engine::Value(INT64_MIN)}}), declared),
            "player property 'vp' of seat 2 to -9223372036854775808");
  const std::string error = out_of_range_error(5, 2, "stats.big to 2147483649");
  EXPECT_EQ(error,
            "value out of range: game 5 under configuration 2 set stats.big to 2147483649, above "
            "the lab's limit of 2^31 in magnitude");
  EXPECT_EQ(failure_class(error), "out of range");
  // A pack's own error that quotes the words is a script error.
  EXPECT_EQ(failure_class("pack 'p', handler of event 'turn': main.lua:3: " + error), "error");
}

// Totals that name a histogram or score the file does not declare, or keys outside a
// histogram's range, are refused naming the field.
TEST_F(LabDeclaredTest, UndeclaredNamesInTheTotalsAreRefused) {
  const json good = json::parse(results_to_json(run(0, 10)).dump());
  const auto error = [](const json& j) -> std::string {
    try {
      results_from_json(j, "r.json");
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "read";
  };
  EXPECT_EQ(error(good), "read");
  json j = good;
  j["configs"][0]["raw"]["histograms"]["dice"] = json::parse("[[7, 1]]");
  EXPECT_EQ(error(j), "r.json: configs[0].raw.histograms.dice: not a declared histogram");
  j = good;
  j["configs"][0]["raw"]["histograms"]["faces"][0][0] = 0;
  EXPECT_EQ(error(j),
            "r.json: configs[0].raw.histograms.faces[0][0]: key outside the histogram's from..to");
  j = good;
  j["configs"][0]["raw"]["histograms"]["faces"][1][0] = 1;
  EXPECT_EQ(error(j),
            "r.json: configs[0].raw.histograms.faces[1]: keys are not in ascending order");
  j = good;
  j["configs"][0]["raw"]["histograms"]["faces"][0][1] = 0;
  EXPECT_EQ(error(j),
            "r.json: configs[0].raw.histograms.faces[0][1]: a count of 0 (keys never "
            "counted are left out)");
  j = good;
  j["configs"][0]["declared"]["score_property"] = "vp";
  EXPECT_EQ(error(j), "r.json: configs[0].raw.bot_points.marks: not the declared score property");
  j = good;
  j["configs"][0]["declared"]["histograms"][0]["to"] = 1000;
  EXPECT_EQ(error(j),
            "r.json: configs[0].declared.histograms[0]: from..to must hold 1 to 256 keys");
  j = good;
  j["configs"][0]["declared"]["histograms"].push_back(j["configs"][0]["declared"]["histograms"][0]);
  EXPECT_EQ(error(j), "r.json: configs[0].declared.histograms[1].name: declared twice");
  j = good;
  j["configs"][0].erase("declared");
  EXPECT_EQ(error(j), "r.json: configs[0]: missing field 'declared'");
}

// Shards whose packs declare differently are not one run.
TEST_F(LabDeclaredTest, ShardsWithOtherDeclarationsDoNotMerge) {
  LabResults a = run(0, 20), b = run(20, 40);
  b.configs[0].declared.histograms[0].label = "Faces";
  try {
    merge_results({a, b}, {"a.json", "b.json"});
    ADD_FAILURE() << "merged";
  } catch (const ResultsError& e) {
    EXPECT_STREQ(e.what(),
                 "a.json and b.json are not shards of one run (the score or histograms the packs "
                 "of 'tally' declare differ)");
  }
}

}  // namespace
}  // namespace catan::lab
