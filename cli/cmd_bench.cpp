// `catan bench`: plays a fixed batch of games on one thread and reports throughput and the
// batch's signature (a hash over every game's outcome). With --save-failures, a game that ends
// with an error (a broken invariant under a check option, a script error) has its replay saved.
// A game that runs past the hard game deadline (one no limit stopped) ends the bench with an
// error naming it, since its thread cannot be stopped and its figures would be meaningless.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/game_deadline.h"
#include "cli/lab_options.h"
#include "engine/file_io.h"
#include "engine/replay.h"
#include "lab/aggregate.h"
#include "lab/progress.h"
#include "scripting/batch.h"

namespace catan::cli {

namespace {

class BenchCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "bench",
        "Play a batch of games on one thread: games/s, decisions/s and the batch signature");
    game_.fallback_players = 4;
    game_.add_to(*sub, kLabBotsHelp);
    sub->add_option("--games", games_, "Games to play")
        ->check(WholeNumber)
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    sub->add_option("--save-failures", failures_dir_, "Save the replay of every failed game in DIR")
        ->type_name("DIR");
    sub->add_option(
           "--game-deadline", game_deadline_,
           "Hard deadline of one game in seconds: a game still running past it ends the "
           "bench with an error (default: 3 x --time-limit + 5, at least 1200 with an mcts "
           "seat; 0: none)")
        ->type_name("S")
        ->check(CLI::Range(0.0, 1e6));
    sub->add_flag("--json", json_, "Print the report as one JSON object");
    auto* profile = sub->add_option("--profile", profile_lines_,
                                    "Sample where Lua time goes and print the N busiest pack lines")
                        ->type_name("N")
                        ->check(WholeNumber);
    sub->add_option("--profile-by", profile_by_,
                    "What --profile samples: Lua instructions (repeatable) or time (includes "
                    "kernel calls, allocation and cache misses, charged to the calling line)")
        ->check(CLI::IsMember({"instructions", "time"}))
        ->needs(profile)
        ->capture_default_str();
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    if (!failures_dir_.empty()) std::filesystem::create_directories(failures_dir_);
    auto search = search_.make();
    scripting::Session session(search, game_.requested(), game_.options, limits_.make());
    game_.settle_players(packs::player_range(session.packs()));
    const auto bots = game_.seats();
    for (const auto& b : bots)
      if (b == "human") throw UsageError("bench plays bots only; 'human' cannot take a seat");
    check_agents(bots, session.agent_names(), false);
    scripting::GameConfig config;
    config.seed = game_.seed;
    config.players = game_.players;
    config.agents = bots;
    config.max_turns = game_.max_turns;

