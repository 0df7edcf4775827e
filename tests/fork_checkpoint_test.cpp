// Forks from a checkpoint (scripting/fork.h): a copy that restores the kernel state and every
// pack's storage saved at the start of a turn, then re-executes only that turn's decisions, is
// the same game as a copy that re-executes the game from its start, for every shipped pack stack.
#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/rng.h"
#include "engine/seat_view.h"
#include "scripting/session.h"
#include "shipped_packs.h"

namespace catan::scripting {
namespace {

// Plays as the random agent and, at about one decision in `every` (drawn from its own counter,
// never from its stream), forks the game three times from one seed: from the checkpoint, by
// re-executing the whole game, and from the checkpoint again. Each copy plays two more turns.
class CheckpointProbe final : public engine::Agent {
 public:
  struct Fork {
    std::size_t decision = 0;  // the real game's decision count at the fork
    engine::ForkResult checkpoint, from_start, again;
  };
  CheckpointProbe(std::uint64_t salt, int every, std::vector<Fork>& forks)
      : salt_(salt), every_(every), forks_(forks) {}
  std::string name() const override { return "random"; }
  void begin_game(std::uint64_t seed, std::uint64_t game_index, int seat) override {
    inner_.begin_game(seed, game_index, seat);
    pick_ = engine::Rng::for_stream(salt_, game_index, static_cast<std::uint64_t>(seat));
  }
  int choose(const engine::Decision& d) override {
    if (d.forker && d.view && pick_.below(static_cast<std::uint64_t>(every_)) == 0) {
      Fork f;
      f.decision = d.view->decisions().size();
      engine::ForkRequest request;
      request.seed = salt_ + forks_.size();
      request.turns = 2;
      request.fingerprint = true;
      if (forks_.size() % 2 == 1) request.seen_by = d.player;
      f.checkpoint = keep(d.forker->fork(request));
      request.from_start = true;
      f.from_start = keep(d.forker->fork(request));
      request.from_start = false;
      f.again = keep(d.forker->fork(request));
      forks_.push_back(std::move(f));
    }
    return inner_.choose(d);
  }

 private:
  static engine::ForkResult keep(engine::ForkResult r) {
    r.state = nullptr;  // valid only until the next fork
    return r;
  }
  engine::RandomAgent inner_;
  engine::Rng pick_;
  std::uint64_t salt_;
  int every_;
  std::vector<Fork>& forks_;
};

struct Stack {
  std::vector<std::string> packs;
  int players;
  int games;
  int every;  // fork at about one decision in this many
  friend void PrintTo(const Stack& s, std::ostream* out) {
    for (const auto& p : s.packs) *out << p << ' ';
    *out << s.players << " players";
  }
};

class ForkCheckpointTest : public ::testing::TestWithParam<Stack> {};

TEST_P(ForkCheckpointTest, ACheckpointedForkIsTheForkByReplay) {
  const Stack& stack = GetParam();
  Session session(packs::testing::shipped_packs(), stack.packs, {});
  std::vector<CheckpointProbe::Fork> forks;
  std::size_t shortened = 0;
  for (int game = 0; game < stack.games; ++game) {
    GameConfig config;
    config.seed = 77;
    config.game_index = static_cast<std::uint64_t>(game);
    config.players = stack.players;
    config.agents_see_all = true;  // half the forks know everything
    for (int seat = 0; seat < stack.players; ++seat)
      config.agent_objects.push_back(std::make_shared<CheckpointProbe>(
          1000 + static_cast<std::uint64_t>(seat), stack.every, forks));
    const GameResult r = session.play(config);
    ASSERT_TRUE(r.ok) << r.error;
  }
  ASSERT_GE(forks.size(), 60u);
  for (const auto& f : forks) {
    const std::string where = "fork at decision " + std::to_string(f.decision);
    ASSERT_TRUE(f.from_start.ok) << where << ": " << f.from_start.error;
    ASSERT_TRUE(f.checkpoint.ok) << where << ": " << f.checkpoint.error;
    ASSERT_TRUE(f.again.ok) << where << ": " << f.again.error;
    EXPECT_EQ(f.from_start.replayed, f.decision) << where;
    for (const auto* c : {&f.checkpoint, &f.again}) {
      EXPECT_EQ(c->fork_digest, f.from_start.fork_digest) << where;
      EXPECT_EQ(c->fork_storage_digest, f.from_start.fork_storage_digest) << where;
      EXPECT_EQ(c->digest, f.from_start.digest) << where;
      EXPECT_EQ(c->turns, f.from_start.turns) << where;
      EXPECT_EQ(c->winner, f.from_start.winner) << where;
      EXPECT_EQ(c->reason, f.from_start.reason) << where;
      EXPECT_EQ(c->scores, f.from_start.scores) << where;
    }
    // Right after a re-execution the copy's checkpoint is at this turn's start.
    EXPECT_LE(f.again.replayed, f.decision) << where;
    if (f.again.replayed < f.decision) ++shortened;
  }
  // Past the first turn every fork starts from a checkpoint.
  EXPECT_GE(shortened * 10, forks.size() * 8);
}

INSTANTIATE_TEST_SUITE_P(
    ShippedStacks, ForkCheckpointTest,
    ::testing::Values(Stack{{"base"}, 4, 3, 60},
                      Stack{{"base", "resource-tokens", "city-walls", "citadels"}, 4, 3, 60},
                      Stack{{"cities-knights"}, 4, 2, 80}, Stack{{"fishermen"}, 4, 3, 60},
                      Stack{{"dice-game"}, 1, 12, 3}),
    [](const ::testing::TestParamInfo<Stack>& info) {
      std::string name;
      for (const auto& p : info.param.packs) {
        for (const char c : p)
          if (std::isalnum(static_cast<unsigned char>(c))) name += c;
        name += "_";
      }
      name.pop_back();
      return name;
    });

}  // namespace
}  // namespace catan::scripting
