#include "scripting/frozen.h"

#include <string>
#include <utility>

#include <lua.hpp>

#include "scripting/sandbox.h"

namespace catan::scripting {

namespace {

// One freezing walk. Tables met for the first time get their proxy in `memo` (stack index:
// original -> proxy) and wait, with their backing table, in `work` (stack index: an array of
// original, backing pairs) until their fields are copied.
class Freezer {
 public:
  Freezer(lua_State* L, int memo, std::string name)
      : L_(L), memo_(lua_absindex(L, memo)), name_(std::move(name)) {
    lua_newtable(L_);
    work_ = lua_gettop(L_);
  }

  // Pushes the frozen form of the value at `index`, then copies the fields of every table
  // pending; the work list is popped, the frozen value stays.
  void push_frozen(int index) {
    push_value(index);
    while (pending_ > 0) {
      lua_rawgeti(L_, work_, pending_ - 1);  // original
      lua_rawgeti(L_, work_, pending_);      // backing
      for (lua_Integer j : {pending_, pending_ - 1}) {
        lua_pushnil(L_);
        lua_rawseti(L_, work_, j);
      }
      pending_ -= 2;
      const int original = lua_gettop(L_) - 1;
      lua_pushnil(L_);
      while (lua_next(L_, original)) {
        lua_pushvalue(L_, -2);  // the key as it is, the value frozen
        push_value(-2);
        lua_rawset(L_, original + 1);
        lua_pop(L_, 1);
      }
      lua_pop(L_, 2);
    }
    lua_remove(L_, work_);
  }

 private:
  // Pushes the value at `index` itself unless it is a table, else its proxy (made and queued
  // the first time the table is met).
  void push_value(int index) {
    index = lua_absindex(L_, index);
    if (lua_type(L_, index) != LUA_TTABLE) {
      lua_pushvalue(L_, index);
      return;
    }
    lua_pushvalue(L_, index);
    if (lua_rawget(L_, memo_) != LUA_TNIL) return;
    lua_pop(L_, 1);
    luaL_checkstack(L_, 4, "freezing a value");
    lua_newtable(L_);
    const int backing = lua_gettop(L_);
    lua::push_read_only(L_, backing, name_.c_str());
    lua_pushvalue(L_, index);
    lua_pushvalue(L_, -2);
    lua_rawset(L_, memo_);
    lua_pushvalue(L_, index);
    lua_rawseti(L_, work_, ++pending_);
    lua_pushvalue(L_, backing);
    lua_rawseti(L_, work_, ++pending_);
    lua_remove(L_, backing);  // the proxy stays
  }

  lua_State* L_;
  int memo_;
  int work_ = 0;
  lua_Integer pending_ = 0;  // entries in the work list
  std::string name_;
};

}  // namespace

void push_frozen(lua_State* L, int index, const std::string& name) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  const int memo = lua_gettop(L);
  Freezer(L, memo, name).push_frozen(index);
  lua_remove(L, memo);
}

}  // namespace catan::scripting
