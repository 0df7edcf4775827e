// The lab commands' common part (sim, compare, sweep): their options and the call that plays
// them (run_lab).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"
#include "lab/lab_config.h"

namespace catan::cli {

class LabCommand : public Command {
 protected:
  // Adds the game options (the packs and --bots of sim and sweep; with `table`, compare's, whose
  // positional arguments are configurations: add_table_game_options), the lab options
  // (LabOptions::add_to with `rotation` and `comparison`), --pack-path and the limits.
  void add_lab_options(CLI::App& sub, bool table, bool rotation, bool comparison) {
    game_.fallback_players = 4;
    if (table)
      add_table_game_options(sub, game_);
    else
      game_.add_to(sub, kLabBotsHelp);
    lab_.add_to(sub, rotation, comparison);
    search_.add_to(sub);
    limits_.add_to(sub);
  }

  // Plays `configs` as a run of `kind` with the parsed options (run_lab).
  int play(const std::string& kind, std::vector<lab::LabConfig> configs) {
    return run_lab({kind, std::move(configs), &game_}, lab_, search_, limits_);
  }

  GameOptions game_;
  LabOptions lab_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace catan::cli
