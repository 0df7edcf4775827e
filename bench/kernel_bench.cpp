// Micro-benchmarks of the kernel's hot paths as packs use them: raising events with and without
// handlers, kernel API calls from Lua, decisions, and whole games of the example pack.
//   build/catan_bench                         all benchmarks
//   build/catan_bench --benchmark_filter=Raise
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

#include "scripting/pack_search.h"
#include "scripting/session.h"

namespace {

using namespace catan;

// A throw-away pack whose single turn runs `body` `n` times (n from the option `n`), then ends.
class LoopPack {
 public:
  explicit LoopPack(const std::string& setup, const std::string& body) {
    root_ = std::filesystem::temp_directory_path() / ("catan-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root_ / "loop");
    std::ofstream(root_ / "loop" / "pack.json") << R"({"name": "loop", "version": "1.0.0",
      "description": "benchmark loop", "entry": ["main.lua"],
      "options": {"n": {"type": "integer", "default": 1, "min": 1, "max": 100000000, "description": "iterations"}},
      "events": {"bench.empty": "no handlers", "bench.one": "one handler"}})";
    std::ofstream(root_ / "loop" / "main.lua") << setup << "\ngame.on('turn', function(e)\n"
                                               << "  for i = 1, options.n do " << body << " end\n"
                                               << "  game.finish(e.player)\nend)\n";
    search_.add_dir(root_);
  }
  ~LoopPack() { std::filesystem::remove_all(root_); }
  packs::PackSearch& search() { return search_; }

 private:
  std::filesystem::path root_;
  packs::PackSearch search_;
};

// Runs a one-turn game whose turn loops `body` kIterations times; reports time per iteration.
void run_loop(benchmark::State& state, const std::string& setup, const std::string& body) {
  constexpr int kIterations = 100000;
  LoopPack pack(setup, body);
  scripting::Session session(pack.search(), {"loop"}, {"loop.n=" + std::to_string(kIterations)});
  for (auto _ : state) {
    const auto r = session.play({});
    if (!r.ok) state.SkipWithError(r.error.c_str());
  }
  state.SetItemsProcessed(state.iterations() * kIterations);
}

void BM_LuaLoopBaseline(benchmark::State& state) {
  run_loop(state, "", "local x = i");
}
BENCHMARK(BM_LuaLoopBaseline)->Unit(benchmark::kMillisecond);

void BM_RaiseNoHandlers(benchmark::State& state) {
  run_loop(state, "local p = {}", "game.raise('bench.empty', p)");
}
BENCHMARK(BM_RaiseNoHandlers)->Unit(benchmark::kMillisecond);

void BM_RaiseNoHandlersLocal(benchmark::State& state) {
  run_loop(state, "local p = {}\nlocal raise = game.raise", "raise('bench.empty', p)");
}
BENCHMARK(BM_RaiseNoHandlersLocal)->Unit(benchmark::kMillisecond);

void BM_ApiLookupOnly(benchmark::State& state) {
  run_loop(state, "", "local f = game.raise");
}
BENCHMARK(BM_ApiLookupOnly)->Unit(benchmark::kMillisecond);

void BM_RaiseOneHandler(benchmark::State& state) {
  run_loop(state, "local p = {v = 0}\ngame.on('bench.one', function(e) e.v = e.v + 1 end)",
           "game.raise('bench.one', p)");
}
BENCHMARK(BM_RaiseOneHandler)->Unit(benchmark::kMillisecond);

void BM_HoldingsCount(benchmark::State& state) {
  run_loop(state,
           "game.on('game.setup', function() game.add_form('card'); game.add_kind('ore'); "
           "game.add_supply('bank'); game.add('bank', 'ore', 19) end)",
           "local n = game.count('bank', 'ore')");
}
BENCHMARK(BM_HoldingsCount)->Unit(benchmark::kMillisecond);

void BM_Decide(benchmark::State& state) {
  run_loop(state, "local opts = {'a', 'b', 'c'}", "game.decide(1, 'bench', opts)");
}
BENCHMARK(BM_Decide)->Unit(benchmark::kMillisecond);

// Whole dice-race games, three players, one thread: games/s and decisions/s.
void BM_DiceRaceGames(benchmark::State& state) {
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  scripting::Session session(search, {"dice-race"}, {});
  scripting::GameConfig config;
  config.players = 3;
  config.agents = {"hold20", "random", "random"};
  std::uint64_t decisions = 0, index = 0;
  for (auto _ : state) {
    config.game_index = index++;
    const auto r = session.play(config);
    decisions += r.replay.decisions.size();
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DiceRaceGames)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
