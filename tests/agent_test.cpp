// Built-in agents: the uniformly random agent's stream and the scripted agent's answers.
#include <gtest/gtest.h>

#include "engine/agent.h"

namespace catan::engine {
namespace {

const char* const kLabels[] = {"node 1: ore 8", "node 12: grain 5", "end turn"};

std::string describe(const void*, int option) {
  return kLabels[option];
}

Decision three_options() {
  return Decision{0, "base.place", 3, &describe, nullptr};
}

TEST(ScriptedAgent, AnswersByIndexWholeLabelOrLabelUpToAColon) {
  ScriptedAgent agent({2, std::string("end turn"), std::string("node 12"), std::string("node 1")});
  EXPECT_EQ(agent.choose(three_options()), 2);
  EXPECT_EQ(agent.choose(three_options()), 2);
  EXPECT_EQ(agent.choose(three_options()), 1);
  EXPECT_EQ(agent.choose(three_options()), 0) << "'node 1' must not match 'node 12: ...'";
  EXPECT_EQ(agent.remaining(), 0u);
}

TEST(ScriptedAgent, RefusesAnswersThatDoNotFit) {
  ScriptedAgent agent({5, std::string("node"), std::string("node 12: grain")});
  EXPECT_THROW(agent.choose(three_options()), std::runtime_error);
  try {
    agent.choose(three_options());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "scripted answer 'node' matches no option of decision 'base.place' of player 1");
  }
  EXPECT_THROW(agent.choose(three_options()), std::runtime_error);
  try {
    agent.choose(three_options());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "scripted answers ran out at decision 'base.place' of player 1");
  }
}

TEST(RandomAgent, DrawsFromItsSeatsOwnStream) {
  RandomAgent a, b, c;
  a.begin_game(7, 3, 0);
  b.begin_game(7, 3, 0);
  c.begin_game(7, 3, 1);
  std::vector<int> xs, ys, zs;
  for (int i = 0; i < 32; ++i) {
    xs.push_back(a.choose(three_options()));
    ys.push_back(b.choose(three_options()));
    zs.push_back(c.choose(three_options()));
  }
  EXPECT_EQ(xs, ys);
  EXPECT_NE(xs, zs);
  Rng expected = Rng::for_stream(7, 3, 1);
  EXPECT_EQ(xs[0], static_cast<int>(expected.below(3)));
}

}  // namespace
}  // namespace catan::engine
