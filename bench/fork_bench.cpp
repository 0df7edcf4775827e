// The cost of a fork (engine/fork.h) from a mid-game state: the copy made at the decision being
// asked and the rest of that turn played (ForkRequest::turns = 0), with and without "as seen by"
// the deciding seat; for the base game and for base with resource tokens, city walls and
// citadels, and for Cities & Knights, four random players, seed 1, game 0, forked at the first
// decision of seat 1 past half the game's decisions. Every iteration after the first restores
// the copy's checkpoint at the start of the turn (scripting/fork.h): `replayed` counts the
// decisions it fed back, `played` those the copy made itself. A whole game of the same packs is
// timed beside them for scale.
//   build/catan_bench --benchmark_filter=Fork
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/seat_view.h"
#include "scripting/pack_search.h"
#include "scripting/session.h"

namespace {

using namespace catan;

// Plays as the random agent; at the first decision past `at` (the game's decision count), runs
// the benchmark loop there, forking once per iteration.
class ForkTimer final : public engine::Agent {
 public:
  ForkTimer(benchmark::State& state, std::size_t at, bool seen_by)
      : state_(state), at_(at), seen_by_(seen_by) {}
  std::string name() const override { return "random"; }
  int choose(const engine::Decision& d) override {
    if (!done_ && d.view && d.forker && d.view->decisions().size() >= at_) {
      done_ = true;
      engine::ForkRequest request;
      request.turns = 0;
      if (seen_by_) request.seen_by = d.player;
      std::uint64_t replayed = 0, played = 0;
      for (auto _ : state_) {
        ++request.seed;
        const auto r = d.forker->fork(request);
        if (!r.ok) {
          state_.SkipWithError(r.error.c_str());
          break;
        }
        replayed += r.replayed;
        played += r.state->decisions.size() - d.view->decisions().size();
      }
      state_.counters["replayed"] =
          benchmark::Counter(static_cast<double>(replayed), benchmark::Counter::kAvgIterations);
      state_.counters["played"] =
          benchmark::Counter(static_cast<double>(played), benchmark::Counter::kAvgIterations);
    }
    return static_cast<int>(rng().below(static_cast<std::uint64_t>(d.count)));
  }
  bool done() const noexcept { return done_; }

 private:
  benchmark::State& state_;
  std::size_t at_;
  bool seen_by_;
  bool done_ = false;
};

std::vector<std::string> packs_of(int set) {
  if (set == 0) return {"base"};
  if (set == 1) return {"base", "resource-tokens", "city-walls", "citadels"};
  return {"cities-knights"};
}

packs::PackSearch& search() {
  static packs::PackSearch s = [] {
    packs::PackSearch p;
    p.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    p.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "variants");
    return p;
  }();
  return s;
}

scripting::GameConfig four_random() {
  scripting::GameConfig config;
  config.seed = 1;
  config.players = 4;
  config.agents = {"random", "random", "random", "random"};
  return config;
}

// state.range(0): 0 = base, 1 = base + resource tokens + city walls + citadels, 2 = Cities &
// Knights;
// state.range(1): 1 = as seen by the deciding seat.
void BM_Fork(benchmark::State& state) {
  scripting::Session session(search(), packs_of(static_cast<int>(state.range(0))), {});
  scripting::GameConfig config = four_random();
  const auto whole = session.play(config);
  if (!whole.ok) {
    state.SkipWithError(whole.error.c_str());
    return;
  }
  auto timer =
      std::make_shared<ForkTimer>(state, whole.replay.decisions.size() / 2, state.range(1) != 0);
  config.agent_objects = {timer};
  config.agents_see_all = true;  // plain forks (seen_by 0) know everything
  const auto r = session.play(config);
  if (!r.ok) state.SkipWithError(r.error.c_str());
  if (!timer->done()) state.SkipWithError("the game ended before the fork point");
  state.counters["game decisions"] = static_cast<double>(whole.replay.decisions.size());
}
BENCHMARK(BM_Fork)
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->ArgNames({"stack", "seen_by"})
    ->Unit(benchmark::kMicrosecond);

// A whole game of the same packs, for scale.
void BM_ForkScaleWholeGame(benchmark::State& state) {
  scripting::Session session(search(), packs_of(static_cast<int>(state.range(0))), {});
  const scripting::GameConfig config = four_random();
  for (auto _ : state) {
    const auto r = session.play(config);
    if (!r.ok) state.SkipWithError(r.error.c_str());
  }
}
BENCHMARK(BM_ForkScaleWholeGame)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("stack")
    ->Unit(benchmark::kMicrosecond);

}  // namespace
