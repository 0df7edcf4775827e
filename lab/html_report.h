// --report FILE.html: one self-contained HTML page (inline CSS and SVG; no scripts, fonts or
// links to fetch) that opens offline in any browser. It shows what was played, the comparison
// table with verdicts (compare, sweep), and charts: seat win rates and win rates by turn order
// with 95% intervals, the game-length distribution, the end-of-game points distribution, the
// configurations side by side (mean game length, first-player win rate, balance score), the dice
// totals, and the packs' statistics.
#pragma once

#include <string>

#include "lab/results.h"

namespace catan::lab {

std::string html_report(const LabResults& results);

// Writes html_report(results) to `path` (through a temporary file renamed into place). Throws
// std::runtime_error on a write error.
void write_html_report(const LabResults& results, const std::string& path);

}  // namespace catan::lab
