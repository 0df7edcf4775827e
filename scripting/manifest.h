// A rule pack's manifest (pack.json): what the pack is, what it needs, which scripts it runs,
// which options it takes and which events it raises. Loading validates every field, so later
// stages may rely on the invariants stated on Manifest without checking again.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "scripting/draw_spec.h"
#include "scripting/event_spec.h"
#include "scripting/measure_spec.h"

namespace catan::packs {

// Any problem with finding, reading, validating, resolving or configuring packs. The message is
// one line that names the pack (or the file when the pack's name is not known yet) and the field.
class PackError : public std::runtime_error {
 public:
  using runtime_error::runtime_error;
};

// The value of one pack option. The alternative always matches the option's OptionType:
// Boolean -> bool, Integer -> std::int64_t, Number -> double, String -> std::string.
using OptionValue = std::variant<bool, std::int64_t, double, std::string>;

enum class OptionType { Boolean, Integer, Number, String };

// One entry of the manifest's "options" object.
// Invariants after load_manifest: key is a Lua identifier ([A-Za-z_][A-Za-z0-9_]*);
// default_value holds the alternative for `type` and satisfies min/max/choices; min and max are
// set only for Integer and Number (and are whole numbers for Integer), min <= max when both are
// set; choices is non-empty only for String and has no duplicates; description is non-empty.
struct OptionSpec {
  std::string key;
  OptionType type = OptionType::Boolean;
  OptionValue default_value;
  std::optional<double> min, max;
  std::vector<std::string> choices;
  std::string description;
};

// The smallest and largest player count a game may have (the kernel's seats).
inline constexpr int kMinPlayers = 1;
inline constexpr int kMaxPlayers = 16;

// The manifest's "players" object: the player counts the pack supports and, optionally, the
// count a game has when the command line does not choose one.
// Invariants after load_manifest: kMinPlayers <= min <= max <= kMaxPlayers; a default lies in
// [min, max].
struct PlayerCounts {
  int min = kMinPlayers, max = kMaxPlayers;
  std::optional<int> default_count;
};

// One entry of the manifest's "tests": a test script and the packs loaded beside the pack under
// test while it runs (empty: the pack and what it requires).
struct TestScript {
  std::string file;               // relative path, exactly as written in the manifest
  std::vector<std::string> with;  // valid pack names, no duplicates, never the pack itself
};

// A validated pack manifest.
// Invariants after load_manifest: name matches [a-z0-9][a-z0-9-]*; version is
// MAJOR.MINOR.PATCH with optional -prerelease / +build suffixes; description is non-empty;
// requires_ and conflicts hold valid pack names, without duplicates, never `name`, and never the
// same name in both; entry is non-empty unless library is not (a library pack); every library,
// entry, test_support and tests path is relative, ends in ".lua", names an existing regular file
// inside `dir` (also after following symlinks), and appears once in all these lists together;
// option keys and event names are unique.
struct Manifest {
  std::string name, version, description;
  std::vector<std::string> requires_, conflicts;
  // Relative script paths, exactly as written in the manifest. library: run before the entry
  // scripts; the tables they return make up what require(name) gives other packs. test_support:
  // run in the test environment of this pack and of every pack tested with it loaded.
  std::vector<std::string> library, entry, test_support;
  std::vector<TestScript> tests;
  std::vector<OptionSpec> options;      // manifest order
  std::vector<EventSpec> events;        // manifest order
  DrawSpec draw;                        // "draw": how the pack's state draws (draw_spec.h)
  std::optional<PlayerCounts> players;  // "players"; nullopt when the pack states none
  MeasureSpec measures;                 // "score" and "histograms" (measure_spec.h)
  std::filesystem::path dir;            // absolute, canonical

  // A library pack: a library and no entry scripts. It gives require(name) to the packs that
  // require it and plays no game of its own (Session refuses a load of library packs only).
  bool is_library() const { return entry.empty(); }
  // The option with this key, or nullptr. The pointer lives as long as this Manifest.
  const OptionSpec* find_option(std::string_view key) const;
};

// Reads and validates dir/pack.json (JSON with // and /* */ comments allowed; duplicate keys are
// rejected). Throws PackError with a one-line message naming the pack (or the manifest path while
// the name is unknown) and the field, e.g.
//   "pack 'dice-race': field 'options.target.default': 200 is above the maximum 100".
Manifest load_manifest(const std::filesystem::path& dir);

// The player counts a game of packs loaded in `order` supports: the intersection of the ranges
// the packs state (kMinPlayers to kMaxPlayers when none states one), and the default of the last
// pack in load order that states one, moved into the range when it lies outside it (nullopt when
// no pack states a default). `stated_by` names the packs that state a range, in load order.
struct PlayerRange {
  int min = kMinPlayers, max = kMaxPlayers;
  std::optional<int> default_count;
  std::vector<std::string> stated_by;
  // "base supports 3 to 4 players", "base + x together support 3 to 3 players", or "the packs
  // support 1 to 16 players" when none states a range.
  std::string describe() const;
};

// Throws PackError when the stated ranges have no count in common, naming the packs and their
// ranges: "packs 'base' (3 to 4) and 'duel' (2 to 2) have no player count in common".
PlayerRange player_range(const std::vector<const Manifest*>& order);

// True if `name` is a valid pack name: [a-z0-9][a-z0-9-]*.
bool is_valid_pack_name(std::string_view name);

// Text form of a value as a user would type it after --option: "true"/"false", decimal integers,
// numbers in the shortest form that reads back to the same double ("0.5", "100"), strings as is.
std::string to_string(const OptionValue& value);

// "boolean", "integer", "number" or "string" (the spelling used in pack.json).
std::string_view to_string(OptionType type);

// Why `value` is not acceptable for `spec`, as a message fragment such as
// "200 is above the maximum 100" or "'c' is not one of the choices 'a', 'b'"; nullopt if it is
// acceptable. `value` must already hold the alternative for spec.type.
std::optional<std::string> option_value_problem(const OptionSpec& spec, const OptionValue& value);

}  // namespace catan::packs
