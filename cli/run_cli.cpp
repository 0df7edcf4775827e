#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "engine/name_table.h"

#include "cli/command.h"
#include "cli/common.h"

namespace catan::cli {

int run_cli(int argc, char** argv) {
  CLI::App app{"catan: Catan rules and house rules as Lua rule packs on a deterministic kernel"};
  app.name("catan");
  app.require_subcommand(1);
  std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>> commands;
  for (auto make : {make_packs_command, make_info_command, make_check_command, make_play_command,
                    make_replay_command, make_view_command, make_test_command, make_bench_command,
                    make_new_pack_command, make_sim_command, make_compare_command,
                    make_sweep_command, make_merge_command, make_train_command}) {
    auto command = make();
    CLI::App* sub = command->add(app);
    commands.emplace_back(sub, std::move(command));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Name the subcommand whose arguments were wrong, or the unknown command itself.
    std::vector<std::string> names;
    for (const auto& [sub, command] : commands) names.push_back(sub->get_name());
    const std::string first = argc > 1 ? argv[1] : "";
    const bool known = std::find(names.begin(), names.end(), first) != names.end();
    if (!first.empty() && first[0] != '-' && !known) {
      const auto hint = engine::closest_name(first, names);
      print_error(fmt::format("unknown command '{}'{} (commands: {})", first,
                              hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint),
                              fmt::join(names, ", ")));
    } else {
      print_error(fmt::format("{} (see 'catan {}--help')", e.what(), known ? first + " " : ""));
    }
    return kUsageError;
  }
  for (auto& [sub, command] : commands) {
    if (!sub->parsed()) continue;
    try {
      return command->run();
    } catch (const packs::PackError& e) {
      // Unknown packs, bad options and broken manifests: the request cannot be carried out.
      print_error(e.what());
      return kUsageError;
    } catch (const UsageError& e) {
      print_error(std::string(e.what()) + " (see 'catan " + sub->get_name() + " --help')");
      return kUsageError;
    } catch (const std::exception& e) {
      print_error(e.what());
      return kRuntimeError;
    }
  }
  return kUsageError;
}

}  // namespace catan::cli
