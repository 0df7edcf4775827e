#include "cli/game_deadline.h"

#include <algorithm>
#include <chrono>

namespace catan::cli {

namespace {
std::int64_t now_ticks() {
  return std::chrono::steady_clock::now().time_since_epoch().count();
}
}  // namespace

GameDeadline::GameDeadline(std::uint32_t ms, std::function<void(std::uint64_t)> expired)
    : ms_(ms), expired_(std::move(expired)) {
  if (ms_ > 0) thread_ = std::thread([this] { watch(); });
}

GameDeadline::~GameDeadline() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void GameDeadline::begin(std::uint64_t game) {
  game_.store(game, std::memory_order_relaxed);
  started_.store(now_ticks(), std::memory_order_release);
}

void GameDeadline::idle() {
  started_.store(-1, std::memory_order_release);
}

void GameDeadline::watch() {
  const auto deadline = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::milliseconds(ms_))
                            .count();
  const auto tick =
      std::min(std::chrono::milliseconds(100), std::chrono::milliseconds(ms_ / 4 + 1));
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, tick, [this] { return stop_; })) {
    const std::int64_t started = started_.load(std::memory_order_acquire);
    if (started >= 0 && now_ticks() - started > deadline) {
      expired_(game_.load(std::memory_order_relaxed));
      return;
    }
  }
}

}  // namespace catan::cli
