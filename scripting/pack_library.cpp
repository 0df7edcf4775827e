// Pack libraries: the "library" scripts of a manifest return tables of values (constants,
// helper functions) that other packs read with require(name). What a pack exports is frozen:
// every table in it, nested ones too, is a read-only proxy, so no pack can change what another
// pack or another game sees. Exports are made again for every game, with the pack's entry
// scripts, so their functions close over that game's environment.
#include "scripting/pack_library.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "scripting/api_args.h"
#include "scripting/frozen.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

// Load index of the loaded pack called `name`, or -1.
int find_pack(const Impl& s, std::string_view name) {
  for (std::size_t j = 0; j < s.packs.size(); ++j)
    if (s.packs[j].manifest->name == name) return static_cast<int>(j);
  return -1;
}

// Pushes the current exports of the pack `name` for code of pack `asker`, or raises the error
// that says why it cannot have them.
void push_exports(lua_State* L, Impl& s, int asker, const char* name) {
  const auto& me = s.packs[static_cast<std::size_t>(asker)];
  const int j = find_pack(s, name);
  if (j < 0 || std::find(me.reachable.begin(), me.reachable.end(), j) == me.reachable.end())
    luaL_error(L,
               "require: pack '%s' does not require pack '%s' (add it to \"requires\" in its "
               "pack.json)",
               me.manifest->name.c_str(), name);
  const auto& pack = s.packs[static_cast<std::size_t>(j)];
  if (pack.manifest->library.empty())
    luaL_error(L, "require: pack '%s' exports nothing (its pack.json has no \"library\")", name);
  if (pack.exports_ref == LUA_NOREF)
    luaL_error(L, "require: the library of pack '%s' is still loading", name);
  lua_rawgeti(L, LUA_REGISTRYINDEX, pack.exports_ref);
}

// require(name) of a pack's code. Upvalues: the session, the asking pack's load index.
int pack_require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  push_exports(L, session(L), static_cast<int>(lua_tointeger(L, lua_upvalueindex(2))), name);
  return 1;
}

// __index of a test file's view of a pack's exports: reads the current game's exports.
// Upvalues: the session, the asking pack's load index, the exporting pack's name.
int live_index(lua_State* L) {
  push_exports(L, session(L), static_cast<int>(lua_tointeger(L, lua_upvalueindex(2))),
               lua_tostring(L, lua_upvalueindex(3)));
  lua_pushvalue(L, 2);
  lua_gettable(L, -2);
  return 1;
}

int live_newindex(lua_State* L) {
  return luaL_error(L, "attempt to modify read-only table 'exports of %s'",
                    lua_tostring(L, lua_upvalueindex(3)));
}

// __pairs of the same view: the pairs of the current exports.
int live_pairs(lua_State* L) {
  push_exports(L, session(L), static_cast<int>(lua_tointeger(L, lua_upvalueindex(2))),
               lua_tostring(L, lua_upvalueindex(3)));
  luaL_getmetafield(L, -1, "__pairs");  // exports are proxies: their own ordered pairs
  lua_insert(L, -2);
  lua_call(L, 1, 3);
  return 3;
}

// require(name) of a test file: checks like pack_require, returns a live view (live_index).
int test_require(lua_State* L) {
  Impl& s = session(L);
  const char* name = luaL_checkstring(L, 1);
  const auto asker = lua_tointeger(L, lua_upvalueindex(2));
  push_exports(L, s, static_cast<int>(asker), name);  // the checks, now
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 4);
  const luaL_Reg methods[] = {{"__index", live_index},
                              {"__newindex", live_newindex},
                              {"__pairs", live_pairs},
                              {nullptr, nullptr}};
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushinteger(L, asker);
  lua_pushstring(L, name);
  luaL_setfuncs(L, methods, 3);
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  return 1;
}

}  // namespace

