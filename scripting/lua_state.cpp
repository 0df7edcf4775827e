#include "scripting/lua_state.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <unistd.h>

#include "engine/text_bounds.h"
#include "scripting/sandbox.h"

namespace catan::lua {

// One active call(): the instruction count at which it must stop and the budget that set it.
struct CallFrame {
  std::uint64_t deadline;
  std::uint64_t budget;
};

// Everything the C callbacks (allocator, hook, handlers) need; its address is stable.
struct State::Impl : HostControl {
  lua_State* L = nullptr;
  Limits limits;
  std::size_t used = 0;           // bytes currently allocated by the state
  std::vector<CallFrame> frames;  // active call()s, innermost last
  bool memory_refused = false;    // the last growth during a call was refused (refuse_memory)
  // Traceback recorded by the message handler for the call() at depth traceback_depth (number of
  // active frames at the time); kNoTraceback when none is pending.
  std::string traceback;
  std::size_t traceback_depth = kNoTraceback;
  static constexpr std::size_t kNoTraceback = static_cast<std::size_t>(-1);
  // Sampling profile: "source:line" -> samples taken there; only while profiling.
  Profiling profiling = Profiling::Off;
  std::unordered_map<std::string, std::uint64_t> profile;
  // Time profiling: the timer ticking on this state's thread, and the ticks that found no Lua
  // call running (counted by the signal handler).
  timer_t profile_timer{};
  bool profile_timer_set = false;
  std::atomic<std::uint64_t> outside_lua{0};
  std::atomic<std::uint64_t> pending_ticks{0};  // ticks the next sample stands for

