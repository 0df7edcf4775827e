// What the lab keeps of one played game: the outcome and the numbers packs published.
//
// The stats hook (docs/lab.md): a pack publishes per-game statistics as game properties named
// "stats.NAME" (game.set("stats.tokens_gained", n)), integers or booleans (true counts 1). The
// lab sums them over games without knowing the pack. It also reads:
// - the histograms the packs declare (scripting/measure_spec.h): game properties PREFIX + K for
//   the keys K of each;
// - every integer or boolean player property, per seat; the declared score is one of them.
// A "stats." value that is neither an integer, a boolean nor an integral float is not counted;
// its name is listed in `ignored` so the results can say so. A histogram's property whose key is
// not an integer in its range, or whose value is not such a number, is not counted either.
// A game that publishes a value of magnitude above kMaxLabValue (lab/moments.h) fails instead
// (out_of_range), so that no sum can overflow and a bad game costs only itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scripting/measure_spec.h"
#include "scripting/session.h"

namespace catan::lab {

// The counts of one declared histogram in one game.
struct HistogramCounts {
  std::string name;                                  // HistogramSpec::name
  std::vector<std::pair<int, std::int64_t>> counts;  // (key, times), ascending key
  bool operator==(const HistogramCounts&) const = default;
};

struct GameRecord {
  std::uint64_t index = 0;  // game index within the master seed
  bool ok = true;           // false: a script, agent or setup error ended the game
  std::string error;        // one line, when !ok
  std::string replay_file;  // where the failed game's replay was saved ("" if not saved)
  int winner = -1;          // 0-based seat; -1 without a winner
  int first_player = 0;     // 0-based seat that played the first turn
  int turns = 0;
  int rounds = 0;
  std::uint64_t decisions = 0;
  std::vector<HistogramCounts> histograms;                  // declaration order
  std::vector<std::pair<std::string, std::int64_t>> stats;  // name without "stats."
  std::vector<std::vector<std::pair<std::string, std::int64_t>>> seat_props;  // per seat
  std::vector<std::string> ignored;  // unusable "stats." names
  // The agent name of every seat (lab/rotation.h); empty when unknown (then no per-bot totals).
  std::vector<std::string> seat_bots;
  // The declared score property ("" when none): its per-bot totals are kept (Aggregate).
  std::string score;
};

// Extracts the record of game `index` from its result, reading what `declared` names;
// `first_player` is the 0-based seat that began (GameState::first_player after the game).
GameRecord make_record(const scripting::GameResult& result, std::uint64_t index, int first_player,
                       const packs::MeasureSpec& declared);

// The first value of `r` (made by make_record with `declared`) whose magnitude is above
// kMaxLabValue, as the game set it: "stats.NAME to V", "dice_histogram.7 to V" (the histogram's
// game property) or "player property 'NAME' of seat S to V" (S 1-based); nullopt when every value
// is within the limit. Turns, rounds and decisions are ints, always within it. The values are
// looked at in a fixed order (stats, histograms, player properties seat by seat, each in the
// record's order), so which one is named depends on the game only.
std::optional<std::string> out_of_range(const GameRecord& r, const packs::MeasureSpec& declared);

// The error of game `index` under configuration `config` (1-based) whose value `what`
// (out_of_range) is out of range; lab::failure_class files it under "out of range".
std::string out_of_range_error(std::uint64_t index, std::size_t config, const std::string& what);

// How out_of_range_error's messages begin.
inline constexpr std::string_view kOutOfRangePrefix = "value out of range: ";

}  // namespace catan::lab
