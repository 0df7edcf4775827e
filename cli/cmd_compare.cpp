// `catan compare CONFIG CONFIG...`: plays the same seeds under every configuration (common random
// numbers) and prints the key statistics side by side, with each configuration's paired
// difference from the first, its 95% interval and a verdict.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "cli/lab_command.h"
#include "scripting/pack_resolver.h"

namespace catan::cli {

namespace {

class CompareCommand final : public LabCommand {
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
    add_lab_options(*sub, true, true, true);
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
    apply_common_options(configs);
    return play("compare", std::move(configs));
  }

  // A --option of a pack that only some configurations load applies to those (compare
  // base base+walls --option walls.cost_brick=3); one that no configuration loads is an error.
  // A configuration's own PACK.KEY=VALUE is left alone, so naming an unloaded pack there stays one.
  void apply_common_options(std::vector<lab::LabConfig>& configs) {
    auto search = search_.make();
    std::vector<std::set<std::string>> loaded;
    for (const auto& config : configs) {
      std::set<std::string> names;
      for (const auto* m : packs::resolve(search, config.packs)) names.insert(m->name);
      loaded.push_back(std::move(names));
    }
    for (const std::string& option : game_.options) {
      const std::string pack = option.substr(0, option.find('.'));
      const bool anywhere = std::any_of(loaded.begin(), loaded.end(),
                                        [&](const auto& names) { return names.contains(pack); });
      if (!anywhere)
        throw UsageError(
            fmt::format("--option '{}': no configuration loads pack '{}'", option, pack));
      for (std::size_t c = 0; c < configs.size(); ++c) {
        if (loaded[c].contains(pack)) continue;
        auto& options = configs[c].options;
        options.erase(std::remove(options.begin(), options.end(), option), options.end());
      }
    }
  }

 private:
  std::vector<std::string> configs_;
};

}  // namespace

std::unique_ptr<Command> make_compare_command() {
  return std::make_unique<CompareCommand>();
}

}  // namespace catan::cli
