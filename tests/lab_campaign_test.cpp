// The lab's run loop without the CLI (lab/campaign.h): --until-ci stops at the first round whose
// intervals are narrow enough, and --resume finishes a stopped run to the bytes of an
// uninterrupted one.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lab/campaign.h"
#include "lab/results_json.h"
#include "pack_fixture.h"
#include "scripting/pack_search.h"

namespace catan::lab {
namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class LabCampaign : public ::testing::Test {
 protected:
  void SetUp() override {
    search_.add_dir(dir_.root());
    search_.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  }

  // dice-race, 3 players, seed 7, one thread.
  static CampaignRequest dice_race(std::uint64_t games) {
    CampaignRequest request;
    request.kind = "sim";
    request.spec.configs = {parse_config("dice-race", {})};
    request.spec.players = 3;
    request.spec.bots = {"hold20", "random", "random"};
    request.spec.seed = 7;
    request.games = games;
    request.end = games;
    return request;
  }

  std::string file(const std::string& name) const { return (dir_.root() / name).string(); }

  packs::testing::TempPackDir dir_;
  packs::PackSearch search_;
};

TEST_F(LabCampaign, UntilCiStopsAtTheFirstRoundNarrowEnough) {
  constexpr double kTarget = 20;  // percentage points
  constexpr std::uint64_t kRound = 30;
  // The rounds played by hand: the first round count whose intervals are all narrower.
  std::uint64_t expected = 0;
  {
    const auto request = dice_race(kRound);
    Runner runner(search_, request.spec, 1);
    RunTotals totals(1, 3);
    do {
      runner.run(expected, expected + kRound, totals);
      expected += kRound;
    } while (!intervals_narrower_than(totals, request.spec.bots, kTarget, false));
  }
  ASSERT_GT(expected, kRound);  // more than one round, so the loop is exercised
  ASSERT_LT(expected, 3000u);

  auto request = dice_race(kRound);
  request.until_ci = kTarget;
  request.max_games = 3000;
  Campaign campaign(search_, request);
  campaign.describe();
  const CampaignOutcome outcome = campaign.play();
  EXPECT_EQ(outcome.results.run.first, 0u);
  EXPECT_EQ(outcome.results.run.end, expected);
  EXPECT_EQ(outcome.results.run.games, expected);
  EXPECT_EQ(outcome.results.run.until_ci, kTarget);
  EXPECT_EQ(outcome.results.run.max_games, 3000u);
  EXPECT_EQ(outcome.played_here, expected);
  EXPECT_FALSE(outcome.results.planned_end);
  EXPECT_FALSE(outcome.stopped_at_cap);
  EXPECT_EQ(outcome.results.totals.configs[0].games, expected);

  // A cap below that point stops there, saying so.
  request.max_games = expected - kRound;
  Campaign capped(search_, request);
  capped.describe();
  const CampaignOutcome short_run = capped.play();
  EXPECT_EQ(short_run.results.run.end, expected - kRound);
  EXPECT_EQ(short_run.results.run.games, expected - kRound);
  EXPECT_TRUE(short_run.stopped_at_cap);
  EXPECT_FALSE(short_run.results.planned_end);
}

TEST_F(LabCampaign, ResumeFinishesAStoppedRunToTheBytesOfAStraightRun) {
  constexpr std::uint64_t kGames = 200;
  auto straight = dice_race(kGames);
  straight.out = file("straight.json");
  Campaign whole(search_, straight);
  whole.describe();
  EXPECT_EQ(whole.play().played_here, kGames);

  // The same run stopped once game 60 starts: the worker finishes its chunk of 25 games
  // (50..74) and takes no more.
  std::atomic<bool> stop{false};
  auto stopped = dice_race(kGames);
  stopped.out = file("stopped.json");
  stopped.spec.stop = &stop;
  stopped.spec.agents_for = [&stop](std::uint64_t index, std::size_t) {
    if (index == 60) stop = true;
    return std::vector<std::shared_ptr<engine::Agent>>{};
  };
  Campaign first_part(search_, stopped);
  first_part.describe();
  const CampaignOutcome part = first_part.play();
  EXPECT_EQ(part.results.run.end, 75u);
  ASSERT_TRUE(part.results.planned_end);
  EXPECT_EQ(*part.results.planned_end, kGames);
  EXPECT_EQ(load_results(stopped.out).run.end, 75u);

  auto resumed = dice_race(kGames);
  resumed.resume = stopped.out;
  resumed.out = file("resumed.json");
  Campaign rest(search_, resumed);
  rest.describe();
  const CampaignOutcome finished = rest.play();
  EXPECT_EQ(finished.played_here, kGames - 75);
  EXPECT_FALSE(finished.results.planned_end);
  EXPECT_EQ(contents(resumed.out), contents(straight.out));

  // A complete file, or one of another run, is refused before any game.
  auto again = dice_race(kGames);
  again.resume = resumed.out;
  Campaign complete(search_, again);
  complete.describe();
  EXPECT_THROW(complete.play(), CampaignError);
  auto other = dice_race(kGames);
  other.spec.seed = 8;
  other.resume = stopped.out;
  Campaign other_run(search_, other);
  other_run.describe();
  EXPECT_THROW(other_run.play(), CampaignError);
}

}  // namespace
}  // namespace catan::lab
