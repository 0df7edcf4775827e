#include "lab/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

// LeakSanitizer's interface in sanitizer builds (scripts/sanitize.sh): see keep_abandoned.
#if defined(__SANITIZE_ADDRESS__)
#define CATAN_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CATAN_LEAK_CHECKED 1
#endif
#endif
#ifdef CATAN_LEAK_CHECKED
#include <sanitizer/lsan_interface.h>
#endif

#include "engine/replay.h"
#include "lab/rotation.h"
#include "scripting/measure_spec.h"
#include "scripting/pack_options.h"
#include "scripting/session.h"
#include "search/mcts_settings.h"
#include "search/value_model.h"

namespace catan::lab {

namespace {

// An abandoned worker is leaked on purpose: its thread, stuck past the game deadline, may still
// be using its Sessions. LeakSanitizer is told so (it then ignores the worker and all it owns),
// and keeps checking everything else.
void keep_abandoned([[maybe_unused]] const void* worker) {
#ifdef CATAN_LEAK_CHECKED
  __lsan_ignore_object(worker);
#endif
}

}  // namespace

struct Runner::Worker {
  std::vector<std::unique_ptr<scripting::Session>> sessions;
};

Runner::Runner(packs::PackSearch& search, RunSpec spec, int threads)
    : search_(&search), spec_(std::move(spec)) {
  if (spec_.configs.empty()) throw ConfigError("no configuration to play");
  threads = std::max(threads, 1);
  // Configs with the same pack list share a session.
  std::map<std::vector<std::string>, std::size_t> by_packs;
  for (const auto& c : spec_.configs) {
    const auto [it, added] = by_packs.emplace(c.packs, pack_lists_.size());
    if (added) pack_lists_.push_back(&c.packs);
    session_of_config_.push_back(it->second);
  }
  for (int t = 0; t < threads; ++t) workers_.push_back(make_worker());
  for (std::size_t c = 0; c < spec_.configs.size(); ++c)
    declared_.push_back(
        packs::merged_measure_spec(workers_[0]->sessions[session_of_config_[c]]->packs()));
  // Bad option values are usage errors: find them now, not in every game.
  for (std::size_t c = 0; c < spec_.configs.size(); ++c)
    packs::resolve_options(workers_[0]->sessions[session_of_config_[c]]->packs(),
                           spec_.configs[c].options);
}

Runner::~Runner() = default;

std::unique_ptr<Runner::Worker> Runner::make_worker() const {
  auto worker = std::make_unique<Worker>();
  for (const auto* packs : pack_lists_)
    worker->sessions.push_back(std::make_unique<scripting::Session>(
        *search_, *packs, std::vector<std::string>{}, spec_.limits));
  return worker;
}

int Runner::threads() const {
  return static_cast<int>(workers_.size());
}

std::optional<std::vector<std::string>> Runner::agent_names(std::size_t config) const {
  return workers_[0]->sessions[session_of_config_[config]]->agent_names();
}

std::vector<std::pair<std::string, std::string>> Runner::evaluations(
    scripting::Session& session, const LabConfig& config) const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& bot : spec_.bots) {
    if (!search::is_mcts(bot) ||
        std::any_of(out.begin(), out.end(), [&](const auto& e) { return e.first == bot; }))
      continue;
    scripting::GameConfig game;
    game.players = spec_.players;
    game.options = config.options;
    const std::string eval = search::parse_mcts(bot).eval;
    const auto model = session.value_model(eval, game);
    if (!model) {
      out.emplace_back(bot, eval == "score" ? "the score share" : "the packs' evaluator");
      continue;
    }
    const auto& t = model->training();
    const auto heldout = t.value("heldout", nlohmann::json::object());
    out.emplace_back(bot, fmt::format("learned: {} ({} games, held-out accuracy {:.1f}%)",
                                      model->config().file_name(), t.value("games", 0),
                                      100 * heldout.value("accuracy", 0.0)));
  }
  return out;
}

std::vector<ConfigInfo> Runner::config_info() const {
  std::vector<ConfigInfo> out;
  for (std::size_t c = 0; c < spec_.configs.size(); ++c) {
    auto& info = out.emplace_back();
    info.config = spec_.configs[c];
    scripting::Session& session = *workers_[0]->sessions[session_of_config_[c]];
    for (const auto* m : session.packs()) info.loaded.emplace_back(m->name, m->version);
    info.declared = declared_[c];
    info.evaluations = evaluations(session, spec_.configs[c]);
  }
  return out;
}

