#include "lab/progress.h"

#include <algorithm>

#include <fmt/format.h>

namespace catan::lab {

namespace {

// Seconds left at `speed`, or 0 when unknown.
std::uint64_t seconds_left(std::uint64_t done, std::uint64_t total, double speed) {
  if (speed <= 0 || done > total) return 0;
  return static_cast<std::uint64_t>(static_cast<double>(total - done) / speed + 0.5);
}

}  // namespace

std::string format_speed(double speed) {
  if (!(speed > 0)) return "no game finished yet";
  if (speed >= 1) return fmt::format("{:.0f} games/s", speed);
  const double seconds = 1 / speed;  // a game's time: above 1 s here
  if (seconds < 99.5) return fmt::format("{:.0f} s a game", seconds);
  if (seconds < 5970) return fmt::format("{:.1f} min a game", seconds / 60);
  return fmt::format("{:.1f} h a game", seconds / 3600);
}

std::string ProgressBar::render(std::uint64_t done, std::uint64_t total, double speed, int width) {
  const double fraction =
      total ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 1.0;
  const int filled = static_cast<int>(fraction * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(static_cast<std::size_t>(width), '.');
  std::string left = "--:--";
  if (speed > 0 && done <= total) {
    const auto s = seconds_left(done, total, speed);
    left = s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                     : fmt::format("{}:{:02}", s / 60, s % 60);
  }
  return fmt::format("[{}] {}/{} games  {}  {} left", bar, done, total, format_speed(speed), left);
}

std::string ProgressBar::render_line(std::uint64_t done, std::uint64_t total, double speed) {
  const double percent =
      total ? 100.0 * static_cast<double>(std::min(done, total)) / static_cast<double>(total)
            : 100.0;
  std::string left = "time left unknown";
  if (speed > 0 && done > 0 && done <= total) {
    const auto s = seconds_left(done, total, speed);
    left = s >= 5400 ? fmt::format("about {:.1f} h left", static_cast<double>(s) / 3600)
           : s >= 90 ? fmt::format("about {} min left", (s + 30) / 60)
                     : fmt::format("about {} s left", s);
  }
  return fmt::format("catan: {} of {} games played ({:.0f}%), {}, {}", done, total, percent,
                     format_speed(speed), left);
}

void ProgressBar::start(std::uint64_t total, std::uint64_t done_before) {
  total_ = total;
  before_ = done_before;
  start_ = std::chrono::steady_clock::now();
  next_line_ = start_ + interval_;
}

void ProgressBar::update(std::uint64_t done) {
  if (mode_ == Mode::off) return;
  const auto now = std::chrono::steady_clock::now();
  if (mode_ == Mode::lines && now < next_line_) return;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  // The speed counts this start()'s games only; the bar counts all.
  const double speed = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  if (mode_ == Mode::lines) {
    out_ << render_line(before_ + done, total_, speed) << '\n' << std::flush;
    while (next_line_ <= now) next_line_ += interval_;
    return;
  }
  out_ << "\r\033[K" << render(before_ + done, total_, speed, 30) << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (mode_ == Mode::terminal && drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace catan::lab
