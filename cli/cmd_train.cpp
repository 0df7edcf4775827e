// `catan train`: fits a learned evaluation (search/value_model.h) to self-play games of a pack
// stack and writes its model file where the search agent finds it (the top pack's models/
// folder, unless --out says otherwise). Games are played on --threads threads, each with its
// own Session; the positions are put in one canonical order, so the model does not depend on
// the number of threads.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"
#include "lab/progress.h"
#include "scripting/session.h"
#include "search/mcts_settings.h"
#include "search/value_training.h"

namespace catan::cli {

namespace {

class TrainCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "train",
        "Fit the search agent's learned evaluation to self-play games of a pack stack and write "
        "its model file (docs/bots.md)");
    game_.fallback_players = 4;
    game_.bots = "";
    game_.add_to(*sub,
                 "Agents playing the training games, comma-separated (the last fills the "
                 "remaining seats); default: heuristic when the packs register it, else random");
    sub->add_option("--games", games_, "Self-play games to record (a fifth are held out)")
        ->check(WholeNumber)
        ->check(CLI::Range(10, 10000000))
        ->capture_default_str();
    sub->add_option("--threads", threads_, "Worker threads (default: one per core)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--epochs", fit_.epochs, "Passes over the training positions")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    sub->add_option("--learning-rate", fit_.learning_rate, "Adam's step size")
        ->check(CLI::Range(1e-6, 1.0))
        ->capture_default_str();
    sub->add_option("--l2", fit_.l2, "L2 penalty per weight squared")
        ->check(CLI::Range(0.0, 10.0))
        ->capture_default_str();
    sub->add_option("--out", out_,
                    "Model file to write (default: the top pack's models/ folder, named for the "
                    "configuration, where the search agent looks)")
        ->type_name("FILE.json");
    sub->add_option("--progress-every", progress_every_,
                    "Seconds between two progress lines on stderr")
        ->check(CLI::Range(0.1, 86400.0))
        ->capture_default_str();
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    const auto requested = game_.requested();
    auto search = search_.make();
    scripting::Session probe(search, requested, game_.options, limits_.make());
    if (game_.bots.empty()) {
      const auto names = probe.agent_names();
      game_.bots = names && std::find(names->begin(), names->end(), "heuristic") != names->end()
                       ? "heuristic"
                       : "random";
    }
    const auto bots = settle_seats(game_, probe, false);
    for (const auto& b : bots)
      if (search::is_mcts(b))
        throw UsageError("train records the games of fast bots; mcts cannot take a seat");
    std::vector<std::string> pack_names;
    for (const auto* m : probe.packs()) pack_names.push_back(m->name);
    const auto config = search::ModelConfig::make(pack_names, game_.options, game_.players);
    std::filesystem::path out = out_;
    if (out.empty()) out = probe.packs().back()->dir / "models" / config.file_name();

