// A lab campaign: the games of one lab command (sim, compare, sweep) played from start to end and
// written out. It plays one of three ways:
//   - the game range of a run, [first, end): all its games, or one shard of them;
//   - with `until_ci`, rounds of `games` games from game 0 until every win-rate interval is
//     narrower than the target (intervals_narrower_than) or `max_games` are played;
//   - with `resume`, the games an interrupted run's results file is missing: that file is
//     checked to be of this very run, and the games played now are merged onto it, so the
//     results are those of an uninterrupted run, byte for byte.
// It then writes the results file, the CSV of games, the sample games' viewer pages (through the
// caller's SampleWriter), the HTML report and the differences CSV, in that order, and returns
// what the caller prints. It prints nothing itself; warnings go to CampaignRequest::warn.
// A stop (RunSpec::stop) ends the play early: the results are written marked incomplete
// (LabResults::planned_end).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "lab/html_report.h"
#include "lab/progress.h"
#include "lab/results.h"
#include "lab/runner.h"
#include "scripting/pack_search.h"

namespace catan::lab {

// A --resume file that is not an incomplete run of this very run. Its message names the option.
class CampaignError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether every config has finished games and every seat's 95% win-rate interval of every
// config is narrower than `pp` percentage points, and with `rotate` every bot's too.
bool intervals_narrower_than(const RunTotals& totals, const std::vector<std::string>& bots,
                             double pp, bool rotate);

// Writes the viewer pages of the saved games among [first, end) and returns the report's links
// to them.
using SampleWriter = std::function<std::vector<SampleGame>(std::uint64_t first, std::uint64_t end)>;

struct CampaignRequest {
  std::string kind;  // "sim", "compare", "sweep"
  RunSpec spec;
  int threads = 1;
  // Games of the run; with until_ci, the games of one round.
  std::uint64_t games = 0;
  // The games this process plays (a shard, or all); unused with until_ci.
  std::uint64_t first = 0, end = 0;
  double until_ci = 0;  // percentage points; 0: off
  // The cap of until_ci; with seats rotated, a whole number of blocks of `players` games.
  std::uint64_t max_games = 0;
  std::string resume;  // an incomplete results file to finish; "": none
  // Files to write; "": none.
  std::string out, csv, report, differences;
  ProgressBar* progress = nullptr;               // drawn while playing; may be null
  SampleWriter samples;                          // called when spec.save_games > 0
  std::function<void(const std::string&)> warn;  // a warning line; may be empty
};

struct CampaignOutcome {
  LabResults results;               // as written to `out`
  std::uint64_t played_here = 0;    // games per configuration played by this campaign
  double seconds = 0;               // wall time of the play
  std::vector<SampleGame> samples;  // the sample games' viewer pages
  // until_ci: the run reached max_games before every interval was narrow enough.
  bool stopped_at_cap = false;
};

class Campaign {
 public:
  // Reads the `resume` file (a ResultsError prefixed "--resume: ") and creates the runner (its
  // errors: Runner::Runner).
  Campaign(packs::PackSearch& search, CampaignRequest request);

  // The runner, e.g. for its agent names before playing.
  Runner& runner() { return runner_; }
  const CampaignRequest& request() const { return request_; }

  // Loads what each configuration is (Runner::config_info; search::ModelMismatch when a learned
  // evaluation does not fit). Must precede play().
  void describe();

  // Plays and writes as described above. Throws CampaignError, before any game, when the
  // `resume` file is complete or of another run; rethrows the runner's errors and the writers'.
  CampaignOutcome play();

 private:
  // Checks the resumed results are of this run; returns the first game left to play.
  std::uint64_t check_resume() const;
  // Rounds of `games` games until narrow enough, the cap, or a stop.
  void play_until_narrow(const RowSink& rows, const ProgressSink& progress);
  // Games [from, end), merged onto the resumed results if any.
  void play_range(std::uint64_t from, const RowSink& rows, const ProgressSink& progress);
  // The results file, samples, report and differences.
  void write_files(CampaignOutcome& outcome) const;

  CampaignRequest request_;
  std::optional<LabResults> resumed_;
  Runner runner_;
  LabResults results_;
};

}  // namespace catan::lab