namespace {

enum SlotState : int { kIdle, kPlaying, kAbandoned };

// One worker thread's place in a run. The thread owns every plain field while it runs; the
// calling thread takes them over once it has moved `state` from kPlaying to kAbandoned (the
// thread is then stuck in Session::play and touches them no more) or once the thread has ended.
struct Slot {
  std::atomic<int> state{kIdle};
  std::atomic<std::int64_t> started{0};  // steady_clock ticks when the current game began
  RunTotals mine;
  bool has_chunk = false;
  std::uint64_t chunk = 0, next = 0, to = 0;  // chunk held; next game index; its end
  std::size_t config = 0;                     // config of the game being played
  std::vector<std::vector<GameRecord>> rows;  // the chunk's rows so far
};

// A game the calling thread failed past its deadline, for the worker that reaches it.
struct Forced {
  std::string error;
  std::string replay_file;  // its abandoned replay (Session::abandoned_replay), if saved
};

// The file a failed game's replay is saved to, creating the folder.
std::filesystem::path failure_path(const RunSpec& spec, std::uint64_t game, std::size_t config) {
  std::error_code ec;
  std::filesystem::create_directories(spec.failures_dir, ec);
  return std::filesystem::path(spec.failures_dir) /
         fmt::format("failed-seed{}-game{}-config{}.json", spec.seed, game, config + 1);
}

}  // namespace

std::filesystem::path game_path(const RunSpec& spec, std::uint64_t game, std::size_t config) {
  return std::filesystem::path(spec.games_dir) /
         fmt::format("game-seed{}-game{}-config{}.json", spec.seed, game, config + 1);
}

namespace {

// What the workers of one run() share. Held by shared_ptr by every thread, so that an abandoned
// thread whose game returns after run() has returned still finds it.
struct Shared {
  RunSpec spec;
  std::vector<std::size_t> session_of_config;
  std::vector<packs::MeasureSpec> declared;  // per config
  std::uint64_t first = 0, end = 0, chunk = 1, chunks = 0;
  bool rows = false;
  std::atomic<std::uint64_t> next_chunk{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> abort{false};       // a worker failed: stop now
  std::atomic<bool> any_forced{false};  // `forced` is not empty
  std::mutex mutex;                     // guards everything below
  std::condition_variable wake;
  std::exception_ptr failure;
  std::map<std::uint64_t, std::vector<std::vector<GameRecord>>> ready;  // chunk -> rows
  std::map<std::pair<std::uint64_t, std::size_t>, Forced> forced;       // (game, config) -> failure
  int running = 0;
};

bool stop_requested(const Shared& sh) {
  return sh.abort.load(std::memory_order_relaxed) ||
         (sh.spec.stop && sh.spec.stop->load(std::memory_order_relaxed));
}

std::int64_t now_ticks() {
  return std::chrono::steady_clock::now().time_since_epoch().count();
}

// A failed record of game `index` that was not played to its end.
GameRecord failed_record(std::uint64_t index, std::string error,
                         const std::vector<std::string>& seats) {
  GameRecord record;
  record.index = index;
  record.ok = false;
  record.error = std::move(error);
  record.seat_bots = seats;
  return record;
}

// A worker thread's loop: takes chunks of game indices and plays every configuration of each
// game, adding the records to its slot's totals.
class WorkerLoop {
 public:
  WorkerLoop(Shared& shared, Slot& slot, std::vector<scripting::Session*> sessions)
      : sh_(shared),
        slot_(slot),
        spec_(shared.spec),
        sessions_(std::move(sessions)),
        records_(spec_.configs.size()) {
    game_.seed = spec_.seed;
    game_.players = spec_.players;
    game_.agents = spec_.bots;
    game_.max_turns = spec_.max_turns;
    game_.record_decisions = false;  // only failed games' replays are saved
  }

  // Plays until no chunk is left, the run stops or it aborts. Returns false when this thread was
  // abandoned past the game deadline meanwhile: it must then end without touching the run.
  bool run() {
    for (;;) {
      if (!slot_.has_chunk && !take_chunk()) return true;
      while (slot_.next < slot_.to) {
        if (sh_.abort.load(std::memory_order_relaxed)) break;
        if (!play_game(slot_.next)) return false;
        ++slot_.next;
        sh_.done.fetch_add(1, std::memory_order_relaxed);
      }
      if (sh_.abort.load(std::memory_order_relaxed)) return true;
      hand_in_chunk();
    }
  }

