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

}  // namespace
}  // namespace catan::scripting
