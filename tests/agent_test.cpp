// Decisions and the built-in agents: option ids and labels, the uniformly random agent's stream
// and the scripted agent's answers.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "engine/agent.h"

namespace catan::engine {
namespace {

const char* const kIds[] = {"node:1", "node:12", "end"};
const char* const kLabels[] = {"node 1: ore 8", "node 12: grain 5", "end turn"};

std::string identify(const void*, int option) {
  return kIds[option];
}
std::string describe(const void*, int option) {
  return kLabels[option];
}

Decision three_options() {
  return Decision{0, "base.place", 3, &identify, &describe, nullptr};
}

TEST(Decision, IdsAndLabelsComeFromTheCallbacksElseFromTheOptionNumber) {
  const Decision d = three_options();
  EXPECT_EQ(d.id(1), "node:12");
  EXPECT_EQ(d.label(1), "node 12: grain 5");
  const Decision bare{0, "pick", 2};
  EXPECT_EQ(bare.id(1), "2");
  EXPECT_EQ(bare.label(1), "2");
  const Decision ids_only{0, "pick", 3, &identify};
  EXPECT_EQ(ids_only.label(2), "end") << "without a describer the label is the id";
}

TEST(Decision, OptionIdsArePrintableAsciiOfBoundedLength) {
  EXPECT_EQ(option_id_problem("build:city"), "");
  EXPECT_EQ(option_id_problem("player 2"), "");
  EXPECT_EQ(option_id_problem(""), "is empty");
  EXPECT_EQ(option_id_problem(std::string(kMaxOptionIdBytes, 'x')), "");
  EXPECT_EQ(option_id_problem(std::string(kMaxOptionIdBytes + 1, 'x')),
            "is 201 bytes, over the limit of 200");
  EXPECT_EQ(option_id_problem("a\nb"), "holds byte 0x0a at 2 (ids are printable ASCII)");
  EXPECT_EQ(option_id_problem("bl\xc3\xa9"), "holds byte 0xc3 at 3 (ids are printable ASCII)");
}

TEST(ScriptedAgent, AnswersByIndexOrId) {
  ScriptedAgent agent({2, std::string("end"), std::string("node:12"), std::string("node:1")});
  EXPECT_EQ(agent.choose(three_options()), 2);
  EXPECT_EQ(agent.choose(three_options()), 2);
  EXPECT_EQ(agent.choose(three_options()), 1);
  EXPECT_EQ(agent.choose(three_options()), 0);
  EXPECT_EQ(agent.remaining(), 0u);
}

TEST(ScriptedAgent, RefusesAnswersThatDoNotFit) {
  ScriptedAgent agent({5, std::string("node 12: grain 5"), std::string("node")});
  try {
    agent.choose(three_options());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "scripted answer 6 is out of range for decision 'base.place' of player 1 (3 "
                 "options)");
  }
  try {
    agent.choose(three_options());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "scripted answer 'node 12: grain 5' is no option id of decision 'base.place' of "
                 "player 1 (ids: 'node:1', 'node:12', 'end')")
        << "labels are for people: an answer names an id";
  }
  EXPECT_THROW(agent.choose(three_options()), std::runtime_error) << "no prefix matching";
  try {
    agent.choose(three_options());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "scripted answers ran out at decision 'base.place' of player 1");
  }
}

TEST(ScriptedAgent, AnUnknownIdNamesOnlyTheFirstIdsOfALongList) {
  ScriptedAgent agent({std::string("nothing")});
  const auto numbered = [](const void*, int option) { return fmt::format("o{}", option + 1); };
  const Decision many{1, "pick", 1000, +numbered};
  try {
    agent.choose(many);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "scripted answer 'nothing' is no option id of decision 'pick' of player 2 (ids: "
                 "'o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', ... (1000 options))");
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