    const bool by_time = profile_by_ == "time";
    if (profile_lines_ > 0)
      session.lua().set_profiling(by_time ? lua::State::Profiling::Time
                                          : lua::State::Profiling::Instructions);
    const Played played = play(session, config, limits_.game_deadline_ms(game_deadline_, bots));
    if (json_)
      print_json(played, bots);
    else
      print_text(played, bots, session.phase_times());
    if (profile_lines_ > 0) print_profile(session.lua().profile(), by_time);
    if (played.report.failures > 0) {
      print_error(fmt::format("{} of {} games failed; first: {}", played.report.failures, games_,
                              played.report.first_failure));
      return kRuntimeError;
    }
    return kOk;
  }

 private:
  struct Played {
    scripting::BatchReport report;
    std::map<std::string, std::uint64_t> failure_classes;  // lab::failure_class -> games
  };

  // The replay file of failed game `g`.
  std::filesystem::path failure_file(std::uint64_t g) const {
    return std::filesystem::path(failures_dir_) / fmt::format("failed-{}-{}.json", game_.seed, g);
  }

  // Plays the batch under the game deadline, saving failed games' replays and printing a
  // progress line every 5 s on stderr.
  Played play(scripting::Session& session, const scripting::GameConfig& config,
              std::uint32_t deadline_ms) {
    GameDeadline deadline(deadline_ms,
                          [&](std::uint64_t g) { give_up(session, config, g, deadline_ms); });
    Played played;
    const auto start = std::chrono::steady_clock::now();
    auto last_report = start;
    deadline.begin(0);
    played.report =
        scripting::play_batch(session, config, games_, [&](int g, const scripting::GameResult& r) {
          deadline.idle();
          if (!r.ok) ++played.failure_classes[lab::failure_class(r.error)];
          if (!r.ok && !failures_dir_.empty()) engine::save_replay(r.replay, failure_file(g));
          const auto now = std::chrono::steady_clock::now();
          if (now - last_report > std::chrono::seconds(5)) {
            last_report = now;
            const double s = std::chrono::duration<double>(now - start).count();
            std::cerr << fmt::format("bench: {}/{} games, {}\n", g + 1, games_,
                                     lab::format_speed((g + 1) / s));
          }
          if (g + 1 < games_) deadline.begin(static_cast<std::uint64_t>(g) + 1);
        });
    return played;
  }

  // On the watchdog thread, with game g still running past the deadline: saves its inputs (the
  // Session's pack list and options do not change during a game) and ends the process.
  [[noreturn]] void give_up(scripting::Session& session, const scripting::GameConfig& config,
                            std::uint64_t g, std::uint32_t deadline_ms) const {
    std::string saved;
    if (!failures_dir_.empty()) {
      try {
        scripting::GameConfig stuck = config;
        stuck.game_index = g;
        const auto path = failure_file(g);
        engine::save_replay(
            session.abandoned_replay(stuck, fmt::format("game deadline exceeded: game {} ran for "
                                                        "more than {:.3g} s and was abandoned",
                                                        g, deadline_ms / 1000.0)),
            path);
        saved = fmt::format(" (replay of its inputs: {})", path.string());
      } catch (const std::exception&) {
      }
    }
    print_error(fmt::format(
        "game deadline exceeded: game {} ran for more than {:.3g} s and no limit stopped it; "
        "the bench stops after {} of {} games{}",
        g, deadline_ms / 1000.0, g, games_, saved));
    std::fflush(nullptr);
    std::_Exit(kRuntimeError);
  }

  void print_json(const Played& played, const std::vector<std::string>& bots) const {
    const auto& report = played.report;
    const double seconds = report.seconds;
    nlohmann::json j = {{"games", games_},
                        {"seconds", seconds},
                        {"games_per_second", games_ / seconds},
                        {"decisions_per_second", static_cast<double>(report.decisions) / seconds},
                        {"decisions", report.decisions},
                        {"turns", report.turns},
                        {"failures", report.failures},
                        {"failure_classes", played.failure_classes},
                        {"games_with_winner", report.games_with_winner},
                        {"wins_by_seat", report.wins_by_seat},
                        {"bots", bots},
                        {"signature", fmt::format("{:016x}", report.signature)}};
    std::cout << engine::json_text(j) << '\n';
  }

  void print_text(const Played& played, const std::vector<std::string>& bots,
                  const scripting::PhaseTimes& t) const {
    const auto& report = played.report;
    const double seconds = report.seconds;
    const double dps = static_cast<double>(report.decisions) / seconds;
    fmt::print("games: {} ({} players: {}), seed {}\n", games_, game_.players, fmt::join(bots, ","),
               game_.seed);
    fmt::print("time: {:.3f} s, {}, {:.0f} decisions/s, {:.0f} ns/decision\n", seconds,
               lab::format_speed(games_ / seconds), dps,
               report.decisions ? seconds * 1e9 / static_cast<double>(report.decisions) : 0.0);
    fmt::print("per game: {:.1f} decisions, {:.1f} turns\n",
               static_cast<double>(report.decisions) / games_,
               static_cast<double>(report.turns) / games_);
    fmt::print("wins by seat: {}; no winner: {}; failed: {}\n", fmt::join(report.wins_by_seat, " "),
               games_ - report.games_with_winner - report.failures, report.failures);
    if (!played.failure_classes.empty()) {
      std::vector<std::string> parts;
      for (const auto& [cls, n] : played.failure_classes)
        parts.push_back(fmt::format("{}: {}", cls, n));
      fmt::print("failed games by class: {}\n", fmt::join(parts, ", "));
    }
    fmt::print("signature: {:016x}\n", report.signature);
    if (t.games > 0) {
      const double per = 1e6 / t.games;
      fmt::print(
          "per game (us): load {:.0f}, setup {:.0f}, start {:.0f}, turns {:.0f} ({:.2f} per "
          "turn), end {:.0f}\n",
          t.load * per, t.setup * per, t.start * per, t.turns * per,
          report.turns ? t.turns * 1e6 / static_cast<double>(report.turns) : 0.0, t.end * per);
    }
  }

  // The --profile sections: the busiest lines by self and by inclusive samples.
  void print_profile(const std::vector<std::pair<std::string, std::uint64_t>>& lines,
                     bool by_time) const {
    std::uint64_t total = 0;  // every sample is counted once by function (and by line)
    for (const auto& [where, n] : lines)
      if (where.starts_with("function ")) total += n;
    if (by_time)
      fmt::print("\nLua profile (sampled every {} us; {} us in all):\n", lua::kProfileTickMicros,
                 total);
    else
      fmt::print("\nLua profile (sampled every {} instructions; {} in all):\n", lua::kHookInterval,
                 total);
    const auto section = [&](const char* title, bool inclusive) {
      fmt::print("{}\n", title);
      int shown = 0;
      for (const auto& [where, n] : lines) {
        if (where.starts_with("within ") != inclusive) continue;
        if (++shown > profile_lines_) break;
        fmt::print("  {:5.1f}%  {}\n", 100.0 * static_cast<double>(n) / static_cast<double>(total),
                   inclusive ? where.substr(9) : where);
      }
    };
    section(" self (the function or line running):", false);
    section(" inclusive (in the function or anything it called):", true);
  }

  GameOptions game_;
  std::string failures_dir_;
  double game_deadline_ = -1;  // negative: LimitOptions::game_deadline_ms's default
  int games_ = 1000;
  bool json_ = false;
  int profile_lines_ = 0;
  std::string profile_by_ = "instructions";
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_bench_command() {
  return std::make_unique<BenchCommand>();
}

}  // namespace catan::cli
