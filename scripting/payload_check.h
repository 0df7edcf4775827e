// Holds events to their declared payloads (scripting/event_spec.h). Every game checks the
// writable fields after each handler (writable_problem: a handler setting a dice total of 13 or
// "7" fails the game at its line). With payload checks on (pack tests,
// GameConfig::check_payloads) the session also checks each raise and, after each handler, that
// read-only fields kept their values, so a raise that drifts from its declaration fails too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scripting/event_spec.h"

struct lua_State;

namespace catan::scripting {

class PayloadCheck {
 public:
  // The values of an event's read-only fields, taken before a handler runs.
  struct Snapshot {
    struct Value {
      int lua_type = 0;
      double number = 0;
      bool boolean = false;
      const void* pointer = nullptr;  // tables, functions, userdata: identity
      std::string text;
      bool operator==(const Value&) const = default;
    };
    std::vector<Value> values;  // one per read-only field, declaration order
  };

  // The raise of a declared event, its payload at stack index `payload` (a table): every key is
  // a declared field and every declared field holds a value of its type (nil only when
  // optional). Throws std::runtime_error "event 'E' raised by RAISER: payload field 'F': ...".
  static void check_raise(lua_State* L, const packs::EventSpec& spec, int payload, int players,
                          std::string_view raiser);
  // The first writable field whose value does not fit its declaration, as "payload field 'F':
  // PROBLEM"; nullopt when all fit. Costs a field read per writable field.
  static std::optional<std::string> writable_problem(lua_State* L, const packs::EventSpec& spec,
                                                     int payload, int players);
  // The read-only fields' values now.
  static Snapshot snapshot(lua_State* L, const packs::EventSpec& spec, int payload);
  // After a handler (`who` names it: "the handler at FILE:LINE (pack P)"): read-only fields equal
  // `before`, every field still holds a value of its type. Throws std::runtime_error naming the
  // event, `who` and the field.
  static void check_handler(lua_State* L, const packs::EventSpec& spec, int payload, int players,
                            const Snapshot& before, std::string_view who);
};

}  // namespace catan::scripting