void load_library(Impl& s, std::size_t i) {
  lua_State* L = s.lua.get();
  Impl::Pack& pack = s.packs[i];
  if (pack.exports_ref != LUA_NOREF) {
    luaL_unref(L, LUA_REGISTRYINDEX, pack.exports_ref);
    pack.exports_ref = LUA_NOREF;
  }
  if (pack.library_chunks.empty()) return;
  const std::string& name = pack.manifest->name;
  const int top = lua_gettop(L);
  lua_newtable(L);
  const int merged = lua_gettop(L);
  std::map<std::string, std::string> from;  // key -> the file that exported it
  for (const auto& chunk : pack.library_chunks) {
    {
      FrameGuard frame(s, Frame{-1, static_cast<int>(i), "load"});
      lua_rawgeti(L, LUA_REGISTRYINDEX, chunk.ref);
      lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
      s.call(1, 1);
    }
    if (!lua_istable(L, -1))
      throw std::runtime_error(
          fmt::format("pack '{}', load: library {} must return a table of what it exports, got {}",
                      name, chunk.file, luaL_typename(L, -1)));
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) != LUA_TSTRING)
        throw std::runtime_error(
            fmt::format("pack '{}', load: library {} exports a key that is not a name ({})", name,
                        chunk.file, luaL_typename(L, -2)));
      const std::string key = lua_tostring(L, -2);
      if (const auto [it, added] = from.emplace(key, chunk.file); !added)
        throw std::runtime_error(
            fmt::format("pack '{}', load: library {} exports '{}', which {} "
                        "exports too",
                        name, chunk.file, key, it->second));
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, merged);
    }
    lua_pop(L, 1);
  }
  push_frozen(L, merged, "exports of " + name);
  pack.exports_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
}

void push_require(Impl& s, int i) {
  lua_State* L = s.lua.get();
  lua_pushlightuserdata(L, &s);
  lua_pushinteger(L, i);
  lua_pushcclosure(L, pack_require, 2);
}

void push_test_require(Impl& s, int i) {
  lua_State* L = s.lua.get();
  lua_pushlightuserdata(L, &s);
  lua_pushinteger(L, i);
  lua_pushcclosure(L, test_require, 2);
}

std::vector<ExportInfo> Session::exports(const std::string& name) {
  Impl& s = *impl_;
  if (s.game_ref == LUA_NOREF) s.load_game(1, 0, 2, s.default_options);
  const int j = find_pack(s, name.c_str());
  if (j < 0) throw std::runtime_error(fmt::format("pack '{}' is not loaded", name));
  const auto& pack = s.packs[static_cast<std::size_t>(j)];
  std::vector<ExportInfo> out;
  if (pack.exports_ref == LUA_NOREF) return out;
  lua_State* L = s.lua.get();
  const lua::StackGuard guard(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, pack.exports_ref);
  // Exports are frozen proxies: walk them with their own __pairs.
  luaL_getmetafield(L, -1, "__pairs");
  lua_pushvalue(L, -2);
  lua_call(L, 1, 3);
  const int next = lua_gettop(L) - 2;
  while (true) {
    lua_pushvalue(L, next);
    lua_pushvalue(L, next + 1);
    lua_pushvalue(L, next + 2);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) break;
    ExportInfo e;
    std::size_t length = 0;  // a name may hold any bytes, '\0' among them
    const char* key = lua_tolstring(L, -2, &length);
    e.name.assign(key, length);
    e.type = luaL_typename(L, -1);
    if (lua_isfunction(L, -1) && !lua_iscfunction(L, -1)) {
      lua_Debug ar;
      lua_pushvalue(L, -1);
      lua_getinfo(L, ">Su", &ar);
      for (int i = 1; i <= ar.nparams; ++i) {
        lua_pushvalue(L, -1);
        const char* param = lua_getlocal(L, nullptr, i);
        lua_pop(L, 1);
        e.params.emplace_back(param ? param : fmt::format("arg{}", i));
      }
      if (ar.isvararg) e.params.emplace_back("...");
      e.file = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
      e.line = ar.linedefined;
    }
    out.push_back(std::move(e));
    lua_copy(L, -2, next + 2);  // the control variable: this key
    lua_pop(L, 2);
  }
  std::sort(out.begin(), out.end(),
            [](const ExportInfo& a, const ExportInfo& b) { return a.name < b.name; });
  return out;
}

}  // namespace catan::scripting
