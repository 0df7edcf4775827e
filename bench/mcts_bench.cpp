// The search agent's speed (search/mcts.h): one search from a mid-game 4-player base state (seed
// 1, game 0, seat 1 random and three heuristic players, at the first decision of seat 1 with at
// least two options past a third of the game's decisions), at the default settings and with
// heuristic rollouts; and a whole game of one default mcts against three heuristic bots.
//   build/catan_bench --benchmark_filter=Mcts
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

#include "cli/search_agents.h"
#include "engine/agent.h"
#include "engine/game_state.h"
#include "engine/seat_view.h"
#include "scripting/pack_search.h"
#include "scripting/session.h"
#include "search/mcts.h"

namespace {

using namespace catan;

// Seats named "mcts" need the search agents registered, as the command line does at start-up.
[[maybe_unused]] const bool search_agents_registered = (cli::register_search_agents(), true);

packs::PackSearch& search_path() {
  static packs::PackSearch s = [] {
    packs::PackSearch p;
    p.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    return p;
  }();
  return s;
}

// Answers as `inner` does; at the first decision of at least three options past `at`, runs the
// benchmark loop there, one search per iteration.
class SearchTimer final : public engine::Agent {
 public:
  SearchTimer(benchmark::State& state, std::size_t at, std::string spec)
      : state_(state), at_(at), settings_(search::parse_mcts(spec)) {}
  std::string name() const override { return "random"; }
  int choose(const engine::Decision& d) override {
    if (!done_ && d.forker && d.view && d.count >= 2 && d.view->decisions().size() >= at_) {
      done_ = true;
      std::int64_t forks = 0;
      for (auto _ : state_) {
        search::SearchStats stats;
        benchmark::DoNotOptimize(search::mcts_choose(d, settings_, rng(), &stats));
        forks += stats.iterations;
      }
      state_.counters["options"] = d.count;
      state_.counters["iterations/s"] =
          benchmark::Counter(static_cast<double>(forks), benchmark::Counter::kIsRate);
    }
    return static_cast<int>(rng().below(static_cast<std::uint64_t>(d.count)));
  }
  bool done() const noexcept { return done_; }

 private:
  benchmark::State& state_;
  std::size_t at_;
  search::MctsSettings settings_;
  bool done_ = false;
};

scripting::GameConfig four_heuristic() {
  scripting::GameConfig config;
  config.seed = 1;
  config.players = 4;
  config.agents = {"heuristic", "heuristic", "heuristic", "heuristic"};
  return config;
}

// state.range(0): 0 = default settings, 1 = rollout=heuristic.
void BM_MctsSearch(benchmark::State& state) {
  scripting::Session session(search_path(), {"base"}, {});
  scripting::GameConfig config = four_heuristic();
  const auto whole = session.play(config);
  if (!whole.ok) {
    state.SkipWithError(whole.error.c_str());
    return;
  }
  const char* spec = state.range(0) == 0 ? "mcts" : "mcts:rollout=heuristic";
  auto timer = std::make_shared<SearchTimer>(state, whole.replay.decisions.size() / 3, spec);
  config.agent_objects = {timer};
  const auto r = session.play(config);
  if (!r.ok) state.SkipWithError(r.error.c_str());
  if (!timer->done()) state.SkipWithError("the game ended before the search point");
}
BENCHMARK(BM_MctsSearch)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("heuristic_rollouts")
    ->Unit(benchmark::kMillisecond);

// One game: a default mcts in seat 1, three heuristic bots.
void BM_MctsGame(benchmark::State& state) {
  scripting::Session session(search_path(), {"base"}, {});
  scripting::GameConfig config = four_heuristic();
  config.agents[0] = "mcts";
  for (auto _ : state) {
    const auto r = session.play(config);
    if (!r.ok) state.SkipWithError(r.error.c_str());
    state.counters["turns"] = r.turns;
  }
}
BENCHMARK(BM_MctsGame)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
