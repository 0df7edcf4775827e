// The manifest's "score", "histograms" and "metrics" (scripting/measure_spec.h): what loads, the
// one-line error of every mistake, and how the declarations of several packs combine in load order.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "scripting/manifest.h"
#include "tests/pack_fixture.h"

namespace catan::packs {
namespace {

using testing::TempPackDir;

class ManifestMeasuresTest : public ::testing::Test {
 protected:
  Manifest load_with(std::string_view extra) {
    return load_manifest(tmp_.pack("p", TempPackDir::manifest("p", extra)));
  }
  // The error of loading the valid minimum plus `extra` (which starts with a comma), or "loaded".
  std::string error_with(std::string_view extra) {
    try {
      load_with(extra);
    } catch (const PackError& e) {
      return e.what();
    }
    return "loaded";
  }
  // The same for a manifest declaring one histogram "h" described by `spec`.
  std::string histogram_error(std::string_view spec) {
    return error_with(R"(, "histograms": {"h": )" + std::string(spec) + "}");
  }

  TempPackDir tmp_;
};

TEST_F(ManifestMeasuresTest, LoadsTheScoreAndHistogramsInOrder) {
  const Manifest m = load_with(R"(, "score": "marks",
    "histograms": {
      "throws": {"prefix": "throw_count.", "label": "Throws per game", "from": 0, "to": 9,
                 "description": "How many throws a game took"},
      "faces": {"prefix": "face.", "label": "Faces", "from": -2, "to": 2}})");
  EXPECT_EQ(m.measures.score, "marks");
  ASSERT_EQ(m.measures.histograms.size(), 2u);
  EXPECT_EQ(m.measures.histograms[0], (HistogramSpec{"throws", "Throws per game", "throw_count.", 0,
                                                     9, "How many throws a game took"}));
  EXPECT_EQ(m.measures.histograms[1], (HistogramSpec{"faces", "Faces", "face.", -2, 2, ""}));
}

TEST_F(ManifestMeasuresTest, BothFieldsAreOptional) {
  const Manifest m = load_with("");
  EXPECT_EQ(m.measures, MeasureSpec{});
}

TEST_F(ManifestMeasuresTest, TheBuiltInGamesDeclareTheirScores) {
  const std::filesystem::path rules = std::filesystem::path(CATAN_SOURCE_DIR) / "rules";
  const Manifest base = load_manifest(rules / "base");
  EXPECT_EQ(base.measures.score, "vp");
  ASSERT_EQ(base.measures.histograms.size(), 1u);
  EXPECT_EQ(base.measures.histograms[0].name, "dice");
  EXPECT_EQ(base.measures.histograms[0].from, 2);
  EXPECT_EQ(base.measures.histograms[0].to, 12);
  EXPECT_EQ(load_manifest(rules / "dice-game").measures.score, "score");
  EXPECT_EQ(load_manifest(rules / "dice-race").measures.score, "score");
}

TEST_F(ManifestMeasuresTest, ScoreErrors) {
  EXPECT_EQ(error_with(R"(, "score": 3)"),
            "pack 'p': field 'score': expected the name of a player property (e.g. \"vp\"), got 3");
  EXPECT_EQ(error_with(R"(, "score": ["vp"])"),
            "pack 'p': field 'score': expected the name of a player property (e.g. \"vp\"), got a "
            "list");
  EXPECT_EQ(error_with(R"(, "score": " ")"), "pack 'p': field 'score': must not be empty");
  EXPECT_EQ(error_with(R"(, "score": ")" + std::string(65, 'x') + "\""),
            "pack 'p': field 'score': longer than 64 bytes");
  EXPECT_EQ(error_with(R"(, "scroe": "vp")"),
            "pack 'p': field 'scroe': unknown field (did you mean 'score'?)");
}

TEST_F(ManifestMeasuresTest, HistogramErrors) {
  EXPECT_EQ(error_with(R"(, "histograms": [])"),
            "pack 'p': field 'histograms': expected an object mapping histogram names to their "
            "specs, got a list");
  EXPECT_EQ(error_with(R"(, "histograms": {"Dice": {}})"),
            "pack 'p': field 'histograms.Dice': 'Dice' is not a valid histogram name (lowercase "
            "letters, digits and '_', starting with a letter, at most 64 bytes)");
  EXPECT_EQ(error_with(R"(, "histograms": {"a.b": {}})"),
            "pack 'p': field 'histograms.a.b': 'a.b' is not a valid histogram name (lowercase "
            "letters, digits and '_', starting with a letter, at most 64 bytes)");
  EXPECT_EQ(histogram_error(R"("dice_histogram.")"),
            "pack 'p': field 'histograms.h': expected an object with prefix, label, from and to, "
            "got a string");
  EXPECT_EQ(histogram_error(R"({"label": "L", "from": 1, "to": 2})"),
            "pack 'p': field 'histograms.h.prefix': missing (the start of the names of the game "
            "properties that hold the counts, e.g. \"dice_histogram.\")");
  EXPECT_EQ(histogram_error(R"({"prefix": 7, "label": "L", "from": 1, "to": 2})"),
            "pack 'p': field 'histograms.h.prefix': expected a property name prefix, got 7");
  EXPECT_EQ(histogram_error(R"({"prefix": "", "label": "L", "from": 1, "to": 2})"),
            "pack 'p': field 'histograms.h.prefix': must not be empty");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "from": 1, "to": 2})"),
            "pack 'p': field 'histograms.h.label': missing (a short title for reports)");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "", "from": 1, "to": 2})"),
            "pack 'p': field 'histograms.h.label': must not be empty");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "to": 2})"),
            "pack 'p': field 'histograms.h.from': missing (the smallest key counted)");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 1})"),
            "pack 'p': field 'histograms.h.to': missing (the largest key counted)");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 1.5, "to": 2})"),
            "pack 'p': field 'histograms.h.from': expected an integer, got 1.5");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 1, "to": 3000000000})"),
            "pack 'p': field 'histograms.h.to': 3000000000 is outside -1000000000 .. 1000000000");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 3, "to": 2})"),
            "pack 'p': field 'histograms.h': from 3 is above to 2");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 0, "to": 256})"),
            "pack 'p': field 'histograms.h': 0 .. 256 is 257 keys, above the limit of 256");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 0, "to": 255})"), "loaded");
  EXPECT_EQ(
      histogram_error(R"({"prefix": "x.", "label": "L", "from": 0, "to": 1, "description": ""})"),
      "pack 'p': field 'histograms.h.description': must not be empty");
  EXPECT_EQ(histogram_error(R"({"prefix": "x.", "label": "L", "from": 0, "to": 1, "lable": 1})"),
            "pack 'p': field 'histograms.h.lable': unknown field (did you mean 'label'?)");
}

