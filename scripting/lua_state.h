// RAII host for one Lua 5.4 state: memory cap, per-call time limit and instruction budget,
// sandbox, errors.
//
// Lua is the Debian C++ build: lua_error unwinds with a C++ exception, so C++ destructors run
// when a Lua error crosses C++ frames. Code called from Lua must never `catch (...)` (that would
// swallow Lua's own error); catch `const std::exception&` only, or wrap the function in protect<>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <exception>

#include <lua.hpp>

namespace catan::lua {

// Resource limits of one State. Plain values; copied into the State.
struct Limits {
  std::size_t memory_bytes = 256u << 20;  // cap on bytes allocated by one Lua state
  // Deterministic budget: Lua instructions per protected call (see State::call), library
  // functions counting their work in the same units (library_bounds.h); 0 = none. Opt-in:
  // while it is on, Lua runs its hook machinery at every instruction (about a fifth to a third of
  // run time).
  std::uint64_t instructions = 0;
  // Wall-clock limit of one outermost protected call, in milliseconds, enforced by the watchdog
  // (watchdog.h) at no cost to the interpreter; 0 = none. Stops runaway code; not deterministic
  // near the limit, so tests of the limit itself use `instructions`.
  std::uint32_t time_limit_ms = 10'000;
  std::uint64_t pattern_cost = 20'000'000;  // max estimated steps of one string-pattern call
  bool sandbox = true;                      // false = full standard library (trusted code only)
};

// The instruction budget is checked every kHookInterval VM instructions, so a call may run up to
// this many instructions past its budget before it is stopped.
inline constexpr int kHookInterval = 1000;

// Time between two samples of the time profiler (State::set_profiling), in microseconds.
inline constexpr int kProfileTickMicros = 500;

enum class ErrorKind {
  Syntax,   // the source did not compile (or was a binary chunk)
  Runtime,  // a Lua error, including errors raised by C++ through protect<>
  Budget,   // the instruction budget or the time limit of a call() ran out
  Memory,   // the memory cap was reached
};

// Error leaving the Lua host. what() is one line: "chunk:line: message" when the error has a
// source position (syntax, runtime errors raised with a position, budget), otherwise the bare
// message (memory errors: "memory cap exceeded (N bytes)"). Line breaks inside a Lua message are
// replaced by spaces. traceback() is Lua's "stack traceback:" text, possibly empty.
class ScriptError : public std::runtime_error {
 public:
  ScriptError(ErrorKind kind, const std::string& message, std::string traceback = {});
  ErrorKind kind() const noexcept { return kind_; }
  const std::string& traceback() const noexcept { return traceback_; }

 private:
  ErrorKind kind_;
  std::string traceback_;
};

// Owns one lua_State. Non-copyable and non-movable (the allocator and hooks point at it).
// Not thread-safe: use one State per thread.
//
// Invariants:
// - every allocation of the state goes through a counting allocator; memory_used() is exact and
//   an allocation that would take it above Limits::memory_bytes fails (Lua raises a memory error);
// - with an instruction budget (or while profiling instructions) a count hook runs every
//   kHookInterval instructions on every thread of the state (Lua copies the hook into each new
//   thread) and enforces the budgets of the active call()s; Lua code run by raw
//   lua_call/lua_pcall/lua_resume while no call() is active has no budget. Any active count hook
//   makes Lua check it at every instruction whatever the interval: measured +30% to +120% on
//   hook-free run time, depending on how cheap the instructions are. Without a budget no hook is
//   set;
// - with a time limit the state is registered with the watchdog (watchdog.h) for its lifetime;
//   the outermost call() is stopped once it has run longer than the limit;
// - the extra space of every thread (lua_getextraspace) belongs to the State: do not write it.
// Sandboxed (Limits::sandbox, the default): only the allow-listed library of sandbox.h exists; the
// registry's globals table (LUA_RIDX_GLOBALS, used by lua_getglobal and as the default _ENV of
// every loaded chunk) is the read-only sandbox globals table, so lua_setglobal fails; use
// define_global() to publish values to sandboxed code.
class State {
 public:
  // Creates the state, installs allocator, hook and panic handler, and opens the sandbox (or the
  // full standard library when !limits.sandbox). Throws ScriptError(Memory) when the libraries do
  // not fit in limits.memory_bytes.
  explicit State(Limits limits = {});
  ~State();
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  // The main thread. Valid for the lifetime of the State.
  lua_State* get() const noexcept;
  const Limits& limits() const noexcept;
  // The memory cap and pattern limit apply at once, the instruction budget from the next call().
  // `sandbox` is fixed at construction; changing it here has no effect.
  void set_limits(const Limits& limits);
  // Bytes currently allocated by the state.
  std::size_t memory_used() const noexcept;

  // Compiles `source` (text only; binary chunks are refused) and pushes the resulting function.
  // `chunkname` follows Lua's convention, e.g. "@rules/x/main.lua" (messages then say
  // "rules/x/main.lua:3: ..."). In sandbox mode the chunk's _ENV is the read-only globals table
  // until the caller replaces upvalue 1. Throws ScriptError(Syntax) (or Memory); pushes nothing
  // on error.
  void load(std::string_view source, const std::string& chunkname);

