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
  std::string id;              // "seat_win.1", "turns", "stats.sevens", "vp.2", ... (below)
  std::string name;            // for people: the packs' label for the id, else the lab's own
  std::string unit;            // the packs' unit ("turns", "cards"); "" for rates and when none
  bool is_rate = false;        // a proportion (shown in percent) rather than a mean
  bool primary = false;        // named by the packs' "metrics.primary" (scripting/measure_spec.h)
  std::vector<double> values;  // per configuration; NaN where the metric is absent
  // Per configuration after the first: the difference from the baseline. nullopt where it
  // cannot be paired (absent metric); testable == false with NaN bounds for a metric that has
  // no test (balance score).
  std::vector<std::optional<Difference>> differences;
};

// The metrics, by id: seat_win.S (seat S's win rate), first_player_win, no_winner, balance (the
// balance score, not tested), turns, SCORE.S (the points property the baseline declares, seat S:
// "vp.1"), stats.NAME (every statistic the packs set), then (with --rotate, or two or more bots)
// bot_won.BOT (the share of the games BOT sat in that one of its seats won, paired over the games).
//
// The rows the configurations' packs declare primary come first, in the lab's order above; the
// rest follow. Names and units are the packs' ("metrics.names", the configurations' declarations
// merged, the baseline's first), where a per-seat group's name ("vp") names each of its seats.
//
// Each configuration's differences from the baseline are corrected together
// (lab/multiple_comparisons.h), as two families when the packs declare primary metrics (the
// primary ones, judged on their own, and the exploratory rest) and as one otherwise:
// `significant` is the corrected verdict.
std::vector<MetricRow> comparison_rows(const LabResults& results);

// Whether some row is primary: the verdicts then come in two families.
bool has_primary(const std::vector<MetricRow>& rows);

// The number of metrics tested together in the comparison of configuration `c` (1-based past the
// baseline: 1 is the first configuration after it): all of them, or one family's.
std::size_t tested_metrics(const std::vector<MetricRow>& rows, std::size_t c);
std::size_t tested_metrics(const std::vector<MetricRow>& rows, std::size_t c, bool primary);
// The most metrics tested together in any comparison of `rows` (0 without one), in all or in one
// family.
std::size_t most_metrics_tested(const std::vector<MetricRow>& rows);
std::size_t most_metrics_tested(const std::vector<MetricRow>& rows, bool primary);

// "sevens rolled (sevens)": the name with its unit, for table rows.
std::string name_with_unit(const MetricRow& row);

// How the verdicts were corrected, in one sentence for a report's notes: the families, their
// sizes and the correction. `html` uses HTML entities for the quotes.
std::string correction_text(const std::vector<MetricRow>& rows, bool html);

// A difference's verdict in words, as the text and HTML reports print it: "significant", "not
// significant with the others (alone: p 0.013)", "too few games", ...
std::string verdict_text(const Difference& d);

}  // namespace catan::lab