TEST_F(ManifestMeasuresTest, LoadsThePrimaryMetricsAndNames) {
  const Manifest m = load_with(R"(, "metrics": {"primary": ["seat_win", "stats.sevens"],
    "names": {"turns": {"label": "game length", "unit": "turns"},
              "stats.sevens": {"label": "sevens rolled"}}})");
  EXPECT_EQ(m.measures.primary, (std::vector<std::string>{"seat_win", "stats.sevens"}));
  ASSERT_EQ(m.measures.names.size(), 2u);
  EXPECT_EQ(m.measures.names.at("turns"), (MetricName{"game length", "turns"}));
  EXPECT_EQ(m.measures.names.at("stats.sevens"), (MetricName{"sevens rolled", ""}));
  const std::filesystem::path rules = std::filesystem::path(CATAN_SOURCE_DIR) / "rules";
  const Manifest base = load_manifest(rules / "base");
  EXPECT_EQ(base.measures.primary,
            (std::vector<std::string>{"seat_win", "first_player_win", "turns"}));
  EXPECT_EQ(base.measures.names.at("stats.robber_steals").label, "cards the robber stole");
}

TEST_F(ManifestMeasuresTest, MetricsErrors) {
  EXPECT_EQ(error_with(R"(, "metrics": ["turns"])"),
            "pack 'p': field 'metrics': expected an object with primary and names, got a list");
  EXPECT_EQ(error_with(R"(, "metrics": {"primary": "turns"})"),
            "pack 'p': field 'metrics.primary': expected a list of metric ids, got a string");
  EXPECT_EQ(error_with(R"(, "metrics": {"primary": [3]})"),
            "pack 'p': field 'metrics.primary[0]': expected a metric id, got 3");
  EXPECT_EQ(error_with(R"(, "metrics": {"primary": ["Turns"]})"),
            "pack 'p': field 'metrics.primary[0]': 'Turns' is not a metric id (lowercase letters, "
            "digits, '_' and '.', at most 64 bytes; e.g. \"turns\", \"stats.sevens\")");
  EXPECT_EQ(error_with(R"(, "metrics": {"primary": ["stats."]})"),
            "pack 'p': field 'metrics.primary[0]': 'stats.' is not a metric id (lowercase letters, "
            "digits, '_' and '.', at most 64 bytes; e.g. \"turns\", \"stats.sevens\")");
  EXPECT_EQ(error_with(R"(, "metrics": {"primary": ["turns", "turns"]})"),
            "pack 'p': field 'metrics.primary[1]': 'turns' is listed twice");
  EXPECT_EQ(error_with(R"(, "metrics": {"names": []})"),
            "pack 'p': field 'metrics.names': expected an object mapping metric ids to {label, "
            "unit}, got a list");
  EXPECT_EQ(error_with(R"(, "metrics": {"names": {"turns": "game length"}})"),
            "pack 'p': field 'metrics.names.turns': expected {\"label\": ..., \"unit\": ...}, "
            "got a string");
  EXPECT_EQ(error_with(R"(, "metrics": {"names": {"turns": {"unit": "turns"}}})"),
            "pack 'p': field 'metrics.names.turns.label': missing (the name a report shows)");
  EXPECT_EQ(error_with(R"(, "metrics": {"names": {"turns": {"label": "x", "unit": ")" +
                       std::string(25, 'u') + R"("}}})"),
            "pack 'p': field 'metrics.names.turns.unit': longer than 24 bytes");
  EXPECT_EQ(error_with(R"(, "metrics": {"names": {"turns": {"label": "x", "units": "t"}}})"),
            "pack 'p': field 'metrics.names.turns.units': unknown field (did you mean 'unit'?)");
  EXPECT_EQ(error_with(R"(, "metrics": {"primry": []})"),
            "pack 'p': field 'metrics.primry': unknown field (did you mean 'primary'?)");
}