 private:
  // Takes the next chunk; false when none is left or the run stops.
  bool take_chunk() {
    if (stop_requested(sh_)) return false;
    const std::uint64_t c = sh_.next_chunk.fetch_add(1);
    if (c >= sh_.chunks) return false;
    slot_.has_chunk = true;
    slot_.chunk = c;
    slot_.next = sh_.first + c * sh_.chunk;
    slot_.to = std::min(sh_.end, slot_.next + sh_.chunk);
    slot_.rows.clear();
    return true;
  }

  // Hands the chunk's rows to the calling thread and lets the chunk go.
  void hand_in_chunk() {
    if (sh_.rows) {
      std::lock_guard lock(sh_.mutex);
      sh_.ready.emplace(slot_.chunk, std::move(slot_.rows));
      sh_.wake.notify_one();
    }
    slot_.rows.clear();
    slot_.has_chunk = false;
  }

  // Plays game `i` under every config and counts it; false when abandoned.
  bool play_game(std::uint64_t i) {
    const auto seats = seat_bots(spec_.bots, spec_.players, i, spec_.rotate);
    if (spec_.rotate) game_.agents = seats;
    for (std::size_t k = 0; k < records_.size(); ++k)
      if (!play_config(i, k, seats)) return false;
    for (std::size_t k = 0; k < records_.size(); ++k) {
      slot_.mine.configs[k].add(records_[k]);
      if (k > 0) slot_.mine.pairs[k - 1].add(records_[0], records_[k]);
    }
    if (sh_.rows) slot_.rows.push_back(records_);
    return true;
  }

  // The failure the calling thread recorded for game `i` under config `k` past its deadline.
  std::optional<Forced> forced_failure(std::uint64_t i, std::size_t k) const {
    if (!sh_.any_forced.load(std::memory_order_acquire)) return std::nullopt;
    std::lock_guard lock(sh_.mutex);
    const auto it = sh_.forced.find({i, k});
    if (it == sh_.forced.end() || it->second.error.empty()) return std::nullopt;
    return it->second;
  }

  // Plays game `i` under config `k` into records_[k]; false when abandoned.
  bool play_config(std::uint64_t i, std::size_t k, const std::vector<std::string>& seats) {
    if (const auto forced = forced_failure(i, k)) {
      records_[k] = failed_record(i, forced->error, seats);
      records_[k].replay_file = forced->replay_file;
      return true;
    }
    auto& session = *sessions_[sh_.session_of_config[k]];
    game_.game_index = i;
    game_.options = spec_.configs[k].options;
    game_.agent_objects.clear();
    const bool save = i < spec_.save_games && !spec_.games_dir.empty();
    game_.record_decisions = save;
    if (spec_.agents_for) game_.agent_objects = spec_.agents_for(i, k);
    auto result = play_watched(session, k);
    if (!result) return false;
    records_[k] = make_record(*result, i, session.state().first_player, sh_.declared[k]);
    records_[k].seat_bots = seats;
    if (result->ok) {
      if (const auto what = out_of_range(records_[k], sh_.declared[k])) {
        // The game fails with its values dropped. Its replay needs its decisions: the game is
        // played again recording them (a game is a function of its inputs).
        records_[k] = failed_record(i, out_of_range_error(i, k + 1, *what), seats);
        if (!spec_.failures_dir.empty() && !game_.record_decisions) {
          game_.record_decisions = true;
          result = play_watched(session, k);
          if (!result) return false;
        }
      }
    }
    save_replay(*result, i, k, save);
    return true;
  }

  // Plays game_ under the deadline watch; nullopt when it was abandoned past the deadline
  // meanwhile (the run has counted it and moved on: this thread must end).
  std::optional<scripting::GameResult> play_watched(scripting::Session& session, std::size_t k) {
    slot_.config = k;
    slot_.started.store(now_ticks(), std::memory_order_relaxed);
    slot_.state.store(kPlaying, std::memory_order_release);
    scripting::GameResult result;
    try {
      result = session.play(game_);
    } catch (...) {
      int expected = kPlaying;
      if (!slot_.state.compare_exchange_strong(expected, kIdle)) return std::nullopt;
      throw;
    }
    int expected = kPlaying;
    if (!slot_.state.compare_exchange_strong(expected, kIdle)) return std::nullopt;
    return result;
  }

