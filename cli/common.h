#pragma once
// Pieces every subcommand shares: the pack search path, Lua limits, and error reporting.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "scripting/lua_state.h"
#include "scripting/manifest.h"
#include "scripting/pack_search.h"

namespace catan::cli {

// Exit codes of every subcommand.
inline constexpr int kOk = 0;
inline constexpr int kRuntimeError = 1;
inline constexpr int kUsageError = 2;

// Bad arguments found after parsing (e.g. more bots than players): exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Validators for every numeric option, checked on the text before CLI11 converts it (a usage
// error, exit code 2, naming the option):
//   WholeNumber: decimal digits only, at most 2^64 - 1 ("-1", "1e23", "2.5", "+3" and
//                18446744073709551616 are refused instead of wrapping or saturating);
//   FiniteNumber: a decimal number that is finite ("nan", "inf" and "1e999" are refused).
// Ranges (CLI::Range) come after them.
extern const CLI::Validator WholeNumber;
extern const CLI::Validator FiniteNumber;

// The help of --players.
extern const char* const kPlayersHelp;

// --pack-path DIR (repeatable), searched before CATAN_PACK_PATH and the built-in folders.
struct SearchOptions {
  std::vector<std::string> pack_paths;
  void add_to(CLI::App& app);
  packs::PackSearch make() const;
};

// --memory-limit MB, --time-limit S, --instruction-limit N, --pattern-limit N, --no-sandbox.
struct LimitOptions {
  std::size_t memory_mb = 256;
  double time_limit_s = lua::Limits{}.time_limit_ms / 1000.0;
  std::uint64_t instructions = lua::Limits{}.instructions;
  std::uint64_t pattern_cost = lua::Limits{}.pattern_cost;
  bool no_sandbox = false;
  void add_to(CLI::App& app);
  lua::Limits make() const;
  // The hard deadline of one game in milliseconds (0: none) for --game-deadline `seconds`: a
  // negative value takes the default, 3 x --time-limit + 5 s (none without a time limit), and at
  // least kSearchDeadlineS when a seat plays the search agent (`bots`), whose games are long.
  // Throws UsageError for NaN or infinity.
  std::uint32_t game_deadline_ms(double seconds, const std::vector<std::string>& bots = {}) const;
  static constexpr double kSearchDeadlineS = 1200;
};

// The game a command plays: packs (positional, --rules, --variant), --players, --bots,
// --option, --seed, --max-turns. Shared by `play` and `bench`.
struct GameOptions {
  std::vector<std::string> packs, variants, options;
  std::string rules, bots = "random";
  int players = 0;           // --players; 0 until settle_players when not given
  int fallback_players = 2;  // the count when neither --players, --bots nor the packs give one
  int max_turns = 1000;
  std::uint64_t seed = 1;
  void add_to(CLI::App& app, const char* bots_help);
  // Packs in the order given: --rules first, then positional packs, then --variant. Throws
  // UsageError when none is given.
  std::vector<std::string> requested() const;
  // Settles `players` for a game whose packs support `range`: --players as given, else the number
  // of agents --bots names when it names two or more, else the packs' default, else
  // fallback_players moved into the range. Throws UsageError quoting the range when the count
  // is outside it ("--players 7: base supports 3 to 4 players").
  void settle_players(const packs::PlayerRange& range);
  // One agent name per seat: --bots split at commas, the last filling the remaining seats.
  // Throws UsageError when it names more agents than there are players.
  std::vector<std::string> seats() const;
};

// The built-in pack folders: rules/, variants/ and examples/ beside the executable's parent (the
// source tree when run as build/catan), else those of the source tree the executable was built
// from.
std::vector<std::filesystem::path> builtin_pack_dirs();

// The arguments of this process after the program name, as run_cli received them: the command
// line `--slurm` writes into its job scripts.
const std::vector<std::string>& command_arguments();
void set_command_arguments(std::vector<std::string> args);

// Prints "catan: error: MESSAGE" (first line only, control bytes escaped by
// engine::terminal_safe) on stderr.
void print_error(const std::string& message);

}  // namespace catan::cli
