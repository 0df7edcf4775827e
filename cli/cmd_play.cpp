// `catan play`: plays one game with bots and prints its summary; --log saves the replay.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/human_agent.h"
#include "cli/summary.h"
#include "engine/replay.h"

namespace catan::cli {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    out.push_back(
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

class PlayCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand("play", "Play one game with bots and print its summary");
    sub->add_option("packs", packs_,
                    "Rule packs to load (names or paths); same as --rules/--variant");
    sub->add_option("--rules", rules_, "The game's rule pack")->type_name("PACK");
    sub->add_option("--variant", variants_, "A house-rule pack to add (repeatable)")
        ->type_name("PACK")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--players", players_, "Number of players")
        ->check(CLI::Range(1, 16))
        ->capture_default_str();
    sub->add_option("--bots", bots_,
                    "Agent per seat, comma-separated: random, human (you, at this terminal), or an "
                    "agent a pack registers; the last one fills the remaining seats")
        ->capture_default_str();
    sub->add_option("--seed", seed_, "Master seed")->capture_default_str();
    sub->add_option("--game-index", game_index_, "Game index within the seed's stream")
        ->capture_default_str();
    sub->add_option("--option", options_, "Pack option as PACK.KEY=VALUE (repeatable)")
        ->type_name("PACK.KEY=VALUE")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--max-turns", max_turns_,
                    "Turn cap: the game ends without a winner after this many turns")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    sub->add_option("--log", log_, "Write the replay of the game to FILE")->type_name("FILE");
    sub->add_flag("--json", json_, "Print the summary as one JSON object");
    sub->add_flag("--verbose", verbose_,
                  "Print the turn-by-turn log before the summary, and a script error's traceback");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    std::vector<std::string> requested = packs_;
    if (!rules_.empty()) requested.insert(requested.begin(), rules_);
    requested.insert(requested.end(), variants_.begin(), variants_.end());
    if (requested.empty()) throw UsageError("no rule pack given (e.g. --rules dice-race)");
    auto bots = split_commas(bots_);
    if (static_cast<int>(bots.size()) > players_)
      throw UsageError(fmt::format("--bots names {} agents for {} players", bots.size(), players_));
    while (static_cast<int>(bots.size()) < players_) bots.push_back(bots.back());

    auto search = search_.make();
    scripting::Session session(search, requested, options_, limits_.make());
    // People at the terminal see the game's log as it happens.
    const bool human = std::find(bots.begin(), bots.end(), "human") != bots.end();
    if (verbose_ || human) session.set_log([](std::string_view line) { std::cout << line << '\n'; });

    scripting::GameConfig config;
    config.seed = seed_;
    config.game_index = game_index_;
    config.players = players_;
    config.agents = bots;
    config.max_turns = max_turns_;
    // A "human" seat is played at this terminal.
    for (std::size_t seat = 0; seat < bots.size(); ++seat) {
      if (bots[seat] != "human") continue;
      config.agent_objects.resize(bots.size());
      config.agent_objects[seat] = std::make_shared<HumanAgent>(session.state(), std::cin, std::cout);
    }
    const auto result = session.play(config);
    if (!result.ok) {
      // One line by default; the report with the Lua traceback under --verbose.
      print_error(result.error);
      if (verbose_ && result.error_report != result.error) std::cerr << result.error_report << '\n';
      return kRuntimeError;
    }
    if (!log_.empty()) engine::save_replay(result.replay, log_);
    if (json_) {
      std::cout << result_json(result).dump() << '\n';
    } else {
      std::string title;
      for (const auto* m : session.packs())
        title += (title.empty() ? "" : " + ") + m->name + " " + m->version;
      std::cout << result_text(result, title);
      if (!log_.empty()) std::cout << "replay written to " << log_ << '\n';
    }
    return kOk;
  }

 private:
  std::vector<std::string> packs_, variants_, options_;
  std::string rules_, bots_ = "random", log_;
  int players_ = 2, max_turns_ = 1000;
  std::uint64_t seed_ = 1, game_index_ = 0;
  bool json_ = false, verbose_ = false;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_play_command() {
  return std::make_unique<PlayCommand>();
}

}  // namespace catan::cli
