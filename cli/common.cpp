#include "cli/common.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "search/mcts_settings.h"

namespace catan::cli {

const CLI::Validator WholeNumber(
    [](std::string& text) -> std::string {
      std::uint64_t value = 0;
      const char* end = text.data() + text.size();
      const auto [at, ec] = std::from_chars(text.data(), end, value);
      if (ec == std::errc::result_out_of_range && at == end)
        return fmt::format("'{}' is above the largest allowed value 18446744073709551615", text);
      if (text.empty() || ec != std::errc() || at != end)
        return fmt::format("expected a whole number (digits only), got '{}'", text);
      return "";
    },
    "", "");

const CLI::Validator FiniteNumber(
    [](std::string& text) -> std::string {
      double value = 0;
      const char* end = text.data() + text.size();
      const auto [at, ec] = std::from_chars(text.data(), end, value);
      if (text.empty() || ec != std::errc() || at != end || !std::isfinite(value))
        return fmt::format("expected a finite number, got '{}'", text);
      return "";
    },
    "", "");

void SearchOptions::add_to(CLI::App& app) {
  app.add_option("--pack-path", pack_paths,
                 "Folder holding rule packs, searched first (repeatable); CATAN_PACK_PATH and the "
                 "built-in rules/, variants/ and examples/ follow")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

packs::PackSearch SearchOptions::make() const {
  std::vector<std::filesystem::path> dirs(pack_paths.begin(), pack_paths.end());
  packs::PackSearch search = packs::PackSearch::standard(dirs, builtin_pack_dirs());
  search.on_shadowed([](const std::string& text) {
    std::cerr << "catan: warning: " << engine::terminal_safe(text) << '\n';
  });
  return search;
}

void LimitOptions::add_to(CLI::App& app) {
  app.add_option("--memory-limit", memory_mb, "Memory cap of the Lua state, in MiB")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 65536))
      ->capture_default_str();
  app.add_option("--time-limit", time_limit_s,
                 "Seconds one call into a pack may run before it is stopped and its game ends with "
                 "an error (a watchdog, free while not triggered); 0 = no limit")
      ->check(FiniteNumber)
      ->check(CLI::Range(0.0, 4.0e6))
      ->capture_default_str();
  app.add_option("--instruction-limit", instructions,
                 "Deterministic budget: Lua instructions allowed per call into a pack (library "
                 "functions written in C count their work in the same units); 0 = none. Costs "
                 "about a fifth of run time (an instruction hook)")
      ->check(WholeNumber)
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62))
      ->capture_default_str();
  app.add_option("--pattern-limit", pattern_cost,
                 "Estimated steps allowed per Lua string-pattern call")
      ->check(WholeNumber)
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 62))
      ->capture_default_str();
  app.add_flag("--no-sandbox", no_sandbox,
               "Give packs the full Lua standard library (trusted packs only)");
}

lua::Limits LimitOptions::make() const {
  lua::Limits limits;
  limits.memory_bytes = memory_mb << 20;
  limits.instructions = instructions;
  limits.time_limit_ms = static_cast<std::uint32_t>(time_limit_s * 1000.0 + 0.5);
  if (time_limit_s > 0 && limits.time_limit_ms == 0) limits.time_limit_ms = 1;
  limits.pattern_cost = pattern_cost;
  limits.sandbox = !no_sandbox;
  return limits;
}

std::uint32_t LimitOptions::game_deadline_ms(double seconds,
                                             const std::vector<std::string>& bots) const {
  if (!std::isfinite(seconds))
    throw UsageError(fmt::format("--game-deadline {}: expected a number of seconds", seconds));
  if (seconds < 0) {
    seconds = time_limit_s > 0 ? 3 * time_limit_s + 5 : 0;
    if (seconds > 0 && std::any_of(bots.begin(), bots.end(), search::is_mcts))
      seconds = std::max(seconds, kSearchDeadlineS);
  }
  if (!std::isfinite(seconds) || seconds < 0) return 0;  // the time limit's own check reports it
  return static_cast<std::uint32_t>(std::min(seconds * 1000, 4.0e9));
}

void GameOptions::add_to(CLI::App& app, const char* bots_help) {
  app.add_option("packs", packs, "Rule packs to load (names or paths); same as --rules/--variant");
  app.add_option("--rules", rules, "The game's rule pack")->type_name("PACK");
  app.add_option("--variant", variants, "A house-rule pack to add (repeatable)")
      ->type_name("PACK")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--players", players, kPlayersHelp)
      ->check(WholeNumber)
      ->check(CLI::Range(packs::kMinPlayers, packs::kMaxPlayers));
  app.add_option("--bots", bots, bots_help)->capture_default_str();
  app.add_option("--option", options, "Pack option as PACK.KEY=VALUE (repeatable)")
      ->type_name("PACK.KEY=VALUE")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--seed", seed, "Master seed")->check(WholeNumber)->capture_default_str();
  app.add_option("--max-turns", max_turns,
                 "Turn cap: a game ends without a winner after this many turns")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
}

std::vector<std::string> GameOptions::requested() const {
  std::vector<std::string> out;
  if (!rules.empty()) out.push_back(rules);
  out.insert(out.end(), packs.begin(), packs.end());
  out.insert(out.end(), variants.begin(), variants.end());
  if (out.empty()) throw UsageError("no rule pack given (e.g. --rules base)");
  return out;
}

namespace {

std::vector<std::string> split_bots(const std::string& bots) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const auto comma = bots.find(',', start);
    out.push_back(
        bots.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

const char* const kPlayersHelp =
    "Number of players (default: as many as --bots names when it names two or more, else the "
    "packs' default, e.g. 4 for base)";

void GameOptions::settle_players(const packs::PlayerRange& range) {
  std::string given = fmt::format("--players {}", players);
  if (players == 0) {
    const auto names = split_bots(bots).size();
    if (names >= 2) {
      players = static_cast<int>(names);
      given = fmt::format("--bots names {} agents", names);
    } else {
      players = std::clamp(range.default_count.value_or(fallback_players), range.min, range.max);
    }
  }
  if (players < range.min || players > range.max)
    throw UsageError(fmt::format("{}: {}", given, range.describe()));
}

std::vector<std::string> GameOptions::seats() const {
  std::vector<std::string> out = split_bots(bots);
  if (static_cast<int>(out.size()) > players)
    throw UsageError(fmt::format("--bots names {} agents for {} players", out.size(), players));
  while (static_cast<int>(out.size()) < players) out.push_back(out.back());
  return out;
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
      return {root / "rules", root / "variants", root / "examples"};
  }
  return {};
}

namespace {
std::vector<std::string>& arguments() {
  static std::vector<std::string> args;
  return args;
}
}  // namespace

const std::vector<std::string>& command_arguments() {
  return arguments();
}

void set_command_arguments(std::vector<std::string> args) {
  arguments() = std::move(args);
}

void print_error(const std::string& message) {
  const auto eol = message.find('\n');
  std::cerr << "catan: error: " << engine::terminal_safe(message.substr(0, eol)) << '\n';
}

}  // namespace catan::cli
