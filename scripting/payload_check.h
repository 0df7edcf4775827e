// Holds events to their declared payloads (scripting/event_spec.h). With payload checks on
// (pack tests, SessionConfig::check_payloads) the session asks this before an event's handlers
// run and after each one, so a raise that drifts from its declaration, or a handler that writes
// a read-only field or a value of the wrong type, fails the game with a message that names the
// event, the field and the code at fault. Off, it costs nothing: nothing calls it.
#pragma once

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
  // The read-only fields' values now.
  static Snapshot snapshot(lua_State* L, const packs::EventSpec& spec, int payload);
  // After a handler (`who` names it: "the handler at FILE:LINE (pack P)"): read-only fields equal
  // `before`, every field still holds a value of its type. Throws std::runtime_error naming the
  // event, `who` and the field.
  static void check_handler(lua_State* L, const packs::EventSpec& spec, int payload, int players,
                            const Snapshot& before, std::string_view who);
};

}  // namespace catan::scripting
