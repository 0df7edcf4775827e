#pragma once
// The agents of search/ that sessions offer by name: `mcts` (search/mcts.h) and the learned
// evaluations its `eval` setting finds (search/value_model.h). The command line registers them
// at start-up (run_cli), as the tests and benchmarks do before their first game.

namespace catan::cli {

// Registers `mcts` and the learned-evaluation finder with scripting/agent_registry.h. Idempotent;
// call before any Session plays.
void register_search_agents();

}  // namespace catan::cli
