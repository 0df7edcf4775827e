#pragma once
// A subcommand of `catan`: it declares its arguments on a CLI11 subcommand, then runs after a
// successful parse. run() returns the exit code; a thrown exception means a runtime failure (1).

#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

namespace catan::cli {

class Command {
 public:
  virtual ~Command() = default;
  // Adds the subcommand and its options to `app`; returns the subcommand.
  virtual CLI::App* add(CLI::App& app) = 0;
  // Runs the command with the parsed arguments.
  virtual int run() = 0;
};

std::unique_ptr<Command> make_packs_command();
std::unique_ptr<Command> make_info_command();
std::unique_ptr<Command> make_check_command();
std::unique_ptr<Command> make_play_command();
std::unique_ptr<Command> make_replay_command();
std::unique_ptr<Command> make_view_command();
std::unique_ptr<Command> make_test_command();
std::unique_ptr<Command> make_bench_command();
std::unique_ptr<Command> make_new_pack_command();
// The browser table (cmd_serve.cpp, serve/).
std::unique_ptr<Command> make_serve_command();
// The balance lab (cmd_sim.cpp, cmd_compare.cpp, cmd_sweep.cpp, cmd_merge.cpp).
std::unique_ptr<Command> make_sim_command();
std::unique_ptr<Command> make_compare_command();
std::unique_ptr<Command> make_sweep_command();
std::unique_ptr<Command> make_merge_command();
// The learned evaluation (cmd_train.cpp).
std::unique_ptr<Command> make_train_command();

// Runs the command line; returns the process exit code (0 ok, 1 runtime failure, 2 bad usage).
int run_cli(int argc, char** argv);

}  // namespace catan::cli
