// The table library with bounded work (library_bounds.h). Each function behaves as the standard
// one of Lua 5.4 (same arguments, results, metamethods, errors and order of element accesses),
// except that a count of elements over the element limit is refused before any is touched and
// that every element read, written or compared is charged, the limits being checked every
// kMeterInterval units: a table whose __index, __newindex, __len or __lt is a C function runs no
// Lua instruction, so nothing else would stop the loop.
#include "scripting/bounded_tables.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "scripting/library_bounds.h"

namespace catan::lua {
namespace {

// What a non-table argument must provide (through its metatable) to be used as a table.
constexpr int kRead = 1;
constexpr int kWrite = 2;
constexpr int kLength = 4;

bool has_metafield(lua_State* L, int metatable, const char* key) {
  lua_pushstring(L, key);
  const bool present = lua_rawget(L, metatable) != LUA_TNIL;
  lua_pop(L, 1);
  return present;
}

// Raises "table expected" unless the argument is a table or has the metamethods `what` needs.
void check_table(lua_State* L, int arg, int what) {
  if (lua_type(L, arg) == LUA_TTABLE) return;
  if (lua_getmetatable(L, arg)) {
    const int metatable = lua_gettop(L);
    const bool usable = (!(what & kRead) || has_metafield(L, metatable, "__index")) &&
                        (!(what & kWrite) || has_metafield(L, metatable, "__newindex")) &&
                        (!(what & kLength) || has_metafield(L, metatable, "__len"));
    lua_pop(L, 1);
    if (usable) return;
  }
  luaL_checktype(L, arg, LUA_TTABLE);  // raises the standard message
}

lua_Integer checked_length(lua_State* L, int arg, int what) {
  check_table(L, arg, what | kLength);
  return luaL_len(L, arg);
}

// Refuses `count` elements of `function` over the element limit; `what` says what is done to
// them ("elements", "elements to move up").
void check_elements(lua_State* L, const char* function, unsigned __int128 count, const char* what,
                    std::uint64_t limit) {
  if (count <= limit) return;
  refuse(L, function,
         count_text(count) + " " + what + " are over the limit of " + std::to_string(limit));
}

void check_elements(lua_State* L, const char* function, unsigned __int128 count, const char* what) {
  check_elements(L, function, count, what, element_limit(host_control(L)));
}

}  // namespace

// table.insert(t, [pos,] value)
int bounded_insert(lua_State* L) {
  const lua_Integer end = luaL_intop(+, checked_length(L, 1, kRead | kWrite), 1);  // first empty
  lua_Integer position = end;
  switch (lua_gettop(L)) {
    case 2:
      break;
    case 3: {
      position = luaL_checkinteger(L, 2);
      // position in [1, end]
      luaL_argcheck(L, static_cast<lua_Unsigned>(position) - 1u < static_cast<lua_Unsigned>(end), 2,
                    "position out of bounds");
      if (end > position) {
        check_elements(L, "table.insert",
                       static_cast<lua_Unsigned>(end) - static_cast<lua_Unsigned>(position),
                       "elements to move up");
      }
      Meter meter(L, "table.insert");
      for (lua_Integer i = end; i > position; --i) {
        lua_geti(L, 1, i - 1);
        lua_seti(L, 1, i);
        meter.add(2);
      }
      meter.finish();
      break;
    }
    default:
      return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, position);
  return 0;
}

// table.remove(t [, pos])
int bounded_remove(lua_State* L) {
  const lua_Integer size = checked_length(L, 1, kRead | kWrite);
  lua_Integer position = luaL_optinteger(L, 2, size);
  if (position != size) {
    // position in [1, size + 1] (Lua 5.4.4 names argument 1 in this message)
    luaL_argcheck(L, static_cast<lua_Unsigned>(position) - 1u <= static_cast<lua_Unsigned>(size), 1,
                  "position out of bounds");
  }
  if (position < size) {
    check_elements(L, "table.remove", static_cast<lua_Unsigned>(size - position),
                   "elements to move down");
  }
  lua_geti(L, 1, position);  // the result
  Meter meter(L, "table.remove");
  for (; position < size; ++position) {
    lua_geti(L, 1, position + 1);
    lua_seti(L, 1, position);
    meter.add(2);
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
  meter.finish();
  return 1;
}

// table.move(a1, f, e, t [, a2]): copies a1[f..e] into a2[t..] (a2 defaults to a1), in
// increasing order unless the ranges overlap with the destination after the source.
int bounded_move(lua_State* L) {
  const lua_Integer first = luaL_checkinteger(L, 2);
  const lua_Integer last = luaL_checkinteger(L, 3);
  const lua_Integer target = luaL_checkinteger(L, 4);
  const int destination = !lua_isnoneornil(L, 5) ? 5 : 1;
  check_table(L, 1, kRead);
  check_table(L, destination, kWrite);
  if (last >= first) {
    luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
    const lua_Integer n = last - first + 1;
    luaL_argcheck(L, target <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
    check_elements(L, "table.move", static_cast<lua_Unsigned>(n), "elements");
    Meter meter(L, "table.move");
    if (target > last || target <= first ||
        (destination != 1 && !lua_compare(L, 1, destination, LUA_OPEQ))) {
      for (lua_Integer i = 0; i < n; ++i) {
        lua_geti(L, 1, first + i);
        lua_seti(L, destination, target + i);
        meter.add(2);
      }
    } else {
      for (lua_Integer i = n - 1; i >= 0; --i) {
        lua_geti(L, 1, first + i);
        lua_seti(L, destination, target + i);
        meter.add(2);
      }
    }
    meter.finish();
  }
  lua_pushvalue(L, destination);
  return 1;
}

namespace {

// Appends t[i] (a string or a number) to the buffer.
void add_field(lua_State* L, luaL_Buffer* buffer, lua_Integer i) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
               static_cast<LUAI_UACINT>(i));
  }
  luaL_addvalue(buffer);
}

}  // namespace

