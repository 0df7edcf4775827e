// Options shared by the lab commands (sim, compare, sweep), and the run they describe.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.h"
#include "lab/lab_config.h"

namespace catan::cli {

// --games, --threads, --shard, --until-ci, --max-games, --out, --csv, --report, --failures,
// --json.
struct LabOptions {
  std::uint64_t games = 1000;
  int threads = 0;      // 0: one per core
  std::string shard;    // "K/N"
  double until_ci = 0;  // percentage points; 0: off
  std::uint64_t max_games = 100000;
  std::string out, csv, report, failures;
  bool json = false;

  void add_to(CLI::App& app);
  // --threads, or the number of cores.
  int thread_count() const;
  // The game indices [first, end) this process plays: all of --games, or shard K of N (games
  // split into N contiguous parts, part K counted from 1). Throws UsageError for a malformed
  // --shard or one combined with --until-ci.
  std::pair<std::uint64_t, std::uint64_t> range() const;
};

// The players, bots, seed, turn cap and common options of compare (whose positional arguments
// are configurations, not packs): --players, --bots, --seed, --max-turns, --option.
void add_table_game_options(CLI::App& app, GameOptions& game);

// What a lab command plays.
struct LabRequest {
  std::string kind;  // "sim", "compare", "sweep"
  std::vector<lab::LabConfig> configs;
  const GameOptions* game = nullptr;  // players, bots, seed, turn cap
};

// Plays the request and writes what LabOptions ask for: the text summary (or the JSON with
// --json) on stdout, --out, --csv, --report, a progress bar on stderr when it is a terminal.
// Returns kOk, or kRuntimeError (with a one-line error) when games failed; their replays are in
// --failures (default: beside --out, else ./catan-failures). Throws UsageError, PackError and
// runtime errors for run_cli to report.
int run_lab(const LabRequest& request, const LabOptions& options, const SearchOptions& search,
            const LimitOptions& limits);

}  // namespace catan::cli
