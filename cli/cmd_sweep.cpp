// `catan sweep --option PACK.KEY=v1,v2,... [...]`: plays the grid of option values on the same
// seeds and reports every metric per value, each against the first value, so a rule author can
// tune a house rule's numbers.
#include "cli/lab_command.h"

namespace catan::cli {

namespace {

class SweepCommand final : public LabCommand {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "sweep",
        "Play a grid of option values (--option PACK.KEY=v1,v2,...) and report every metric per "
        "value");
    add_lab_options(*sub, false, false, true);
    return sub;
  }

  int run() override {
    std::vector<lab::LabConfig> configs;
    try {
      configs = lab::sweep_configs(game_.requested(), game_.options);
    } catch (const lab::ConfigError& e) {
      throw UsageError(e.what());
    }
    return play("sweep", std::move(configs));
  }
};

}  // namespace

std::unique_ptr<Command> make_sweep_command() {
  return std::make_unique<SweepCommand>();
}

}  // namespace catan::cli
