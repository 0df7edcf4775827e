// The sandbox's ordered pairs (scripting/sandbox.h): a table's keys visited in a fixed order,
// independent of Lua's per-state string hash seed, at O(k log k) and one key array per call.
#include "scripting/ordered_pairs.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "scripting/library_bounds.h"
#include "scripting/sandbox.h"

namespace catan::lua {
namespace {

enum class KeyClass { Number, String, Boolean };

struct SortKey {
  KeyClass cls;
  bool is_integer;
  lua_Integer integer;
  lua_Number number;
  std::string_view text;
  bool boolean;
  lua_Integer slot;  // where a string key is kept alive (see KeyAnchors)
};

// Exact "a < b" between an integer and a non-integral or out-of-range float (never NaN: NaN is
// not a valid table key).
bool int_less_float(lua_Integer i, lua_Number f) {
  if (f >= 9223372036854775808.0) return true;
  if (f < -9223372036854775808.0) return false;
  const lua_Number floor_f = std::floor(f);
  const auto fi = static_cast<lua_Integer>(floor_f);
  return i <= fi ? (i < fi || f > floor_f) : false;
}

bool float_less_int(lua_Number f, lua_Integer i) {
  if (f >= 9223372036854775808.0) return false;
  if (f < -9223372036854775808.0) return true;
  const auto ci = static_cast<lua_Integer>(std::floor(f));  // f < i  <=>  floor(f) < i
  return ci < i;
}

bool number_less(const SortKey& a, const SortKey& b) {
  if (a.is_integer && b.is_integer) return a.integer < b.integer;
  if (!a.is_integer && !b.is_integer) return a.number < b.number;
  if (a.is_integer) return int_less_float(a.integer, b.number);
  return float_less_int(a.number, b.integer);
}

bool key_less(const SortKey& a, const SortKey& b) {
  if (a.cls != b.cls) return a.cls < b.cls;
  switch (a.cls) {
    case KeyClass::Number:
      return number_less(a, b);
    case KeyClass::String:
      return a.text < b.text;  // char_traits<char> compares bytes as unsigned char
    case KeyClass::Boolean:
      return !a.boolean && b.boolean;
  }
  return false;
}

// Upvalues: 1 = table, 2 = sorted key array (or nil), 3 = n (array keys 1..n), 4 = m (number of
// sorted keys), 5 = position already returned (0 .. n + m).
int ordered_next(lua_State* L) {
  const int table = lua_upvalueindex(1);
  const lua_Integer n = lua_tointeger(L, lua_upvalueindex(3));
  const lua_Integer m = lua_tointeger(L, lua_upvalueindex(4));
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(5));
  while (pos < n + m) {
    ++pos;
    if (pos <= n) {
      if (lua_rawgeti(L, table, pos) != LUA_TNIL) {
        lua_pushinteger(L, pos);
        lua_replace(L, lua_upvalueindex(5));
        lua_pushinteger(L, pos);
        lua_insert(L, -2);
        return 2;
      }
      lua_pop(L, 1);
    } else {
      lua_rawgeti(L, lua_upvalueindex(2), pos - n);
      lua_pushvalue(L, -1);
      if (lua_rawget(L, table) != LUA_TNIL) {
        lua_pushinteger(L, pos);
        lua_replace(L, lua_upvalueindex(5));
        return 2;
      }
      lua_pop(L, 2);
    }
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(5));
  lua_pushnil(L);
  return 1;
}

// At most this many string keys of one pairs() call are kept on the Lua stack; the rest go to a
// scratch table.
constexpr std::size_t kStackKeys = 64;

// The n of the array keys 1..n of the table at `table`: t[1] .. t[n] are not nil and t[n + 1]
// is (raw reads, a unit charged per key read).
lua_Integer count_array_keys(lua_State* L, int table, Meter& meter) {
  lua_Integer n = 0;
  while (lua_rawgeti(L, table, n + 1) != LUA_TNIL) {
    lua_pop(L, 1);
    ++n;
    meter.add(1);
  }
  lua_pop(L, 1);
  return n;
}

// Where the string keys of one traversal stay referenced while they are sorted by their text:
// the first kStackKeys on the Lua stack below the traversal key (slot > 0: stack index), the
// rest in a scratch table (slot < 0: -index in it) created below the traversal key when the
// stack slots run out (scratch: its stack index, 0 until then).
struct KeyAnchors {
  std::size_t anchored = 0;
  int scratch = 0;
};

// Keeps the string key at the top of the stack (the traversal key) referenced and sets key.slot
// to where it is kept; `count` is the number of keys kept before it (its scratch index is
// count + 1).
void anchor_string_key(lua_State* L, KeyAnchors& anchors, std::size_t count, SortKey& key) {
  if (anchors.anchored < kStackKeys) {
    luaL_checkstack(L, 2, "pairs");
    lua_pushvalue(L, -1);
    lua_insert(L, -2);
    key.slot = lua_gettop(L) - 1;
    ++anchors.anchored;
  } else {
    if (anchors.scratch == 0) {
      lua_newtable(L);
      lua_insert(L, -2);
      anchors.scratch = lua_gettop(L) - 1;
    }
    const auto index = static_cast<lua_Integer>(count) + 1;
    lua_pushvalue(L, -1);
    lua_rawseti(L, anchors.scratch, index);
    key.slot = -index;
  }
}

// The keys of the table at `table` other than the array keys 1..n, unsorted, a unit charged
// per key; string keys are anchored (KeyAnchors), the others kept by value. Raises for a key
// that has no defined order (not a number, string or boolean).
std::vector<SortKey> read_other_keys(lua_State* L, int table, lua_Integer n, Meter& meter,
                                     KeyAnchors& anchors) {
  std::vector<SortKey> keys;
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    lua_pop(L, 1);  // value; the key stays for lua_next
    SortKey key{};
    switch (lua_type(L, -1)) {
      case LUA_TNUMBER:
        key.cls = KeyClass::Number;
        key.is_integer = lua_isinteger(L, -1);
        if (key.is_integer) {
          key.integer = lua_tointeger(L, -1);
          if (key.integer >= 1 && key.integer <= n) continue;
        } else {
          key.number = lua_tonumber(L, -1);
        }
        break;
      case LUA_TSTRING: {
        std::size_t length = 0;
        const char* text = lua_tolstring(L, -1, &length);  // a string key: no conversion
        key.cls = KeyClass::String;
        key.text = std::string_view(text, length);
        anchor_string_key(L, anchors, keys.size(), key);
        break;
      }
      case LUA_TBOOLEAN:
        key.cls = KeyClass::Boolean;
        key.boolean = lua_toboolean(L, -1);
        break;
      default:
        luaL_error(L, "pairs: keys of type %s have no defined order; use an array",
                   luaL_typename(L, -1));
        __builtin_unreachable();  // luaL_error raises
    }
    keys.push_back(key);
    meter.add(1);
  }
  return keys;
}

