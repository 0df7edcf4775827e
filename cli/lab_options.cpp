#include "cli/lab_options.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/replayed_game.h"
#include "engine/file_io.h"
#include "lab/campaign.h"
#include "lab/html_report.h"
#include "lab/progress.h"
#include "lab/results_json.h"
#include "lab/runner.h"
#include "lab/summary.h"
#include "lab/text_report.h"
#include "scripting/pack_resolver.h"
#include "scripting/pack_suggest.h"
#include "search/mcts_settings.h"
#include "search/value_model.h"
#include "view/game_recording.h"
#include "view/viewer_html.h"

namespace catan::cli {

void LabOptions::add_to(CLI::App& app, bool rotation, bool comparison) {
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
  if (comparison)
    app.add_option("--differences", differences,
                   "Write the paired differences from [1], with intervals, raw and corrected "
                   "p-values and verdicts, one row per metric and configuration")
        ->type_name("FILE.csv");
  app.add_option("--report", report, "Write a self-contained HTML report with charts")
      ->type_name("FILE.html");
  app.add_option("--failures", failures,
                 "Folder for the replays of failed games (default: beside --out, else "
                 "./catan-failures)")
      ->type_name("DIR");
  app.add_option("--save-games", save_games,
                 "Save the replays of games 0..K-1 of each configuration and a viewer page of "
                 "each (catan view), in a folder beside --report (else --out, else "
                 "./catan-games); the report links to them")
      ->type_name("K")
      ->check(WholeNumber)
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1000}));
  app.add_flag("--json", json, "Print the results JSON on stdout instead of the summary");
  app.add_option("--game-deadline", game_deadline,
                 "Hard deadline of one game in seconds: a game still running past it is "
                 "recorded as failed and its thread abandoned (default: 3 x --time-limit + 5, "
                 "at least 1200 with an mcts seat; 0: none)")
      ->type_name("S")
      ->check(CLI::Range(0.0, 1e6));
  app.add_option("--progress-every", progress_every,
                 "Print a plain progress line on stderr every S seconds (games played, speed, "
                 "time left), e.g. for a log file; without it a bar is drawn on a terminal only")
      ->type_name("S")
      ->check(FiniteNumber)
      ->check(CLI::Range(0.1, 1e6));
  app.add_option("--resume", resume,
                 "Finish the interrupted run whose incomplete results file is F (same options); "
                 "--out defaults to F")
      ->type_name("F.json");
  if (rotation)
    app.add_flag("--rotate", rotate,
                 "Rotate the seats: every block of P games (P players; --games a multiple of P) "
                 "plays each rotation of the --bots seat assignment once, so each bot plays every "
                 "seat equally; reports per-bot win rates and, with 3+ distinct bots, "
                 "Elo-style ratings");
  slurm.add_to(app);
}

int LabOptions::thread_count() const {
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::pair<std::uint64_t, std::uint64_t> LabOptions::range(std::uint64_t block) const {
  if (shard.empty()) return {0, games};
  const std::uint64_t blocks = games / block;
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
  if (n > blocks)
    throw UsageError(block == 1
                         ? fmt::format("--shard '{}': more shards than the {} games", shard, games)
                         : fmt::format("--shard '{}': more shards than the {} blocks of {} "
                                       "games (--rotate)",
                                       shard, blocks, block));
  const auto part = [&](std::uint64_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(blocks) * i / n) * block;
  };
  return {part(k - 1), part(k)};
}

void add_table_game_options(CLI::App& app, GameOptions& game) {
  app.add_option("--players", game.players, kPlayersHelp)
      ->check(WholeNumber)
      ->check(CLI::Range(packs::kMinPlayers, packs::kMaxPlayers));
  app.add_option("--bots", game.bots, kLabBotsHelp)->capture_default_str();
  app.add_option("--option", game.options,
                 "Pack option for every configuration that loads the pack, as PACK.KEY=VALUE "
                 "(repeatable); a configuration's own value wins")
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

std::string failures_dir(const LabOptions& o) {
  if (!o.failures.empty()) return o.failures;
  if (!o.out.empty()) {
    std::filesystem::path p(o.out);
    return (p.parent_path() / (p.stem().string() + "-failures")).string();
  }
  return "catan-failures";
}

// Where --save-games puts the games: beside the report, else beside the results file.
std::string games_dir(const LabOptions& o, const std::string& out_path) {
  for (const auto& file : {o.report, out_path}) {
    if (file.empty()) continue;
    std::filesystem::path p(file);
    return (p.parent_path() / (p.stem().string() + "-games")).string();
  }
  return "catan-games";
}

// Writes a viewer page beside each saved replay of games [first, end) and returns the report's
// links to them (relative to the report's folder).
std::vector<lab::SampleGame> write_game_viewers(const lab::RunSpec& spec,
                                                const std::vector<lab::LabConfig>& configs,
                                                std::uint64_t first, std::uint64_t end,
                                                const SearchOptions& search_options,
                                                const LimitOptions& limits,
                                                const std::string& report) {
  std::vector<lab::SampleGame> samples;
  const auto base = std::filesystem::path(report).parent_path();
  for (std::uint64_t i = first; i < end && i < spec.save_games; ++i) {
    for (std::size_t k = 0; k < configs.size(); ++k) {
      const auto file = lab::game_path(spec, i, k);
      if (!std::filesystem::exists(file)) continue;  // a failed game: its replay is a failure's
      ReplayedGame game(file.string(), search_options, limits, nullptr);
      auto page = file;
      page.replace_extension(".html");
      engine::write_output_file(
          page, view::viewer_html(view::record_replay(game.session(), game.replay())));
      samples.push_back({fmt::format("game {} of {}", i, configs[k].label),
                         std::filesystem::proximate(page, base.empty() ? "." : base).string()});
    }
  }
  return samples;
}

}  // namespace

