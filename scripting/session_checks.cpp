// The checks that packs kept game state where it belongs (Session::Impl,
// scripting/session_impl.h): at a game's end, that no pack global and no library copy changed
// since loading; with GameConfig::check_locals, the roots of the top-level locals check.
#include <fmt/format.h>

#include "scripting/session_impl.h"

namespace catan::scripting {

std::vector<LocalStateCheck::Root> Session::Impl::push_local_roots(
    std::unordered_set<const void*>& shared) {
  lua_State* L = lua.get();
  for (const Pack& pack : packs) {
    for (const int ref : {pack.env_ref, pack.options_ref, pack.exports_ref}) {
      if (ref == LUA_NOREF) continue;
      const int top = lua_gettop(L);
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
      shared.insert(lua_topointer(L, -1));
      if (ref == pack.env_ref && lua_getfield(L, -1, "storage") == LUA_TTABLE)
        shared.insert(lua_topointer(L, -1));
      lua_settop(L, top);
    }
  }
  std::vector<LocalStateCheck::Root> roots;
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  const int handlers = lua_gettop(L);
  const auto& events = state.events;
  for (int e = 0; e < events.size(); ++e) {
    for (const auto& spans : {events.before(e), events.after(e)}) {
      for (const auto& h : spans) {
        lua_rawgeti(L, handlers, h.callback);
        roots.push_back({lua_gettop(L), pack_name(h.pack)});
      }
    }
  }
  return roots;
}

void Session::Impl::check_globals() {
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  // The key's text without running metamethods (this runs outside any call, with no limit).
  const auto key_text = [&](int key) -> std::string {
    if (lua_type(L, key) == LUA_TSTRING) return lua_tostring(L, key);
    if (lua_type(L, key) == LUA_TNUMBER) {
      lua_pushvalue(L, key);
      std::string text = lua_tostring(L, -1);
      lua_pop(L, 1);
      return text;
    }
    return fmt::format("({} key)", luaL_typename(L, key));
  };
  const auto reassigned = [&](const Pack& pack, int key) {
    return std::runtime_error(fmt::format(
        "pack '{}' reassigned global '{}' during the game; keep game state in storage or kernel "
        "properties",
        pack.manifest->name, key_text(key)));
  };
  for (const Pack& pack : packs) {
    if (pack.snapshot_ref == LUA_NOREF) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
    const int env = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.snapshot_ref);
    const auto entries = static_cast<lua_Integer>(lua_rawlen(L, -1));
    lua_Integer present = 0;
    for (lua_Integer i = 1; i < entries; i += 2) {
      lua_rawgeti(L, -1, i);
      lua_rawgeti(L, -2, i + 1);
      lua_pushvalue(L, -2);
      if (lua_rawget(L, env) != LUA_TNIL) {
        if (!lua_rawequal(L, -1, -2)) throw reassigned(pack, -3);
        ++present;
      }
      lua_pop(L, 3);
    }
    const bool removed = present != entries / 2;
    // Globals cannot be created after loading: __newindex raises and the sandbox's rawset
    // refuses the table. Without the sandbox the real rawset can, so count them.
    if (!lua.limits().sandbox) {
      lua_Integer now = 0;
      lua_pushnil(L);
      while (lua_next(L, env)) {
        ++now;
        lua_pop(L, 1);
      }
      if (now > present) {
        lua_pushnil(L);
        while (lua_next(L, env)) {
          bool known = false;
          for (lua_Integer i = 1; !known && i < entries; i += 2) {
            lua_rawgeti(L, -3, i);
            known = lua_rawequal(L, -1, -3);
            lua_pop(L, 1);
          }
          if (!known) throw reassigned(pack, -2);
          lua_pop(L, 1);
        }
      }
    }
    if (removed)
      throw std::runtime_error(fmt::format(
          "pack '{}' removed a global during the game; keep game state in storage or kernel "
          "properties",
          pack.manifest->name));
    lua_pop(L, 2);
    check_library_copies(pack);
  }
}

void Session::Impl::check_library_copies(const Pack& pack) {
  if (pack.copies_ref == LUA_NOREF) return;
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, base_ref);
  const int base = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, pack.copies_ref);
  const int copies = lua_gettop(L);
  const auto entries = static_cast<lua_Integer>(lua_rawlen(L, base));
  for (lua_Integer i = 1; i < entries; i += 2) {
    if (lua_rawgeti(L, base, i + 1) != LUA_TTABLE) {
      lua_pop(L, 1);
      continue;
    }
    const int fields = lua_gettop(L);
    lua_rawgeti(L, copies, (i + 1) / 2);
    const int copy = lua_gettop(L);
    const auto count = static_cast<lua_Integer>(lua_rawlen(L, fields));
    for (lua_Integer j = 1; j < count; j += 2) {
      lua_rawgeti(L, fields, j);
      lua_rawgeti(L, fields, j + 1);
      lua_pushvalue(L, -2);
      lua_rawget(L, copy);
      if (!lua_rawequal(L, -1, -2)) {
        lua_rawgeti(L, base, i);
        throw std::runtime_error(fmt::format(
            "pack '{}' changed '{}.{}' during the game; library tables (and game, board) are "
            "read-only",
            pack.manifest->name, lua_tostring(L, -1), lua_tostring(L, -4)));
      }
      lua_pop(L, 3);
    }
    lua_pop(L, 2);
  }
}
}  // namespace catan::scripting
