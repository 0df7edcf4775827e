// libFuzzer target: pack-built Lua data of any shape, as the host walks it when a search forks a
// game (the check that storage is plain data, scripting/fork.h) and when a game loads a pack's
// library (the freezing of exports, scripting/frozen.h). Each input is a small program that builds
// a graph of tables (nested, shared, cyclic, chains thousands of levels deep, with strings,
// numbers, booleans and functions as values). Contract:
//  - the plain-data check refuses the graph (std::runtime_error naming "storage") exactly when a
//    function is reachable from its root;
//  - the frozen copy reads back as the same graph through its proxies (same keys, equal plain
//    values, a table shared or cyclic in the original is one proxy in the copy), each proxy is
//    opaque (rawlen 0, next finds nothing) and refuses a write.
// A crash, a sanitizer report or a broken contract is a finding.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "fuzz/fuzz_input.h"
#include "scripting/fork.h"
#include "scripting/frozen.h"
#include "scripting/lua_state.h"

namespace {

using catan::fuzz::broken;

// At most this many tables in all the chains of one input (memory stays far below the cap).
constexpr int kMaxChainLevels = 200'000;

int a_function(lua_State*) {
  return 0;
}

// Builds the graph the input describes; the root is left on the stack. `all` (stack index) is an
// array of every table made, which references and closes pick from.
class Builder {
 public:
  Builder(lua_State* L, const std::uint8_t* data, std::size_t size)
      : L_(L), data_(data), size_(size) {}

  void build() {
    lua_newtable(L_);
    all_ = lua_gettop(L_);
    lua_newtable(L_);  // the root
    remember(-1);
    open_.push_back(1);
    while (pos_ < size_) step();
    lua_rawgeti(L_, all_, 1);
    lua_remove(L_, all_);
  }

 private:
  std::uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }

  void remember(int index) {
    lua_pushvalue(L_, index);
    lua_rawseti(L_, all_, ++count_);
  }

  // Pushes a key: a small integer or a short string.
  void push_key() {
    const std::uint8_t k = next();
    if (k & 1)
      lua_pushinteger(L_, (k >> 1) + 1);
    else
      lua_pushfstring(L_, "k%d", k >> 1);
  }

  // current[key] = the value on top of the stack (popped).
  void assign() {
    lua_rawgeti(L_, all_, open_.back());
    push_key();
    lua_pushvalue(L_, -3);
    lua_rawset(L_, -3);
    lua_pop(L_, 2);
  }

  void step() {
    switch (next() % 8) {
      case 0:  // open a new table under a key of the current one
        lua_newtable(L_);
        remember(-1);
        assign();
        open_.push_back(count_);
        break;
      case 1:  // close the current table
        if (open_.size() > 1) open_.pop_back();
        break;
      case 2:
        lua_pushinteger(L_, static_cast<std::int8_t>(next()));
        assign();
        break;
      case 3:
        lua_pushfstring(L_, "s%d", next());
        assign();
        break;
      case 4:  // a table made earlier: shared sub-tables and cycles
        lua_rawgeti(L_, all_, next() % count_ + 1);
        assign();
        break;
      case 5:  // a value that is not plain data
        lua_pushcfunction(L_, a_function);
        assign();
        break;
      case 6: {  // a chain of tables, each the first element of the one before
        const int levels = std::min(1 + next() * 400, kMaxChainLevels - chained_);
        chained_ += levels;
        lua_newtable(L_);
        lua_pushvalue(L_, -1);
        for (int i = 1; i < levels; ++i) {
          lua_newtable(L_);
          lua_pushvalue(L_, -1);
          lua_rawseti(L_, -3, 1);
          lua_remove(L_, -2);
        }
        lua_pop(L_, 1);
        assign();
        break;
      }
      default:
        lua_pushboolean(L_, next() & 1);
        assign();
    }
  }

  lua_State* L_;
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  int all_ = 0;
  int count_ = 0;
  int chained_ = 0;
  std::vector<int> open_;  // indices in `all` of the tables open, the current one last
};

