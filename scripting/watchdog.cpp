#include "scripting/watchdog.h"

#include <csignal>
#include <mutex>
#include <thread>
#include <vector>

namespace catan::lua {

namespace {

// The signal that asks a worker thread to stop its Lua call. A real-time signal, so it never
// collides with the usual job-control and error signals.
int interrupt_signal() {
  return SIGRTMIN + 3;
}

// The watched call running on this thread, for the signal handler.
thread_local WatchedCall* current_call = nullptr;

void on_interrupt(int) {
  WatchedCall* call = current_call;
  if (call == nullptr) return;
  const std::uint64_t running = call->running.load(std::memory_order_relaxed);
  if (running == 0 || running != call->stop.load(std::memory_order_relaxed)) return;
  lua_State* L = call->executing.load(std::memory_order_relaxed);
  if (L != nullptr) lua_sethook(L, call->hook, LUA_MASKCOUNT, 1);
}

class Watchdog {
 public:
  static Watchdog& instance() {
    static Watchdog* dog = new Watchdog();  // never destroyed: the thread outlives statics
    return *dog;
  }

  void add(WatchedCall& call) {
    std::lock_guard lock(mutex_);
    entries_.push_back({&call, 0, 0});
  }

  void remove(WatchedCall& call) {
    std::lock_guard lock(mutex_);
    std::erase_if(entries_, [&](const Entry& e) { return e.call == &call; });
  }

 private:
  struct Entry {
    WatchedCall* call;
    std::uint64_t seen;       // the `running` value at the last look
    std::uint64_t ticks = 0;  // looks for which it has not changed
  };

  Watchdog() {
    struct sigaction action {};
    action.sa_handler = &on_interrupt;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(interrupt_signal(), &action, nullptr);
    std::thread([this] { run(); }).detach();
  }

  void run() {
    for (;;) {
      std::this_thread::sleep_for(kWatchdogTick);
      std::lock_guard lock(mutex_);
      for (Entry& e : entries_) {
        WatchedCall& call = *e.call;
        const std::uint64_t running = call.running.load(std::memory_order_relaxed);
        const std::uint32_t limit = call.limit_ms.load(std::memory_order_relaxed);
        if (running == 0 || running != e.seen || limit == 0) {
          e.seen = running;
          e.ticks = 0;
          continue;
        }
        ++e.ticks;
        // The call was already running at the first look, so it has run at least ticks * tick.
        // The interruption is sent again at every look until the call returns, in case the
        // signal found the worker between two Lua threads (the hook then went to a thread that
        // does not run).
        if (e.ticks * kWatchdogTick.count() >= limit) {
          call.stop.store(running, std::memory_order_relaxed);
          pthread_kill(call.thread.load(std::memory_order_relaxed), interrupt_signal());
        }
      }
    }
  }

  std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace

void watch(WatchedCall& call) {
  Watchdog::instance().add(call);
}

void unwatch(WatchedCall& call) {
  Watchdog::instance().remove(call);
}

void enter_watched(WatchedCall& call, lua_State* L) noexcept {
  call.thread.store(pthread_self(), std::memory_order_relaxed);
  call.executing.store(L, std::memory_order_relaxed);
  current_call = &call;
  if (++call.sequence == 0) ++call.sequence;
  call.running.store(call.sequence, std::memory_order_release);
}

void leave_watched(WatchedCall& call) noexcept {
  call.running.store(0, std::memory_order_release);
  current_call = nullptr;
}

void pause_watched(WatchedCall& call) noexcept {
  call.running.store(0, std::memory_order_release);
}

void resume_watched(WatchedCall& call) noexcept {
  if (++call.sequence == 0) ++call.sequence;
  call.running.store(call.sequence, std::memory_order_release);
}

}  // namespace catan::lua
