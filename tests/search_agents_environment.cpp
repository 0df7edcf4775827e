// Every test binary's games may seat `mcts`: its agents are registered before the first test, as
// the command line registers them at start-up (cli/search_agents.h).

#include <gtest/gtest.h>

#include "cli/search_agents.h"

namespace {

class SearchAgents : public ::testing::Environment {
 public:
  void SetUp() override { catan::cli::register_search_agents(); }
};

[[maybe_unused]] ::testing::Environment* const search_agents =
    ::testing::AddGlobalTestEnvironment(new SearchAgents);

}  // namespace
