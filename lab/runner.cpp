#include "lab/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "engine/replay.h"
#include "scripting/pack_options.h"
#include "scripting/session.h"

namespace catan::lab {

struct Runner::Worker {
  std::vector<std::unique_ptr<scripting::Session>> sessions;
};

Runner::Runner(packs::PackSearch& search, RunSpec spec, int threads) : spec_(std::move(spec)) {
  if (spec_.configs.empty()) throw ConfigError("no configuration to play");
  threads = std::max(threads, 1);
  // Configs with the same pack list share a session.
  std::map<std::vector<std::string>, std::size_t> by_packs;
  std::vector<const std::vector<std::string>*> pack_lists;
  for (const auto& c : spec_.configs) {
    const auto [it, added] = by_packs.emplace(c.packs, pack_lists.size());
    if (added) pack_lists.push_back(&c.packs);
    session_of_config_.push_back(it->second);
  }
  for (int t = 0; t < threads; ++t) {
    auto worker = std::make_unique<Worker>();
    for (const auto* packs : pack_lists)
      worker->sessions.push_back(std::make_unique<scripting::Session>(
          search, *packs, std::vector<std::string>{}, spec_.limits));
    workers_.push_back(std::move(worker));
  }
  // Bad option values are usage errors: find them now, not in every game.
  for (std::size_t c = 0; c < spec_.configs.size(); ++c)
    packs::resolve_options(workers_[0]->sessions[session_of_config_[c]]->packs(),
                           spec_.configs[c].options);
}

Runner::~Runner() = default;

int Runner::threads() const {
  return static_cast<int>(workers_.size());
}

std::vector<std::vector<std::pair<std::string, std::string>>> Runner::loaded() const {
  std::vector<std::vector<std::pair<std::string, std::string>>> out;
  for (std::size_t c = 0; c < spec_.configs.size(); ++c) {
    auto& list = out.emplace_back();
    for (const auto* m : workers_[0]->sessions[session_of_config_[c]]->packs())
      list.emplace_back(m->name, m->version);
  }
  return out;
}

void Runner::run(std::uint64_t first, std::uint64_t end, RunTotals& totals, const RowSink& rows,
                 const ProgressSink& progress) {
  if (end <= first) {
    if (progress) progress(0);
    return;
  }
  const std::uint64_t count = end - first;
  const std::size_t nconfigs = spec_.configs.size();
  const std::uint64_t nthreads = workers_.size();
  // Small chunks keep the threads busy to the end; 64 games amortize the shared counter.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(count / (nthreads * 8), 1, 64);
  const std::uint64_t chunks = (count + chunk - 1) / chunk;

  std::atomic<std::uint64_t> next_chunk{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;
  std::map<std::uint64_t, std::vector<std::vector<GameRecord>>> ready;  // chunk -> rows
  int running = static_cast<int>(nthreads);
  std::vector<RunTotals> partial(nthreads, RunTotals(nconfigs, spec_.players));

  const auto play_worker = [&](std::size_t w) {
    Worker& worker = *workers_[w];
    RunTotals& mine = partial[w];
    std::vector<GameRecord> records(nconfigs);
    scripting::GameConfig game;
    game.seed = spec_.seed;
    game.players = spec_.players;
    game.agents = spec_.bots;
    game.max_turns = spec_.max_turns;
    try {
      while (!stop.load(std::memory_order_relaxed)) {
        const std::uint64_t c = next_chunk.fetch_add(1);
        if (c >= chunks) break;
        const std::uint64_t from = first + c * chunk;
        const std::uint64_t to = std::min(end, from + chunk);
        std::vector<std::vector<GameRecord>> chunk_rows;
        for (std::uint64_t i = from; i < to && !stop.load(std::memory_order_relaxed); ++i) {
          for (std::size_t k = 0; k < nconfigs; ++k) {
            auto& session = *worker.sessions[session_of_config_[k]];
            game.game_index = i;
            game.options = spec_.configs[k].options;
            const auto result = session.play(game);
            records[k] = make_record(result, i, session.state().first_player);
            if (!result.ok && !spec_.failures_dir.empty() && !result.replay.requested.empty()) {
              std::error_code ec;
              std::filesystem::create_directories(spec_.failures_dir, ec);
              const auto path =
                  std::filesystem::path(spec_.failures_dir) /
                  fmt::format("failed-seed{}-game{}-config{}.json", spec_.seed, i, k + 1);
              engine::save_replay(result.replay, path);
              records[k].replay_file = path.string();
            }
            mine.configs[k].add(records[k]);
            if (k > 0) mine.pairs[k - 1].add(records[0], records[k]);
          }
          if (rows) chunk_rows.push_back(records);
          done.fetch_add(1, std::memory_order_relaxed);
        }
        if (rows) {
          std::lock_guard lock(mutex);
          ready.emplace(c, std::move(chunk_rows));
          wake.notify_one();
        }
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
    std::lock_guard lock(mutex);
    --running;
    wake.notify_one();
  };

  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < nthreads; ++w) threads.emplace_back(play_worker, w);
  // The calling thread is worker 0 when nobody needs rows or progress; otherwise it stays free
  // to write rows in order and report progress.
  const bool caller_plays = !rows && !progress;
  if (caller_plays) {
    play_worker(0);
  } else {
    threads.emplace_back(play_worker, 0);
  }

  std::uint64_t next_row_chunk = 0;
  const auto flush = [&](std::unique_lock<std::mutex>& lock) {
    for (auto it = ready.find(next_row_chunk); it != ready.end(); it = ready.find(next_row_chunk)) {
      auto chunk_rows = std::move(it->second);
      ready.erase(it);
      ++next_row_chunk;
      lock.unlock();
      try {
        for (const auto& r : chunk_rows) rows(r);
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        stop = true;
        return;
      }
      lock.lock();
    }
  };
  if (!caller_plays) {
    std::unique_lock lock(mutex);
    while (running > 0) {
      wake.wait_for(lock, std::chrono::milliseconds(100));
      if (rows && !failure) flush(lock);
      if (progress && !failure) {
        lock.unlock();
        progress(done.load());
        lock.lock();
      }
    }
    if (rows && !failure) flush(lock);
  }
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  if (progress) progress(done.load());
  for (const auto& p : partial) totals.merge(p);
}

}  // namespace catan::lab