  // The hook every thread runs outside a time-limit interruption (null: none).
  lua_Hook normal_hook() const noexcept;
};

namespace {

using Impl = State::Impl;
using Profiling = State::Profiling;

Impl& impl_of(lua_State* L) noexcept {
  return static_cast<Impl&>(host_control(L));
}

std::string one_line(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

// Lua's way of showing a chunk name in messages: "@file" and "=name" lose their prefix.
std::string display_chunkname(const std::string& chunkname) {
  if (!chunkname.empty() && (chunkname[0] == '@' || chunkname[0] == '=')) {
    return chunkname.substr(1);
  }
  return "[string \"" + chunkname.substr(0, chunkname.find('\n')) + "\"]";
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  return b > std::numeric_limits<std::uint64_t>::max() - a
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

void time_limit_hook(lua_State* L, lua_Debug* ar);

// The cap refused an allocation during a call. Lua retries once after an emergency collection;
// if that fails too it raises a memory error, and the unwinding may run __close handlers before
// any catcher records the trip. So the trip hook goes on the running thread and the main thread
// now: at the next instruction, if the last growth was refused (the retry failed), it records
// the memory trip and raises it. A retry that succeeds clears memory_refused and the hook then
// just puts the normal one back.
void refuse_memory(Impl& impl) noexcept {
  impl.memory_refused = true;
  if (lua_State* running = impl.watched.executing.load(std::memory_order_relaxed))
    lua_sethook(running, &time_limit_hook, LUA_MASKCOUNT, 1);
  if (impl.L != nullptr) lua_sethook(impl.L, &time_limit_hook, LUA_MASKCOUNT, 1);
}

// lua_Alloc: counts bytes and refuses growth beyond the cap. Freeing and shrinking always succeed.
void* allocate(void* ud, void* block, std::size_t old_size, std::size_t new_size) noexcept {
  Impl& impl = *static_cast<Impl*>(ud);
  const std::size_t old_bytes = block != nullptr ? old_size : 0;
  if (new_size == 0) {
    std::free(block);
    impl.used -= old_bytes;
    return nullptr;
  }
  if (new_size > old_bytes &&
      (new_size > impl.memory_cap || impl.used - old_bytes > impl.memory_cap - new_size)) {
    if (!impl.frames.empty()) refuse_memory(impl);
    return nullptr;
  }
  void* result = std::realloc(block, new_size);
  if (result != nullptr) {
    impl.used = impl.used - old_bytes + new_size;
    if (impl.memory_refused && new_size > old_bytes) impl.memory_refused = false;
  }
  return result;
}

// One profile sample of `weight` where L runs now (ar: the hook's record).
void record_sample(Impl& impl, lua_State* L, lua_Debug* ar, std::uint64_t weight = 1) {
  if (weight == 0 || lua_getinfo(L, "Sl", ar) == 0) return;
  // By function (where it is defined) and by line.
  impl.profile[std::string("function ") + ar->short_src + ":" + std::to_string(ar->linedefined)] +=
      weight;
  impl.profile[std::string("line     ") + ar->short_src + ":" + std::to_string(ar->currentline)] +=
      weight;
  // Inclusive: every Lua function on the stack, each once.
  std::vector<std::string> seen;
  lua_Debug frame;
  for (int level = 0; lua_getstack(L, level, &frame) != 0 && level < 64; ++level) {
    if (lua_getinfo(L, "S", &frame) == 0 || frame.what[0] == 'C') continue;
    std::string key =
        std::string("within   ") + frame.short_src + ":" + std::to_string(frame.linedefined);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    impl.profile[key] += weight;
    seen.push_back(std::move(key));
  }
}

// Count hook: advances the instruction counter and stops the innermost call() past its deadline.
void count_hook(lua_State* L, lua_Debug* ar) {
  Impl& impl = impl_of(L);
  impl.instructions += kHookInterval;
  if (impl.profiling == Profiling::Instructions) record_sample(impl, L, ar);
  if (impl.frames.empty()) return;
  if (impl.tripped()) {
    raise_trip(L);
    return;
  }
  const CallFrame& frame = impl.frames.back();
  if (impl.instructions < frame.deadline) return;
  char where[LUA_IDSIZE + 32] = "";
  if (lua_getinfo(L, "Sl", ar) != 0 && ar->currentline > 0) {
    std::snprintf(where, sizeof where, "%s:%d: ", ar->short_src, ar->currentline);
  }
  impl.trip = Trip::Budget;
  impl.trip_message = std::string(where) + "instruction budget exceeded (" +
                      std::to_string(frame.budget) + " instructions)";
  raise_trip(L);
}

// The hook of an interrupted or tripped state. The watchdog's signal handler installs it (count
// 1) on the Lua thread executing an outermost call() that overran its time limit; raise_trip
// installs it on every Lua thread a trip passes through and on the main thread. While the state
// is tripped it raises the trip again at every instruction, so no Lua code (a __close handler run
// by the unwinding, a pcall or a loop inside one) runs on after the trip. When the state is not
// (or no longer) tripped it puts back the normal hook of the thread.
void time_limit_hook(lua_State* L, lua_Debug* ar) {
  Impl& impl = impl_of(L);
  const std::uint64_t running = impl.watched.running.load(std::memory_order_relaxed);
  if (!impl.tripped() && impl.memory_refused && !impl.frames.empty()) trip_memory(impl);
  if (!impl.tripped() && running != 0 &&
      running == impl.watched.stop.load(std::memory_order_relaxed)) {
    char where[LUA_IDSIZE + 32] = "";
    if (lua_getinfo(L, "Sl", ar) != 0 && ar->currentline > 0) {
      std::snprintf(where, sizeof where, "%s:%d: ", ar->short_src, ar->currentline);
    }
    impl.trip = Trip::Budget;
    impl.trip_message = std::string(where) +
                        "time limit exceeded: a call into Lua ran for more than " +
                        std::to_string(impl.limits.time_limit_ms) + " ms";
  }
  if (impl.tripped() && !impl.frames.empty()) raise_trip(L);  // keeps this hook on L
  lua_sethook(L, impl.normal_hook(), impl.normal_hook() ? LUA_MASKCOUNT : 0, kHookInterval);
}

// Installed for one instruction by the time profiler's signal: takes the sample (standing for
// the ticks since the last one), then hands over to time_limit_hook, which restores the normal
// hook and trips the state if the watchdog asked for it meanwhile (its own hook may have been
// replaced by this one).
void profile_tick_hook(lua_State* L, lua_Debug* ar) {
  Impl& impl = impl_of(L);
  const std::uint64_t ticks = impl.pending_ticks.exchange(0, std::memory_order_relaxed);
  if (impl.profiling == Profiling::Time) record_sample(impl, L, ar, ticks);
  time_limit_hook(L, ar);
}

// The signal of the time profiler's timer (a real-time signal, beside the watchdog's).
int profile_signal() {
  return SIGRTMIN + 4;
}

// The state this thread profiles by time, for the signal handler.
thread_local Impl* time_profiled = nullptr;

// Signal handler (on the profiled thread): installs the one-shot sampling hook on the Lua thread
// executing now, or counts the ticks as outside Lua. A signal stands for 1 + si_overrun ticks
// (expirations the kernel merged). lua_sethook is safe to call from a signal handler.
void on_profile_tick(int, siginfo_t* info, void*) {
  Impl* impl = time_profiled;
  if (impl == nullptr) return;
  const auto ticks = 1 + static_cast<std::uint64_t>(std::max(0, info->si_overrun));
  lua_State* L = impl->watched.running.load(std::memory_order_relaxed) != 0
                     ? impl->watched.executing.load(std::memory_order_relaxed)
                     : nullptr;
  if (L == nullptr) {
    impl->outside_lua.fetch_add(ticks, std::memory_order_relaxed);
    return;
  }
  impl->pending_ticks.fetch_add(ticks, std::memory_order_relaxed);
  lua_sethook(L, &profile_tick_hook, LUA_MASKCOUNT, 1);
}

// Starts the timer that sends profile_signal() to this thread every kProfileTickMicros (a
// monotonic clock: CPU-time clocks tick only at the scheduler's rate, 4 ms here). Throws
// std::runtime_error when the system refuses.
void start_profile_timer(Impl& impl) {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_sigaction = &on_profile_tick;
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    return sigaction(profile_signal(), &action, nullptr) == 0;
  }();
  sigevent event{};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = profile_signal();
  event._sigev_un._tid = static_cast<pid_t>(gettid());
  if (!installed || timer_create(CLOCK_MONOTONIC, &event, &impl.profile_timer) != 0) {
    throw std::runtime_error("the time profiler needs a per-thread timer; the system refused one");
  }
  impl.profile_timer_set = true;
  impl.pending_ticks.store(0, std::memory_order_relaxed);
  time_profiled = &impl;
  itimerspec every{};
  every.it_interval.tv_nsec = kProfileTickMicros * 1000L;
  every.it_value = every.it_interval;
  timer_settime(impl.profile_timer, 0, &every, nullptr);
}

void stop_profile_timer(Impl& impl) {
  if (!impl.profile_timer_set) return;
  timer_delete(impl.profile_timer);
  impl.profile_timer_set = false;
  if (time_profiled == &impl) time_profiled = nullptr;
}

// Message handler of call(): records the traceback of the innermost call() once, keeps the error
// object.
int message_handler(lua_State* L) {
  Impl& impl = impl_of(L);
  if (impl.trip == Trip::Memory || impl.traceback_depth == impl.frames.size()) return 1;
  luaL_traceback(L, L, nullptr, 1);
  try {
    impl.traceback = lua_tostring(L, -1);
    impl.traceback_depth = impl.frames.size();
  } catch (const std::exception&) {
    // Out of C++ memory: the error is still reported, without a traceback.
  }
  lua_pop(L, 1);
  return 1;
}

// Errors raised outside any protected call (e.g. by raw API use from C++) become exceptions
// instead of abort(). The Lua state should be destroyed afterwards.
int panic(lua_State* L) {
  const char* message = lua_tostring(L, -1);
  const bool memory = message != nullptr && std::string_view(message) == "not enough memory";
  throw ScriptError(memory ? ErrorKind::Memory : ErrorKind::Runtime,
                    one_line(std::string("unprotected Lua error: ") +
                             (message != nullptr ? message : "(error object is not a string)")));
}

int open_sandboxed(lua_State* L) {
  open_sandbox(L);
  return 0;
}

int open_full(lua_State* L) {
  luaL_openlibs(L);
  return 0;
}

// The error object at `index` as text, cut to engine::kMaxErrorBytes: a pack can raise a string
// as long as the memory cap allows, and the message leaves the state (results, replays, stderr).
std::string error_text(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER) {
    std::size_t length = 0;
    const char* text = lua_tolstring(L, index, &length);
    return engine::cut_text(std::string_view(text, length), engine::kMaxErrorBytes);
  }
  return std::string("(error object is a ") + luaL_typename(L, index) + " value)";
}

// The count hook runs only while it is needed: with an instruction budget or while profiling.
// (While any count hook is set, Lua enters the hook machinery on every instruction, which costs
// about a third of the interpreter's speed; an unlimited budget therefore removes the hook.)
void update_hook(Impl& impl) {
  if (impl.normal_hook()) {
    lua_sethook(impl.L, &count_hook, LUA_MASKCOUNT, kHookInterval);
  } else {
    lua_sethook(impl.L, nullptr, 0, 0);
  }
  impl.watched.limit_ms.store(impl.limits.time_limit_ms, std::memory_order_relaxed);
}

}  // namespace

lua_Hook State::Impl::normal_hook() const noexcept {
  return limits.instructions > 0 || profiling == Profiling::Instructions ? &count_hook : nullptr;
}

ScriptError::ScriptError(ErrorKind kind, const std::string& message, std::string traceback)
    : std::runtime_error(message), kind_(kind), traceback_(std::move(traceback)) {}

State::State(Limits limits) : impl_(std::make_unique<Impl>()) {
  Impl& impl = *impl_;
  impl.limits = limits;
  impl.memory_cap = limits.memory_bytes;
  impl.pattern_cost = limits.pattern_cost;
  impl.frames.reserve(16);
  lua_State* L = lua_newstate(&allocate, &impl);
  if (L == nullptr) {
    throw ScriptError(ErrorKind::Memory, "memory cap exceeded (" +
                                             std::to_string(limits.memory_bytes) +
                                             " bytes) while creating the Lua state");
  }
  impl.L = L;
  *static_cast<HostControl**>(lua_getextraspace(L)) = &impl;
  impl.main_thread = L;
  lua_atpanic(L, &panic);
  impl.watched.hook = &time_limit_hook;
  update_hook(impl);
  lua_pushcfunction(L, limits.sandbox ? &open_sandboxed : &open_full);
  const int status = lua_pcall(L, 0, 0, 0);
  if (status != LUA_OK) {
    const std::string message = status == LUA_ERRMEM ? "memory cap exceeded (" +
                                                           std::to_string(limits.memory_bytes) +
                                                           " bytes) while opening the Lua libraries"
                                                     : one_line(error_text(L, -1));
    lua_close(L);
    throw ScriptError(status == LUA_ERRMEM ? ErrorKind::Memory : ErrorKind::Runtime, message);
  }
  watch(impl.watched);
}

State::~State() {
  stop_profile_timer(*impl_);
  unwatch(impl_->watched);
  lua_close(impl_->L);
}

lua_State* State::get() const noexcept {
  return impl_->L;
}

const Limits& State::limits() const noexcept {
  return impl_->limits;
}

void State::set_limits(const Limits& limits) {
  const bool sandbox = impl_->limits.sandbox;
  impl_->limits = limits;
  impl_->limits.sandbox = sandbox;
  impl_->memory_cap = limits.memory_bytes;
  impl_->pattern_cost = limits.pattern_cost;
  update_hook(*impl_);
}

std::size_t State::memory_used() const noexcept {
  return impl_->used;
}

void State::load(std::string_view source, const std::string& chunkname) {
  lua_State* L = impl_->L;
  if (!source.empty() && source[0] == LUA_SIGNATURE[0]) {
    throw ScriptError(ErrorKind::Syntax,
                      display_chunkname(chunkname) + ": binary chunks are not allowed");
  }
  const int status = luaL_loadbufferx(L, source.data(), source.size(), chunkname.c_str(), "t");
  if (status == LUA_OK) return;
  std::string message = error_text(L, -1);
  lua_pop(L, 1);
  if (status == LUA_ERRMEM) {
    if (!impl_->frames.empty()) trip_memory(*impl_);
    throw ScriptError(ErrorKind::Memory,
                      "memory cap exceeded (" + std::to_string(impl_->memory_cap) + " bytes)");
  }
  throw ScriptError(ErrorKind::Syntax, one_line(std::move(message)));
}

void State::pause_clock() noexcept {
  if (!impl_->frames.empty()) pause_watched(impl_->watched);
}

void State::resume_clock() noexcept {
  if (!impl_->frames.empty()) resume_watched(impl_->watched);
}

void State::call(int nargs, int nresults) {
  Impl& impl = *impl_;
  lua_State* L = impl.L;
  const int function = lua_gettop(L) - nargs;
  if (nargs < 0 || function < 1) {
    throw std::invalid_argument("State::call: the stack holds no function with " +
                                std::to_string(nargs) + " arguments");
  }
  if (!lua_checkstack(L, 1)) {
    throw ScriptError(ErrorKind::Memory, "Lua stack overflow in State::call");
  }
  lua_pushcfunction(L, &message_handler);
  lua_insert(L, function);

  std::uint64_t budget = impl.limits.instructions;
  std::uint64_t deadline = budget == 0 ? std::numeric_limits<std::uint64_t>::max()
                                       : saturating_add(impl.instructions, budget);
  if (!impl.frames.empty() && impl.frames.back().deadline <= deadline) {
    deadline = impl.frames.back().deadline;
    budget = impl.frames.back().budget;
  }
  impl.frames.push_back(CallFrame{deadline, budget});
  impl.budget_deadline = deadline;
  impl.budget_size = budget;
  const bool watched = impl.frames.size() == 1;  // the outermost call
  if (watched) enter_watched(impl.watched, L);
  const int status = lua_pcall(L, nargs, nresults, function);
  if (watched) leave_watched(impl.watched);
  const bool has_traceback = impl.traceback_depth == impl.frames.size();
  if (has_traceback) impl.traceback_depth = Impl::kNoTraceback;
  impl.frames.pop_back();
  impl.budget_deadline =
      impl.frames.empty() ? std::numeric_limits<std::uint64_t>::max() : impl.frames.back().deadline;
  impl.budget_size = impl.frames.empty() ? 0 : impl.frames.back().budget;
  lua_remove(L, function);
  const bool outermost = impl.frames.empty();
  if (outermost) impl.memory_refused = false;
  if (status == LUA_OK && !(outermost && impl.tripped())) return;

  if (status == LUA_ERRMEM) trip_memory(impl);
  ErrorKind kind = ErrorKind::Runtime;
  std::string message;
  if (impl.tripped()) {
    kind = impl.trip == Trip::Budget ? ErrorKind::Budget : ErrorKind::Memory;
    message = impl.trip_message;
  } else {
    message = one_line(error_text(L, -1));
  }
  lua_settop(L, function - 1);  // the error object, or the results of a tripped call
  if (outermost && impl.tripped()) {
    impl.trip = Trip::None;
    impl.trip_message.clear();
    update_hook(impl);  // the main thread's trip hook (other threads put theirs back when run)
    if (kind == ErrorKind::Memory) lua_gc(L, LUA_GCCOLLECT);
  }
  std::string traceback;
  if (has_traceback && kind != ErrorKind::Memory) traceback = std::move(impl.traceback);
  throw ScriptError(kind, message, std::move(traceback));
}

void State::define_global(const char* name) {
  lua_State* L = impl_->L;
  if (impl_->limits.sandbox) {
    push_sandbox_globals_backing(L);
    lua_insert(L, -2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
  } else {
    lua_setglobal(L, name);
  }
}

void State::set_profiling(Profiling mode) {
  Impl& impl = *impl_;
  stop_profile_timer(impl);
  impl.profiling = mode;
  impl.profile.clear();
  impl.outside_lua.store(0, std::memory_order_relaxed);
  update_hook(impl);
  if (mode == Profiling::Time) start_profile_timer(impl);
}

State::Profiling State::profiling() const noexcept {
  return impl_->profiling;
}

std::vector<std::pair<std::string, std::uint64_t>> State::profile() const {
  const Impl& impl = *impl_;
  std::vector<std::pair<std::string, std::uint64_t>> lines(impl.profile.begin(),
                                                           impl.profile.end());
  if (const auto outside = impl.outside_lua.load(std::memory_order_relaxed); outside > 0) {
    lines.emplace_back(std::string("function ") + kOutsideLua, outside);
    lines.emplace_back(std::string("line     ") + kOutsideLua, outside);
  }
  std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  const std::uint64_t unit = impl.profiling == Profiling::Time ? kProfileTickMicros : kHookInterval;
  for (auto& line : lines) line.second *= unit;
  return lines;
}

void State::set_print(std::function<void(std::string_view)> sink) {
  impl_->print = std::move(sink);
}

void raise_from_caller(lua_State* L, const char* message) {
  lua_Debug ar;
  const char* where = "";
  for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
    if (lua_getinfo(L, "Sl", &ar) == 0 || ar.currentline <= 0) break;  // a C caller
    if (ar.source[0] == '=') continue;                                 // a kernel chunk
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    where = lua_tostring(L, -1);
    break;
  }
  lua_pushfstring(L, "%s%s", where, message);
  lua_error(L);
  std::abort();  // lua_error does not return
}

void clear_table(lua_State* L, int index) {
  index = lua_absindex(L, index);
  // Clearing existing fields during a traversal is allowed.
  lua_pushnil(L);
  while (lua_next(L, index)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, index);
  }
}

}  // namespace catan::lua
