#pragma once
// The argument checks the Lua API files share: the session an API function is bound to (its
// upvalue 1), and seats, holders, names, forms and counts read from its arguments. Each check
// raises a Lua argument error that names what is wrong (and the closest known name).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/game_state.h"
#include "scripting/lua_state.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

// The Session an API function was bound to: the light userdata in its upvalue 1.
inline Session::Impl& session(lua_State* L) {
  return *static_cast<Session::Impl*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// A string argument, without copying it.
inline std::string_view check_sv(lua_State* L, int arg) {
  std::size_t n = 0;
  const char* p = luaL_checklstring(L, arg, &n);
  return {p, n};
}

// Validates a 1-based seat argument and returns it 0-based.
int check_seat(lua_State* L, Session::Impl& s, int arg);
// A holder argument: a seat number or a supply name; returns the holder's index.
int check_holder(lua_State* L, Session::Impl& s, int arg);
// A name argument that `table` knows; `what` names the table in the error ("kind", "form").
int check_named(lua_State* L, const engine::NameTable& table, int arg, const char* what);
// An optional form argument: its id, or 0 (the first form) when absent.
int check_form(lua_State* L, Session::Impl& s, int arg);

// Holdings counts stay at most kMaxCount, so sums over every cell of a table that fits in memory
// cannot overflow 64 bits.
inline constexpr std::int64_t kMaxCount = (std::int64_t{1} << 32) - 1;
// A count argument: 0..kMaxCount.
std::int64_t check_count(lua_State* L, int arg);
// Refuses a count that `function` would take over kMaxCount by adding `n` to `have`.
void check_sum(lua_State* L, const char* function, std::int64_t have, std::int64_t n);

}  // namespace catan::scripting
