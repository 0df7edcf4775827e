// The fixed-seed signature: a hash over the outcomes of a fixed batch of games. It changes only
// when game behaviour changes; a commit that moves it must say so and update the expected value.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "scripting/batch.h"

namespace catan::scripting {
namespace {

// 200 three-player dice-race games of seed 1, as `catan bench dice-race --players 3
// --bots hold20,random --games 200` plays them.
TEST(Signature, FixedBatchOfDiceRaceGames) {
  constexpr std::uint64_t kExpected = 0xb92ad8f1cf04f629;
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  Session session(search, {"dice-race"}, {});
  GameConfig config;
  config.seed = 1;
  config.players = 3;
  config.agents = {"hold20", "random", "random"};
  const auto report = play_batch(session, config, 200);
  EXPECT_EQ(report.games, 200);
  EXPECT_EQ(report.failures, 0) << report.first_failure;
  EXPECT_EQ(report.games_with_winner, 200);
  EXPECT_EQ(report.signature, kExpected) << fmt::format("signature is {:016x}", report.signature);
}

// 20 four-player base games, random bots without domestic trade, seed 1, as
// `catan bench base --games 20 --bots random --option base.domestic_trade=false` plays them.
TEST(Signature, FixedBatchOfBaseGames) {
  constexpr std::uint64_t kExpected = 0x29bd856d1bbd900c;
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  Session session(search, {"base"}, {"base.domestic_trade=false"});
  GameConfig config;
  config.seed = 1;
  config.players = 4;
  config.agents = {"random", "random", "random", "random"};
  const auto report = play_batch(session, config, 20);
  EXPECT_EQ(report.failures, 0) << report.first_failure;
  EXPECT_EQ(report.games_with_winner, 20);
  EXPECT_EQ(report.signature, kExpected) << fmt::format("signature is {:016x}", report.signature);
}

// 200 two-player dice-game games, random bots, seed 1, as `catan bench dice-game --players 2
// --bots random --games 200` plays them.
TEST(Signature, FixedBatchOfDiceGameGames) {
  constexpr std::uint64_t kExpected = 0xbf8e1f9fecae387b;
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  Session session(search, {"dice-game"}, {});
  GameConfig config;
  config.seed = 1;
  config.players = 2;
  config.agents = {"random", "random"};
  const auto report = play_batch(session, config, 200);
  EXPECT_EQ(report.failures, 0) << report.first_failure;
  EXPECT_EQ(report.turns, 200u * 30u);
  EXPECT_EQ(report.signature, kExpected) << fmt::format("signature is {:016x}", report.signature);
}

// The bots' signatures: a change to the heuristic bot, the search agent or Cities & Knights that
// changes how a game goes moves one of these.
struct BotBatch {
  std::vector<std::string> packs;
  std::vector<std::string> agents;
  int games;
};

std::uint64_t signature_of(const BotBatch& batch) {
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "variants");
  Session session(search, batch.packs, {});
  GameConfig config;
  config.seed = 1;
  config.players = static_cast<int>(batch.agents.size());
  config.agents = batch.agents;
  const auto report = play_batch(session, config, batch.games);
  EXPECT_EQ(report.failures, 0) << report.first_failure;
  EXPECT_EQ(report.games_with_winner, batch.games);
  return report.signature;
}

// 10 four-player base games of heuristic bots, as `catan bench base --games 10 --bots heuristic`.
TEST(Signature, FixedBatchOfHeuristicBaseGames) {
  constexpr std::uint64_t kExpected = 0x510865fdb8311e85;
  const auto signature =
      signature_of({{"base"}, {"heuristic", "heuristic", "heuristic", "heuristic"}, 10});
  EXPECT_EQ(signature, kExpected) << fmt::format("signature is {:016x}", signature);
}

// 4 four-player Cities & Knights games of heuristic bots, as `catan bench base --variant
// cities-knights --games 4 --bots heuristic`.
TEST(Signature, FixedBatchOfCitiesAndKnightsGames) {
  constexpr std::uint64_t kExpected = 0xa903ca38b412c96f;
  const auto signature = signature_of(
      {{"base", "cities-knights"}, {"heuristic", "heuristic", "heuristic", "heuristic"}, 4});
  EXPECT_EQ(signature, kExpected) << fmt::format("signature is {:016x}", signature);
}

// One base game of the search agent (20 iterations, horizon 2) against three heuristic bots, as
// `catan bench base --games 1 --bots mcts:iterations=20:horizon=2,heuristic,heuristic,heuristic`.
TEST(Signature, OneSearchAgentGame) {
  constexpr std::uint64_t kExpected = 0x4988a2719e5caa53;
  const auto signature = signature_of(
      {{"base"}, {"mcts:iterations=20:horizon=2", "heuristic", "heuristic", "heuristic"}, 1});
  EXPECT_EQ(signature, kExpected) << fmt::format("signature is {:016x}", signature);
}

}  // namespace
}  // namespace catan::scripting
