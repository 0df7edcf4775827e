// Options shared by the lab commands (sim, compare, sweep), and the run they describe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.h"
#include "cli/slurm_job.h"
#include "lab/lab_config.h"
#include "scripting/session.h"

namespace catan::cli {

// --games, --threads, --shard, --until-ci, --max-games, --out, --csv, --report, --failures,
// --json, --game-deadline, --resume, --save-games, --progress-every, the --slurm options
// (slurm_job.h); --differences (compare and sweep).
struct LabOptions {
  std::uint64_t games = 1000;
  int threads = 0;      // 0: one per core
  std::string shard;    // "K/N"
  double until_ci = 0;  // percentage points; 0: off
  std::uint64_t max_games = 100000;
  std::string out, csv, report, failures;
  std::string differences;  // the comparison's differences as CSV (lab/differences_csv.h)
  bool json = false;
  // Hard deadline of one game in seconds; < 0: 3 x the time limit + 5 s (none without a time
  // limit); 0: none.
  double game_deadline = -1;
  std::string resume;   // an incomplete results file to finish
  bool rotate = false;  // seats rotated game by game (lab/rotation.h); sim and compare
  // Save the replays (and viewer pages) of the first this many games of each configuration.
  std::uint64_t save_games = 0;
  // Seconds between two plain progress lines on stderr; 0: a bar redrawn in place when stderr
  // is a terminal, else nothing.
  double progress_every = 0;
  SlurmOptions slurm;  // --slurm DIR: write a Slurm job instead of playing

  // Adds the options above; --rotate only when `rotation` (sim and compare), --differences only
  // when `comparison` (compare and sweep).
  void add_to(CLI::App& app, bool rotation, bool comparison);
  // --threads, or the number of cores.
  int thread_count() const;
  // The game indices [first, end) this process plays: all of --games, or shard K of N (games
  // split into N contiguous parts, part K counted from 1). With `block` > 1 (--rotate: the
  // players), the parts are made of whole blocks of `block` games: the blocks are split as games
  // would be. Throws UsageError for a malformed --shard, one combined with --until-ci, or more
  // shards than blocks.
  std::pair<std::uint64_t, std::uint64_t> range(std::uint64_t block = 1) const;
};

// The help of --bots of the commands that play bots only (sim, sweep, compare, bench).
inline constexpr const char* kLabBotsHelp =
    "Agent per seat, comma-separated (the last fills the remaining seats): random, an agent a "
    "pack registers, or the search agent "
    "mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|score|FILE] "
    "(docs/bots.md)";

// The players, bots, seed, turn cap and common options of compare (whose positional arguments
// are configurations, not packs): --players, --bots, --seed, --max-turns, --option.
void add_table_game_options(CLI::App& app, GameOptions& game);

// What a lab command plays.
struct LabRequest {
  std::string kind;  // "sim", "compare", "sweep"
  std::vector<lab::LabConfig> configs;
  const GameOptions* game = nullptr;  // players, bots, seed, turn cap
};

// Throws UsageError when a seat's agent is neither built in ("random", and "human" when
// `human_allowed`) nor in `registered` (Session::agent_names: the agents the loaded packs
// register), naming the bad name and the known ones. Checks nothing when `registered` is nullopt
// (the packs failed to load; the game reports it).
void check_agents(const std::vector<std::string>& seats,
                  const std::optional<std::vector<std::string>>& registered, bool human_allowed);

// The seats of a command that plays games of the packs `session` loaded: settles game.players
// for them (GameOptions::settle_players), splits --bots (GameOptions::seats) and checks each
// agent (check_agents). Throws UsageError as those do.
std::vector<std::string> settle_seats(GameOptions& game, scripting::Session& session,
                                      bool human_allowed);

// Plays the request and writes what LabOptions ask for: the text summary (or the JSON with
// --json) on stdout, --out, --csv, --report, and the progress on stderr (lines with
// --progress-every, else a bar when stderr is a terminal). It checks the options and prints;
// lab::Campaign (lab/campaign.h) plays and writes the files.
// With --slurm it plays nothing: it checks the run as for playing it, writes the Slurm job
// (slurm_job.h) and returns kOk.
// Returns kOk, or kRuntimeError (with a one-line error) when games failed; their replays are in
// --failures (default: beside --out, else ./catan-failures). On SIGINT or SIGTERM it stops
// handing out games, writes what was played as results marked incomplete and returns 130 or 143
// (128 + the signal). With --resume it plays the games an incomplete results file is missing.
// When a game passed the game deadline, its abandoned thread may still run: the process then
// ends here with _exit after flushing, never returning. Throws UsageError, PackError and runtime
// errors for run_cli to report.
int run_lab(const LabRequest& request, const LabOptions& options, const SearchOptions& search,
            const LimitOptions& limits);

}  // namespace catan::cli
