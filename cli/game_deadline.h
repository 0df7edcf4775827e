#pragma once
// A hard deadline for games played on the calling thread (`bench`), the counterpart of the lab's
// per-worker deadline (lab/runner.h): a game that no limit stops (a bug in the sandbox's bounds)
// must not hang the command. A watchdog thread sees each game begin; once one has run past the
// deadline it calls `expired` on the watchdog thread, which must end the process (the game's
// thread cannot be stopped or joined).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace catan::cli {

class GameDeadline {
 public:
  // `ms` == 0: no deadline and no thread.
  GameDeadline(std::uint32_t ms, std::function<void(std::uint64_t game)> expired);
  ~GameDeadline();  // stops the watchdog
  GameDeadline(const GameDeadline&) = delete;
  GameDeadline& operator=(const GameDeadline&) = delete;

  // Game `game` begins now on the calling thread.
  void begin(std::uint64_t game);
  // No game is running (between games, or after the last).
  void idle();

 private:
  void watch();

  const std::uint32_t ms_;
  const std::function<void(std::uint64_t)> expired_;
  std::atomic<std::int64_t> started_{-1};  // steady_clock ticks of the running game; -1: none
  std::atomic<std::uint64_t> game_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace catan::cli
