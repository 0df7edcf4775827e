#pragma once
// Ordered traversal of Lua tables: the order pairs() follows in the sandbox (scripting/sandbox.h:
// integer keys 1..n, then numbers ascending, strings bytewise, false, true). ordered_pairs, the
// lua_CFunction behind pairs and opairs, is declared in sandbox.h.

#include <lua.hpp>

namespace catan::lua {

// Pushes iterator, table, nil for the ordered traversal of the table at stack index `table` (its
// key set captured now, charged to the call as a "pairs" meter); returns 3. Raises "pairs: keys
// of type T have no defined order; use an array" for a key that is not a number, string or
// boolean.
int push_ordered_iterator(lua_State* L, int table);

}  // namespace catan::lua
