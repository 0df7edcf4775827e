#include "cli/common.h"

#include <unistd.h>

#include <iostream>

namespace catan::cli {

void SearchOptions::add_to(CLI::App& app) {
  app.add_option("--pack-path", pack_paths,
                 "Folder holding rule packs, searched first (repeatable); CATAN_PACK_PATH and the "
                 "built-in rules/ and variants/ follow")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

packs::PackSearch SearchOptions::make() const {
  std::vector<std::filesystem::path> dirs(pack_paths.begin(), pack_paths.end());
  return packs::PackSearch::standard(dirs, builtin_pack_dirs());
}

void LimitOptions::add_to(CLI::App& app) {
  app.add_option("--memory-limit", memory_mb, "Memory cap of the Lua state, in MiB")
      ->check(CLI::Range(1, 65536))
      ->capture_default_str();
  app.add_option("--instruction-limit", instructions,
                 "Lua instructions allowed per call the kernel makes into a pack; 0 = no limit "
                 "(trusted packs only: about a third faster, but an endless loop hangs)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62))
      ->capture_default_str();
  app.add_option("--pattern-limit", pattern_cost,
                 "Estimated steps allowed per Lua string-pattern call")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 62))
      ->capture_default_str();
  app.add_flag("--no-sandbox", no_sandbox,
               "Give packs the full Lua standard library (trusted packs only)");
}

lua::Limits LimitOptions::make() const {
  lua::Limits limits;
  limits.memory_bytes = memory_mb << 20;
  limits.instructions = instructions;
  limits.pattern_cost = pattern_cost;
  limits.sandbox = !no_sandbox;
  return limits;
}

std::vector<std::filesystem::path> builtin_pack_dirs() {
  std::vector<std::filesystem::path> roots;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) roots.push_back(exe.parent_path().parent_path());
#ifdef CATAN_SOURCE_DIR
  roots.emplace_back(CATAN_SOURCE_DIR);
#endif
  for (const auto& root : roots) {
    if (std::filesystem::is_directory(root / "rules", ec))
      return {root / "rules", root / "variants"};
  }
  return {};
}

void print_error(const std::string& message) {
  const auto eol = message.find('\n');
  std::cerr << "catan: error: " << message.substr(0, eol) << '\n';
}

}  // namespace catan::cli
