// `catan packs`: every rule pack found on the search path; a library pack (code for other packs,
// no game of its own) is marked "(library)".
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "engine/file_io.h"

namespace catan::cli {

namespace {

class PacksCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub =
        app.add_subcommand("packs", "List the rule packs found, with version and description");
    search_.add_to(*sub);
    sub->add_flag("--paths", show_paths_,
                  "Also show where each pack was found and the search path");
    return sub;
  }

  int run() override {
    auto search = search_.make();
    const auto all = search.all();
    std::size_t width = 4;
    for (const auto* m : all) width = std::max(width, m->name.size());
    for (const auto* m : all) {
      fmt::print("{:<{}}  {:<8}  {}{}\n", m->name, width, m->version,
                 m->is_library() ? "(library) " : "", engine::terminal_safe(m->description));
      if (show_paths_) fmt::print("{:<{}}  {}\n", "", width, m->dir.string());
    }
    if (show_paths_) {
      fmt::print("\nsearch path:\n");
      for (const auto& d : search.dirs()) fmt::print("  {}\n", d.string());
      if (!search.shadowed().empty()) fmt::print("\nhidden by a pack of the same name:\n");
      for (const auto& s : search.shadowed())
        fmt::print("  {}\n", engine::terminal_safe(packs::PackSearch::describe(s)));
    } else {
      for (const auto& s : search.shadowed())
        std::cerr << "catan: warning: " << engine::terminal_safe(packs::PackSearch::describe(s))
                  << '\n';
    }
    for (const auto& e : search.errors())
      std::cerr << "catan: warning: " << engine::terminal_safe(e) << '\n';
    if (all.empty()) {
      print_error("no rule packs found (see --paths)");
      return kRuntimeError;
    }
    return kOk;
  }

 private:
  SearchOptions search_;
  bool show_paths_ = false;
};

}  // namespace

std::unique_ptr<Command> make_packs_command() {
  return std::make_unique<PacksCommand>();
}

}  // namespace catan::cli
