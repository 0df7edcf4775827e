#pragma once
// The settings of the search agent, as written on the command line:
//   mcts[:iterations=N][:horizon=T][:rollout=AGENT][:c=X][:time=MS][:eval=auto|pack|score|FILE]
// e.g. "mcts:iterations=400:horizon=8:rollout=heuristic" (docs/bots.md).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace catan::search {

class ValueModel;

struct MctsSettings {
  int iterations = 100;  // forks played per decision (when time_ms is 0)
  // Turns each copy plays after the current one before it is scored (engine::ForkRequest::turns).
  int horizon = 2;
  // The agent playing every seat of the copies; empty: the one the packs name
  // (game.rollout_agent), else "random".
  std::string rollout;
  double exploration = 0.5;  // UCB1's constant c (scores are in [0, 1])
  // A time budget per decision in milliseconds, replacing `iterations` as the stop (play
  // against a person). Elapsed time decides how many forks are played, so a game with a time
  // budget is not repeatable from its seed (its replay still is).
  double time_ms = 0;
  // How a copy that has not ended is scored: "auto" (the learned evaluation trained for the
  // configuration when one is found, search/value_model.h, else the packs' evaluator), "pack"
  // (the packs' evaluator, else the score share), "score" (the seat's share of the packs'
  // score property, engine::ForkResult::scores), or the path of a model file.
  std::string eval = "auto";
  // The learned evaluation `eval` resolved to (set by whoever makes the agent: the session,
  // which knows the configuration); null: the packs' evaluator, or the score share for "score".
  std::shared_ptr<const ValueModel> model;

  // The spec this parses back from, with every setting written ("mcts:iterations=100:...").
  std::string spec() const;
};

// True when `agent` names the search agent: "mcts" or "mcts:...".
bool is_mcts(std::string_view agent);

// Parses an agent spec naming the search agent. Throws std::invalid_argument with one line
// ("mcts: unknown setting 'depth' (known: iterations, horizon, rollout, c, time, eval)",
// "mcts: iterations=0: expected a whole number from 1 to 1000000") for anything else.
MctsSettings parse_mcts(std::string_view agent);

}  // namespace catan::search
