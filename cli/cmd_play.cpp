// `catan play`: plays one game with bots and prints its summary; --log saves the replay.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/human_agent.h"
#include "cli/lab_options.h"
#include "cli/replay_packs.h"
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
                 "mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|"
                 "score|FILE] (docs/bots.md); "
                 "the last one fills the remaining seats");
    sub->add_option("--game-index", game_index_, "Game index within the seed's stream")
        ->check(WholeNumber)
        ->capture_default_str();
    sub->add_option("--log", log_,
                    "Write the replay of the game to FILE (also where a person's quit saves it)")
        ->type_name("FILE");
    sub->add_option("--resume", resume_,
                    "Play on a game saved by a person's quit (or any replay): its packs, options, "
                    "seats and decisions, then the seats' agents from there")
        ->type_name("FILE")
        ->check(CLI::ExistingFile);
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
    engine::Replay saved;  // with --resume: the game to play on
    if (!resume_.empty()) saved = load_resumed_game(resume_, game_);
    auto search = search_.make();
    const auto opened =
        open_game_session(search, game_, resume_.empty() ? nullptr : &saved, limits_.make());
    scripting::Session& session = *opened;
    const auto bots = resume_.empty() ? settle_seats(game_, session, true) : saved.agents;
    const auto draw = packs::merged_draw_spec(session.packs());
    const bool colour = view::stdout_wants_colour();
    scripting::GameConfig config;
    config.seed = resume_.empty() ? game_.seed : saved.seed;
    config.game_index = resume_.empty() ? game_index_ : saved.game_index;
    config.players = resume_.empty() ? game_.players : saved.players;
    config.agents = bots;
    config.max_turns = resume_.empty() ? game_.max_turns : saved.max_turns;
    // A "human" seat is played at this terminal; its thinking time is not the packs' time.
    std::vector<std::shared_ptr<HumanAgent>> people;
    for (std::size_t seat = 0; seat < bots.size(); ++seat) {
      if (bots[seat] != "human") continue;
      config.agent_objects.resize(bots.size());
      people.push_back(std::make_shared<HumanAgent>(session.state(), std::cin, std::cout, draw,
                                                    colour, &session));
      config.agent_objects[seat] = people.back();
    }
    show_output(session, people, bots);

    // The game so far, fed back before the agents play on: the saved game, or the game up to a
    // decision a person took back.
    engine::Replay prefix;
    if (!resume_.empty()) {
      prefix = saved;
      prefix.agent_failure.reset();
      config.continue_from = &prefix;
      for (const auto& person : people) person->rewind(prefix.decisions.size());
      std::cout << fmt::format("resuming {} after {} decisions\n", resume_,
                               prefix.decisions.size());
    }
    scripting::GameResult result;
    for (;;) {
      result = session.play(config);
      const auto asking = std::find_if(people.begin(), people.end(), [](const auto& p) {
        return p->request() != HumanAgent::Request::None;
      });
      if (result.ok || asking == people.end()) break;
      if ((*asking)->request() == HumanAgent::Request::Quit) {
        const std::string path = log_.empty() ? default_save_path(config) : log_;
        engine::save_replay(result.replay, path);
        std::cout << fmt::format(
            "game saved to {} after {} decisions; continue it with: catan play --resume {}\n", path,
            result.replay.decisions.size(), path);
        return kOk;
      }
      // Undo: the game again, fed back up to the decision taken back.
      const std::size_t to = (*asking)->undo_to();
      prefix = result.replay;
      prefix.agent_failure.reset();
      prefix.decisions.resize(to);
      config.continue_from = &prefix;
      for (const auto& person : people) person->rewind(to);
      std::cout << fmt::format("taking back: the game is played again up to decision {}\n", to + 1);
    }
    if (!result.ok) {
      // One line by default; the report with the Lua traceback under --verbose.
      print_error(result.error);
      if (verbose_ && result.error_report != result.error)
        std::cerr << engine::terminal_safe(result.error_report) << '\n';
      return kRuntimeError;
    }
    if (!log_.empty()) engine::save_replay(result.replay, log_);
    print_result(session, result, draw, colour);
    return kOk;
  }

 private:
  // Where the game's log and views go: people read the log as their seat may
  // (game.log_secret) while the game is not being played again after an undo.
  void show_output(scripting::Session& session,
                   const std::vector<std::shared_ptr<HumanAgent>>& people,
                   const std::vector<std::string>& bots) const {
    // A person reads the log as their seat may (game.log_secret); people sharing the terminal
    // read what all of them may.
    if (people.size() == 1)
      session.set_log_reader(
          static_cast<int>(std::find(bots.begin(), bots.end(), "human") - bots.begin()));
    else if (people.size() > 1)
      session.set_log_reader(scripting::Session::kLogPublic);
    // People at the terminal see the game's log as it happens, except while an undo plays the
    // game again up to the decision taken back.
    const auto retracing = [&people] {
      return std::any_of(people.begin(), people.end(),
                         [](const auto& p) { return p->retracing(); });
    };
    if (verbose_ || !people.empty())
      session.set_log([retracing](std::string_view line) {
        if (!retracing()) std::cout << engine::terminal_safe(line) << '\n';
      });
    // What packs show with game.show (e.g. a score sheet after each turn) is part of the text
    // output; the JSON summary stays one object.
    if (!json_)
      session.set_view([retracing](std::string_view text) {
        if (!retracing()) std::cout << engine::terminal_safe(text) << '\n';
      });
  }

  // The game's summary (with the board) or its JSON on stdout.
  void print_result(scripting::Session& session, const scripting::GameResult& result,
                    const packs::DrawSpec& draw, bool colour) const {
    const auto measures = packs::merged_measure_spec(session.packs());
    if (json_) {
      std::cout << engine::json_text(result_json(result, &measures)) << '\n';
    } else {
      std::string title;
      for (const auto* m : session.packs())
        title += (title.empty() ? "" : " + ") + m->name + " " + m->version;
      if (!no_board_) {
        const auto board = view::text_board(session.state(), draw, colour);
        if (!board.empty()) std::cout << board << '\n';
      }
      std::cout << result_text(result, title, &measures);
      if (!log_.empty()) std::cout << "replay written to " << log_ << '\n';
    }
  }

  GameOptions game_;
  // Where a person's quit saves the game without --log: in the current folder.
  static std::string default_save_path(const scripting::GameConfig& config) {
    return fmt::format("catan-game-seed{}-game{}.json", config.seed, config.game_index);
  }

  std::string log_, resume_;
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