  // A failed game's replay in the failures folder; a sample game's (`save`) in the games folder.
  void save_replay(const scripting::GameResult& result, std::uint64_t i, std::size_t k, bool save) {
    GameRecord& record = records_[k];
    if (!record.ok && !spec_.failures_dir.empty() && !result.replay.requested.empty()) {
      const auto path = failure_path(spec_, i, k);
      engine::save_replay(result.replay, path);
      record.replay_file = path.string();
    }
    if (record.ok && save) {
      std::error_code ec;
      std::filesystem::create_directories(spec_.games_dir, ec);
      engine::save_replay(result.replay, game_path(spec_, i, k));
    }
  }

  Shared& sh_;
  Slot& slot_;
  const RunSpec& spec_;
  std::vector<scripting::Session*> sessions_;
  std::vector<GameRecord> records_;  // of the game being played, per config
  scripting::GameConfig game_;
};

void play_worker(std::shared_ptr<Shared> shared, std::shared_ptr<Slot> slot,
                 std::vector<scripting::Session*> sessions) {
  Shared& sh = *shared;
  try {
    WorkerLoop loop(sh, *slot, std::move(sessions));
    if (!loop.run()) return;  // abandoned: the run is no longer this thread's
  } catch (...) {
    std::lock_guard lock(sh.mutex);
    if (!sh.failure) sh.failure = std::current_exception();
    sh.abort = true;
  }
  std::lock_guard lock(sh.mutex);
  --sh.running;
  sh.wake.notify_one();
}

std::vector<scripting::Session*> sessions_of(
    const std::vector<std::unique_ptr<scripting::Session>>& all) {
  std::vector<scripting::Session*> out;
  for (auto& s : all) out.push_back(s.get());
  return out;
}

}  // namespace

// One run() call: what its threads share, their slots and the threads; the calling thread's
// duties (rows in order, the game deadline).
struct Runner::Play {
  Play(Runner& runner, const RowSink& rows) : runner(runner), rows(rows) {}

  Runner& runner;
  const RowSink& rows;
  std::shared_ptr<Shared> shared = std::make_shared<Shared>();
  std::vector<std::shared_ptr<Slot>> slots;
  std::vector<std::thread> threads;
  std::uint64_t next_row_chunk = 0;

  // Sets up the shared state of games [first, end) and starts one thread per worker.
  void start(std::uint64_t first, std::uint64_t end) {
    const std::uint64_t count = end - first;
    const std::size_t nthreads = runner.workers_.size();
    Shared& sh = *shared;
    sh.spec = runner.spec_;
    sh.session_of_config = runner.session_of_config_;
    sh.declared = runner.declared_;
    sh.first = first;
    sh.end = end;
    // Small chunks keep the threads busy to the end; 64 games amortize the shared counter.
    sh.chunk = std::clamp<std::uint64_t>(count / (nthreads * 8), 1, 64);
    sh.chunks = (count + sh.chunk - 1) / sh.chunk;
    sh.rows = static_cast<bool>(rows);
    sh.running = static_cast<int>(nthreads);
    for (std::size_t w = 0; w < nthreads; ++w) {
      slots.push_back(std::make_shared<Slot>());
      slots.back()->mine = RunTotals(runner.spec_.configs.size(), runner.spec_.players);
    }
    for (std::size_t w = 0; w < nthreads; ++w)
      threads.emplace_back(play_worker, shared, slots[w],
                           sessions_of(runner.workers_[w]->sessions));
  }

  // Until every worker has ended: writes rows in order, reports progress and watches the game
  // deadline. Then joins the threads.
  void wait(const ProgressSink& progress) {
    Shared& sh = *shared;
    const auto tick =
        runner.spec_.game_deadline_ms > 0
            ? std::min(std::chrono::milliseconds(100),
                       std::chrono::milliseconds(runner.spec_.game_deadline_ms / 4 + 1))
            : std::chrono::milliseconds(100);
    {
      std::unique_lock lock(sh.mutex);
      while (sh.running > 0) {
        sh.wake.wait_for(lock, tick);
        if (rows && !sh.failure) flush_rows(lock);
        if (runner.spec_.game_deadline_ms > 0) watch_deadline();
        if (progress && !sh.failure) {
          lock.unlock();
          progress(sh.done.load());
          lock.lock();
        }
      }
      if (rows && !sh.failure) flush_rows(lock);
    }
    for (auto& t : threads)
      if (t.joinable()) t.join();
  }

