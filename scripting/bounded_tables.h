#pragma once
// The table library with bounded work (library_bounds.h).

#include "scripting/lua_state.h"

namespace catan::lua {

// The standard functions of Lua 5.4, each refusing a count over the element limit up front and
// charging, element by element, what it reads, writes and compares.
int bounded_insert(lua_State* L);
int bounded_remove(lua_State* L);
int bounded_move(lua_State* L);
int bounded_concat(lua_State* L);
int bounded_unpack(lua_State* L);
int bounded_sort(lua_State* L);

}  // namespace catan::lua
