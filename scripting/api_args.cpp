// The argument checks the Lua API files share (scripting/api_args.h).
#include "scripting/api_args.h"

#include <string>

#include <fmt/format.h>

namespace catan::scripting {

int check_seat(lua_State* L, Session::Impl& s, int arg) {
  const lua_Integer seat = luaL_checkinteger(L, arg);
  if (seat < 1 || seat > s.state.players)
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "player %d does not exist (players are 1..%d)",
                                  static_cast<int>(seat), s.state.players));
  return static_cast<int>(seat - 1);
}

int check_holder(lua_State* L, Session::Impl& s, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) return check_seat(L, s, arg);
  const auto name = check_sv(L, arg);
  const auto id = s.state.supplies.find(name);
  if (!id) {
    const auto hint = engine::closest_name(name, s.state.supplies.names());
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "unknown supply '%s'%s", std::string(name).c_str(),
                                  hint.empty() ? "" : (" (did you mean '" + hint + "'?)").c_str()));
  }
  return s.state.holder_of_supply(*id);
}

int check_named(lua_State* L, const engine::NameTable& table, int arg, const char* what) {
  const auto name = check_sv(L, arg);
  const auto id = table.find(name);
  if (!id) {
    const auto hint = engine::closest_name(name, table.names());
    const std::string msg =
        hint.empty() ? fmt::format("unknown {} '{}'", what, name)
                     : fmt::format("unknown {} '{}' (did you mean '{}'?)", what, name, hint);
    luaL_argerror(L, arg, lua_pushstring(L, msg.c_str()));
  }
  return *id;
}

int check_form(lua_State* L, Session::Impl& s, int arg) {
  if (lua_isnoneornil(L, arg)) {
    if (s.state.forms.size() == 0) luaL_error(L, "no form declared yet (game.add_form)");
    return 0;
  }
  return check_named(L, s.state.forms, arg, "form");
}

std::int64_t check_count(lua_State* L, int arg) {
  const lua_Integer n = luaL_checkinteger(L, arg);
  if (n < 0) luaL_argerror(L, arg, "count must not be negative");
  if (n > kMaxCount)
    luaL_argerror(L, arg, lua_pushfstring(L, "count %I is over the limit of %I", n, kMaxCount));
  return n;
}

void check_sum(lua_State* L, const char* function, std::int64_t have, std::int64_t n) {
  if (have + n > kMaxCount)
    luaL_error(L, "%s: a holder would hold %I, over the limit of %I per kind and form", function,
               static_cast<lua_Integer>(have + n), static_cast<lua_Integer>(kMaxCount));
}

}  // namespace catan::scripting
