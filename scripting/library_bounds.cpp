#include "scripting/library_bounds.h"

#include "scripting/bounded_format.h"
#include "scripting/bounded_tables.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

namespace catan::lua {
namespace {

// The standard function a wrapper calls after its checks (upvalue 1).
int call_standard(lua_State* L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// Refuses `count` results of `function` when they do not fit on the Lua stack.
void check_results(lua_State* L, const char* function, unsigned __int128 count) {
  if (count <= static_cast<unsigned __int128>(INT_MAX) &&
      lua_checkstack(L, static_cast<int>(count)))
    return;
  refuse(L, function,
         count_text(count) + " results do not fit on the Lua stack (its limit is " +
             std::to_string(kStackLimit) + " values)");
}

// string.rep(s, n [, sep]) without a loop over n: an empty result costs nothing, a result over
// the memory cap is refused, and the rest is made by doubling copies (charged by its bytes).
int bounded_rep(lua_State* L) {
  std::size_t length = 0;
  std::size_t separator_length = 0;
  const char* text = luaL_checklstring(L, 1, &length);
  const lua_Integer n = luaL_checkinteger(L, 2);
  const char* separator = luaL_optlstring(L, 3, "", &separator_length);
  if (n <= 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  const auto period = static_cast<unsigned __int128>(length) + separator_length;
  const unsigned __int128 total = period * static_cast<std::uint64_t>(n) - separator_length;
  if (total == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  const std::size_t cap = host_control(L).memory_cap;
  if (total > cap) {
    refuse(L, "string.rep",
           "a result of " + count_text(total) + " bytes is over the limit of " +
               std::to_string(cap) + " bytes (the memory cap)");
  }
  const auto bytes = static_cast<std::size_t>(total);
  charge(L, byte_units(bytes), "string.rep");
  luaL_Buffer buffer;
  char* out = luaL_buffinitsize(L, &buffer, bytes);
  // The result repeats `text .. separator`, cut after the last text: write one period, then
  // copy what is written after itself until the result is full.
  std::memcpy(out, text, std::min(length, bytes));
  std::size_t written = std::min(length, bytes);
  if (written < bytes) {
    const std::size_t part = std::min(separator_length, bytes - written);
    std::memcpy(out + written, separator, part);
    written += part;
  }
  while (written < bytes) {
    const std::size_t part = std::min(written, bytes - written);
    std::memcpy(out + written, out, part);
    written += part;
  }
  luaL_pushresultsize(&buffer, bytes);
  return 1;
}

// string.byte(s [, i [, j]]): refuses a range whose values do not fit on the stack; charges one
// unit per value. Upvalue 1: the standard function.
int bounded_byte(lua_State* L) {
  std::size_t length = 0;
  luaL_checklstring(L, 1, &length);
  const lua_Integer first = luaL_optinteger(L, 2, 1);
  const std::size_t start = string_start(first, length);
  const std::size_t end = string_end(luaL_optinteger(L, 3, first), length);
  if (start <= end) {
    const unsigned __int128 count = static_cast<unsigned __int128>(end - start) + 1;
    check_results(L, "string.byte", count);
    charge(L, static_cast<std::uint64_t>(count), "string.byte");
  }
  return call_standard(L);
}

// utf8's reading of a position: negative counts from the end (0 when before the start).
lua_Integer utf8_position(lua_Integer position, std::size_t length) {
  if (position >= 0) return position;
  if (0u - static_cast<std::size_t>(position) > length) return 0;
  return static_cast<lua_Integer>(length) + position + 1;
}

// utf8.codepoint(s [, i [, j [, lax]]]): as string.byte. Upvalue 1: the standard function.
int bounded_codepoint(lua_State* L) {
  std::size_t length = 0;
  luaL_checklstring(L, 1, &length);
  const lua_Integer start = utf8_position(luaL_optinteger(L, 2, 1), length);
  const lua_Integer end = utf8_position(luaL_optinteger(L, 3, start), length);
  if (start >= 1 && end <= static_cast<lua_Integer>(length) && start <= end) {
    const unsigned __int128 count = static_cast<unsigned __int128>(end - start) + 1;
    check_results(L, "utf8.codepoint", count);
    charge(L, static_cast<std::uint64_t>(count), "utf8.codepoint");
  }
  return call_standard(L);
}

// string.pack(fmt, ...): the standard function, charged by the bytes it made (a short format can
// ask for a long padding, "c100000000"; the memory cap bounds it). Upvalue 1: the standard
// function.
int bounded_pack(lua_State* L) {
  const int results = call_standard(L);
  charge(L, byte_units(lua_rawlen(L, -1)), "string.pack");
  return results;
}

struct Replacement {
  const char* library;
  const char* name;
  lua_CFunction function;
  bool wraps_standard;  // the standard function becomes upvalue 1
};

constexpr Replacement kReplacements[] = {
    {LUA_STRLIBNAME, "rep", bounded_rep, false},
    {LUA_STRLIBNAME, "format", bounded_format, false},
    {LUA_STRLIBNAME, "byte", bounded_byte, true},
    {LUA_STRLIBNAME, "pack", bounded_pack, true},
    {LUA_TABLIBNAME, "insert", bounded_insert, false},
    {LUA_TABLIBNAME, "remove", bounded_remove, false},
    {LUA_TABLIBNAME, "move", bounded_move, false},
    {LUA_TABLIBNAME, "concat", bounded_concat, false},
    {LUA_TABLIBNAME, "unpack", bounded_unpack, false},
    {LUA_TABLIBNAME, "sort", bounded_sort, false},
    {LUA_UTF8LIBNAME, "codepoint", bounded_codepoint, true},
};

}  // namespace

std::string count_text(unsigned __int128 value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  return {digits.rbegin(), digits.rend()};
}

std::uint64_t element_limit(const HostControl& control) noexcept {
  return std::max<std::uint64_t>(control.memory_cap / kBytesPerElement, 1);
}

void check_library_limits(lua_State* L, const char* function) {
  HostControl& control = host_control(L);
  if (!control.tripped()) {
    const bool budget = control.budget_size != 0 && control.instructions >= control.budget_deadline;
    const std::uint64_t running = control.watched.running.load(std::memory_order_relaxed);
    const bool time =
        running != 0 && running == control.watched.stop.load(std::memory_order_relaxed);
    if (!budget && !time) return;
    luaL_where(L, 1);
    std::string message = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (budget) {
      message += "instruction budget exceeded (" + std::to_string(control.budget_size) +
                 " instructions) in " + function;
    } else {
      message += "time limit exceeded: a call into Lua ran for more than " +
                 std::to_string(control.watched.limit_ms.load(std::memory_order_relaxed)) +
                 " ms in " + function;
    }
    control.trip = Trip::Budget;
    control.trip_message = std::move(message);
  }
  raise_trip(L);
}

void refuse(lua_State* L, const char* function, const std::string& message) {
  luaL_error(L, "%s: %s", function, message.c_str());
  __builtin_unreachable();  // luaL_error raises
}

void install_library_bounds(lua_State* L, const char* library, int backing, int standard) {
  backing = lua_absindex(L, backing);
  standard = lua_absindex(L, standard);
  for (const Replacement& r : kReplacements) {
    if (std::strcmp(r.library, library) != 0) continue;
    if (r.wraps_standard) {
      if (lua_getfield(L, standard, r.name) != LUA_TFUNCTION || !lua_iscfunction(L, -1))
        luaL_error(L, "install_library_bounds: %s.%s is not a C function", library, r.name);
      lua_pushcclosure(L, r.function, 1);
    } else {
      lua_pushcfunction(L, r.function);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, backing, r.name);
    lua_setfield(L, standard, r.name);
  }
}

}  // namespace catan::lua
