// `catan sweep --option PACK.KEY=v1,v2,... [...]`: plays the grid of option values on the same
// seeds and reports every metric per value, each against the first value, so a rule author can
// tune a house rule's numbers.
#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"

namespace catan::cli {

namespace {

class SweepCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "sweep",
        "Play a grid of option values (--option PACK.KEY=v1,v2,...) and report every metric per "
        "value");
    game_.fallback_players = 4;
    game_.add_to(*sub,
                 "Agent per seat, comma-separated (the last fills the remaining seats): random, an "
                 "agent a pack registers, or the search agent "
                 "mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|"
                 "FILE] (docs/bots.md)");
    lab_.add_to(*sub, false, true);
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    std::vector<lab::LabConfig> configs;
    try {
      configs = lab::sweep_configs(game_.requested(), game_.options);
    } catch (const lab::ConfigError& e) {
      throw UsageError(e.what());
    }
    return run_lab({"sweep", configs, &game_}, lab_, search_, limits_);
  }

 private:
  GameOptions game_;
  LabOptions lab_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_sweep_command() {
  return std::make_unique<SweepCommand>();
}

}  // namespace catan::cli
