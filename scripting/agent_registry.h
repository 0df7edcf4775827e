#pragma once
// Agents a host adds to every Session (the search agent, search/mcts.h): a process-wide table of
// factories by name. A seat asking for "NAME" or "NAME:SETTINGS" gets the agent the factory of
// NAME makes; scripting knows no agent of its own beyond "random" and the packs' Lua agents.
// Hosts register at start-up, before any Session plays (cli/search_agents.h); registration is not
// safe against games playing on other threads, lookups are.

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agent.h"

namespace catan::search {
class ValueModel;
}

namespace catan::scripting {

// What a learned evaluation is trained for: the game's configuration as the Session knows it.
struct GameConfiguration {
  std::vector<std::string> packs;                // pack names, in load order
  std::vector<std::filesystem::path> pack_dirs;  // their folders, same order
  std::vector<std::string> options;              // PACK.KEY=VALUE assignments in effect
  int players = 0;
};

// The learned evaluations one Session loaded, by a key the finder chooses; null: none found.
using LearnedEvaluations = std::map<std::string, std::shared_ptr<const search::ValueModel>>;

// Finds the learned evaluation the setting `eval` names for `configuration`, reusing and filling
// `cache` (Session::value_model states the contract).
using EvaluationFinder = std::function<std::shared_ptr<const search::ValueModel>(
    const std::string& eval, const GameConfiguration& configuration, LearnedEvaluations& cache)>;

// What a factory gets from the Session for one agent. The fork capability
// (engine::Decision::forker) and the agent's random stream (engine::Agent::rng, seeded by
// begin_game) reach the agent through engine::Agent as it plays.
struct AgentSetup {
  std::string spec;           // the name the seat gave, settings included ("mcts:iterations=50")
  std::string rollout_agent;  // the packs' default rollout agent (game.rollout_agent); "" none
  // The learned evaluation the setting `eval` names for this game (Session::value_model); throws
  // as that does.
  std::function<std::shared_ptr<const search::ValueModel>(const std::string& eval)>
      learned_evaluation;
};

// Makes the agent `setup.spec` names. Throws std::exception with one line for bad settings or an
// unusable learned evaluation.
using AgentFactory = std::function<std::shared_ptr<engine::Agent>(const AgentSetup& setup)>;

// Registers `factory` under `name` (no ':' in it), replacing an earlier factory of that name.
void register_agent(const std::string& name, AgentFactory factory);
// The factory answering `spec` ("NAME" or "NAME:SETTINGS"), or null when none is registered.
const AgentFactory* find_agent(std::string_view spec);
// The names registered, sorted.
std::vector<std::string> registered_agents();

// Sets the finder Session::value_model uses; without one, every Session finds no learned
// evaluation (null).
void register_evaluation_finder(EvaluationFinder finder);
const EvaluationFinder& evaluation_finder();

}  // namespace catan::scripting
