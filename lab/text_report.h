// Lab results for people at a terminal: a summary per configuration (sim) and the side-by-side
// table of compare and sweep, with differences, 95% intervals and a verdict per metric.
#pragma once

#include <string>
#include <vector>

#include "lab/results.h"

namespace catan::lab {

// The summary of configuration `index`: games, win rates with intervals, first-player
// advantage, balance, turns, the declared score and histograms, and the packs' statistics.
std::string config_text(const LabResults& results, std::size_t index);

// The comparison table. Two configurations: both values, the difference from the first with a
// 95% interval, and a verdict: "significant", "not significant", "too few games" (the test's
// approximation needs more data) or "no test". Three or more: one column per configuration,
// values marked * (significantly different from the first) or ~ (too few games to tell).
std::string comparison_text(const LabResults& results);

// Left-aligned columns separated by two spaces (rows may be shorter than the header).
std::string format_table(const std::vector<std::vector<std::string>>& rows);

}  // namespace catan::lab
