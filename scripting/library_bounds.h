// Bounds on the work of the standard library functions that sandboxed packs call.
//
// Lua's instruction hook and the watchdog's interruption act between Lua instructions, so a
// library function written in C that loops over a count the caller chose (string.rep of an empty
// string, table.move over a range, table.sort of a table whose __index is a C function) would
// run unbounded. In the sandbox every such function is bounded (docs/lua-api.md, "Limits on
// library functions"):
// - its work is charged, in instruction units, to the instruction count of the running call
//   (charge()), so an instruction budget (Limits::instructions) runs out in it as it does in Lua
//   code; the budget and the time limit are checked every kMeterInterval units charged, and a
//   function that loops element by element charges as it goes (Meter), so the watchdog stops it
//   inside the loop;
// - a call whose result or count is over a cap derived from the memory cap is refused up front
//   with an error naming the function and the limit ("table.move: 9223372036854775806 elements
//   are over the limit of 16777216").
//
// One instruction unit is one element read, written, compared or pushed (a lua_geti, lua_seti,
// comparison or returned value), or kBytesPerUnit bytes of string copied, scanned or compared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <lua.hpp>

#include "scripting/sandbox.h"

namespace catan::lua {

// Bytes of string work per instruction unit.
inline constexpr std::uint64_t kBytesPerUnit = 16;
// Units charged between two checks of the limits.
inline constexpr std::uint64_t kMeterInterval = 1024;
// Bytes of the memory cap per element of the element limit (a Lua array slot takes 16).
inline constexpr std::uint64_t kBytesPerElement = 16;
// Values the Lua stack holds at most (LUAI_MAXSTACK): the limit on the results of one call.
inline constexpr int kStackLimit = LUAI_MAXSTACK;

// Lua's reading of a start position in a string of `length` bytes: 1-based, negative counts
// from the end, clipped to [1, inf).
constexpr std::size_t string_start(lua_Integer position, std::size_t length) noexcept {
  if (position > 0) return static_cast<std::size_t>(position);
  if (position == 0 || position < -static_cast<lua_Integer>(length)) return 1;
  return length + static_cast<std::size_t>(position) + 1;
}

// Lua's reading of an end position: negative counts from the end, clipped to [0, length].
constexpr std::size_t string_end(lua_Integer position, std::size_t length) noexcept {
  if (position > static_cast<lua_Integer>(length)) return length;
  if (position >= 0) return static_cast<std::size_t>(position);
  if (position < -static_cast<lua_Integer>(length)) return 0;
  return length + static_cast<std::size_t>(position) + 1;
}

// Units for `bytes` bytes of string work (rounded up).
constexpr std::uint64_t byte_units(std::uint64_t bytes) noexcept {
  return bytes / kBytesPerUnit + (bytes % kBytesPerUnit != 0 ? 1 : 0);
}

// The most elements one library call may read, write, sort or move: the memory cap divided by
// kBytesPerElement (16,777,216 at the default 256 MiB), at least 1.
std::uint64_t element_limit(const HostControl& control) noexcept;

// Raises the trip of `control` when it is due: the state is tripped, the instruction budget of
// the running call has run out, or the watchdog asked the running call to stop. The message of
// a new trip names the library function: "file:line: instruction budget exceeded (N
// instructions) in table.sort", "file:line: time limit exceeded: a call into Lua ran for more
// than N ms in table.sort". Returns when nothing is due.
void check_library_limits(lua_State* L, const char* function);

// Charges `units` of work done by the library function `function` (e.g. "table.sort") to the
// running call, and checks the limits (check_library_limits) whenever kMeterInterval units or
// more have been charged since the last check: a short call costs an add and a compare, and a
// loop in C that charges as it goes, or calls that charge a little each from a loop in C, see a
// check every kMeterInterval units.
inline void charge(lua_State* L, std::uint64_t units, const char* function) {
  HostControl& control = host_control(L);
  const std::uint64_t sum = control.instructions + units;
  control.instructions = sum < units ? UINT64_MAX : sum;
  control.unchecked_units += units;
  if (control.unchecked_units >= kMeterInterval) {
    control.unchecked_units = 0;
    check_library_limits(L, function);
  }
}

// Gathers the units of a loop in C and charges them in batches of kMeterInterval (so the limits
// are checked inside the loop). Call finish() when the loop is done: it charges the rest.
class Meter {
 public:
  Meter(lua_State* L, const char* function) noexcept : L_(L), function_(function) {}
  void add(std::uint64_t units) {
    pending_ += units;
    if (pending_ >= kMeterInterval) finish();
  }
  void finish() {
    const std::uint64_t units = pending_;
    pending_ = 0;
    charge(L_, units, function_);
  }

 private:
  lua_State* L_;
  const char* function_;
  std::uint64_t pending_ = 0;
};

// Raises "FUNCTION: MESSAGE" as a Lua error (prefixed with the caller's position); never
// returns.
[[noreturn]] void refuse(lua_State* L, const char* function, const std::string& message);

// Replaces, in the sandbox's copy of the standard library `library` ("string", "table" or
// "utf8"; others are left alone) at stack index `backing`, the functions whose work is not
// bounded by their arguments by bounded versions: string.rep, string.format, string.byte,
// string.pack; table.insert, remove, move, concat, unpack, sort; utf8.codepoint (the pattern
// functions are guarded by pattern_guard.h). Each replacement is also stored in the standard
// library table at `standard` (the one in the registry's loaded modules), so that an argument
// error of a call that has no name (pcall(table.concat, nil)) names it as it names the standard
// function. Raises Lua errors (memory) only; call it from protected code.
void install_library_bounds(lua_State* L, const char* library, int backing, int standard);

// Text of an unsigned 128-bit number (counts computed without overflow for messages).
std::string count_text(unsigned __int128 value);

}  // namespace catan::lua
