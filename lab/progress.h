// Progress of a long lab run (games done, speed, time left) on stderr. On a terminal, a one-line
// bar redrawn in place; for logs (stderr redirected to a file), a plain line every few seconds;
// or nothing at all. The caller picks the mode.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace catan::lab {

// A speed in games per second for people: "12 games/s" from one a second up; below that the
// time of one game, "12 s a game", "2.5 min a game", "1.2 h a game" (a run with a search agent,
// where a rounded "0 games/s" would say nothing); "no game finished yet" for 0 (unknown).
std::string format_speed(double speed);

class ProgressBar {
 public:
  enum class Mode { off, terminal, lines };

  // `interval` (> 0): the seconds between two lines in Mode::lines (the first comes after one
  // interval, so a short run prints none).
  ProgressBar(std::ostream& out, Mode mode, double interval = 60)
      : out_(out),
        mode_(mode),
        interval_(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(interval))) {}
  ~ProgressBar() { finish(); }

  // Starts counting towards `total` games; `done_before` games were played earlier (e.g. the
  // previous rounds of --until-ci) and count in the bar but not in the speed.
  void start(std::uint64_t total, std::uint64_t done_before = 0);
  // `done` games of this start() are finished. Cheap when nothing is drawn: callers may call it
  // often (the runner does, about ten times a second).
  void update(std::uint64_t done);
  // Clears the bar's line (a terminal); lines stay.
  void finish();

  // The text of the bar, without control characters: `done` of `total` games at `speed` games
  // per second (0: unknown), `width` characters of bar.
  static std::string render(std::uint64_t done, std::uint64_t total, double speed, int width);
  // The text of one log line: "catan: 12 of 128 games played (9%), 20 s a game, about 39 min
  // left" (format_speed; "time left unknown" before a game).
  static std::string render_line(std::uint64_t done, std::uint64_t total, double speed);

 private:
  std::ostream& out_;
  Mode mode_;
  std::chrono::steady_clock::duration interval_;
  bool drawn_ = false;
  std::uint64_t total_ = 0, before_ = 0;
  std::chrono::steady_clock::time_point start_, next_line_;
};

}  // namespace catan::lab
