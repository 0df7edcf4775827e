#include "scripting/storage_snapshot.h"

#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include <lua.hpp>

#include "scripting/fork.h"
#include "scripting/lua_state.h"

namespace catan::scripting {

namespace {

void unref(lua_State* L, int& ref) {
  if (ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, ref);
  ref = LUA_NOREF;
}

bool plain(int type) {
  return type == LUA_TTABLE || type == LUA_TSTRING || type == LUA_TNUMBER || type == LUA_TBOOLEAN;
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull + (a << 6) + (a >> 2));
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

constexpr int kDigestDepth = 100;
constexpr std::uint64_t kOpen = 0x5EEDull;  // a table met inside itself

// The digest of the value at `index` (see storage_digest). `done` memoizes finished tables.
std::uint64_t digest_value(lua_State* L, int index, int depth,
                           std::unordered_map<const void*, std::uint64_t>& done) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      if (lua_isinteger(L, index))
        return mix(1, static_cast<std::uint64_t>(lua_tointeger(L, index)));
      else {
        const double d = lua_tonumber(L, index);
        std::uint64_t bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        return mix(2, bits);
      }
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* p = lua_tolstring(L, index, &n);
      std::uint64_t h = 1469598103934665603ull;
      for (std::size_t i = 0; i < n; ++i)
        h = (h ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
      return mix(3, h);
    }
    case LUA_TBOOLEAN:
      return mix(4, lua_toboolean(L, index) ? 1 : 0);
    case LUA_TTABLE: {
      index = lua_absindex(L, index);
      const void* id = lua_topointer(L, index);
      const auto [at, fresh] = done.emplace(id, kOpen);
      if (!fresh) return at->second;
      std::uint64_t sum = 0, count = 0;
      luaL_checkstack(L, 4, "storage digest");
      lua_pushnil(L);
      while (lua_next(L, index)) {
        ++count;
        if (depth < kDigestDepth)
          sum += mix(digest_value(L, -2, depth + 1, done), digest_value(L, -1, depth + 1, done));
        lua_pop(L, 1);
      }
      const std::uint64_t h = mix(5, mix(count, sum));
      done[id] = h;
      return h;
    }
    default:
      return mix(6, static_cast<std::uint64_t>(lua_type(L, index)));
  }
}

}  // namespace

std::uint64_t storage_digest(lua_State* L, int index) {
  std::unordered_map<const void*, std::uint64_t> done;
  return digest_value(L, index, 0, done);
}

void StorageSnapshot::begin(lua_State* L) {
  release(L);
  lua_newtable(L);
  tables_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  copies_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  metas_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void StorageSnapshot::release(lua_State* L) {
  unref(L, tables_ref_);
  unref(L, copies_ref_);
  unref(L, metas_ref_);
  counts_.clear();
  metatabled_.clear();
}

int StorageSnapshot::push_arrays(lua_State* L) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, tables_ref_);
  lua_rawgeti(L, LUA_REGISTRYINDEX, copies_ref_);
  lua_rawgeti(L, LUA_REGISTRYINDEX, metas_ref_);
  return lua_gettop(L) - 2;
}

void StorageSnapshot::add(lua_State* L, int index, const std::string& pack,
                          const IsKernelData& kernel_data) {
  index = lua_absindex(L, index);
  const int top = lua_gettop(L);
  luaL_checkstack(L, 12, "checkpoint: copying storage");
  const int tables = push_arrays(L), copies = tables + 1, metas = tables + 2;
  // Tables met so far ({[table] = true}); the tables still to copy wait in `work`, not on the C
  // stack, so storage nested to any depth is copied.
  lua_newtable(L);
  const int seen = lua_gettop(L);
  for (lua_Integer i = 1; i <= static_cast<lua_Integer>(counts_.size()); ++i) {
    lua_rawgeti(L, tables, i);
    lua_pushboolean(L, 1);
    lua_rawset(L, seen);
  }
  lua_newtable(L);
  const int work = lua_gettop(L);
  lua_Integer pending = 0;
  const auto enqueue = [&](int at) {
    at = lua_absindex(L, at);
    lua_pushvalue(L, at);
    if (lua_rawget(L, seen) != LUA_TNIL) {
      lua_pop(L, 1);
      return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, at);
    lua_pushboolean(L, 1);
    lua_rawset(L, seen);
    if (kernel_data(L, at)) return;
    lua_pushvalue(L, at);
    lua_rawseti(L, work, ++pending);
  };
  enqueue(index);
  while (pending > 0) {
    lua_rawgeti(L, work, pending);
    lua_pushnil(L);
    lua_rawseti(L, work, pending--);
    const int table = lua_gettop(L);
    lua_newtable(L);
    const int copy = lua_gettop(L);
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
      if (!plain(lua_type(L, -1)) || !plain(lua_type(L, -2))) {
        lua_settop(L, top);
        begin(L);
        check_plain_storage(L, index, pack);  // names the value and throws
        throw std::runtime_error("checkpoint: storage holds a value that is not plain data");
      }
      if (lua_type(L, -2) == LUA_TTABLE) enqueue(-2);
      if (lua_type(L, -1) == LUA_TTABLE) enqueue(-1);
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, copy);
      ++count;
    }
    const auto n = static_cast<lua_Integer>(counts_.size()) + 1;
    const bool metatabled = lua_getmetatable(L, table) != 0;
    if (!metatabled) lua_pushboolean(L, 0);
    lua_rawseti(L, metas, n);
    lua_rawseti(L, copies, n);
    lua_rawseti(L, tables, n);
    counts_.push_back(count);
    metatabled_.push_back(metatabled);
  }
  lua_settop(L, top);
}

void StorageSnapshot::restore(lua_State* L) const {
  if (counts_.empty()) return;
  const int top = lua_gettop(L);
  luaL_checkstack(L, 10, "checkpoint: restoring storage");
  const int tables = push_arrays(L), copies = tables + 1, metas = tables + 2;
  const int table = metas + 1, copy = metas + 2;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    const auto n = static_cast<lua_Integer>(i) + 1;
    lua_rawgeti(L, tables, n);
    lua_rawgeti(L, copies, n);
    // Unchanged when every entry is the copy's and there are as many.
    bool same = true;
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
      ++count;
      lua_pushvalue(L, -2);
      lua_rawget(L, copy);
      if (!lua_rawequal(L, -1, -2)) {
        same = false;
        lua_pop(L, 3);
        break;
      }
      lua_pop(L, 2);
    }
    if (!same || count != counts_[i]) {
      lua::clear_table(L, table);
      lua_pushnil(L);
      while (lua_next(L, copy)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, table);
      }
    }
    // The metatable, when it was changed (most tables have none, then and now: one call).
    if (lua_getmetatable(L, table)) {
      lua_rawgeti(L, metas, n);
      if (!lua_rawequal(L, -1, -2)) {
        if (lua_type(L, -1) != LUA_TTABLE) {
          lua_pop(L, 1);
          lua_pushnil(L);
        }
        lua_setmetatable(L, table);
      }
    } else if (metatabled_[i]) {
      lua_rawgeti(L, metas, n);
      lua_setmetatable(L, table);
    }
    lua_settop(L, metas);
  }
  lua_settop(L, top);
}

}  // namespace catan::scripting
