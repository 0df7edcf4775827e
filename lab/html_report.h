// --report FILE.html: one self-contained HTML page (inline CSS and SVG; no scripts, fonts or
// links to fetch) that opens offline in any browser. It shows what was played, the comparison
// table with verdicts (compare, sweep), and charts: seat win rates and win rates by turn order
// with 95% intervals, the game-length distribution, the distribution of the declared score at
// the end, the configurations side by side (mean game length, first-player win rate, balance
// score), the histograms the packs declare, and the packs' statistics.
#pragma once

#include <string>
#include <vector>

#include "lab/results.h"

namespace catan::lab {

// A game to link from the report: its text and the address of its viewer page (relative to the
// report, or absolute).
struct SampleGame {
  std::string label;
  std::string href;
};

// With `samples`, a "Sample games" section links to their viewer pages (catan sim --save-games).
std::string html_report(const LabResults& results, const std::vector<SampleGame>& samples = {});

// Writes html_report(results, samples) to `path` (through a temporary file renamed into place).
// Throws std::runtime_error on a write error.
void write_html_report(const LabResults& results, const std::string& path,
                       const std::vector<SampleGame>& samples = {});

}  // namespace catan::lab
