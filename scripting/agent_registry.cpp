#include "scripting/agent_registry.h"

#include <utility>

namespace catan::scripting {

namespace {

struct Registry {
  std::map<std::string, AgentFactory, std::less<>> agents;
  EvaluationFinder finder;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void register_agent(const std::string& name, AgentFactory factory) {
  registry().agents[name] = std::move(factory);
}

const AgentFactory* find_agent(std::string_view spec) {
  const auto& agents = registry().agents;
  const auto it = agents.find(spec.substr(0, spec.find(':')));
  return it == agents.end() ? nullptr : &it->second;
}

std::vector<std::string> registered_agents() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : registry().agents) names.push_back(name);
  return names;
}

void register_evaluation_finder(EvaluationFinder finder) {
  registry().finder = std::move(finder);
}

const EvaluationFinder& evaluation_finder() {
  return registry().finder;
}

}  // namespace catan::scripting
