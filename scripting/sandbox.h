// The sandbox: the allow-listed standard library that untrusted rule packs see.
//
// Globals present (everything else is nil):
//   assert error ipairs next pairs opairs pcall xpcall print rawequal rawget rawlen rawset select
//   tonumber tostring type getmetatable setmetatable load _VERSION
//   coroutine string table math utf8 (minus string.dump, math.random, math.randomseed)
// Absent on purpose: io os package require debug dofile loadfile collectgarbage _G.
//
// Differences from the standard functions:
// - Every library table and the globals table are read-only proxies: assigning a field, or rawset
//   on them, raises "attempt to modify read-only table 'string'" (or 'globals', ...). Their
//   contents are reachable through indexing and pairs, not through next/rawget (proxies are empty).
//   getmetatable() on them, and on any string, returns "locked".
// - The string metatable's __index is the table behind the sandbox `string` (unreachable from Lua,
//   since the metatable is locked), so methods (s:find, ...) are the guarded, dump-less versions.
// - Weak tables (__mode) are allowed; their contents depend on when the collector runs, so rule
//   results must not depend on them.
// - pairs(t) and opairs(t) (the same function) visit keys in a fixed order, independent of Lua's
//   per-state string hash seed: integer keys 1..n (n = first border found by counting up from 1),
//   then the remaining keys sorted: numbers ascending, then strings bytewise, then false, true.
//   Keys of any other type raise "pairs: keys of type T have no defined order; use an array".
//   The key set is captured when pairs() is called; keys whose value becomes nil during the loop
//   are skipped. __pairs is honoured. Cost: O(k log k) and one key array per call.
// - next is the raw, unordered next: use it only to test emptiness (next(t) == nil).
// - load accepts text only: a binary chunk yields nil, "binary chunks are not allowed". Without an
//   env argument the chunk's _ENV is the read-only globals table. The mode argument is ignored.
//   A short text loaded before (same text and chunk name) is not parsed again: the state keeps
//   a few compiled chunks (the function made is new each time, as from the text).
// - setmetatable refuses metatables with a __gc field ("setmetatable: __gc metamethods are not
//   allowed in the sandbox"): finalizers run at unpredictable times, possibly outside any budget.
// - print sends its line to State::set_print's sink (discarded by default).
// - pcall, xpcall, load (whose reader function runs protected), coroutine.resume, coroutine.wrap
//   and coroutine.close re-raise a budget, time-limit or memory trip instead of returning it (see
//   HostControl); xpcall's handler is not run for them, and while tripped no coroutine is resumed
//   or closed. Trusted C++ that calls lua_pcall inside a call() should do the same with
//   check_trip().
// - string.find/match/gmatch/gsub are guarded by pattern_guard.h; string.rep, format, byte, pack,
//   table.insert, remove, move, concat, unpack, sort and utf8.codepoint are bounded by
//   library_bounds.h (refused over a cap, charged to the call, stopped in their loops by the
//   limits), and so are pairs (a unit per key and per comparison of its sort) and load (a unit
//   per byte of text, parsed in slices).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include <lua.hpp>

#include "scripting/watchdog.h"

namespace catan::lua {

// What tripped a State: the first of budget or memory wins and stays until the trip is cleared.
enum class Trip { None, Budget, Memory };

// Run-time state shared by the host (State) and the sandbox functions of one Lua state. The host
// owns it and stores its address in the extra space of the main thread, which Lua copies into
// every new thread.
//
// Trip protocol: when the instruction budget, the time limit or the memory cap is exceeded the
// host records the trip and its one-line message; from then on, until the outermost State::call
// returns and clears the trip:
// - every catcher inside Lua (pcall, xpcall, load, coroutine.resume/wrap/close) re-raises
//   trip_message, and xpcall's handler is not run;
// - raise_trip installs the trip hook (watched.hook, count 1) on the Lua thread it raises in and
//   on the main thread, so the hook raises the trip again at the first instruction of any Lua
//   function the unwinding runs there (__close handlers, and what they call);
// - no coroutine is resumed or closed (resume, wrap and close raise the trip instead), so no
//   other thread runs pack code.
// A thread keeps the trip hook until it next runs an instruction after the trip is cleared; the
// hook then puts back the normal one.
struct HostControl {
  Trip trip = Trip::None;
  std::string trip_message;        // raised again while tripped
  std::size_t memory_cap = 0;      // mirrors Limits::memory_bytes
  std::uint64_t pattern_cost = 0;  // mirrors Limits::pattern_cost (read by the pattern guard)
  std::function<void(std::string_view)> print;  // sandboxed print sink; empty = discard
  WatchedCall watched;  // the time limit of the running call (watchdog.h); hook = trip hook
  // Instruction units run so far: the count hook adds kHookInterval at each of its calls (only
  // while it is set), library functions add the work they charge (library_bounds.h). Only
  // differences matter.
  std::uint64_t instructions = 0;
  // Units library functions charged since the limits were last checked (library_bounds.h).
  std::uint64_t unchecked_units = 0;
  // The budget of the innermost active State::call: the value of `instructions` at which it
  // runs out (UINT64_MAX: no budget) and its size, for the message.
  std::uint64_t budget_deadline = UINT64_MAX;
  std::uint64_t budget_size = 0;
  lua_State* main_thread = nullptr;  // the state's main thread
  // Text chunks the sandbox's load compiled, dumped, by chunk name and text: loading the same
  // text again undumps the compiled code instead of parsing it. Bounded (kCompiledChunks).
  std::unordered_map<std::string, std::string> compiled;

  bool tripped() const noexcept { return trip != Trip::None; }
};

// The HostControl of the state `L` belongs to (any thread of it).
inline HostControl& host_control(lua_State* L) noexcept {
  return **static_cast<HostControl**>(lua_getextraspace(L));
}

// Records a memory trip, "memory cap exceeded (N bytes)" with N = memory_cap, unless the state is
// already tripped.
void trip_memory(HostControl& control);

// Installs the trip hook on L and on the main thread, then raises control.trip_message as a Lua
// error in L; never returns. Precondition: tripped().
int raise_trip(lua_State* L);

// Called after a protected call inside Lua finished with `status`: turns a memory error into a
// memory trip, then re-raises if the state is tripped. Returns normally otherwise.
void check_trip(lua_State* L, int status);

// Opens base, coroutine, string, table, math and utf8, builds the sandbox described above, locks
// the string metatable and makes the sandbox globals table the registry's globals. Raises Lua
// errors (memory); run it in protected mode on a fresh state whose extra space is set.
void open_sandbox(lua_State* L);

// The ordered pairs described above, as a lua_CFunction (also usable outside the sandbox).
int ordered_pairs(lua_State* L);

// Pushes the read-only proxy of `backing` (stack index): a new empty table whose metatable
// forwards reads, pairs() and # to `backing` and refuses writes with the message naming `name`.
// No Lua code can reach `backing` through the proxy: pairs returns the proxy itself as its state,
// next, rawget and rawlen see an empty table, getmetatable returns "locked", setmetatable and the
// sandbox's rawset refuse it. (Values read through it are handed out as they are: a table stored
// in `backing` must be a proxy itself to be protected.)
void push_read_only(lua_State* L, int backing, const char* name);

// Marks the metatable at `metatable` (stack index) as belonging to a read-only table named
// `name`: the sandbox's rawset then refuses any table that has it.
void mark_read_only(lua_State* L, int metatable, const char* name);

// The backing table of the sandbox globals (where define_global writes). Pushes it.
void push_sandbox_globals_backing(lua_State* L);

}  // namespace catan::lua
