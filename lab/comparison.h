// The side-by-side table of compare and sweep: key metrics per configuration, and for each
// configuration after the first its paired difference from the first (the baseline) with a 95%
// interval and a verdict (lab/significance.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lab/results.h"
#include "lab/significance.h"

namespace catan::lab {

struct MetricRow {
  std::string name;            // "seat 1 win rate", "turns", "stats.sevens", "<score> seat 2", ...
  bool is_rate = false;        // a proportion (shown in percent) rather than a mean
  std::vector<double> values;  // per configuration; NaN where the metric is absent
  // Per configuration after the first: the difference from the baseline. nullopt where it
  // cannot be paired (absent metric); testable == false with NaN bounds for a metric that has
  // no test (balance score).
  std::vector<std::optional<Difference>> differences;
};

// Rows, in this order: seat win rates, first player win rate, no-winner rate, balance score,
// turns, the points property per seat (the baseline's declared score), every "stats." statistic by
// name, then (with --rotate, or two or more bots) per bot the share of the games it sat in that one
// of its seats won ("BOT games won", paired over the games).
// Each configuration's differences from the baseline are one family, corrected together
// (lab/multiple_comparisons.h): `significant` is the corrected verdict.
std::vector<MetricRow> comparison_rows(const LabResults& results);

// The number of metrics tested together in the comparison of configuration `c` (1-based past the
// baseline: 1 is the first configuration after it).
std::size_t tested_metrics(const std::vector<MetricRow>& rows, std::size_t c);
// The most metrics tested together in any comparison of `rows` (0 without one).
std::size_t most_metrics_tested(const std::vector<MetricRow>& rows);

// A difference's verdict in words, as the text and HTML reports print it: "significant", "not
// significant with the others (alone: p 0.013)", "too few games", ...
std::string verdict_text(const Difference& d);

}  // namespace catan::lab
