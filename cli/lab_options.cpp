#include "cli/lab_options.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "lab/csv_writer.h"
#include "lab/html_report.h"
#include "lab/progress.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "lab/summary.h"
#include "lab/text_report.h"

namespace catan::cli {

void LabOptions::add_to(CLI::App& app) {
  app.add_option("--games", games,
                 "Games to play (with --until-ci: games per round, before checking)")
      ->check(WholeNumber)
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}))
      ->capture_default_str();
  app.add_option("--threads", threads, "Worker threads (default: one per core)")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 1024));
  app.add_option("--shard", shard,
                 "Play only part K of N of the games (1 <= K <= N); join the parts with "
                 "'catan merge'")
      ->type_name("K/N");
  app.add_option("--until-ci", until_ci,
                 "Keep playing rounds of --games games until every seat's 95% win-rate interval "
                 "is narrower than PP percentage points (or --max-games are played)")
      ->type_name("PP")
      ->check(FiniteNumber)
      ->check(CLI::Range(0.01, 100.0));
  app.add_option("--max-games", max_games, "Game cap of --until-ci")
      ->check(WholeNumber)
      ->capture_default_str();
  app.add_option("--out", out, "Write the results as JSON (schema: docs/lab.md)")
      ->type_name("FILE.json");
  app.add_option("--csv", csv, "Write one row per game")->type_name("FILE.csv");
  app.add_option("--report", report, "Write a self-contained HTML report with charts")
      ->type_name("FILE.html");
  app.add_option("--failures", failures,
                 "Folder for the replays of failed games (default: beside --out, else "
                 "./catan-failures)")
      ->type_name("DIR");
  app.add_flag("--json", json, "Print the results JSON on stdout instead of the summary");
}

