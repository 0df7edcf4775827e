// The exact totals of many games played under one configuration.
//
// Every field is an integer count or an exact integer sum (Moments, Histogram), so the totals
// do not depend on the order games were added or on how the games were split between workers
// or shards: merge() of the parts equals adding every game to one Aggregate. Derived figures
// (rates, intervals, means) are computed from these totals when results are written.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lab/distribution.h"
#include "lab/game_record.h"

namespace catan::lab {

// A game that ended with an error, with the replay that reproduces it.
struct ErrorEntry {
  std::uint64_t game = 0;
  std::string error;
  std::string replay;  // path of the saved replay, "" when none was saved
  bool operator==(const ErrorEntry&) const = default;
};

// The failed games of one class of error (failure_class()): how many, and the first of them by
// game index.
struct FailureClass {
  std::uint64_t count = 0;
  ErrorEntry first;
  bool operator==(const FailureClass&) const = default;
};

// The class of a game's error message, one of a fixed list so that the classes of a run stay
// few and merge exactly: "out of range" (out_of_range_error, lab/game_record.h), "game deadline",
// "time limit", "instruction budget", "memory", "name cap", or "error" (script and agent errors,
// anything else).
std::string failure_class(const std::string& error);

// Every class failure_class gives, in byte order (the order results list them).
inline constexpr std::array<std::string_view, 7> kFailureClasses = {
    "error",    "game deadline", "instruction budget", "memory",
    "name cap", "out of range",  "time limit"};

// The finished games of one bot (agent name) in a configuration.
struct BotTotals {
  std::uint64_t games = 0;  // finished games in which it held at least one seat
  std::uint64_t seats = 0;  // seats it held, summed over those games
  std::uint64_t wins = 0;   // games one of its seats won
  bool operator==(const BotTotals&) const = default;
};

struct Aggregate {
  // Only the first kMaxErrorEntries failed games (by game index) are listed; all are counted.
  static constexpr std::size_t kMaxErrorEntries = 20;
  // Distinct names kept per kind (stats, player properties, ignored stats names). Past it, only
  // the kMaxNames smallest names (in byte order) are kept and the kind is listed in `capped`;
  // the others' values are dropped. Keeping the smallest names makes the kept set, and so the
  // totals, independent of the order games are added and merged in: a name among the kMaxNames
  // smallest of all names is among the smallest of any subset. It bounds the memory of a run
  // whatever names packs make up. (Histograms need no cap: their names and keys are declared,
  // scripting/measure_spec.h.)
  static constexpr std::size_t kMaxNames = 256;

  int players = 0;

  std::uint64_t games = 0;      // games played
  std::uint64_t finished = 0;   // ended without an error (with or without a winner)
  std::uint64_t errors = 0;     // ended with an error
  std::uint64_t no_winner = 0;  // finished without a winner (turn cap, or a pack's decision)
  std::vector<std::uint64_t> seat_wins;      // per seat
  std::vector<std::uint64_t> position_wins;  // per turn-order position (0 = first player)
  Distribution turns, rounds, decisions;     // finished games
  // Declared histogram -> key -> times, over finished games (zero counts are not kept).
  std::map<std::string, std::map<int, std::uint64_t>> histograms;
  std::map<std::string, Distribution> stats;                // "stats." properties
  std::map<std::string, std::vector<Distribution>> player;  // player properties, per seat
  std::vector<ErrorEntry> error_list;            // the first failed games, ascending game index
  std::set<std::string> ignored;                 // "stats." properties that were not integers
  std::map<std::string, FailureClass> failures;  // failure_class() -> its failed games
  std::set<std::string> capped;  // kinds that reached kMaxNames: "ignored", "player", "stats"
  // Per bot, from GameRecord::seat_bots (games without it add nothing here). `beats` holds the
  // pairwise results lab/rating.h fits: (winner's bot, other bot) -> times, one per other seat
  // whose bot differs from the winner's, in every finished game with a winner.
  std::map<std::string, BotTotals> bots;
  std::map<std::pair<std::string, std::string>, std::uint64_t> beats;
  // The end value of the declared score property (GameRecord::score) per bot, over every seat it
  // held: what the points distribution per bot needs when seats were rotated. Keyed by property.
  std::map<std::string, std::map<std::string, Distribution>> bot_points;
  // Every player property at the end per bot, over every seat it held (property -> agent name ->
  // values): what "how often did this bot build the new piece" reads when seats were rotated or
  // several bots sat. Its properties are those of `player` (capped with it).
  std::map<std::string, std::map<std::string, Distribution>> bot_player;

  explicit Aggregate(int players = 0);
  // Adds one game. Errors count in games and errors only.
  void add(const GameRecord& record);
  // Adds every game of `other`, which must have the same number of players.
  void merge(const Aggregate& other);

  bool operator==(const Aggregate&) const = default;

 private:
  void add_error(ErrorEntry entry);
  void add_failure(const std::string& cls, const FailureClass& f);
  void trim_names();
  void add_bots(const GameRecord& record);
};

}  // namespace catan::lab