    const auto start = std::chrono::steady_clock::now();
    const int threads = std::max(
        1, threads_ > 0 ? threads_ : static_cast<int>(std::thread::hardware_concurrency()));
    TrainingGames played(static_cast<std::size_t>(threads));
    play_games(played, requested, bots, start);
    const std::uint64_t failed = played.failed.load();
    // The first thread's error (a Session that did not load, or its first failed game).
    std::string first_error;
    for (const std::string& e : played.errors)
      if (first_error.empty()) first_error = e;
    if (!first_error.empty() && failed == 0) throw std::runtime_error(first_error);
    if (failed * 10 > games_)
      throw std::runtime_error(fmt::format("{} of {} training games failed; the first: {}", failed,
                                           games_, first_error));
    const double play_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    search::PositionSet all;
    for (const auto& s : played.sets) all.append(s);
    all.canonicalize();
    std::cerr << fmt::format(
        "catan: train: {} positions of {} games in {:.1f} s; fitting {} "
        "features\n",
        all.positions().size(), games_, play_seconds, all.names().size());
    search::FitReport report;
    search::ValueModel model =
        search::fit_value_model(all, config, fit_, report, [&](int epoch, double loss) {
          std::cerr << fmt::format("catan: train: epoch {} of {}: log loss {:.4f}\n", epoch,
                                   fit_.epochs, loss);
        });
    model.annotate({{"bots", bots},
                    {"seed", game_.seed},
                    {"games_played", games_},
                    {"games_failed", failed},
                    {"max_turns", game_.max_turns}});
    std::filesystem::create_directories(out.parent_path().empty() ? "." : out.parent_path());
    model.save(out);
    print_report(out, config, report);
    if (failed > 0)
      print_error(fmt::format("{} of {} games failed and were left out; the first: {}", failed,
                              games_, first_error));
    return kOk;
  }

 private:
  // The positions the workers recorded, one set per thread, and their errors.
  struct TrainingGames {
    explicit TrainingGames(std::size_t threads) : sets(threads), errors(threads) {}
    std::vector<search::PositionSet> sets;
    std::vector<std::string> errors;  // per thread: the first, or ""
    std::atomic<std::uint64_t> next{0}, done{0}, failed{0};
  };

  // Plays the --games games on one thread per set of `played`, recording each kernel turn's
  // features, with a progress line on stderr every --progress-every seconds.
  void play_games(TrainingGames& played, const std::vector<std::string>& requested,
                  const std::vector<std::string>& bots,
                  std::chrono::steady_clock::time_point start) {
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < played.sets.size(); ++t)
      pool.emplace_back([&, t] { play_share(played, t, requested, bots); });
    auto last = start;
    while (played.done < games_ && std::none_of(played.errors.begin(), played.errors.end(),
                                                [](const std::string& e) { return !e.empty(); })) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const auto now = std::chrono::steady_clock::now();
      if (std::chrono::duration<double>(now - last).count() >= progress_every_) {
        last = now;
        const double s = std::chrono::duration<double>(now - start).count();
        std::cerr << fmt::format("catan: train: {} of {} games played, {}\n", played.done.load(),
                                 games_, lab::format_speed(static_cast<double>(played.done) / s));
      }
    }
    for (auto& th : pool) th.join();
  }

  // Thread `t`'s share: games taken from the shared counter until none is left.
  void play_share(TrainingGames& played, std::size_t t, const std::vector<std::string>& requested,
                  const std::vector<std::string>& bots) {
    try {
      auto thread_search = search_.make();
      scripting::Session session(thread_search, requested, game_.options, limits_.make());
      search::PositionSet& set = played.sets[t];
      std::uint64_t game = 0;
      session.set_event_tap([&](const engine::EventInfo& e) {
        if (e.name != "turn" || e.declared_by != "kernel") return;
        const engine::GameState& state = session.state();
        set.begin_position(game, state.players, state.turn);
        search::extract_features(state, set);
      });
      scripting::GameConfig gc;
      gc.seed = game_.seed;
      gc.players = game_.players;
      gc.agents = bots;
      gc.max_turns = game_.max_turns;
      gc.record_decisions = false;
      for (game = played.next++; game < games_; game = played.next++) {
        gc.game_index = game;
        const scripting::GameResult r = session.play(gc);
        if (!r.ok) {
          ++played.failed;
          set.finish_game(std::nullopt, 0);
          if (played.errors[t].empty())
            played.errors[t] = fmt::format("game {}: {}", game, r.error);
        } else {
          set.finish_game(r.winner, r.turns);
        }
        ++played.done;
      }
    } catch (const std::exception& e) {
      played.errors[t] = e.what();
      played.next = games_;
    }
  }

  // What was trained, where it is, and how well it does on the held-out games.
  void print_report(const std::filesystem::path& out, const search::ModelConfig& config,
                    const search::FitReport& report) const {
    fmt::print("model: {} ({})\n", out.string(), config.key());
    fmt::print("trained on {} positions of {} games ({} held out: {} positions), {} features\n",
               report.train_positions, report.train_games, report.heldout_games,
               report.heldout_positions, report.features);
    fmt::print(
        "held out: accuracy {:.1f}% (early {:.1f}%, middle {:.1f}%, late {:.1f}%; "
        "a guess {:.1f}%), log loss {:.4f} (a guess {:.4f})\n",
        100 * report.heldout_accuracy, 100 * report.heldout_accuracy_by_third[0],
        100 * report.heldout_accuracy_by_third[1], 100 * report.heldout_accuracy_by_third[2],
        100.0 / game_.players, report.heldout_log_loss, report.uniform_log_loss);
  }

  GameOptions game_;
  std::uint64_t games_ = 2000;
  int threads_ = 0;
  std::string out_;
  double progress_every_ = 10;
  search::FitSettings fit_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_train_command() {
  return std::make_unique<TrainCommand>();
}

}  // namespace catan::cli
