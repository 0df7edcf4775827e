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

#include "engine/replay.h"
#include "lab/rotation.h"
#include "scripting/measure_spec.h"
#include "scripting/pack_options.h"
#include "scripting/session.h"
#include "search/mcts_settings.h"
#include "search/value_model.h"

namespace catan::lab {

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
    const auto model = session.value_model(search::parse_mcts(bot).eval, game);
    if (!model) {
      out.emplace_back(bot, "the packs' evaluator");
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

void play_worker(std::shared_ptr<Shared> shared, std::shared_ptr<Slot> slot_ptr,
                 std::vector<scripting::Session*> sessions) {
  Shared& sh = *shared;
  Slot& slot = *slot_ptr;
  const RunSpec& spec = sh.spec;
  const std::size_t nconfigs = spec.configs.size();
  std::vector<GameRecord> records(nconfigs);
  scripting::GameConfig game;
  game.seed = spec.seed;
  game.players = spec.players;
  game.agents = spec.bots;
  game.max_turns = spec.max_turns;
  game.record_decisions = false;  // only failed games' replays are saved
  try {
    for (;;) {
      if (!slot.has_chunk) {
        if (stop_requested(sh)) break;
        const std::uint64_t c = sh.next_chunk.fetch_add(1);
        if (c >= sh.chunks) break;
        slot.has_chunk = true;
        slot.chunk = c;
        slot.next = sh.first + c * sh.chunk;
        slot.to = std::min(sh.end, slot.next + sh.chunk);
        slot.rows.clear();
      }
      while (slot.next < slot.to) {
        if (sh.abort.load(std::memory_order_relaxed)) break;
        const std::uint64_t i = slot.next;
        auto seats = seat_bots(spec.bots, spec.players, i, spec.rotate);
        if (spec.rotate) game.agents = seats;
        for (std::size_t k = 0; k < nconfigs; ++k) {
          Forced forced;
          if (sh.any_forced.load(std::memory_order_acquire)) {
            std::lock_guard lock(sh.mutex);
            const auto it = sh.forced.find({i, k});
            if (it != sh.forced.end()) forced = it->second;
          }
          if (!forced.error.empty()) {
            records[k] = GameRecord{};
            records[k].index = i;
            records[k].ok = false;
            records[k].error = forced.error;
            records[k].replay_file = forced.replay_file;
            records[k].seat_bots = seats;
            continue;
          }
          auto& session = *sessions[sh.session_of_config[k]];
          game.game_index = i;
          game.options = spec.configs[k].options;
          game.agent_objects.clear();
          const bool save = i < spec.save_games && !spec.games_dir.empty();
          game.record_decisions = save;
          if (spec.agents_for) game.agent_objects = spec.agents_for(i, k);
          // Plays the game under the deadline watch; nullopt when it was abandoned past the
          // deadline meanwhile (the run has counted it and moved on: this thread must end).
          const auto play_watched = [&]() -> std::optional<scripting::GameResult> {
            slot.config = k;
            slot.started.store(now_ticks(), std::memory_order_relaxed);
            slot.state.store(kPlaying, std::memory_order_release);
            scripting::GameResult result;
            try {
              result = session.play(game);
            } catch (...) {
              int expected = kPlaying;
              if (!slot.state.compare_exchange_strong(expected, kIdle)) return std::nullopt;
              throw;
            }
            int expected = kPlaying;
            if (!slot.state.compare_exchange_strong(expected, kIdle)) return std::nullopt;
            return result;
          };
          auto result = play_watched();
          if (!result) return;
          records[k] = make_record(*result, i, session.state().first_player, sh.declared[k]);
          records[k].seat_bots = seats;
          if (result->ok) {
            if (const auto what = out_of_range(records[k], sh.declared[k])) {
              // The game fails with its values dropped. Its replay needs its decisions: the
              // game is played again recording them (a game is a function of its inputs).
              records[k] = GameRecord{};
              records[k].index = i;
              records[k].ok = false;
              records[k].error = out_of_range_error(i, k + 1, *what);
              records[k].seat_bots = seats;
              if (!spec.failures_dir.empty() && !game.record_decisions) {
                game.record_decisions = true;
                result = play_watched();
                if (!result) return;
              }
            }
          }
          if (!records[k].ok && !spec.failures_dir.empty() && !result->replay.requested.empty()) {
            const auto path = failure_path(spec, i, k);
            engine::save_replay(result->replay, path);
            records[k].replay_file = path.string();
          }
          if (records[k].ok && save) {
            std::error_code ec;
            std::filesystem::create_directories(spec.games_dir, ec);
            engine::save_replay(result->replay, game_path(spec, i, k));
          }
        }
        for (std::size_t k = 0; k < nconfigs; ++k) {
          slot.mine.configs[k].add(records[k]);
          if (k > 0) slot.mine.pairs[k - 1].add(records[0], records[k]);
        }
        if (sh.rows) slot.rows.push_back(records);
        ++slot.next;
        sh.done.fetch_add(1, std::memory_order_relaxed);
      }
      if (sh.abort.load(std::memory_order_relaxed)) break;
      if (sh.rows) {
        std::lock_guard lock(sh.mutex);
        sh.ready.emplace(slot.chunk, std::move(slot.rows));
        sh.wake.notify_one();
      }
      slot.rows.clear();
      slot.has_chunk = false;
    }
  } catch (...) {
    std::lock_guard lock(sh.mutex);
    if (!sh.failure) sh.failure = std::current_exception();
    sh.abort = true;
  }
  std::lock_guard lock(sh.mutex);
  --sh.running;
  sh.wake.notify_one();
}

}  // namespace

std::uint64_t Runner::run(std::uint64_t first, std::uint64_t end, RunTotals& totals,
                          const RowSink& rows, const ProgressSink& progress) {
  if (end <= first) {
    if (progress) progress(0);
    return end;
  }
  const std::uint64_t count = end - first;
  const std::size_t nconfigs = spec_.configs.size();
  const std::size_t nthreads = workers_.size();

  auto shared = std::make_shared<Shared>();
  Shared& sh = *shared;
  sh.spec = spec_;
  sh.session_of_config = session_of_config_;
  sh.declared = declared_;
  sh.first = first;
  sh.end = end;
  // Small chunks keep the threads busy to the end; 64 games amortize the shared counter.
  sh.chunk = std::clamp<std::uint64_t>(count / (nthreads * 8), 1, 64);
  sh.chunks = (count + sh.chunk - 1) / sh.chunk;
  sh.rows = static_cast<bool>(rows);
  sh.running = static_cast<int>(nthreads);

  const auto sessions_of = [](Worker& w) {
    std::vector<scripting::Session*> out;
    for (auto& s : w.sessions) out.push_back(s.get());
    return out;
  };
  std::vector<std::shared_ptr<Slot>> slots;
  std::vector<std::thread> threads;
  for (std::size_t w = 0; w < nthreads; ++w) {
    slots.push_back(std::make_shared<Slot>());
    slots.back()->mine = RunTotals(nconfigs, spec_.players);
  }
  for (std::size_t w = 0; w < nthreads; ++w)
    threads.emplace_back(play_worker, shared, slots[w], sessions_of(*workers_[w]));

  // The calling thread writes rows in order, reports progress and watches the game deadline.
  std::uint64_t next_row_chunk = 0;
  const auto flush = [&](std::unique_lock<std::mutex>& lock) {
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
  };
  const auto deadline = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::milliseconds(spec_.game_deadline_ms));
  const auto tick = spec_.game_deadline_ms > 0
                        ? std::min(std::chrono::milliseconds(100),
                                   std::chrono::milliseconds(spec_.game_deadline_ms / 4 + 1))
                        : std::chrono::milliseconds(100);
  // Past the deadline: the game fails, the thread is abandoned and a new worker takes over its
  // chunk from the next game (or the next config of the same game).
  const auto watch = [&] {
    const std::int64_t now = now_ticks();
    for (std::size_t w = 0; w < slots.size(); ++w) {
      Slot& slot = *slots[w];
      if (slot.state.load(std::memory_order_acquire) != kPlaying) continue;
      if (now - slot.started.load(std::memory_order_relaxed) <= deadline.count()) continue;
      int expected = kPlaying;
      if (!slot.state.compare_exchange_strong(expected, kAbandoned)) continue;
      ++abandoned_;
      Forced& forced = sh.forced[{slot.next, slot.config}];
      forced.error = fmt::format(
          "game deadline exceeded: game {} under configuration {} ran for more than "
          "{:.3g} s and was abandoned",
          slot.next, slot.config + 1, spec_.game_deadline_ms / 1000.0);
      threads[w].detach();
      (void)workers_[w].release();  // the abandoned thread may still be using its Sessions
      auto fresh = std::make_shared<Slot>();
      fresh->mine = std::move(slot.mine);
      fresh->has_chunk = slot.has_chunk;
      fresh->chunk = slot.chunk;
      fresh->next = slot.next;
      fresh->to = slot.to;
      fresh->rows = std::move(slot.rows);
      slots[w] = fresh;
      try {
        workers_[w] = make_worker();
      } catch (...) {
        if (!sh.failure) sh.failure = std::current_exception();
        sh.abort = true;
        --sh.running;
        threads[w] = std::thread();
        continue;
      }
      if (!spec_.failures_dir.empty()) {
        // The abandoned thread still owns its game: save the game's inputs instead.
        try {
          const std::size_t k = slot.config;
          scripting::GameConfig game;
          game.seed = spec_.seed;
          game.game_index = slot.next;
          game.players = spec_.players;
          game.agents =
              spec_.rotate ? seat_bots(spec_.bots, spec_.players, slot.next, true) : spec_.bots;
          game.max_turns = spec_.max_turns;
          game.options = spec_.configs[k].options;
          if (spec_.agents_for) game.agent_objects = spec_.agents_for(slot.next, k);
          const auto path = failure_path(spec_, slot.next, k);
          engine::save_replay(
              workers_[w]->sessions[session_of_config_[k]]->abandoned_replay(game, forced.error),
              path);
          forced.replay_file = path.string();
        } catch (const std::exception&) {
          // The error is still recorded; only its replay is missing.
        }
      }
      sh.any_forced.store(true, std::memory_order_release);
      threads[w] = std::thread(play_worker, shared, fresh, sessions_of(*workers_[w]));
    }
  };
  {
    std::unique_lock lock(sh.mutex);
    while (sh.running > 0) {
      sh.wake.wait_for(lock, tick);
      if (rows && !sh.failure) flush(lock);
      if (spec_.game_deadline_ms > 0) watch();
      if (progress && !sh.failure) {
        lock.unlock();
        progress(sh.done.load());
        lock.lock();
      }
    }
    if (rows && !sh.failure) flush(lock);
  }
  for (auto& t : threads)
    if (t.joinable()) t.join();
  if (sh.failure) std::rethrow_exception(sh.failure);
  if (progress) progress(sh.done.load());
  for (const auto& s : slots) totals.merge(s->mine);
  // Every chunk handed out was played to its end, so the games played are contiguous.
  const std::uint64_t handed = std::min(sh.next_chunk.load(), sh.chunks);
  return std::min(end, first + handed * sh.chunk);
}

}  // namespace catan::lab