int LabOptions::thread_count() const {
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::pair<std::uint64_t, std::uint64_t> LabOptions::range() const {
  if (shard.empty()) return {0, games};
  if (until_ci > 0) throw UsageError("--shard and --until-ci do not go together");
  const auto slash = shard.find('/');
  const auto number = [&](std::string_view text, std::uint64_t& value) {
    const auto [at, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && at == text.data() + text.size() && !text.empty();
  };
  std::uint64_t k = 0, n = 0;
  const std::string_view text = shard;
  if (slash == std::string::npos || !number(text.substr(0, slash), k) ||
      !number(text.substr(slash + 1), n) || k < 1 || k > n)
    throw UsageError(fmt::format("--shard '{}': expected K/N with 1 <= K <= N", shard));
  if (n > games)
    throw UsageError(fmt::format("--shard '{}': more shards than the {} games", shard, games));
  const auto part = [&](std::uint64_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(games) * i / n);
  };
  return {part(k - 1), part(k)};
}

void add_table_game_options(CLI::App& app, GameOptions& game) {
  app.add_option("--players", game.players, "Number of players")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  app.add_option("--bots", game.bots,
                 "Agent per seat, comma-separated (the last fills the remaining seats)")
      ->capture_default_str();
  app.add_option("--option", game.options,
                 "Pack option for every configuration, as PACK.KEY=VALUE (repeatable); a "
                 "configuration's own value wins")
      ->type_name("PACK.KEY=VALUE")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--seed", game.seed, "Master seed")->check(WholeNumber)->capture_default_str();
  app.add_option("--max-turns", game.max_turns,
                 "Turn cap: a game ends without a winner after this many turns")
      ->check(WholeNumber)
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
}

namespace {

// Whether every seat's interval of every config is narrower than `pp` percentage points.
bool narrow_enough(const lab::RunTotals& totals, const std::vector<std::string>& bots, double pp) {
  for (const auto& a : totals.configs) {
    if (a.finished == 0) return false;
    for (const auto& rate : lab::summarize(a, bots).seat_win)
      if (rate.ci.width() * 100 >= pp) return false;
  }
  return true;
}

std::string failures_dir(const LabOptions& o) {
  if (!o.failures.empty()) return o.failures;
  if (!o.out.empty()) {
    std::filesystem::path p(o.out);
    return (p.parent_path() / (p.stem().string() + "-failures")).string();
  }
  return "catan-failures";
}

}  // namespace

int run_lab(const LabRequest& request, const LabOptions& o, const SearchOptions& search_options,
            const LimitOptions& limits) {
  const GameOptions& game = *request.game;
  const auto bots = game.seats();
  for (const auto& b : bots)
    if (b == "human") throw UsageError("the lab plays bots only; 'human' cannot take a seat");
  const auto [first, end] = o.range();
  if (o.until_ci > 0 && o.max_games < o.games)
    throw UsageError(fmt::format("--max-games {} is below --games {}", o.max_games, o.games));

  lab::RunSpec spec;
  spec.configs = request.configs;
  spec.players = game.players;
  spec.bots = bots;
  spec.seed = game.seed;
  spec.max_turns = game.max_turns;
  spec.limits = limits.make();
  spec.failures_dir = failures_dir(o);
  auto search = search_options.make();
  const int threads = o.thread_count();
  lab::Runner runner(search, spec, threads);

  lab::LabResults results;
  results.run.kind = request.kind;
  results.run.seed = game.seed;
  results.run.players = game.players;
  results.run.bots = bots;
  results.run.max_turns = game.max_turns;
  const auto loaded = runner.loaded();
  for (std::size_t i = 0; i < spec.configs.size(); ++i)
    results.configs.push_back({spec.configs[i], loaded[i]});
  results.totals = lab::RunTotals(spec.configs.size(), game.players);

  std::vector<std::string> labels;
  for (const auto& c : spec.configs) labels.push_back(c.label);
  std::unique_ptr<lab::CsvWriter> csv;
  if (!o.csv.empty()) csv = std::make_unique<lab::CsvWriter>(o.csv, labels);
  lab::RowSink rows;
  if (csv) rows = [&](const std::vector<lab::GameRecord>& g) { csv->add(g); };
  lab::ProgressBar bar(std::cerr, isatty(STDERR_FILENO) != 0);
  std::uint64_t bar_before = 0;
  const lab::ProgressSink progress = [&](std::uint64_t done) { bar.update(done); };

  const auto start = std::chrono::steady_clock::now();
  if (o.until_ci > 0) {
    std::uint64_t played = 0;
    do {
      const std::uint64_t next = std::min(played + o.games, o.max_games);
      bar.start(next, bar_before);
      runner.run(played, next, results.totals, rows, progress);
      bar_before = played = next;
    } while (played < o.max_games && !narrow_enough(results.totals, bots, o.until_ci));
    results.run.games = played;
    results.run.first = 0;
    results.run.end = played;
    results.run.until_ci = o.until_ci;
    results.run.max_games = o.max_games;
  } else {
    bar.start(end - first);
    runner.run(first, end, results.totals, rows, progress);
    results.run.games = o.games;
    results.run.first = first;
    results.run.end = end;
  }
  bar.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (csv) csv->finish();

  const auto json = lab::results_to_json(results);
  if (!o.out.empty()) lab::write_json_file(json, o.out);
  if (!o.report.empty()) lab::write_html_report(results, o.report);

  const std::uint64_t played = results.run.end - results.run.first;
  if (o.json) {
    std::cout << engine::json_text(json, 2) << '\n';
  } else {
    if (request.configs.size() == 1) {
      std::cout << engine::terminal_safe(lab::config_text(results, 0));
    } else {
      std::cout << engine::terminal_safe(lab::comparison_text(results));
    }
    const double per_config = static_cast<double>(played * request.configs.size());
    std::cout << fmt::format(
        "played {} games{} in {:.2f} s on {} threads: {:.0f} games/s\n",
        played * request.configs.size(),
        request.configs.size() > 1 ? fmt::format(" ({} per configuration)", played) : "", seconds,
        threads, seconds > 0 ? per_config / seconds : 0.0);
    if (o.until_ci > 0 && !narrow_enough(results.totals, bots, o.until_ci))
      std::cout << fmt::format(
          "note: stopped at --max-games {} before every interval was under "
          "{} points\n",
          o.max_games, o.until_ci);
    if (!o.out.empty()) std::cout << "results written to " << o.out << '\n';
    if (!o.csv.empty()) std::cout << "games written to " << o.csv << '\n';
    if (!o.report.empty()) std::cout << "report written to " << o.report << '\n';
  }

  std::uint64_t errors = 0;
  const lab::ErrorEntry* first_error = nullptr;
  for (const auto& a : results.totals.configs) {
    errors += a.errors;
    if (!first_error && !a.error_list.empty()) first_error = &a.error_list.front();
  }
  if (errors > 0) {
    print_error(fmt::format(
        "{} of {} games failed; first: game {}: {}{}", errors, played * request.configs.size(),
        first_error->game, first_error->error,
        first_error->replay.empty() ? "" : fmt::format(" (replay: {})", first_error->replay)));
    return kRuntimeError;
  }
  return kOk;
}

}  // namespace catan::cli
