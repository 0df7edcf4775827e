// `catan sim`: plays many games of one configuration on worker threads and reports win rates
// with 95% intervals, first-player advantage, balance, game length, the distribution of end
// points, dice and the packs' statistics; --out, --csv and --report write them to files.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/lab_command.h"

namespace catan::cli {

namespace {

class SimCommand final : public LabCommand {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "sim",
        "Simulate many games on every core: win rates, balance, game length, the distribution "
        "of end points, statistics");
    add_lab_options(*sub, false, true, false);
    return sub;
  }

  int run() override {
    lab::LabConfig config;
    config.packs = game_.requested();
    config.options = game_.options;
    config.label = fmt::format("{}", fmt::join(config.packs, "+"));
    for (const auto& o : config.options) config.label += ":" + o;
    return play("sim", {config});
  }
};

}  // namespace

std::unique_ptr<Command> make_sim_command() {
  return std::make_unique<SimCommand>();
}

}  // namespace catan::cli
