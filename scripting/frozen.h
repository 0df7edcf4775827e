#pragma once
// Freezing: the read-only copy of a Lua value that pack exports are made of. Every table
// reachable from the value (through values; keys are kept as they are) is copied into a backing
// table behind a read-only proxy (lua::push_read_only), so no pack can change what another reads.
// Tables shared in the value stay shared in the copy, and cycles are kept. The walk keeps its
// pending tables in a Lua array, never on the C stack: a value nested to any depth is frozen, at a
// cost in memory that the state's cap bounds.

#include <string>

struct lua_State;

namespace catan::scripting {

// Pushes the frozen copy of the value at `index` (the value itself when it is not a table); every
// proxy refuses writes naming `name`. Raises a Lua error (memory) like any allocation.
void push_frozen(lua_State* L, int index, const std::string& name);

}  // namespace catan::scripting
