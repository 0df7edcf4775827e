// `catan test [PACK...]`: runs the Lua rule tests packs ship.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/command.h"
#include "cli/common.h"
#include "engine/file_io.h"
#include "scripting/session.h"

namespace catan::cli {

namespace {

class TestCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "test", "Run the Lua tests of rule packs (all packs with tests when none is named)");
    sub->add_option("packs", packs_, "Packs to test (names or paths)");
    sub->add_flag("--all", all_,
                  "Test every pack found that has tests (the default when no pack is named)");
    sub->add_flag("--quiet", quiet_, "Print only failures and the summary");
    sub->add_option("--filter", filter_, "Run only tests whose name contains TEXT")
        ->type_name("TEXT");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    auto search = search_.make();
    std::vector<std::string> targets = packs_;
    if (targets.empty() || all_) {
      for (const auto* m : search.all())
        if (!m->tests.empty()) targets.push_back(m->name);
      for (const auto& e : search.errors())
        std::cerr << "catan: warning: " << engine::terminal_safe(e) << '\n';
    }
    if (targets.empty()) throw UsageError("no pack with tests found");
    int passed = 0, failed = 0;
    for (const auto& target : targets) {
      const auto& manifest = search.find(target);
      if (manifest.tests.empty()) {
        fmt::print("pack '{}' has no tests\n", manifest.name);
        continue;
      }
      // One session per set of packs the test files ask for (manifest order kept).
      std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;
      for (const auto& test : manifest.tests) {
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto& g) { return g.first == test.with; });
        if (group == groups.end()) group = groups.insert(groups.end(), {test.with, {}});
        group->second.push_back(test.file);
      }
      for (const auto& [with, files] : groups) {
        std::vector<std::string> requested{target};
        requested.insert(requested.end(), with.begin(), with.end());
        try {
          scripting::Session session(search, requested, {}, limits_.make());
          const auto [p, f] = session.run_tests(
              manifest.name, files,
              [this](std::string_view line) {
                if (!quiet_ || line.rfind("PASS", 0) != 0)
                  std::cout << engine::terminal_safe(line) << '\n';
              },
              filter_);
          passed += p;
          failed += f;
        } catch (const std::exception& e) {
          fmt::print("FAIL {}{}: {}\n", manifest.name,
                     with.empty() ? "" : fmt::format(" with {}", fmt::join(with, ", ")), e.what());
          ++failed;
        }
      }
    }
    fmt::print("{} passed, {} failed\n", passed, failed);
    return failed == 0 ? kOk : kRuntimeError;
  }

 private:
  std::vector<std::string> packs_;
  bool all_ = false, quiet_ = false;
  std::string filter_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_test_command() {
  return std::make_unique<TestCommand>();
}

}  // namespace catan::cli