// table.concat(t [, sep [, i [, j]]])
int bounded_concat(lua_State* L) {
  lua_Integer last = checked_length(L, 1, kRead);
  std::size_t separator_length = 0;
  const char* separator = luaL_optlstring(L, 2, "", &separator_length);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  if (i <= last) {
    check_elements(L, "table.concat",
                   static_cast<unsigned __int128>(static_cast<lua_Unsigned>(last) -
                                                  static_cast<lua_Unsigned>(i)) +
                       1,
                   "elements");
  }
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  Meter meter(L, "table.concat");  // a unit per element as it goes, the bytes at the end
  for (; i < last; ++i) {
    add_field(L, &buffer, i);
    luaL_addlstring(&buffer, separator, separator_length);
    meter.add(1);
  }
  if (i == last) {
    add_field(L, &buffer, i);
    meter.add(1);
  }
  meter.add(byte_units(luaL_bufflen(&buffer)));
  luaL_pushresult(&buffer);
  meter.finish();
  return 1;
}

// table.unpack(t [, i [, j]])
int bounded_unpack(lua_State* L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  const lua_Integer last = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
  if (i > last) return 0;
  const unsigned __int128 count = static_cast<unsigned __int128>(static_cast<lua_Unsigned>(last) -
                                                                 static_cast<lua_Unsigned>(i)) +
                                  1;
  if (count > static_cast<unsigned __int128>(INT_MAX) ||
      !lua_checkstack(L, static_cast<int>(count))) {
    refuse(L, "table.unpack",
           count_text(count) + " results do not fit on the Lua stack (its limit is " +
               std::to_string(kStackLimit) + " values)");
  }
  Meter meter(L, "table.unpack");
  for (; i < last; ++i) {
    lua_geti(L, 1, i);
    meter.add(1);
  }
  lua_geti(L, 1, last);
  meter.finish();
  return static_cast<int>(count);
}

