// Lab results as JSON: the versioned format documented in docs/lab.md ("Results file").
//
// The file holds both the figures people read ("results" of each configuration, "metrics" of
// each comparison) and the exact totals they were computed from ("raw"). Reading a file uses
// only the header and "raw", and writing recomputes every figure from them, so
//   write(read(file)) == file        and        write(merge(shards)) == write(one run)
// byte for byte. Nothing that varies between equivalent runs (thread count, time, host) is
// written.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "lab/results.h"

namespace catan::lab {

inline constexpr const char* kResultsSchema = "catan-lab-results";
inline constexpr int kResultsVersion = 3;

nlohmann::ordered_json results_to_json(const LabResults& results);

// Reads results written by results_to_json; `name` (a file name) starts every error message.
// Throws ResultsError for another schema or version, missing or mistyped fields, or totals that
// contradict each other.
LabResults results_from_json(const nlohmann::json& json, const std::string& name);

// Reads a results file. Throws ResultsError (unreadable file, invalid JSON, see above).
LabResults load_results(const std::string& path);
// Writes `json` to `path` (two-space indent, trailing newline) via a temporary file renamed into
// place, so a failed write never leaves a partial file. Throws std::runtime_error.
void write_json_file(const nlohmann::ordered_json& json, const std::string& path);

}  // namespace catan::lab
