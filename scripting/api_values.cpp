// Conversions between kernel values and Lua values.
#include "scripting/api_values.h"

#include <fmt/format.h>

#include "scripting/session_impl.h"

namespace catan::scripting {

void push_value(lua_State* L, const engine::Value& v) {
  // get_if on the active alternative instead of std::visit: no dispatch table, and the common
  // nil and integer cases are tested first.
  if (std::holds_alternative<std::monostate>(v)) {
    lua_pushnil(L);
  } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
    lua_pushinteger(L, *i);
  } else if (const auto* s = std::get_if<std::string>(&v)) {
    lua_pushlstring(L, s->data(), s->size());
  } else if (const auto* b = std::get_if<bool>(&v)) {
    lua_pushboolean(L, *b);
  } else {
    lua_pushnumber(L, std::get<double>(v));
  }
}

void set_property(lua_State* L, Session::Impl& s, engine::Properties& props, int id,
                  std::string_view key, int index) {
  const std::size_t before = props.bytes();
  if (lua_type(L, index) == LUA_TSTRING) {
    std::size_t n = 0;
    const char* text = lua_tolstring(L, index, &n);
    props.set_string(id, key, {text, n});
  } else {
    props.set(id, key, to_value(L, index));
  }
  // A new name or a longer string: the kernel holds more (one Lua string's worth at most).
  if (props.bytes() > before) s.check_memory(L);
}

engine::Value to_value(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return {};
    case LUA_TBOOLEAN:
      return static_cast<bool>(lua_toboolean(L, index));
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return static_cast<std::int64_t>(lua_tointeger(L, index));
      return lua_tonumber(L, index);
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      return std::string(s, n);
    }
    default:
      luaL_error(L, "a property value must be nil, a boolean, a number or a string, not a %s",
                 luaL_typename(L, index));
      return {};
  }
}

void push_option(lua_State* L, const packs::OptionValue& v) {
  std::visit(
      [L](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>)
          lua_pushboolean(L, x);
        else if constexpr (std::is_same_v<T, std::int64_t>)
          lua_pushinteger(L, x);
        else if constexpr (std::is_same_v<T, double>)
          lua_pushnumber(L, x);
        else
          lua_pushlstring(L, x.data(), x.size());
      },
      v);
}

}  // namespace catan::scripting