std::vector<std::string> settle_seats(GameOptions& game, scripting::Session& session,
                                      bool human_allowed) {
  game.settle_players(packs::player_range(session.packs()));
  auto seats = game.seats();
  check_agents(seats, session.agent_names(), human_allowed);
  return seats;
}

namespace {

// The search agent's settings of `agent`; a bad spec is a usage error.
search::MctsSettings parse_search_settings(const std::string& agent) {
  try {
    return search::parse_mcts(agent);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

void check_agents(const std::vector<std::string>& seats,
                  const std::optional<std::vector<std::string>>& registered, bool human_allowed) {
  if (!registered) return;
  std::vector<std::string> known = *registered;
  known.push_back("random");
  if (human_allowed) known.push_back("human");
  std::sort(known.begin(), known.end());
  known.erase(std::unique(known.begin(), known.end()), known.end());
  for (const auto& name : seats) {
    if (std::binary_search(known.begin(), known.end(), name)) continue;
    if (search::is_mcts(name)) {
      const search::MctsSettings settings = parse_search_settings(name);
      if (settings.rollout.empty() ||
          (std::binary_search(known.begin(), known.end(), settings.rollout) &&
           settings.rollout != "human"))
        continue;
      throw UsageError(fmt::format("mcts: unknown rollout agent '{}'{}; known agents: {}",
                                   settings.rollout, packs::did_you_mean(settings.rollout, known),
                                   fmt::join(known, ", ")));
    }
    throw UsageError(fmt::format("unknown agent '{}'{}; known agents: {}", name,
                                 packs::did_you_mean(name, known), fmt::join(known, ", ")));
  }
}

namespace {

// SIGINT and SIGTERM during a run: the first one asks the run to stop (and restores the default
// action, so a second one ends the process at once).
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_stop_signal(int sig) {
  g_signal = sig;
  g_stop.store(true);
}

// Installs the handlers for the lifetime of a run and puts the previous ones back.
class StopSignals {
 public:
  StopSignals() {
    g_stop = false;
    g_signal = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// The player counts every configuration supports (the intersection of their ranges), with the
// first configuration's default. Configurations whose packs do not load count for nothing here:
// their games fail and report why.
packs::PlayerRange lab_player_range(const std::vector<lab::LabConfig>& configs,
                                    const SearchOptions& search_options) {
  auto search = search_options.make();
  std::vector<const packs::Manifest*> all;
  std::optional<int> first_default;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    try {
      const auto order = packs::resolve(search, configs[i].packs);
      if (i == 0) first_default = packs::player_range(order).default_count;
      for (const packs::Manifest* m : order)
        if (std::none_of(all.begin(), all.end(),
                         [&](const packs::Manifest* seen) { return seen->name == m->name; }))
          all.push_back(m);
    } catch (const packs::PackError&) {
    }
  }
  packs::PlayerRange range = packs::player_range(all);
  if (first_default) range.default_count = std::clamp(*first_default, range.min, range.max);
  return range;
}

// The --slurm options that do not go with a Slurm job.
void check_slurm_options(const LabOptions& o) {
  // Each task is a --shard of one plain run; the merge writes DIR/results/all.json.
  if (!o.shard.empty())
    throw UsageError("--slurm makes the shards itself (--slurm-shards N); leave out --shard");
  if (o.until_ci > 0)
    throw UsageError(
        "--slurm does not go with --until-ci (its rounds depend on all the games before them)");
  if (!o.resume.empty())
    throw UsageError("--slurm does not go with --resume (the job's rerun.sh reruns a shard)");
  if (!o.out.empty())
    throw UsageError("--slurm writes the merged results to DIR/results/all.json; leave out --out");
  if (!o.csv.empty())
    throw UsageError("--slurm does not go with --csv (catan merge joins results, not game rows)");
  if (o.save_games > 0) throw UsageError("--slurm does not go with --save-games");
  if (o.threads > 0)
    throw UsageError(
        "--slurm takes --slurm-cpus N (each task's --threads and --cpus-per-task), not "
        "--threads");
}

// Bots only, and search agents with iteration budgets only.
void check_lab_bots(const std::vector<std::string>& bots) {
  for (const auto& b : bots) {
    if (b == "human") throw UsageError("the lab plays bots only; 'human' cannot take a seat");
    // A time budget plays as many forks as the machine's load allows: results that no seed
    // repeats.
    if (search::is_mcts(b) && parse_search_settings(b).time_ms > 0)
      throw UsageError(fmt::format(
          "{}: the lab takes iteration budgets only (mcts:iterations=N), so that its results "
          "repeat on any machine; time=MS is for play against a person",
          b));
  }
}

// The games of a run that rotates seats in blocks of `block` games, its --until-ci cap and
// --resume: usage errors for what does not fit.
void check_run_shape(const LabOptions& o, const GameOptions& game, std::uint64_t block) {
  if (o.games % block != 0)
    throw UsageError(fmt::format(
        "--rotate: --games {} is not a multiple of the {} players (a block of {} games plays "
        "each seat rotation once)",
        o.games, game.players, game.players));
  (void)o.range(block);
  if (o.until_ci > 0 && o.max_games / block * block < o.games)
    throw UsageError(fmt::format("--max-games {} is below --games {}", o.max_games, o.games));
  if (!o.resume.empty()) {
    if (o.until_ci > 0) throw UsageError("--resume does not go with --until-ci");
    if (!o.csv.empty())
      throw UsageError("--resume does not go with --csv (the CSV would hold only the rest)");
    std::error_code ec;
    if (!std::filesystem::exists(o.resume, ec))
      throw UsageError(fmt::format("--resume: no such results file: {}", o.resume));
  }
}

// What the campaign plays and writes; `out_path`: --out, else the --resume file.
lab::CampaignRequest campaign_request(const LabRequest& request, const LabOptions& o,
                                      const GameOptions& game, const LimitOptions& limits,
                                      const std::string& out_path) {
  const auto bots = game.seats();
  const auto block = static_cast<std::uint64_t>(o.rotate ? game.players : 1);
  lab::CampaignRequest c;
  c.kind = request.kind;
  lab::RunSpec& spec = c.spec;
  spec.configs = request.configs;
  spec.players = game.players;
  spec.bots = bots;
  spec.rotate = o.rotate;
  spec.seed = game.seed;
  spec.max_turns = game.max_turns;
  spec.limits = limits.make();
  LabOptions for_dir = o;
  for_dir.out = out_path;
  spec.failures_dir = failures_dir(for_dir);
  spec.save_games = o.save_games;
  if (o.save_games > 0) spec.games_dir = games_dir(o, out_path);
  spec.game_deadline_ms = limits.game_deadline_ms(o.game_deadline, bots);
  spec.stop = &g_stop;
  c.threads = o.thread_count();
  c.games = o.games;
  std::tie(c.first, c.end) = o.range(block);
  c.until_ci = o.until_ci;
  // --until-ci rounds are whole blocks (--games is a multiple of the block); so is its cap.
  c.max_games = o.max_games / block * block;
  c.resume = o.resume;
  c.out = out_path;
  c.csv = o.csv;
  c.report = o.report;
  c.differences = o.differences;
  c.warn = [](const std::string& line) { std::cerr << line << '\n'; };
  return c;
}

// The text summary (or the JSON with --json) on stdout.
void print_outcome(const lab::CampaignOutcome& outcome, const lab::CampaignRequest& c,
                   const LabOptions& o) {
  const lab::LabResults& results = outcome.results;
  if (o.json) {
    std::cout << engine::json_text(lab::results_to_json(results), 2) << '\n';
    return;
  }
  const std::size_t configs = c.spec.configs.size();
  if (configs == 1) {
    std::cout << engine::terminal_safe(lab::config_text(results, 0));
  } else {
    std::cout << engine::terminal_safe(lab::comparison_text(results));
  }
  const std::uint64_t here = outcome.played_here;
  const double seconds = outcome.seconds;
  const double per_config = static_cast<double>(here * configs);
  std::cout << fmt::format("played {} games{} in {:.2f} s on {} threads: {}\n", here * configs,
                           configs > 1 ? fmt::format(" ({} per configuration)", here) : "", seconds,
                           c.threads, lab::format_speed(seconds > 0 ? per_config / seconds : 0.0));
  if (outcome.stopped_at_cap)
    std::cout << fmt::format(
        "note: stopped at --max-games {} before every interval was under "
        "{} points\n",
        c.max_games, c.until_ci);
  if (!c.out.empty()) std::cout << "results written to " << c.out << '\n';
  if (!c.csv.empty()) std::cout << "games written to " << c.csv << '\n';
  if (!c.differences.empty()) std::cout << "differences written to " << c.differences << '\n';
  if (!c.report.empty()) std::cout << "report written to " << c.report << '\n';
  if (!outcome.samples.empty())
    std::cout << fmt::format("{} games saved with their viewer pages to {}\n",
                             outcome.samples.size(), c.spec.games_dir);
}

// The exit code of a played campaign, with its one-line error: interrupted, or games failed.
int outcome_code(const lab::CampaignOutcome& outcome, const lab::CampaignRequest& c) {
  const lab::LabResults& results = outcome.results;
  if (results.planned_end) {
    const int sig = g_signal;
    print_error(fmt::format(
        "interrupted by {}: played {} of {}..{}{}", sig == SIGTERM ? "SIGTERM" : "SIGINT",
        results.run.end > results.run.first
            ? fmt::format("games {}..{}", results.run.first, results.run.end - 1)
            : std::string("no games"),
        results.run.first, *results.planned_end - 1,
        c.out.empty() || c.until_ci > 0
            ? ""
            : fmt::format("; {} is marked incomplete, finish it with --resume {}", c.out, c.out)));
    return 128 + (sig == SIGTERM ? SIGTERM : SIGINT);
  }
  std::uint64_t errors = 0;
  const lab::ErrorEntry* first_error = nullptr;
  for (const auto& a : results.totals.configs) {
    errors += a.errors;
    if (!first_error && !a.error_list.empty()) first_error = &a.error_list.front();
  }
  if (errors == 0) return kOk;
  const std::uint64_t played = results.run.end - results.run.first;
  print_error(fmt::format(
      "{} of {} games failed; first: game {}: {}{}", errors, played * c.spec.configs.size(),
      first_error->game, first_error->error,
      first_error->replay.empty() ? "" : fmt::format(" (replay: {})", first_error->replay)));
  return kRuntimeError;
}

// Plays the campaign, writes and prints; returns the exit code.
int play_campaign(lab::Campaign& campaign, const LabOptions& o) {
  lab::CampaignOutcome outcome;
  try {
    outcome = campaign.play();
  } catch (const lab::CampaignError& e) {
    throw UsageError(e.what());
  }
  print_outcome(outcome, campaign.request(), o);
  return outcome_code(outcome, campaign.request());
}

}  // namespace

int run_lab(const LabRequest& request, const LabOptions& o, const SearchOptions& search_options,
            const LimitOptions& limits) {
  // From here on, SIGINT and SIGTERM end the run with the games played so far (none if they come
  // before the first game).
  const StopSignals signals;
  if (o.slurm.active()) check_slurm_options(o);
  GameOptions game = *request.game;
  game.settle_players(lab_player_range(request.configs, search_options));
  const auto bots = game.seats();
  check_lab_bots(bots);
  const auto block = static_cast<std::uint64_t>(o.rotate ? game.players : 1);
  check_run_shape(o, game, block);

  auto c = campaign_request(request, o, game, limits, o.out.empty() ? o.resume : o.out);
  lab::ProgressBar bar(std::cerr,
                       o.progress_every > 0         ? lab::ProgressBar::Mode::lines
                       : isatty(STDERR_FILENO) != 0 ? lab::ProgressBar::Mode::terminal
                                                    : lab::ProgressBar::Mode::off,
                       o.progress_every);
  c.progress = &bar;
  c.samples = [&, spec = c.spec](std::uint64_t first, std::uint64_t end) {
    return write_game_viewers(spec, request.configs, first, end, search_options, limits, o.report);
  };
  auto search = search_options.make();
  lab::Campaign campaign(search, std::move(c));
  for (std::size_t k = 0; k < request.configs.size(); ++k)
    check_agents(bots, campaign.runner().agent_names(k), false);
  try {
    campaign.describe();
  } catch (const search::ModelMismatch& e) {
    throw UsageError(e.what());
  }
  if (o.slurm.active())
    return write_slurm_job(make_slurm_job(request.kind, command_arguments(), o.slurm, o.games,
                                          block, o.failures, o.report, o.differences));
  int code = kRuntimeError;
  try {
    code = play_campaign(campaign, o);
  } catch (const std::exception& e) {
    if (campaign.runner().abandoned() == 0) throw;
    print_error(e.what());  // and end below, without destructors
  }
  if (campaign.runner().abandoned() > 0) {
    // A thread abandoned past the game deadline may still be running in its leaked Session;
    // returning would run destructors under it. Everything is written: flush and end here.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}

}  // namespace catan::cli
