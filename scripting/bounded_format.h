#pragma once
// string.format with bounded work (library_bounds.h).

#include "scripting/lua_state.h"

namespace catan::lua {

// The standard function of Lua 5.4, charging each conversion and the bytes it makes, and
// checking the limits between conversions and inside long %q strings.
int bounded_format(lua_State* L);

}  // namespace catan::lua
