#include "lab/differences_csv.h"

#include <cmath>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "lab/comparison.h"
#include "lab/csv_writer.h"
#include "lab/multiple_comparisons.h"

namespace catan::lab {

namespace {

// A figure with the digits to read it back exactly; empty when it is not finite.
std::string figure(double v) {
  return std::isfinite(v) ? fmt::format("{}", v) : "";
}

}  // namespace

std::string differences_csv(const LabResults& results) {
  std::string out =
      "config,baseline,metric_id,metric,unit,family,baseline_value,value,difference,low,high,p,"
      "p_adjusted,correction,verdict\n";
  if (results.configs.size() < 2) return out;
  const auto rows = comparison_rows(results);
  const bool families = has_primary(rows);
  for (std::size_t c = 1; c < results.configs.size(); ++c) {
    for (const auto& row : rows) {
      const auto& d = row.differences[c - 1];
      const bool tested = d && std::isfinite(d->low);
      const std::string family = !families ? "all" : row.primary ? "primary" : "exploratory";
      const std::string fields[] = {csv_field(results.configs[c].config.label),
                                    csv_field(results.configs[0].config.label),
                                    csv_field(row.id),
                                    csv_field(row.name),
                                    csv_field(row.unit),
                                    family,
                                    figure(row.values[0]),
                                    figure(row.values[c]),
                                    d ? figure(d->estimate) : "",
                                    tested ? figure(d->low) : "",
                                    tested ? figure(d->high) : "",
                                    tested && d->testable ? figure(d->p_value) : "",
                                    tested && d->testable ? figure(d->p_adjusted) : "",
                                    tested ? kCorrection : "",
                                    !d        ? "not paired"
                                    : !tested ? "no test"
                                              : csv_field(verdict_text(*d))};
      for (std::size_t i = 0; i < std::size(fields); ++i) out += (i ? "," : "") + fields[i];
      out += "\n";
    }
  }
  return out;
}

void write_differences_csv(const LabResults& results, const std::string& path) {
  engine::write_output_file(path, differences_csv(results));
}

}  // namespace catan::lab
