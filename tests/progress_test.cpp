// The lab's progress display (lab/progress.h): the bar's text, the log lines, and the modes.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "lab/progress.h"

namespace {

using catan::lab::ProgressBar;

TEST(Progress, TheBarShowsGamesSpeedAndTimeLeft) {
  EXPECT_EQ(ProgressBar::render(25, 100, 5, 10), "[##........] 25/100 games  5 games/s  0:15 left");
  EXPECT_EQ(ProgressBar::render(0, 100, 0, 4),
            "[....] 0/100 games  no game finished yet  --:-- left");
  // A search agent's run: under a game a second, the time a game takes.
  EXPECT_EQ(ProgressBar::render(4, 128, 0.05, 4), "[....] 4/128 games  20 s a game  41:20 left");
}

TEST(Progress, SpeedsUnderAGameASecondAreTheTimeOfAGame) {
  using catan::lab::format_speed;
  EXPECT_EQ(format_speed(250), "250 games/s");
  EXPECT_EQ(format_speed(1), "1 games/s");
  EXPECT_EQ(format_speed(0.999), "1 s a game");
  EXPECT_EQ(format_speed(1.0 / 12), "12 s a game");
  EXPECT_EQ(format_speed(1.0 / 99), "99 s a game");
  EXPECT_EQ(format_speed(1.0 / 150), "2.5 min a game");
  EXPECT_EQ(format_speed(1.0 / 7200), "2.0 h a game");
  EXPECT_EQ(format_speed(0), "no game finished yet");
}

TEST(Progress, ALogLineSaysGamesPercentSpeedAndTimeLeft) {
  EXPECT_EQ(ProgressBar::render_line(12, 128, 0.05),
            "catan: 12 of 128 games played (9%), 20 s a game, about 39 min left");
  EXPECT_EQ(ProgressBar::render_line(500, 1000, 250),
            "catan: 500 of 1000 games played (50%), 250 games/s, about 2 s left");
  EXPECT_EQ(ProgressBar::render_line(10, 10000, 1),
            "catan: 10 of 10000 games played (0%), 1 games/s, about 2.8 h left");
  EXPECT_EQ(ProgressBar::render_line(0, 64, 0),
            "catan: 0 of 64 games played (0%), no game finished yet, time left unknown");
}

TEST(Progress, LinesComeOncePerIntervalAndTheOffModePrintsNothing) {
  std::ostringstream log;
  {
    ProgressBar lines(log, ProgressBar::Mode::lines, 0.05);
    lines.start(10);
    lines.update(1);  // before the first interval: nothing
    EXPECT_EQ(log.str(), "");
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    lines.update(2);
    lines.update(3);  // the same interval: one line only
  }
  const std::string text = log.str();
  EXPECT_EQ(text.rfind("catan: 2 of 10 games played (20%), ", 0), 0u) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  EXPECT_EQ(text.find('\r'), std::string::npos);

  std::ostringstream silent;
  {
    ProgressBar off(silent, ProgressBar::Mode::off);
    off.start(10);
    off.update(5);
  }
  EXPECT_EQ(silent.str(), "");

  std::ostringstream terminal;
  {
    ProgressBar bar(terminal, ProgressBar::Mode::terminal);
    bar.start(10);
    bar.update(5);
  }
  EXPECT_EQ(terminal.str().rfind("\r\033[K[###############...............] 5/10 games", 0), 0u);
  EXPECT_EQ(terminal.str().substr(terminal.str().size() - 4), "\r\033[K") << "cleared at the end";
}

}  // namespace
