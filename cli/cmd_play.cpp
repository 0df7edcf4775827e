// `catan play`: plays one game with bots and prints its summary; --log saves the replay.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/human_agent.h"
#include "cli/lab_options.h"
#include "cli/summary.h"
#include "engine/file_io.h"
#include "engine/replay.h"
#include "view/text_board.h"

namespace catan::cli {

namespace {

class PlayCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand("play", "Play one game with bots and print its summary");
    game_.add_to(*sub,
                 "Agent per seat, comma-separated: random, human (you, at this terminal), an "
                 "agent a pack registers, or the search agent "
                 "mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|FILE] (docs/bots.md); "
                 "the last one fills the remaining seats");
    sub->add_option("--game-index", game_index_, "Game index within the seed's stream")
        ->check(WholeNumber)
        ->capture_default_str();
    sub->add_option("--log", log_, "Write the replay of the game to FILE")->type_name("FILE");
    sub->add_flag("--json", json_, "Print the summary as one JSON object");
    sub->add_flag("--no-board", no_board_,
                  "Do not draw the final board before the summary (packs that declare how their "
                  "board draws get it drawn; colour on a terminal unless NO_COLOR is set)");
    sub->add_flag("--verbose", verbose_,
                  "Print the turn-by-turn log before the summary, and a script error's traceback");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    const auto requested = game_.requested();

    auto search = search_.make();
    scripting::Session session(search, requested, game_.options, limits_.make());
    const auto bots = settle_seats(game_, session, true);
    // People at the terminal see the game's log as it happens.
    const bool human = std::find(bots.begin(), bots.end(), "human") != bots.end();
    if (verbose_ || human)
      session.set_log(
          [](std::string_view line) { std::cout << engine::terminal_safe(line) << '\n'; });
    // What packs show with game.show (e.g. a score sheet after each turn) is part of the text
    // output; the JSON summary stays one object.
    if (!json_)
      session.set_view(
          [](std::string_view text) { std::cout << engine::terminal_safe(text) << '\n'; });

    const auto draw = packs::merged_draw_spec(session.packs());
    const bool colour = view::stdout_wants_colour();
    scripting::GameConfig config;
    config.seed = game_.seed;
    config.game_index = game_index_;
    config.players = game_.players;
    config.agents = bots;
    config.max_turns = game_.max_turns;
    // A "human" seat is played at this terminal.
    for (std::size_t seat = 0; seat < bots.size(); ++seat) {
      if (bots[seat] != "human") continue;
      config.agent_objects.resize(bots.size());
      config.agent_objects[seat] =
          std::make_shared<HumanAgent>(session.state(), std::cin, std::cout, draw, colour);
    }
    const auto result = session.play(config);
    if (!result.ok) {
      // One line by default; the report with the Lua traceback under --verbose.
      print_error(result.error);
      if (verbose_ && result.error_report != result.error)
        std::cerr << engine::terminal_safe(result.error_report) << '\n';
      return kRuntimeError;
    }
    if (!log_.empty()) engine::save_replay(result.replay, log_);
    if (json_) {
      std::cout << engine::json_text(result_json(result)) << '\n';
    } else {
      std::string title;
      for (const auto* m : session.packs())
        title += (title.empty() ? "" : " + ") + m->name + " " + m->version;
      if (!no_board_) {
        const auto board = view::text_board(session.state(), draw, colour);
        if (!board.empty()) std::cout << board << '\n';
      }
      std::cout << result_text(result, title);
      if (!log_.empty()) std::cout << "replay written to " << log_ << '\n';
    }
    return kOk;
  }

 private:
  GameOptions game_;
  std::string log_;
  std::uint64_t game_index_ = 0;
  bool json_ = false, verbose_ = false, no_board_ = false;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_play_command() {
  return std::make_unique<PlayCommand>();
}

}  // namespace catan::cli
