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
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lab/game_record.h"
#include "lab/lab_config.h"
#include "lab/run_totals.h"
#include "scripting/lua_state.h"
#include "scripting/pack_search.h"

namespace catan::lab {

// What to play.
struct RunSpec {
  std::vector<LabConfig> configs;  // configs[0] is the baseline of comparisons
  int players = 4;
  std::vector<std::string> bots;  // agent name per seat
  std::uint64_t seed = 1;
  int max_turns = 1000;
  lua::Limits limits;
  std::string failures_dir;  // where replays of failed games are saved; "" = not saved
};

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
  // the calling thread. An exception on a worker (e.g. a replay that cannot be written) stops
  // the run and is rethrown here.
  void run(std::uint64_t first, std::uint64_t end, RunTotals& totals, const RowSink& rows = {},
           const ProgressSink& progress = {});

  const RunSpec& spec() const { return spec_; }
  int threads() const;
  // (name, version) of every loaded pack of each config, in load order.
  std::vector<std::vector<std::pair<std::string, std::string>>> loaded() const;

 private:
  struct Worker;
  RunSpec spec_;
  std::vector<std::size_t> session_of_config_;  // index into a worker's sessions
  std::vector<std::unique_ptr<Worker>> workers_;
};

}  // namespace catan::lab
