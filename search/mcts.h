#pragma once
// The search agent: single-observer information-set Monte Carlo tree search over forks
// (engine/fork.h). It knows no rules: it reads the ids of the options it is offered, forks the
// game as its seat sees it (hidden holdings dealt again, so every fork is a fresh
// determinization), steers the copy through its tree for its own decisions, lets the rollout
// agent play everything else for `horizon` turns, and backs up the copy's score for its seat
// (engine::ForkResult::scores). docs/bots.md says why this method and what it costs.

#include <cstdint>
#include <string>

#include "engine/agent.h"
#include "search/mcts_settings.h"

namespace catan::search {

// What one search did, for benchmarks and tests.
struct SearchStats {
  int iterations = 0;  // forks played
  int failed = 0;      // forks whose copy failed (not backed up)
  int tree_nodes = 0;  // nodes of the tree at the end
  double seconds = 0;  // wall time of the search
};

// Chooses an option of `decision` by searching with `settings`, drawing only from `rng` (the
// fork seeds and the expansion order). A decision with one option is answered at once; one that
// cannot be forked (no forker: a replay, or a copy nested too deep) is answered uniformly at
// random. Throws std::runtime_error with the first copy's error when more than half of the
// forks fail.
int mcts_choose(const engine::Decision& decision, const MctsSettings& settings, engine::Rng& rng,
                SearchStats* stats = nullptr);

// The agent a seat plays with "--bots mcts:...". Its name is the spec it was made from.
class MctsAgent final : public engine::Agent {
 public:
  // `default_rollout` plays the copies when the spec names no rollout agent.
  MctsAgent(std::string spec, const std::string& default_rollout)
      : MctsAgent(spec, parse_mcts(spec), default_rollout) {}
  // An agent with `settings` already parsed from `spec` (and their model resolved).
  MctsAgent(std::string spec, MctsSettings settings, const std::string& default_rollout)
      : spec_(std::move(spec)), settings_(std::move(settings)) {
    if (settings_.rollout.empty()) settings_.rollout = default_rollout;
  }
  std::string name() const override { return spec_; }
  int choose(const engine::Decision& decision) override;
  // Totals over every decision this agent searched since it was made.
  const SearchStats& totals() const noexcept { return totals_; }

 private:
  std::string spec_;
  MctsSettings settings_;
  SearchStats totals_;
};

}  // namespace catan::search
