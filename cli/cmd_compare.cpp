// `catan compare CONFIG CONFIG...`: plays the same seeds under every configuration (common random
// numbers) and prints the key statistics side by side, with each configuration's paired
// difference from the first, its 95% interval and a verdict.
#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"

namespace catan::cli {

namespace {

class CompareCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "compare",
        "Compare configurations on the same seeds: side-by-side statistics, differences with "
        "95% intervals, and a verdict per metric");
    sub->add_option("configs", configs_,
                    "Configurations: PACK[+PACK...][:PACK.KEY=VALUE...], e.g. base "
                    "base:base.target_vp=12; the first is the baseline")
        ->required();
    game_.fallback_players = 4;
    add_table_game_options(*sub, game_);
    lab_.add_to(*sub, true);
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    if (configs_.size() < 2) throw UsageError("compare needs at least two configurations");
    std::vector<lab::LabConfig> configs;
    try {
      for (const auto& text : configs_) configs.push_back(lab::parse_config(text, game_.options));
    } catch (const lab::ConfigError& e) {
      throw UsageError(e.what());
    }
    return run_lab({"compare", configs, &game_}, lab_, search_, limits_);
  }

 private:
  std::vector<std::string> configs_;
  GameOptions game_;
  LabOptions lab_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_compare_command() {
  return std::make_unique<CompareCommand>();
}

}  // namespace catan::cli