// Pushes the sorted `keys` as a list (nil when there are none), string keys fetched from where
// `anchors` keeps them.
void push_key_list(lua_State* L, const std::vector<SortKey>& keys, const KeyAnchors& anchors) {
  if (keys.empty()) {
    lua_pushnil(L);
    return;
  }
  lua_createtable(L, static_cast<int>(keys.size()), 0);
  for (std::size_t j = 0; j < keys.size(); ++j) {
    const SortKey& key = keys[j];
    if (key.cls == KeyClass::String && key.slot > 0)
      lua_pushvalue(L, static_cast<int>(key.slot));
    else if (key.cls == KeyClass::String)
      lua_rawgeti(L, anchors.scratch, -key.slot);
    else if (key.cls == KeyClass::Boolean)
      lua_pushboolean(L, key.boolean);
    else if (key.is_integer)
      lua_pushinteger(L, key.integer);
    else
      lua_pushnumber(L, key.number);
    lua_rawseti(L, -2, static_cast<lua_Integer>(j) + 1);
  }
}

int pairs_continuation(lua_State*, int, lua_KContext) {
  return 3;
}

}  // namespace

int push_ordered_iterator(lua_State* L, int table) {
  table = lua_absindex(L, table);
  // Charged: a unit per key read and per comparison of the sort (library_bounds.h).
  Meter meter(L, "pairs");
  const lua_Integer n = count_array_keys(L, table, meter);
  KeyAnchors anchors;
  std::vector<SortKey> keys = read_other_keys(L, table, n, meter, anchors);
  std::sort(keys.begin(), keys.end(), [&meter](const SortKey& a, const SortKey& b) {
    meter.add(1);
    return key_less(a, b);
  });
  meter.finish();
  lua_pushvalue(L, table);  // upvalue 1
  push_key_list(L, keys, anchors);
  lua_pushinteger(L, n);
  lua_pushinteger(L, static_cast<lua_Integer>(keys.size()));
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, ordered_next, 5);
  lua_pushvalue(L, table);
  lua_pushnil(L);
  return 3;
}

int ordered_pairs(lua_State* L) {
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_callk(L, 1, 3, 0, pairs_continuation);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  return push_ordered_iterator(L, 1);
}

}  // namespace catan::lua
