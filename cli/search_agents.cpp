#include "cli/search_agents.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "scripting/agent_registry.h"
#include "search/mcts.h"
#include "search/value_model.h"

namespace catan::cli {

namespace {

// The learned evaluation `eval` names: null for "pack" and "score"; for "auto" the model the packs'
// models/ folders hold for the configuration (null: none); else the model file `eval`. Cached by
// "auto:" plus the configuration's key or "file:" plus the path.
std::shared_ptr<const search::ValueModel> find_learned_evaluation(
    const std::string& eval, const scripting::GameConfiguration& configuration,
    scripting::LearnedEvaluations& cache) {
  if (eval == "pack" || eval == "score") return nullptr;
  const auto wanted =
      search::ModelConfig::make(configuration.packs, configuration.options, configuration.players);
  const std::string key =
      (eval == "auto" ? "auto:" : "file:") + (eval == "auto" ? wanted.key() : eval);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  std::shared_ptr<const search::ValueModel> model;
  const std::filesystem::path file = eval == "auto"
                                         ? search::find_model(wanted, configuration.pack_dirs)
                                         : std::filesystem::path(eval);
  if (!file.empty()) {
    model = std::make_shared<const search::ValueModel>(search::ValueModel::load(file));
    if (model->config().key() != wanted.key())
      throw search::ModelMismatch(fmt::format("model {} was trained for '{}', not for '{}'",
                                              file.string(), model->config().key(), wanted.key()));
  }
  cache[key] = model;
  return model;
}

// The search agent `setup.spec` names, its learned evaluation resolved, its copies played by
// the packs' rollout agent (else random) unless its settings name one.
std::shared_ptr<engine::Agent> make_mcts(const scripting::AgentSetup& setup) {
  search::MctsSettings settings = search::parse_mcts(setup.spec);
  settings.model = setup.learned_evaluation(settings.eval);
  return std::make_shared<search::MctsAgent>(
      setup.spec, std::move(settings),
      setup.rollout_agent.empty() ? "random" : setup.rollout_agent);
}

}  // namespace

void register_search_agents() {
  scripting::register_agent("mcts", make_mcts);
  scripting::register_evaluation_finder(find_learned_evaluation);
}

}  // namespace catan::cli
