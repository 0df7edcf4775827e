// Plays the games of a lab run on worker threads.
//
// Each worker owns one scripting::Session per distinct pack list among the configurations
// (configurations that differ only in option values share it; the options travel with each
// game), created once and reused for every game, so packs are compiled once per worker.
// Game i of every configuration uses the seed's stream i (GameConfig::game_index = i), so game
// i is the same game whichever worker plays it, and under two configurations it starts from the
// same random numbers (common random numbers). Workers take small chunks of consecutive game
// indices from a shared counter and keep their own exact totals, which are merged at the end;
// since the totals are exact integer sums, the result is identical for any thread count.
//
// A game that ends with an error, or that publishes a value beyond the lab's limit
// (out_of_range, lab/game_record.h), counts as failed and its replay is saved in
// RunSpec::failures_dir; a game of the second kind ended well, so it is played again with its
// decisions recorded for that replay.
//
// A game that cannot be stopped (a loop in C that no limit bounds, a blocked agent) is caught by
// the hard per-game deadline (RunSpec::game_deadline_ms): the calling thread watches every
// worker's current game, and past the deadline records it as failed ("game deadline
// exceeded"), abandons the worker's thread (detached; its Sessions are leaked, as the thread may
// still be using them) and starts a new worker with new Sessions that goes on from the next game
// of the same chunk. An abandoned thread never touches the run again: if its game ever returns,
// it sees it was abandoned and ends. The process must then end without waiting for it (see
// Runner::abandoned()).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/agent.h"
#include "lab/game_record.h"
#include "lab/lab_config.h"
#include "lab/results.h"
#include "lab/run_totals.h"
#include "scripting/lua_state.h"
#include "scripting/pack_search.h"

namespace catan::lab {

// What to play.
struct RunSpec {
  std::vector<LabConfig> configs;  // configs[0] is the baseline of comparisons
  int players = 4;
  std::vector<std::string> bots;  // agent name per seat
  // Seat rotation (lab/rotation.h): game i seats bots[(s + i mod players) mod players] at seat s.
  bool rotate = false;
  std::uint64_t seed = 1;
  int max_turns = 1000;
  lua::Limits limits;
  std::string failures_dir;  // where replays of failed games are saved; "" = not saved
  // The replays of games 0 .. save_games - 1 that end well are saved in games_dir (game_path).
  std::uint64_t save_games = 0;
  std::string games_dir;
  // Hard deadline of one game, in milliseconds (see above); 0 = none.
  std::uint32_t game_deadline_ms = 0;
  // When set and true, run() stops handing out games: every worker finishes the chunk of (at
  // most 64) games it holds, so the games played are still one contiguous range. Meant to be
  // set by a signal handler (SIGINT, SIGTERM).
  const std::atomic<bool>* stop = nullptr;
  // Test seam: ready-made agents of game `index` under config `config`, as
  // GameConfig::agent_objects (a non-null entry takes its seat). Unset in the CLI.
  std::function<std::vector<std::shared_ptr<engine::Agent>>(std::uint64_t index,
                                                            std::size_t config)>
      agents_for;
};

// The file the replay of game `game` under config `config` (0-based) is saved to when
// RunSpec::save_games asks for it.
std::filesystem::path game_path(const RunSpec& spec, std::uint64_t game, std::size_t config);

// The records of one game index, one per config, in config order.
using RowSink = std::function<void(const std::vector<GameRecord>&)>;
// Games finished so far in the current run() call.
using ProgressSink = std::function<void(std::uint64_t done)>;

class Runner {
 public:
  // Creates the sessions of `threads` workers (at least 1) and checks every config's options.
  // Throws packs::PackError (unknown packs, bad options) or lua::ScriptError (a pack does not
  // compile), with a one-line message.
  Runner(packs::PackSearch& search, RunSpec spec, int threads);
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // Plays games [first, end) under every config and adds them to `totals` (which must have been
  // made for this spec). `rows`, when set, receives every game's records in ascending game index;
  // `progress`, when set, is called about ten times a second and once at the end. Both run on
  // the calling thread, which also watches the game deadline. An exception on a worker (e.g. a
  // replay that cannot be written) stops the run and is rethrown here. Returns the end of the
  // games played, [first, returned): `end`, or less when RunSpec::stop was set.
  std::uint64_t run(std::uint64_t first, std::uint64_t end, RunTotals& totals,
                    const RowSink& rows = {}, const ProgressSink& progress = {});

  // Worker threads abandoned past the game deadline so far. When not 0, some thread may still be
  // running in a leaked Session: the process must end with std::quick_exit or _exit after
  // flushing its output, since returning from main would destroy what that thread uses.
  int abandoned() const { return abandoned_; }

  const RunSpec& spec() const { return spec_; }
  int threads() const;
  // The agents the packs of config `config` register (Session::agent_names).
  std::optional<std::vector<std::string>> agent_names(std::size_t config) const;
  // Each config with the (name, version) of its loaded packs, in load order, and what they
  // declare.
  std::vector<ConfigInfo> config_info() const;

 private:
  // ConfigInfo::evaluations of `config`, played by `session`.
  std::vector<std::pair<std::string, std::string>> evaluations(scripting::Session& session,
                                                               const LabConfig& config) const;
  struct Worker;
  struct Play;  // one run() call
  std::unique_ptr<Worker> make_worker() const;
  packs::PackSearch* search_;
  std::vector<const std::vector<std::string>*> pack_lists_;
  int abandoned_ = 0;
  RunSpec spec_;
  std::vector<std::size_t> session_of_config_;  // index into a worker's sessions
  std::vector<packs::MeasureSpec> declared_;    // per config
  std::vector<std::unique_ptr<Worker>> workers_;
};

}  // namespace catan::lab