// A later pack's score replaces an earlier one's; its histograms are added, one of the same name
// replacing the earlier declaration in its place.
TEST(MeasureSpec, MergesInLoadOrder) {
  Manifest base, variant, silent;
  base.measures.score = "vp";
  base.measures.histograms = {{"dice", "Dice", "dice.", 2, 12, ""},
                              {"cards", "Cards", "c.", 0, 9, ""}};
  variant.measures.histograms = {{"walls", "Walls", "w.", 0, 4, ""},
                                 {"dice", "Three dice", "d3.", 3, 18, ""}};
  EXPECT_EQ(merged_measure_spec({}), MeasureSpec{});
  const MeasureSpec both = merged_measure_spec({&base, &variant, &silent});
  EXPECT_EQ(both.score, "vp");
  ASSERT_EQ(both.histograms.size(), 3u);
  EXPECT_EQ(both.histograms[0], (HistogramSpec{"dice", "Three dice", "d3.", 3, 18, ""}));
  EXPECT_EQ(both.histograms[1].name, "cards");
  EXPECT_EQ(both.histograms[2].name, "walls");
  silent.measures.score = "crowns";
  EXPECT_EQ(merged_measure_spec({&base, &variant, &silent}).score, "crowns");
  EXPECT_EQ(merged_measure_spec({&silent, &base}).score, "vp");
}

// Primary metrics add up in load order without repeats; a later name replaces an earlier one.
TEST(MeasureSpec, MergesMetricsInLoadOrder) {
  Manifest base, variant;
  base.measures.primary = {"seat_win", "turns"};
  base.measures.names = {{"turns", {"game length", "turns"}}, {"vp", {"points", ""}}};
  variant.measures.primary = {"stats.walls", "turns"};
  variant.measures.names = {{"turns", {"length", "rounds"}}};
  const MeasureSpec both = merged_measure_spec({&base, &variant});
  EXPECT_EQ(both.primary, (std::vector<std::string>{"seat_win", "turns", "stats.walls"}));
  EXPECT_EQ(both.names.at("turns"), (MetricName{"length", "rounds"}));
  EXPECT_EQ(both.names.at("vp"), (MetricName{"points", ""}));
}

}  // namespace
}  // namespace catan::packs
