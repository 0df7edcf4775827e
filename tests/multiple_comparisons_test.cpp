// Many metrics at once (lab/multiple_comparisons.h): the Holm correction by hand, and over many
// comparisons of two configurations that differ only in their random streams, the share of
// comparisons with any "significant" metric stays at the nominal 5%, where uncorrected verdicts
// call one far more often.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "lab/comparison.h"
#include "lab/multiple_comparisons.h"
#include "lab/runner.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

Difference tested(double p) {
  Difference d;
  d.testable = true;
  d.p_value = d.p_adjusted = p;
  d.significant = d.significant_alone = p < kAlpha;
  return d;
}

TEST(HolmCorrection, AdjustsStepDownAndKeepsTheRawVerdict) {
  Difference a = tested(0.01), b = tested(0.04), c = tested(0.03), d = tested(0.005);
  Difference untested;  // not testable: not part of the family
  untested.p_value = 0.001;
  EXPECT_EQ(holm_correct({&a, &b, &c, &d, &untested, nullptr}), 4u);
  // Sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> 0.06 (the
  // step-down maximum).
  EXPECT_DOUBLE_EQ(d.p_adjusted, 0.02);
  EXPECT_DOUBLE_EQ(a.p_adjusted, 0.03);
  EXPECT_DOUBLE_EQ(c.p_adjusted, 0.06);
  EXPECT_DOUBLE_EQ(b.p_adjusted, 0.06);
  EXPECT_TRUE(d.significant);
  EXPECT_TRUE(a.significant);
  EXPECT_FALSE(c.significant);
  EXPECT_FALSE(b.significant);
  EXPECT_TRUE(c.significant_alone);
  EXPECT_TRUE(b.significant_alone);
  EXPECT_FALSE(untested.significant);
  EXPECT_DOUBLE_EQ(untested.p_adjusted, 1.0);
  // Adjusted p-values never exceed 1.
  Difference e = tested(0.6), f = tested(0.7);
  holm_correct({&e, &f});
  EXPECT_DOUBLE_EQ(e.p_adjusted, 1.0);
  EXPECT_DOUBLE_EQ(f.p_adjusted, 1.0);
}

// Two configurations equal in distribution: the second draws one number at setup, so its games
// follow other dice. Each seed's comparison tests every metric; a comparison "errs" when it calls
// any metric significant.
TEST(HolmCorrection, EqualConfigurationsAreCalledDifferentAtTheNominalRate) {
  packs::testing::TempPackDir dir;
  dir.write("shifted/pack.json",
            packs::testing::TempPackDir::manifest(
                "shifted", R"(, "requires": ["dice-race"], "options": {"shift": {"type":
                "boolean", "default": false, "description": "draw one number at setup"}})"));
  dir.write("shifted/main.lua",
            "game.on(\"game.setup\", function() if options.shift then game.roll(6) end end)\n");
  packs::PackSearch search;
  search.add_dir(dir.root());
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  constexpr int kComparisons = 60;
  constexpr std::uint64_t kGames = 300;
  int raw_errs = 0, corrected_errs = 0;
  std::size_t metrics = 0;
  for (int seed = 1; seed <= kComparisons; ++seed) {
    RunSpec spec;
    spec.configs = {parse_config("dice-race+shifted", {}),
                    parse_config("dice-race+shifted:shifted.shift=true", {})};
    spec.players = 3;
    spec.bots = {"hold20", "random", "random"};
    spec.seed = static_cast<std::uint64_t>(seed);
    Runner runner(search, spec, 1);
    LabResults r;
    r.run.kind = "compare";
    r.run.seed = spec.seed;
    r.run.players = spec.players;
    r.run.bots = spec.bots;
    r.run.games = kGames;
    r.run.end = kGames;
    r.configs = runner.config_info();
    r.totals = RunTotals(2, spec.players);
    runner.run(0, kGames, r.totals);
    const auto rows = comparison_rows(r);
    metrics = tested_metrics(rows, 1);
    bool raw = false, corrected = false;
    for (const auto& row : rows) {
      const auto& d = row.differences[0];
      if (!d || !std::isfinite(d->low)) continue;
      raw |= d->significant_alone;
      corrected |= d->significant;
    }
    raw_errs += raw;
    corrected_errs += corrected;
  }
  ASSERT_GE(metrics, 8u);
  // Nominal: 5% of 60 comparisons = 3.
  EXPECT_LE(corrected_errs, 3) << "raw " << raw_errs << ", corrected " << corrected_errs;
  EXPECT_GT(raw_errs, 2 * corrected_errs + 3) << "raw " << raw_errs;
  std::cout << "comparisons with a false \"significant\": uncorrected " << raw_errs << " of "
            << kComparisons << ", corrected " << corrected_errs << " (" << metrics
            << " metrics tested)\n";
}

}  // namespace
}  // namespace catan::lab
