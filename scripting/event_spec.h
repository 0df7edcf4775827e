// An event a pack declares in its manifest: when it is raised, what its payload holds, which
// fields a handler may change, and what happens by default. The declaration is the event's one
// contract: the docs' event tables are generated from it (`catan info PACK --markdown`), and
// with payload checks on (pack tests) the kernel holds every raise and every handler to it
// (scripting/payload_check.h).
//
//   "base.roll": {
//     "when": "the dice were rolled",
//     "payload": {
//       "player": {"type": "seat", "description": "the player who rolled"},
//       "total": {"type": "integer", "min": 2, "max": 12, "writable": true,
//                 "description": "the sum of the dice"}
//     },
//     "handlers": "change `dice` and `total` (e.g. re-roll)",
//     "default": "...",
//     "only_when_handled": true
//   }
//
// A declaration may also be one string (the "when" alone): such an event has no declared
// payload, so nothing about its payload is checked or documented.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catan::packs {

// An event the kernel declares and raises itself. No pack may declare one (a pack handles them
// with game.on); a manifest that does is refused when it is read.
struct KernelEvent {
  std::string_view name;
  std::string_view when;
};
inline constexpr KernelEvent kKernelEvents[] = {
    {"game.setup", "Build the components: kinds, supplies, decks, board."},
    {"game.start", "Before the first turn: initial placement."},
    {"turn", "One player's turn; payload {player, turn, round}."},
    {"game.end", "The game ended; payload {winner, reason}."},
};

// The Lua type a payload field holds. Seat: an integer from 1 to the number of players.
enum class FieldType { Any, Seat, Integer, Number, String, Boolean, Table, Function };

// One field of an event's payload.
// Invariants after load_manifest: name is a Lua identifier; description is non-empty; min and max
// are set only for Integer and Number, min <= max when both are; choices only for String.
struct PayloadField {
  std::string name;
  FieldType type = FieldType::Any;
  bool writable = false;  // a handler may assign it (or, for a table, edit its contents)
  bool optional = false;  // may be nil: absent when raised, or set later (by the default action)
  std::optional<double> min, max;
  std::vector<std::string> choices;
  std::string description;
};

// Invariants after load_manifest: name matches [a-z][a-z0-9_.]*; when is non-empty; field names
// are unique. `structured` is false for the one-string form (payload, handlers and deflt empty).
struct EventSpec {
  std::string name;
  std::string when;                   // when it is raised (the whole text of the one-string form)
  bool structured = false;            // declared as an object, payload included
  std::vector<PayloadField> payload;  // declaration order
  std::string handlers;               // what handlers may do ("" when unstated)
  std::string deflt;                  // the default action ("" when there is none)
  bool only_when_handled = false;     // raised only while the event has handlers

  // The field called `name`, or nullptr.
  const PayloadField* field(std::string_view name) const;
};

// A number as people write it: whole numbers without a fraction ("12", "0.5").
std::string number_text(double x);

// "seat", "integer", ... (the spelling used in pack.json).
std::string_view to_string(FieldType type);
// The type spelled `name`, or nullopt.
std::optional<FieldType> field_type_named(std::string_view name);

// Why `value`, a Lua value summarised for checking, does not fit `field`, as a message fragment
// ("expected an integer, got a string", "14 is above the maximum 12"); nullopt when it fits.
// `lua_type` is the value's Lua type name ("nil", "number", ...); `number` and `is_integer` are
// read for numbers, `text` for strings; `players` bounds seats.
struct FieldValue {
  std::string_view lua_type;
  double number = 0;
  bool is_integer = false;
  std::string_view text;
};
std::optional<std::string> field_value_problem(const PayloadField& field, const FieldValue& value,
                                               int players);

}  // namespace catan::packs
