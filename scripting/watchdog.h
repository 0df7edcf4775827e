// The watchdog: a wall-clock limit on calls into Lua that costs the interpreter nothing.
//
// Lua 5.4 enters its hook machinery on every instruction while any count hook is set (about a
// fifth to a third of run time), so a deterministic instruction budget is opt-in
// (Limits::instructions). The default guard against runaway pack code is this watchdog: one
// process-wide thread that looks at every registered Lua state every kTick and, when the same
// outermost call has been running for longer than the state's time limit, interrupts it. The
// interruption is delivered on the worker's own thread: the watchdog sends it a signal, and the
// signal handler installs a count hook (lua_sethook is documented to be callable from a signal
// handler), which raises the error at the next Lua instruction. The signal is sent again at every
// look until the call returns. The error is a trip of the state (sandbox.h, HostControl): it is
// raised again on every Lua thread that runs until the outermost call returns.
//
// Cost on the worker: two relaxed atomic stores per outermost call (enter/leave). Nothing runs
// while the limit is not reached.
//
// Determinism: a game stopped by the watchdog ends with an error and never with a different
// outcome; whether a call that runs close to the limit is stopped depends on the machine. Legit
// calls take microseconds against a limit of seconds; use the instruction budget where the
// exact stopping point matters (tests of the limit itself).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include <pthread.h>

#include <lua.hpp>

namespace catan::lua {

// The watchdog's view of one Lua state. Owned by the state's host; registered while it lives.
// All fields but `limit_ms` are written by the worker thread and read by the watchdog.
struct WatchedCall {
  // Sequence number of the outermost call running now, 0 when none. Each call gets a new one.
  std::atomic<std::uint64_t> running{0};
  // Set by the watchdog to the `running` value it decided to stop; read by the hook.
  std::atomic<std::uint64_t> stop{0};
  std::atomic<pthread_t> thread{};
  // The Lua thread executing now (a coroutine while one runs, else the main thread); the hook is
  // installed there.
  std::atomic<lua_State*> executing{nullptr};
  std::atomic<std::uint32_t> limit_ms{0};  // 0: not watched
  std::uint64_t sequence = 0;              // the last sequence number given (worker only)
  // Installed on `executing` when the call must stop: records the time-limit trip and raises it
  // (the state's trip hook, see HostControl in sandbox.h).
  lua_Hook hook = nullptr;
};

// Milliseconds between two looks at the registered states (the granularity of the limit).
inline constexpr std::chrono::milliseconds kWatchdogTick{50};

// Registers `call` with the watchdog (starting the watchdog thread and installing the signal
// handler on first use). `call` must stay valid until unwatch().
void watch(WatchedCall& call);
void unwatch(WatchedCall& call);

// Called by the worker around every outermost call into Lua.
void enter_watched(WatchedCall& call, lua_State* L) noexcept;
void leave_watched(WatchedCall& call) noexcept;
// Called by the worker inside an outermost call that waits on something outside the game (a
// person typing an answer): pause_watched() stops the call's clock, resume_watched() starts it
// again from zero (the call continues under a new sequence number).
void pause_watched(WatchedCall& call) noexcept;
void resume_watched(WatchedCall& call) noexcept;

}  // namespace catan::lua
