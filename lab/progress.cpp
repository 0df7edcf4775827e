#include "lab/progress.h"

#include <algorithm>

#include <fmt/format.h>

namespace catan::lab {

std::string ProgressBar::render(std::uint64_t done, std::uint64_t total, double speed, int width) {
  const double fraction =
      total ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 1.0;
  const int filled = static_cast<int>(fraction * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(static_cast<std::size_t>(width), '.');
  std::string left = "--:--";
  if (speed > 0 && done <= total) {
    const auto s = static_cast<std::uint64_t>(static_cast<double>(total - done) / speed + 0.5);
    left = s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                     : fmt::format("{}:{:02}", s / 60, s % 60);
  }
  return fmt::format("[{}] {}/{} games  {:.0f} games/s  {} left", bar, done, total, speed, left);
}

void ProgressBar::start(std::uint64_t total, std::uint64_t done_before) {
  total_ = total;
  before_ = done_before;
  start_ = std::chrono::steady_clock::now();
}

void ProgressBar::update(std::uint64_t done) {
  if (!enabled_) return;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // The speed counts this start()'s games only; the bar counts all.
  const double speed = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  out_ << "\r\033[K" << render(before_ + done, total_, speed, 30) << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (enabled_ && drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace catan::lab