  // Hands the rows of the chunks ready in order to `rows`, with `lock` released meanwhile.
  void flush_rows(std::unique_lock<std::mutex>& lock) {
    Shared& sh = *shared;
    for (auto it = sh.ready.find(next_row_chunk); it != sh.ready.end();
         it = sh.ready.find(next_row_chunk)) {
      auto chunk_rows = std::move(it->second);
      sh.ready.erase(it);
      ++next_row_chunk;
      lock.unlock();
      try {
        for (const auto& r : chunk_rows) rows(r);
      } catch (...) {
        lock.lock();
        if (!sh.failure) sh.failure = std::current_exception();
        sh.abort = true;
        return;
      }
      lock.lock();
    }
  }

  // Abandons every worker whose game is past the deadline (with the shared mutex held).
  void watch_deadline() {
    const auto deadline = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::milliseconds(runner.spec_.game_deadline_ms));
    const std::int64_t now = now_ticks();
    for (std::size_t w = 0; w < slots.size(); ++w) {
      Slot& slot = *slots[w];
      if (slot.state.load(std::memory_order_acquire) != kPlaying) continue;
      if (now - slot.started.load(std::memory_order_relaxed) <= deadline.count()) continue;
      int expected = kPlaying;
      if (!slot.state.compare_exchange_strong(expected, kAbandoned)) continue;
      abandon(w);
    }
  }

  // Past the deadline: the game fails, the thread is abandoned and a new worker takes over its
  // chunk from the next game (or the next config of the same game).
  void abandon(std::size_t w) {
    Shared& sh = *shared;
    Slot& slot = *slots[w];
    const RunSpec& spec = runner.spec_;
    ++runner.abandoned_;
    Forced& forced = sh.forced[{slot.next, slot.config}];
    forced.error = fmt::format(
        "game deadline exceeded: game {} under configuration {} ran for more than "
        "{:.3g} s and was abandoned",
        slot.next, slot.config + 1, spec.game_deadline_ms / 1000.0);
    threads[w].detach();
    keep_abandoned(runner.workers_[w].release());  // its thread may still be using its Sessions
    auto fresh = std::make_shared<Slot>();
    fresh->mine = std::move(slot.mine);
    fresh->has_chunk = slot.has_chunk;
    fresh->chunk = slot.chunk;
    fresh->next = slot.next;
    fresh->to = slot.to;
    fresh->rows = std::move(slot.rows);
    slots[w] = fresh;
    try {
      runner.workers_[w] = runner.make_worker();
    } catch (...) {
      if (!sh.failure) sh.failure = std::current_exception();
      sh.abort = true;
      --sh.running;
      threads[w] = std::thread();
      return;
    }
    if (!spec.failures_dir.empty())
      forced.replay_file = save_abandoned_replay(w, slot, forced.error);
    sh.any_forced.store(true, std::memory_order_release);
    threads[w] = std::thread(play_worker, shared, fresh, sessions_of(runner.workers_[w]->sessions));
  }

  // The abandoned thread still owns its game: saves the game's inputs instead, with worker w's
  // new Sessions. Returns the file, or "" when it could not be written (the error is still
  // recorded; only its replay is missing).
  std::string save_abandoned_replay(std::size_t w, const Slot& slot, const std::string& error) {
    const RunSpec& spec = runner.spec_;
    try {
      const std::size_t k = slot.config;
      scripting::GameConfig game;
      game.seed = spec.seed;
      game.game_index = slot.next;
      game.players = spec.players;
      game.agents = spec.rotate ? seat_bots(spec.bots, spec.players, slot.next, true) : spec.bots;
      game.max_turns = spec.max_turns;
      game.options = spec.configs[k].options;
      if (spec.agents_for) game.agent_objects = spec.agents_for(slot.next, k);
      const auto path = failure_path(spec, slot.next, k);
      engine::save_replay(
          runner.workers_[w]->sessions[runner.session_of_config_[k]]->abandoned_replay(game, error),
          path);
      return path.string();
    } catch (const std::exception&) {
      return "";
    }
  }
};

std::uint64_t Runner::run(std::uint64_t first, std::uint64_t end, RunTotals& totals,
                          const RowSink& rows, const ProgressSink& progress) {
  if (end <= first) {
    if (progress) progress(0);
    return end;
  }
  Play play(*this, rows);
  play.start(first, end);
  play.wait(progress);
  const Shared& sh = *play.shared;
  if (sh.failure) std::rethrow_exception(sh.failure);
  if (progress) progress(sh.done.load());
  for (const auto& s : play.slots) totals.merge(s->mine);
  // Every chunk handed out was played to its end, so the games played are contiguous.
  const std::uint64_t handed = std::min(sh.next_chunk.load(), sh.chunks);
  return std::min(end, first + handed * sh.chunk);
}

}  // namespace catan::lab
