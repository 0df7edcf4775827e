// Cities & Knights played whole: 4-player games with random and heuristic bots and every check
// on end with a winner at 13 points, and their replays reproduce them.
#include <gtest/gtest.h>

#include <memory>
#include <variant>

#include "scripting/session.h"
#include "shipped_packs.h"

namespace catan::scripting {
namespace {

class CitiesKnightsGames : public ::testing::Test {
 protected:
  std::unique_ptr<Session> session(const std::vector<std::string>& packs) {
    return std::make_unique<Session>(packs::testing::shipped_packs(), packs,
                                     std::vector<std::string>{"base.check=true"});
  }
};

// The winner's vp property at the end of game `r`.
std::int64_t winner_vp(const GameResult& r) {
  for (const auto& [key, value] : r.players.at(static_cast<std::size_t>(*r.winner)).properties)
    if (key == "vp") return std::get<std::int64_t>(value);
  return -1;
}

TEST_F(CitiesKnightsGames, RandomAndHeuristicGamesEndAtThirteenPointsAndReplay) {
  for (const auto& packs :
       {std::vector<std::string>{"base", "cities-knights"},
        std::vector<std::string>{"base", "cities-knights", "resource-tokens"}}) {
    auto s = session(packs);
    for (const char* bot : {"random", "heuristic"}) {
      GameConfig config;
      config.seed = 11;
      config.players = 4;
      config.agents = {bot};
      config.check_payloads = true;
      const GameResult r = s->play(config);
      ASSERT_TRUE(r.ok) << bot << " (" << packs.size() << " packs): " << r.error;
      ASSERT_TRUE(r.winner.has_value()) << bot << ": " << r.reason;
      EXPECT_GE(winner_vp(r), 13) << bot;
      EXPECT_EQ(r.reason.rfind("reached 1", 0), 0u) << r.reason;
      const GameResult again = s->replay(r.replay);
      ASSERT_TRUE(again.ok) << bot << ": " << again.error;
      EXPECT_EQ(again.digest, r.digest) << bot;
      EXPECT_EQ(again.winner, r.winner) << bot;
    }
  }
}

TEST_F(CitiesKnightsGames, ThreePlayerGamesEndAtThirteenPoints) {
  auto s = session({"base", "cities-knights"});
  for (const char* bot : {"random", "heuristic"}) {
    GameConfig config;
    config.seed = 3;
    config.players = 3;
    config.agents = {bot};
    const GameResult r = s->play(config);
    ASSERT_TRUE(r.ok) << bot << ": " << r.error;
    ASSERT_TRUE(r.winner.has_value()) << bot << ": " << r.reason;
    EXPECT_GE(winner_vp(r), 13) << bot;
    EXPECT_EQ(r.players.size(), 3u);
  }
}

}  // namespace
}  // namespace catan::scripting
