#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include <fmt/format.h>
#include <lua.hpp>

#include "engine/name_table.h"

#include "cli/command.h"
#include "cli/common.h"
#include "cli/search_agents.h"
#include "lab/lab_config.h"
#include "scripting/pack_options.h"
#include "scripting/pack_resolver.h"

namespace catan::cli {

namespace {

using Commands = std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>>;

CLI::App* commands_named(const Commands& commands, const std::string& name) {
  for (const auto& [sub, command] : commands)
    if (sub->get_name() == name) return sub;
  return nullptr;
}

// " (did you mean '--seed'?)" when `error` names one unexpected flag ("The following argument
// was not expected: --seeds") close to one of `sub`'s long flags; else "".
std::string flag_hint(const std::string& error, const CLI::App& sub) {
  const auto colon = error.rfind(": --");
  if (colon == std::string::npos || error.find("not expected") == std::string::npos) return "";
  std::string flag = error.substr(colon + 2);
  if (flag.find(' ') != std::string::npos) return "";  // several
  if (const auto eq = flag.find('='); eq != std::string::npos) flag.resize(eq);
  std::vector<std::string> names;
  for (const CLI::Option* option : sub.get_options())
    for (const auto& name : option->get_lnames()) names.push_back("--" + name);
  const auto hint = engine::closest_name(flag, names);
  return hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint);
}

// The values of `sub`'s option or positional `name` (none when it has no such option).
std::vector<std::string> values_of(const CLI::App& sub, const std::string& name) {
  const CLI::Option* option = sub.get_option_no_throw(name);
  return option ? option->results() : std::vector<std::string>{};
}

// CATAN_PARSE_ONLY=1: the command line parsed; resolve what it names without running it. Every
// pack it loads by name or path (positional packs, --rules, --variant, compare's configurations)
// must resolve with what it requires, and every PACK.KEY=VALUE (--option, a configuration's own)
// must name an option of a loaded pack with a value it accepts. Throws PackError or
// lab::ConfigError otherwise.
void check_resolves(const CLI::App& sub) {
  std::vector<std::string> pack_paths = values_of(sub, "--pack-path");
  auto search = packs::PackSearch::standard(
      std::vector<std::filesystem::path>(pack_paths.begin(), pack_paths.end()),
      builtin_pack_dirs());
  const std::string name = sub.get_name();
  auto options = values_of(sub, "--option");
  std::vector<lab::LabConfig> configs;
  if (name == "compare") {
    for (const auto& text : values_of(sub, "configs"))
      configs.push_back(lab::parse_config(text, options));
  } else if (name == "replay" || name == "view" || name == "merge") {
    return;  // no packs to load
  } else {
    lab::LabConfig config;
    for (const char* source : {"--rules", "packs", "pack", "--variant", "--for"})
      for (auto& pack : values_of(sub, source)) config.packs.push_back(std::move(pack));
    if (config.packs.empty()) return;  // packs, test: every pack
    if (name == "sweep") {
      configs = lab::sweep_configs(config.packs, options);
    } else {
      config.options = options;
      configs.push_back(std::move(config));
    }
  }
  for (const auto& config : configs)
    packs::resolve_options(packs::resolve(search, config.packs), config.options);
}

}  // namespace

int run_cli(int argc, char** argv) {
  register_search_agents();
  CLI::App app{"catan: Catan rules and house rules as Lua rule packs on a deterministic kernel"};
  app.name("catan");
  app.set_version_flag(
      "--version",
      fmt::format("catan {} ({}, {} build)", CATAN_VERSION, LUA_RELEASE, CATAN_BUILD_TYPE),
      "Print the version, the Lua version and the build type");
  app.require_subcommand(1);
  set_command_arguments(std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
  Commands commands;
  for (auto make :
       {make_packs_command, make_info_command, make_check_command, make_play_command,
        make_replay_command, make_view_command, make_test_command, make_bench_command,
        make_new_pack_command, make_sim_command, make_compare_command, make_sweep_command,
        make_merge_command, make_train_command, make_serve_command}) {
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
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Name the subcommand whose arguments were wrong, or the unknown command itself.
    std::vector<std::string> names;
    for (const auto& [sub, command] : commands) names.push_back(sub->get_name());
    const std::string first = argc > 1 ? argv[1] : "";
    const bool known = std::find(names.begin(), names.end(), first) != names.end();
    if (!first.empty() && first[0] != '-' && !known) {
      auto hint = engine::closest_name(first, names);
      // A longer or shorter form of a command ("simulate" for "sim").
      for (const auto& name : names)
        if (hint.empty() && (first.rfind(name, 0) == 0 || name.rfind(first, 0) == 0)) hint = name;
      print_error(fmt::format("unknown command '{}'{} (commands: {})", first,
                              hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint),
                              fmt::join(names, ", ")));
    } else {
      print_error(fmt::format("{}{} (see 'catan {}--help')", e.what(),
                              known ? flag_hint(e.what(), *commands_named(commands, first)) : "",
                              known ? first + " " : ""));
    }
    return kUsageError;
  }
  const char* parse_only = std::getenv("CATAN_PARSE_ONLY");
  for (auto& [sub, command] : commands) {
    if (!sub->parsed()) continue;
    try {
      if (parse_only && std::string_view(parse_only) == "1") {
        check_resolves(*sub);
        return kOk;
      }
      return command->run();
    } catch (const packs::PackError& e) {
      // Unknown packs, bad options and broken manifests: the request cannot be carried out.
      print_error(e.what());
      return kUsageError;
    } catch (const lab::ConfigError& e) {
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