// Whether a function is reachable from the table at `index` (the oracle of the plain check).
bool reaches_function(lua_State* L, int index) {
  std::unordered_set<const void*> seen;
  std::vector<int> refs;  // registry references of the tables to visit
  lua_pushvalue(L, index);
  refs.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
  seen.insert(lua_topointer(L, index));
  bool found = false;
  while (!refs.empty()) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, refs.back());
    luaL_unref(L, LUA_REGISTRYINDEX, refs.back());
    refs.pop_back();
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      for (int at : {-2, -1}) {
        if (lua_isfunction(L, at)) found = true;
        if (lua_istable(L, at) && seen.insert(lua_topointer(L, at)).second) {
          lua_pushvalue(L, at);
          refs.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
        }
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  return found;
}

int write_field(lua_State* L) {
  lua_pushinteger(L, 1);
  lua_setfield(L, 1, "x");
  return 0;
}

// Checks the frozen copy at `frozen` against the original at `original` (stack indices).
void check_frozen(lua_State* L, int original, int frozen) {
  std::unordered_map<const void*, const void*> proxy_of;
  std::vector<std::pair<int, int>> refs;  // (original, proxy) registry references to compare
  const auto pair_up = [&](int o, int f) {
    if (!lua_istable(L, f)) broken("a table became a " + std::string(luaL_typename(L, f)));
    const auto [it, added] = proxy_of.emplace(lua_topointer(L, o), lua_topointer(L, f));
    if (!added) {
      if (it->second != lua_topointer(L, f)) broken("a shared table became two proxies");
      return;
    }
    lua_pushvalue(L, o);
    const int ro = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, f);
    refs.emplace_back(ro, luaL_ref(L, LUA_REGISTRYINDEX));
  };
  pair_up(original, frozen);
  while (!refs.empty()) {
    const auto [ro, rf] = refs.back();
    refs.pop_back();
    lua_rawgeti(L, LUA_REGISTRYINDEX, ro);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rf);
    luaL_unref(L, LUA_REGISTRYINDEX, ro);
    luaL_unref(L, LUA_REGISTRYINDEX, rf);
    const int o = lua_gettop(L) - 1, f = o + 1;
    if (lua_rawlen(L, f) != 0) broken("a proxy has a raw length");
    lua_pushnil(L);
    if (lua_next(L, f)) broken("next found a field in a proxy");
    if (!lua_getmetatable(L, f) || lua_getfield(L, -1, "__index") != LUA_TTABLE)
      broken("a proxy has no backing table");
    const int backing = lua_gettop(L);
    std::size_t fields = 0, copied = 0;
    lua_pushnil(L);
    while (lua_next(L, backing)) {
      ++copied;
      lua_pop(L, 1);
    }
    lua_pushnil(L);
    while (lua_next(L, o)) {
      ++fields;
      lua_pushvalue(L, -2);
      lua_gettable(L, f);  // through the proxy's __index
      if (lua_istable(L, -2))
        pair_up(lua_gettop(L) - 1, lua_gettop(L));
      else if (!lua_rawequal(L, -1, -2))
        broken("a frozen value differs from the original");
      lua_pop(L, 2);
    }
    if (fields != copied) broken("the frozen copy has a different number of fields");
    lua_settop(L, o - 1);
  }
  lua_pushcfunction(L, write_field);
  lua_pushvalue(L, frozen);
  if (lua_pcall(L, 1, 0, 0) == LUA_OK) broken("a write to a frozen table succeeded");
  lua_pop(L, 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  catan::lua::Limits limits;
  limits.memory_bytes = 512u << 20;
  limits.time_limit_ms = 0;
  try {
    catan::lua::State state(limits);
    lua_State* L = state.get();
    lua_checkstack(L, 64);
    Builder(L, data, size).build();
    const int root = lua_gettop(L);
    const bool expect_refusal = reaches_function(L, root);
    bool refused = false;
    try {
      catan::scripting::check_plain_storage(L, root, "fuzz");
    } catch (const std::runtime_error& e) {
      if (std::string(e.what()).find("pack 'fuzz': storage") == std::string::npos)
        broken(std::string("the refusal does not name the storage: ") + e.what());
      refused = true;
    }
    if (refused != expect_refusal)
      broken(refused ? "plain data was refused" : "a function in storage was accepted");
    catan::scripting::push_frozen(L, root, "fuzz");
    check_frozen(L, root, lua_gettop(L));
  } catch (const catan::lua::ScriptError&) {
    // A Lua error outside a protected call (memory): the state is dropped with it.
  }
  return 0;
}
