#include "scripting/local_state_check.h"

#include <cstring>
#include <unordered_map>

#include <fmt/format.h>
#include <lua.hpp>

namespace catan::scripting {

namespace {

constexpr int kMaxDepth = 6;  // nested tables copied and compared below a local

// True for the sandbox's read-only tables: their metatable is locked (has __metatable).
bool read_only(lua_State* L, int index) {
  if (!lua_getmetatable(L, index)) return false;
  const bool locked = lua_getfield(L, -1, "__metatable") != LUA_TNIL;
  lua_pop(L, 2);
  return locked;
}

// Pushes a copy of the value at `index`: tables copied entry by entry (raw, keys kept as they
// are) down to kMaxDepth, below which and for every other type the value itself. `copies` maps
// a table to its copy, so shared and cyclic tables are copied once.
void push_copy(lua_State* L, int index, int depth, std::unordered_map<const void*, int>& copies,
               int registry) {
  index = lua_absindex(L, index);
  if (lua_type(L, index) != LUA_TTABLE || depth >= kMaxDepth) {
    lua_pushvalue(L, index);
    return;
  }
  const void* id = lua_topointer(L, index);
  if (const auto it = copies.find(id); it != copies.end()) {
    lua_rawgeti(L, registry, it->second);
    return;
  }
  lua_newtable(L);
  const int copy = lua_gettop(L);
  lua_pushvalue(L, copy);
  copies[id] = luaL_ref(L, registry);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pushvalue(L, -2);
    push_copy(L, -2, depth + 1, copies, registry);
    lua_rawset(L, copy);
    lua_pop(L, 1);
  }
}

// True when `now` still holds everything `old` (a copy made by push_copy) held: equal scalars
// and identities, and for tables every key of the copy present with a value that still holds
// the copy's. A table that only gained entries (a memo filled on demand) holds its old self.
bool holds(lua_State* L, int old, int now, int depth) {
  old = lua_absindex(L, old);
  now = lua_absindex(L, now);
  if (lua_type(L, old) != LUA_TTABLE || depth >= kMaxDepth) return lua_rawequal(L, old, now);
  if (lua_type(L, now) != LUA_TTABLE) return false;
  lua_pushnil(L);
  while (lua_next(L, old) != 0) {
    lua_pushvalue(L, -2);
    lua_rawget(L, now);
    const bool kept = !lua_isnil(L, -1) && holds(L, -2, -1, depth + 1);
    lua_pop(L, 2);
    if (!kept) {
      lua_pop(L, 1);
      return false;
    }
  }
  return true;
}

}  // namespace

void LocalStateCheck::walk(lua_State* L, const std::vector<Root>& roots,
                           const std::unordered_set<const void*>& shared, const Visit& visit) {
  std::unordered_set<const void*> seen_functions, seen_locals;
  for (const Root& root : roots) {
    // Depth-first over Lua functions reachable through upvalues, on the Lua stack.
    const int base = lua_gettop(L);
    lua_pushvalue(L, root.index);
    while (lua_gettop(L) > base) {
      const int f = lua_gettop(L);
      if (!lua_isfunction(L, f) || lua_iscfunction(L, f) ||
          !seen_functions.insert(lua_topointer(L, f)).second) {
        lua_pop(L, 1);
        continue;
      }
      lua_Debug ar;
      lua_pushvalue(L, f);
      lua_getinfo(L, ">S", &ar);
      if (ar.source[0] == '=') {  // a kernel chunk (game.raise's fast path): not pack state
        lua_pop(L, 1);
        continue;
      }
      const std::string where = fmt::format("{}:{}", ar.short_src, ar.linedefined);
      std::vector<int> pending;  // upvalue numbers holding functions, followed after this one
      for (int i = 1;; ++i) {
        const char* name = lua_getupvalue(L, f, i);
        if (name == nullptr) break;
        const void* local = lua_upvalueid(L, f, i);
        const int type = lua_type(L, -1);
        const bool skip =
            std::strcmp(name, "_ENV") == 0 ||
            (type == LUA_TTABLE && (shared.contains(lua_topointer(L, -1)) || read_only(L, -1)));
        if (type == LUA_TFUNCTION) {
          pending.push_back(i);
        } else if (!skip && seen_locals.insert(local).second) {
          visit(local, fmt::format("pack '{}': the local '{}' (an upvalue of the function at {})",
                                   root.pack, name, where));
        }
        lua_pop(L, 1);
      }
      // The function is done: its upvalue functions take its place on the stack.
      for (const int i : pending) lua_getupvalue(L, f, i);
      lua_remove(L, f);
    }
    lua_settop(L, base);
  }
}

void LocalStateCheck::snapshot(lua_State* L, const std::vector<Root>& roots,
                               const std::unordered_set<const void*>& shared) {
  release(L);
  lua_newtable(L);
  const int registry = lua_gettop(L);
  std::unordered_map<const void*, int> copies;
  walk(L, roots, shared, [&](const void* id, std::string text) {
    push_copy(L, -1, 0, copies, registry);
    locals_.push_back(Local{id, luaL_ref(L, registry), std::move(text)});
  });
  copies_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

std::optional<std::string> LocalStateCheck::first_change(
    lua_State* L, const std::vector<Root>& roots,
    const std::unordered_set<const void*>& shared) const {
  if (copies_ref_ == LUA_NOREF) return std::nullopt;
  std::unordered_map<const void*, const Local*> by_id;
  for (const Local& l : locals_) by_id.emplace(l.id, &l);
  lua_rawgeti(L, LUA_REGISTRYINDEX, copies_ref_);
  const int registry = lua_gettop(L);
  std::optional<std::string> change;
  walk(L, roots, shared, [&](const void* id, const std::string&) {
    const auto it = by_id.find(id);
    if (change || it == by_id.end()) return;
    lua_rawgeti(L, registry, it->second->copy);
    if (!holds(L, -1, -2, 0))
      change = fmt::format(
          "{} changed during the game: a top-level local holds game state, which agents, replays "
          "and tests cannot see; keep it in storage (a local may hold what game setup derives, "
          "and a table that only gains entries, a memo, is not reported)",
          it->second->text);
    lua_pop(L, 1);
  });
  lua_settop(L, registry - 1);
  return change;
}

void LocalStateCheck::release(lua_State* L) {
  if (copies_ref_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, copies_ref_);
  copies_ref_ = LUA_NOREF;
  locals_.clear();
}

}  // namespace catan::scripting
