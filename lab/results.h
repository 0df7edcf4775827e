// The results of a lab run (sim, compare or sweep): what was played and the exact totals.
// results_json.h writes and reads them; merge_results joins the results of shards.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lab/lab_config.h"
#include "lab/run_totals.h"
#include "scripting/measure_spec.h"

namespace catan::lab {

// A results file that cannot be read or merged (runtime failure, exit code 1).
class ResultsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunInfo {
  std::string kind;  // "sim", "compare" or "sweep"
  std::uint64_t seed = 1;
  int players = 0;
  std::vector<std::string> bots;  // per seat
  bool rotate = false;            // seats rotated game by game (lab/rotation.h)
  int max_turns = 0;
  std::uint64_t games = 0;  // games of the whole run (every shard)
  std::uint64_t first = 0;  // these results cover game indices [first, end)
  std::uint64_t end = 0;
  // --until-ci: the run played until every seat's interval was narrower than this many
  // percentage points, or max_games were played.
  std::optional<double> until_ci;
  std::uint64_t max_games = 0;
  bool operator==(const RunInfo&) const = default;
};

struct ConfigInfo {
  LabConfig config;
  std::vector<std::pair<std::string, std::string>> loaded;  // (pack, version), load order
  // What the loaded packs declare (packs::merged_measure_spec): the score whose distribution and
  // the histograms the reports show. Carried in the results, so merges and reports made from a
  // results file know them without the packs.
  packs::MeasureSpec declared;
  // How each distinct search agent of the run scores the copies it has not played to the end:
  // (agent, "the packs' evaluator", "the score share" or "learned: FILE (N games, held-out accuracy
  // A%)"). Empty when no seat plays the search agent.
  std::vector<std::pair<std::string, std::string>> evaluations;
  bool operator==(const ConfigInfo&) const = default;
};

struct LabResults {
  RunInfo run;
  // Set when the run was interrupted (SIGINT, SIGTERM) before it played every game: the end of
  // the game range it was to cover; run.end is then where it stopped. `catan sim --resume`
  // plays the rest.
  std::optional<std::uint64_t> planned_end;
  std::vector<ConfigInfo> configs;
  RunTotals totals;  // totals.configs[i] belongs to configs[i]
};

// Joins the results of shards of one run into the results a single run over their games gives.
// `names` name the inputs in messages. Throws ResultsError when they are of different runs
// (kind, seed, players, bots, rotation, turn cap, game count, configs, pack versions or the
// packs' declarations differ),
// overlap, leave a gap between them, or include an --until-ci run.
LabResults merge_results(const std::vector<LabResults>& parts,
                         const std::vector<std::string>& names);

}  // namespace catan::lab
