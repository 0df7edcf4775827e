// Options of decisions: their ids and the text people see (describers). An option is a string,
// which is its own id, or a table with a string field `id` and fields that say what it does; a
// describer a pack registers (game.describe) turns an option into text, and without one the text
// is the id.
#include "scripting/options.h"

#include <fmt/format.h>

#include "scripting/api_args.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

std::string option_name(std::string_view kind, int option) {
  return option >= 0 ? fmt::format("option {} of decision '{}'", option + 1, kind)
                     : fmt::format("an option of decision '{}'", kind);
}

// Calls the describers in `list` (a flat array {fn1, pack1, fn2, pack2, ...}, stack index) from
// the last registered, each as fn(option, kind), until one returns a string, which it leaves on
// the stack (true); false when none did.
bool run_describers(lua_State* L, Session::Impl& s, int list, int kind_index, int option_index) {
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, list));
  for (lua_Integer i = n - 1; i >= 1; i -= 2) {
    lua_rawgeti(L, list, i + 1);
    const int pack = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    FrameGuard frame(s, Frame{-1, pack, "describer"});
    lua_rawgeti(L, list, i);
    lua_pushvalue(L, option_index);
    lua_pushvalue(L, kind_index);
    s.call(2, 1);
    if (lua_type(L, -1) == LUA_TSTRING) return true;
    if (!lua_isnil(L, -1))
      throw std::runtime_error(
          fmt::format("a describer of decision '{}' returned a {}; expected a string or nil",
                      lua_tostring(L, kind_index), luaL_typename(L, -1)));
    lua_pop(L, 1);
  }
  return false;
}

}  // namespace

std::string_view push_option_id(lua_State* L, int index, std::string_view kind, int option) {
  index = lua_absindex(L, index);
  const int type = lua_type(L, index);
  if (type == LUA_TSTRING) {
    lua_pushvalue(L, index);
  } else if (type != LUA_TTABLE || lua_getfield(L, index, "id") != LUA_TSTRING) {
    throw std::runtime_error(fmt::format(
        "{} has no id (an option is a string, or a table with a string field 'id'; this one is "
        "{})",
        option_name(kind, option),
        type == LUA_TTABLE ? fmt::format("a table whose id is {}", luaL_typename(L, -1))
                           : fmt::format("a {}", lua_typename(L, type))));
  }
  std::size_t n = 0;
  const char* id = lua_tolstring(L, -1, &n);
  return {id, n};
}

void push_option_label(lua_State* L, Session::Impl& s, int kind_index, int option_index,
                       int option) {
  kind_index = lua_absindex(L, kind_index);
  option_index = lua_absindex(L, option_index);
  const int top = lua_gettop(L);
  s.push_game_table("describers");
  const int describers = top + 1;
  lua_pushnil(L);
  if (lua_next(L, describers) != 0) {  // any describers at all
    lua_settop(L, describers);
    struct Describing {
      Session::Impl& s;
      explicit Describing(Session::Impl& s) : s(s) {
        ++s.describing;
        ++s.agent_depth;
        s.guard_views();
      }
      ~Describing() {
        --s.describing;
        --s.agent_depth;
      }
    } describing(s);
    for (int pass = 0; pass < 2; ++pass) {
      if (pass == 0)
        lua_pushvalue(L, kind_index);
      else
        lua_pushboolean(L, 1);
      if (lua_rawget(L, describers) == LUA_TTABLE &&
          run_describers(L, s, describers + 1, kind_index, option_index)) {
        lua_replace(L, describers);
        lua_settop(L, describers);
        return;
      }
      lua_settop(L, describers);
    }
  }
  std::size_t n = 0;
  const char* kind = lua_tolstring(L, kind_index, &n);
  push_option_id(L, option_index, {kind, n}, option);
  lua_replace(L, describers);
  lua_settop(L, describers);
}

namespace {

// What the kernel counts for one describer (docs/lua-api.md, "Kernel limits").
constexpr std::size_t kDescriberBytes = 24;

// game.describe(kind, fn) / game.describe(fn): registers fn(option, kind) -> text or nil as a
// describer of the options of decisions of `kind` (of every kind without one).
int g_describe(lua_State* L) {
  Session::Impl& s = session(L);
  const bool any = lua_type(L, 1) == LUA_TFUNCTION;
  const int fn = any ? 1 : 2;
  if (!any) luaL_checkstring(L, 1);
  luaL_checktype(L, fn, LUA_TFUNCTION);
  if (s.loading_pack < 0)
    luaL_error(L, "game.describe: describers are registered while a pack loads");
  s.push_game_table("describers");
  if (any)
    lua_pushboolean(L, 1);
  else
    lua_pushvalue(L, 1);
  if (lua_rawget(L, -2) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    if (any)
      lua_pushboolean(L, 1);
    else
      lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
  }
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  lua_pushvalue(L, fn);
  lua_rawseti(L, -2, n + 1);
  lua_pushinteger(L, s.loading_pack);
  lua_rawseti(L, -2, n + 2);
  s.session_bytes += kDescriberBytes;
  s.check_memory(L);
  return 0;
}

// game.label(kind, option) -> text: what people see for `option` of a decision of `kind`.
int g_label(lua_State* L) {
  Session::Impl& s = session(L);
  luaL_checkstring(L, 1);
  luaL_checkany(L, 2);
  push_option_label(L, s, 1, 2, -1);
  return 1;
}

}  // namespace

void open_option_api(lua_State* L, Session::Impl& s) {
  static const luaL_Reg functions[] = {
      {"describe", lua::protect<g_describe>}, {"label", lua::protect<g_label>}, {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  luaL_setfuncs(L, functions, 1);
}

}  // namespace catan::scripting