  // Calls the function below the top `nargs` values in protected mode, like lua_pcall, leaving
  // `nresults` results (or all, with LUA_MULTRET). The call gets a fresh budget of
  // Limits::instructions; a call() made while another is active (C++ -> Lua -> C++ -> Lua) gets its
  // own budget but never more than what remains of the enclosing one, since every instruction
  // counts against all active calls. On error the function, arguments and error are removed and
  // ScriptError is thrown with kind Budget ("instruction budget exceeded (N instructions)", N being
  // the budget that ran out), Memory ("memory cap exceeded (N bytes)"), or Runtime (Lua's message);
  // its traceback() is filled for runtime and budget errors. An outermost call() that runs longer
  // than Limits::time_limit_ms fails the same way with kind Budget ("time limit exceeded: ...").
  // Budget, time-limit and memory failures are trips (sandbox.h, HostControl): they cannot be
  // caught inside Lua (pcall, xpcall, load, coroutine.resume/wrap/close re-raise them), no Lua
  // code runs on after them on any thread (the trip hook raises again at the first instruction
  // of any __close handler the unwinding runs, no coroutine is resumed or closed), and they reach
  // the outermost call(), which also fails if an inner call() tripped and C++ swallowed the
  // error. A memory trip starts at the refused allocation (see refuse_memory). When the outermost
  // call() returns, the trip is cleared (after a memory trip a full garbage collection runs), so
  // the State is usable again.
  void call(int nargs, int nresults);
  // Stops the time limit's clock of the outermost call() running now until resume_clock(), which
  // starts it again from zero: for a wait outside the game inside a call (a person typing an
  // answer), which is not the packs' time. No effect while no call() runs.
  void pause_clock() noexcept;
  void resume_clock() noexcept;

  // Pops the value on top of the stack and publishes it as global `name` in the read-only sandbox
  // globals table (the real _G when !sandbox). For trusted C++ setup code, outside call().
  void define_global(const char* name);

  // Receives each line printed by the sandboxed print() (arguments converted with tostring and
  // joined by tabs, no trailing newline). The default discards output without converting it.
  // The sink may throw std::exception; the print() call then raises a Lua error.
  void set_print(std::function<void(std::string_view)> sink);

  // Sampling profiler for pack authors. Each sample records the Lua function and line running and
  // every Lua function on the stack. profile() lists entries "function source:line" (self, by
  // where the function is defined), "line     source:line" and "within   source:line"
  // (inclusive: samples taken inside the function or what it called), most first, in the unit of
  // the mode:
  // - Profiling::Instructions: a sample every kHookInterval Lua instructions (the count hook);
  //   repeatable, but blind to time spent in C functions (kernel calls, table allocation,
  //   string building) and to how dear each instruction is. Unit: instructions.
  // - Profiling::Time: a sample every kProfileTickMicros of elapsed time on this thread (a POSIX
  //   timer whose signal installs a one-shot hook, so the sample is taken at the next Lua
  //   instruction: time in a C function counts for the Lua line that called it). Ticks while no
  //   call() runs (the host's own code) are listed as kOutsideLua. Unit: microseconds. Not
  //   repeatable; meant for CPU-bound runs (time the thread waits counts too).
  // Switching modes clears the profile. Profile one State per thread at a time.
  enum class Profiling { Off, Instructions, Time };
  void set_profiling(Profiling mode);
  Profiling profiling() const noexcept;
  std::vector<std::pair<std::string, std::uint64_t>> profile() const;
  // The profile() entries ("function " and "line     ") of time samples taken while no Lua call
  // was running.
  static constexpr const char* kOutsideLua = "(host code, no Lua call running)";

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Restores the stack top of `L` to its value at construction when the scope ends.
// While a Lua error unwinds (Lua is built as C++, so errors are exceptions) the error object is
// on top of the stack and must stay there: the guard then leaves the stack alone.
class StackGuard {
 public:
  explicit StackGuard(lua_State* L) noexcept
      : L_(L), top_(lua_gettop(L)), exceptions_(std::uncaught_exceptions()) {}
  ~StackGuard() {
    if (std::uncaught_exceptions() == exceptions_) lua_settop(L_, top_);
  }
  StackGuard(const StackGuard&) = delete;
  StackGuard& operator=(const StackGuard&) = delete;

 private:
  lua_State* L_;
  int top_;
  int exceptions_;
};

// Raises a Lua error with `message`, prefixed like luaL_error's with the calling Lua line, except
// that the kernel's own Lua chunks (chunk names "=...", such as game.raise's fast path) are
// skipped: the line named is the pack's or test's that called into the kernel. Nothing is
// prefixed when the caller is a C function. Does not return.
[[noreturn]] void raise_from_caller(lua_State* L, const char* message);

// Removes every entry of the table at stack index `index` (raw; its metatable stays).
void clear_table(lua_State* L, int index);

// Lets a C++ function bound to Lua throw: `lua_pushcfunction(L, &protect<my_fn>)`. A
// std::exception escaping F becomes a Lua error whose message is e.what(), prefixed with the
// calling pack line (raise_from_caller). Lua errors raised inside F pass through untouched. F
// must not throw anything that is not a std::exception.
template <lua_CFunction F>
int protect(lua_State* L) {
  std::string message;
  try {
    return F(L);
  } catch (const std::exception& e) {
    message = e.what();
  }
  raise_from_caller(L, message.c_str());
}

}  // namespace catan::lua
