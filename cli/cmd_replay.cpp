// `catan replay FILE`: replays a saved game and verifies it reproduces the recorded outcome.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/replayed_game.h"
#include "cli/summary.h"
#include "engine/file_io.h"
#include "engine/replay.h"

namespace catan::cli {

namespace {

class ReplayCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "replay", "Replay a saved game and verify it reproduces the recorded outcome");
    sub->add_option("file", file_, "Replay file written by 'catan play --log'")
        ->required()
        ->check(CLI::ExistingFile);
    sub->add_flag("--verbose", verbose_,
                  "Print the turn-by-turn log and the packs' views (game.show) while replaying");
    sub->add_flag("--json", json_, "Print the replayed game's summary as one JSON object");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    ReplayedGame game(file_, search_, limits_, &std::cerr);
    const engine::Replay& replay = game.replay();
    scripting::Session& session = game.session();
    if (verbose_) {
      session.set_log(
          [](std::string_view line) { std::cout << engine::terminal_safe(line) << '\n'; });
      session.set_view(
          [](std::string_view text) { std::cout << engine::terminal_safe(text) << '\n'; });
    }
    const auto result = session.replay(replay);
    if (!result.ok) {
      print_error(fmt::format("{}: {}", file_, result.error));
      return kRuntimeError;
    }
    if (json_) {
      std::cout << engine::json_text(result_json(result)) << '\n';
    } else {
      fmt::print("replay OK: {} decisions reproduced, {} after {} turns (digest {:016x})\n",
                 replay.decisions.size(),
                 result.winner ? fmt::format("player {} won", *result.winner + 1)
                               : std::string("no winner"),
                 result.turns, result.digest);
    }
    return kOk;
  }

 private:
  std::string file_;
  bool verbose_ = false, json_ = false;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_replay_command() {
  return std::make_unique<ReplayCommand>();
}

}  // namespace catan::cli