// ---------------------------------------------------------------------------------------------
// table.sort: Lua 5.4's quicksort (the same comparisons and swaps, so the same order of equal
// elements), charged one unit per element read or written and per comparison. Where Lua draws
// a pivot from the clock after a badly unbalanced partition, this one draws it from a fixed
// sequence, so a sort is a function of its input.

namespace {

// Arrays larger than this may use a drawn pivot.
constexpr unsigned kDrawnPivotMinimum = 100;

struct Sort {
  lua_State* L;
  Meter meter;
  std::uint32_t draw_state;

  void get(unsigned i) {
    lua_geti(L, 1, i);
    meter.add(1);
  }

  // t[i] = top; t[j] = the value below it (pops both).
  void set2(unsigned i, unsigned j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
    meter.add(2);
  }

  // Whether the value at stack index a sorts before the one at b (negative indexes).
  bool less(int a, int b) {
    meter.add(1);
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    const bool result = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return result;
  }

  // A nonzero number from a fixed xorshift sequence.
  std::uint32_t draw() {
    std::uint32_t x = draw_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    draw_state = x;
    return x != 0 ? x : 1;
  }

  // With the pivot P on top of the stack and a[lo] <= P == a[up - 1] <= a[up], partitions
  // a[lo + 1 .. up - 2] around P; returns P's final index (a[lo .. i - 1] <= a[i] == P <=
  // a[i + 1 .. up]).
  unsigned partition(unsigned lo, unsigned up) {
    unsigned i = lo;
    unsigned j = up - 1;
    for (;;) {
      // ++i while a[i] < P
      for (get(++i); less(-1, -2); get(++i)) {
        if (i == up - 1) luaL_error(L, "invalid order function for sorting");
        lua_pop(L, 1);
      }
      // --j while P < a[j]
      for (get(--j); less(-3, -1); get(--j)) {
        if (j < i) luaL_error(L, "invalid order function for sorting");
        lua_pop(L, 1);
      }
      if (j < i) {
        lua_pop(L, 1);  // a[j]
        set2(up - 1, i);
        return i;
      }
      set2(i, j);
    }
  }

  void sort(unsigned lo, unsigned up, std::uint32_t drawn) {
    while (lo < up) {
      // Order a[lo], a[p] and a[up].
      get(lo);
      get(up);
      if (less(-1, -2)) {
        set2(lo, up);
      } else {
        lua_pop(L, 2);
      }
      if (up - lo == 1) return;
      unsigned p;
      if (up - lo < kDrawnPivotMinimum || drawn == 0) {
        p = (lo + up) / 2;
      } else {
        const unsigned quarter = (up - lo) / 4;
        p = drawn % (quarter * 2) + (lo + quarter);
      }
      get(p);
      get(lo);
      if (less(-2, -1)) {
        set2(p, lo);
      } else {
        lua_pop(L, 1);
        get(up);
        if (less(-1, -2)) {
          set2(p, up);
        } else {
          lua_pop(L, 2);
        }
      }
      if (up - lo == 2) return;
      get(p);  // the pivot
      lua_pushvalue(L, -1);
      get(up - 1);
      set2(p, up - 1);
      p = partition(lo, up);
      unsigned smaller;
      if (p - lo < up - p) {
        sort(lo, p - 1, drawn);
        smaller = p - lo;
        lo = p + 1;
      } else {
        sort(p + 1, up, drawn);
        smaller = up - p;
        up = p - 1;
      }
      if ((up - lo) / 128 > smaller) drawn = draw();  // badly unbalanced: draw pivots
    }
  }
};

}  // namespace

// table.sort(t [, comp])
int bounded_sort(lua_State* L) {
  const lua_Integer n = checked_length(L, 1, kRead | kWrite);
  if (n > 1) {
    check_elements(L, "table.sort", static_cast<lua_Unsigned>(n), "elements",
                   std::min<std::uint64_t>(element_limit(host_control(L)), INT_MAX - 1));
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    Sort sort{L, Meter(L, "table.sort"), 0x9e3779b9u};
    sort.sort(1, static_cast<unsigned>(n), 0);
    sort.meter.finish();
  }
  return 0;
}

}  // namespace catan::lua
