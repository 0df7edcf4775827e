// The assertions of the `t` object pack tests receive (docs/authoring.md, "Test it"):
// t.eq (deep equality of plain data), t.ok and t.raises.
#include "scripting/test_assertions.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "scripting/sandbox.h"

namespace catan::scripting {

namespace {

// Deep equality for plain data: two tables are equal when they have the same keys (raw keys,
// compared by identity) and equal values under each; any other values are compared with
// rawequal. No metamethod runs. The comparison is iterative: the pairs of tables still to
// compare wait in a Lua table (work), so nesting depth costs neither C nor Lua stack, and each
// pair of tables is compared at most once (seen[x][y]): a pair met again, through a shared
// sub-table or a cycle, is taken as equal while its first comparison decides. Time and memory
// are linear in the pairs of tables met in step plus their entries; the memory counts against the
// state's cap.
bool equal(lua_State* L, int a, int b) {
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  if (lua_rawequal(L, a, b)) return true;
  if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE) return false;
  luaL_checkstack(L, 12, "t.eq");
  lua_newtable(L);
  const int work = lua_gettop(L);  // x1, y1, x2, y2, ...: pairs of tables still to compare
  lua_newtable(L);
  const int seen = lua_gettop(L);  // seen[x][y] = true for every pair ever queued
  lua_Integer queued = 0;
  // Queues the tables at (absolute) x and y unless that pair was queued before.
  const auto queue = [&](int x, int y) {
    lua_pushvalue(L, x);
    if (lua_rawget(L, seen) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, x);
      lua_pushvalue(L, -2);
      lua_rawset(L, seen);
    }
    lua_pushvalue(L, y);
    if (lua_rawget(L, -2) == LUA_TNIL) {
      lua_pushvalue(L, y);
      lua_pushboolean(L, 1);
      lua_rawset(L, -4);
      lua_pushvalue(L, x);
      lua_rawseti(L, work, ++queued);
      lua_pushvalue(L, y);
      lua_rawseti(L, work, ++queued);
    }
    lua_pop(L, 2);
  };
  queue(a, b);
  bool same = true;
  while (same && queued > 0) {
    lua_rawgeti(L, work, queued - 1);
    lua_rawgeti(L, work, queued);
    lua_pushnil(L);
    lua_rawseti(L, work, queued--);
    lua_pushnil(L);
    lua_rawseti(L, work, queued--);
    const int x = lua_gettop(L) - 1, y = lua_gettop(L);
    for (int pass = 0; pass < 2 && same; ++pass) {
      const int from = pass == 0 ? x : y, to = pass == 0 ? y : x;
      lua_pushnil(L);
      while (lua_next(L, from)) {  // key, value
        lua_pushvalue(L, -2);
        lua_rawget(L, to);  // key, value in `from`, value in `to`
        const int mine = lua_gettop(L) - 1, theirs = lua_gettop(L);
        if (!lua_rawequal(L, mine, theirs)) {
          if (lua_type(L, mine) == LUA_TTABLE && lua_type(L, theirs) == LUA_TTABLE) {
            if (pass == 0)
              queue(mine, theirs);
            else
              queue(theirs, mine);
          } else {
            same = false;
          }
        }
        lua_pop(L, 2);
        if (!same) {
          lua_pop(L, 1);  // the key
          break;
        }
      }
    }
    lua_pop(L, 2);  // x, y
  }
  lua_pop(L, 2);  // work, seen
  return same;
}

// Renders a value for a failure message (tables one level deep, keys sorted).
std::string show(lua_State* L, int index, int depth = 0) {
  index = lua_absindex(L, index);
  if (lua_type(L, index) == LUA_TSTRING) return fmt::format("\"{}\"", lua_tostring(L, index));
  if (lua_type(L, index) != LUA_TTABLE || depth > 1) {
    std::string out = luaL_tolstring(L, index, nullptr);
    lua_pop(L, 1);
    return out;
  }
  std::vector<std::pair<std::string, std::string>> items;
  lua_pushnil(L);
  while (lua_next(L, index)) {
    std::string key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : show(L, -2, depth + 1);
    items.emplace_back(std::move(key), show(L, -1, depth + 1));
    lua_pop(L, 1);
  }
  std::sort(items.begin(), items.end());
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}{}={}", i ? ", " : "", items[i].first, items[i].second);
  return out + "}";
}

int t_eq(lua_State* L) {
  luaL_checkany(L, 2);
  if (equal(L, 1, 2)) return 0;
  const std::string msg = lua_isnoneornil(L, 3) ? "" : std::string(luaL_checkstring(L, 3)) + ": ";
  const std::string text = fmt::format("{}expected {}, got {}", msg, show(L, 2), show(L, 1));
  return luaL_error(L, "%s", text.c_str());
}

int t_ok(lua_State* L) {
  luaL_checkany(L, 1);
  if (lua_toboolean(L, 1)) return 0;
  return luaL_error(L, "%s", luaL_optstring(L, 2, "expected a true value"));
}

// t.raises(fn, text): fn must raise an error whose message contains `text`; returns the message.
int t_raises(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  const char* expected = luaL_checkstring(L, 2);
  lua_pushvalue(L, 1);
  const int status = lua_pcall(L, 0, 0, 0);
  lua::check_trip(L, status);  // budget and memory trips are not the error a test expects
  if (status == LUA_OK)
    return luaL_error(L, "expected an error containing \"%s\", but none was raised", expected);
  const char* message = lua_tostring(L, -1);
  if (!message || !std::strstr(message, expected))
    return luaL_error(L, "expected an error containing \"%s\", got \"%s\"", expected,
                      message ? message : luaL_typename(L, -1));
  return 1;
}

}  // namespace

void open_test_assertions(lua_State* L) {
  const luaL_Reg functions[] = {{"eq", lua::protect<t_eq>},
                                {"ok", lua::protect<t_ok>},
                                {"raises", lua::protect<t_raises>},
                                {nullptr, nullptr}};
  luaL_setfuncs(L, functions, 0);
}

}  // namespace catan::scripting
