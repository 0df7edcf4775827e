#pragma once
// The assertions of the `t` object pack tests receive (docs/authoring.md, "Test it"):
//   t.eq(actual, expected [, message])  deep equality of plain data, no metamethod runs; the
//                                       failure shows both values ("expected X, got Y")
//   t.ok(value [, message])             value is truthy
//   t.raises(fn, text)                  fn raises an error containing text; returns its message
// Each failure is a Lua error with the message; budget and memory trips are never swallowed.

#include "scripting/lua_state.h"

namespace catan::scripting {

// Installs eq, ok and raises into the table on top of the stack.
void open_test_assertions(lua_State* L);

}  // namespace catan::scripting
