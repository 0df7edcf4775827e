// `catan sim`: plays many games of one configuration on worker threads and reports win rates
// with 95% intervals, first-player advantage, balance, game length, the distribution of end
// points, dice and the packs' statistics; --out, --csv and --report write them to files.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"

namespace catan::cli {

namespace {

class SimCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "sim",
        "Simulate many games on every core: win rates, balance, game length, the distribution "
        "of end points, statistics");
    game_.fallback_players = 4;
    game_.add_to(*sub,
                 "Agent per seat, comma-separated (the last fills the remaining seats): random, an "
                 "agent a pack registers, or the search agent "
                 "mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|"
                 "FILE] (docs/bots.md)");
    lab_.add_to(*sub, true, false);
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    lab::LabConfig config;
    config.packs = game_.requested();
    config.options = game_.options;
    config.label = fmt::format("{}", fmt::join(config.packs, "+"));
    for (const auto& o : config.options) config.label += ":" + o;
    return run_lab({"sim", {config}, &game_}, lab_, search_, limits_);
  }

 private:
  GameOptions game_;
  LabOptions lab_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_sim_command() {
  return std::make_unique<SimCommand>();
}

}  // namespace catan::cli
