// --differences: the comparison's paired differences as CSV, one row per metric and configuration
// after the baseline, for pandas, R and spreadsheets. RFC 4180 quoting (lab/csv_writer.h).
//
// Columns: config, baseline, metric_id, metric, unit, family (all, or primary and exploratory when
// the packs declare primary metrics), baseline_value, value, difference, low, high (the 95%
// interval), p (the metric's own test), p_adjusted, correction (holm), verdict (as the text
// report words it). Rates are proportions (0.25, not 25%); a cell with no figure is empty.
#pragma once

#include <string>

#include "lab/results.h"

namespace catan::lab {

// The CSV text of `results`' comparisons (only the header when there is one configuration).
std::string differences_csv(const LabResults& results);

// Writes differences_csv(results) to `path` (engine::write_output_file). Throws
// engine::FileError.
void write_differences_csv(const LabResults& results, const std::string& path);

}  // namespace catan::lab
