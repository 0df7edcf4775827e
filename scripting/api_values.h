#pragma once
// Conversions between kernel values (engine::Value, pack options) and Lua values.

#include <string_view>

#include "engine/game_state.h"
#include "scripting/lua_state.h"
#include "scripting/pack_options.h"
#include "scripting/session.h"

namespace catan::scripting {

// Converts between kernel values and Lua values.
void push_value(lua_State* L, const engine::Value& v);
engine::Value to_value(lua_State* L, int index);  // raises a Lua error for non-scalar values
// Sets property `key` of element `id` to the Lua value at `index` (as to_value() would convert
// it; strings are written without building a temporary Value).
// Raises the memory trip when the change made the kernel hold more than the cap allows.
void set_property(lua_State* L, Session::Impl& s, engine::Properties& props, int id,
                  std::string_view key, int index);
void push_option(lua_State* L, const packs::OptionValue& v);

}  // namespace catan::scripting
