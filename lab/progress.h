// A one-line progress bar (games done, games per second, time left), redrawn in place. Meant for
// stderr when it is a terminal; the caller decides (disabled, it prints nothing at all).
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace catan::lab {

class ProgressBar {
 public:
  ProgressBar(std::ostream& out, bool enabled) : out_(out), enabled_(enabled) {}
  ~ProgressBar() { finish(); }

  // Starts counting towards `total` games; `done_before` games were played earlier (e.g. the
  // previous rounds of --until-ci) and count in the bar but not in the speed.
  void start(std::uint64_t total, std::uint64_t done_before = 0);
  // `done` games of this start() are finished.
  void update(std::uint64_t done);
  // Clears the line.
  void finish();

  // The text of the bar, without control characters: `done` of `total` games at `speed` games
  // per second (0: unknown), `width` characters of bar.
  static std::string render(std::uint64_t done, std::uint64_t total, double speed, int width);

 private:
  std::ostream& out_;
  bool enabled_;
  bool drawn_ = false;
  std::uint64_t total_ = 0, before_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace catan::lab
