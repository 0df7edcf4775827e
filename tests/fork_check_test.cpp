// GameConfig::check_forks (what `catan check` plays): forks as a seat sees them, made at regular
// decisions of checked games, find game state that a redeal of the other seats' hidden holdings
// breaks, and leave the game itself as it was.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "session_fixture.h"
#include "shipped_packs.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

// Player 1 picks one of player 2's hidden gems (seen at a real table, like Master Merchant) and
// takes it after a second decision. A copy dealt as player 1 sees it deals the gems of players 2
// and 3 again at its fork point, so the kind picked may no longer be player 2's. `guard` makes
// the take lapse.
std::string gem_pack(bool guard) {
  return std::string(R"lua(
game.on("game.setup", function()
  game.add_form("gem", "private")
  game.add_kind("red")
  game.add_kind("blue")
end)
game.on("game.start", function()
  game.add(2, "red", 2, "gem")
  game.add(3, "blue", 2, "gem")
end)
game.on("turn", function(e)
  if e.player == 1 and game.total(2, "gem") > 0 then
    local opts = {}
    for _, k in ipairs({ "red", "blue" }) do
      if game.count(2, k, "gem") > 0 then opts[#opts + 1] = { id = k, kind = k } end
    end
    local pick = game.decide(1, "pick", opts).kind
    game.decide(1, "confirm", { { id = "yes" }, { id = "also" } })
    )lua") +
         (guard ? "if game.count(2, pick, \"gem\") > 0 then game.move(2, 1, pick, 1, \"gem\") end"
                : "game.move(2, 1, pick, 1, \"gem\")") +
         R"lua(
  end
  if game.turn() >= 12 then game.finish(nil, "done") end
end)
)lua";
}

class ForkCheckTest : public SessionFixture {};

TEST_F(ForkCheckTest, AForkThatARedealBreaksFailsTheCheckedGame) {
  pack("gems", gem_pack(false));
  auto s = session({"gems"});
  GameConfig config;
  config.players = 3;
  config.seed = 3;
  const auto plain = s->play(config);
  ASSERT_TRUE(plain.ok) << plain.error;  // the game itself is sound

  // Forks at every decision: some copy deals player 2's gems so that the pick is gone.
  config.check_forks = 1;
  bool failed = false;
  for (std::uint64_t g = 0; g < 8 && !failed; ++g) {
    config.game_index = g;
    const auto r = s->play(config);
    if (r.ok) continue;
    failed = true;
    EXPECT_NE(r.error.find("fork check: a copy of the game at decision"), std::string::npos)
        << r.error;
    EXPECT_NE(r.error.find("the giver holds 0"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("State a fork deals again"), std::string::npos) << r.error;
  }
  EXPECT_TRUE(failed) << "no fork was dealt a hand without the gem picked";
}

TEST_F(ForkCheckTest, AGuardedPackPassesAndTheGameIsUnchanged) {
  pack("gems", gem_pack(true));
  auto s = session({"gems"});
  GameConfig config;
  config.players = 3;
  for (std::uint64_t g = 0; g < 8; ++g) {
    config.game_index = g;
    config.check_forks = 0;
    const auto plain = s->play(config);
    config.check_forks = 1;
    const auto checked = s->play(config);
    ASSERT_TRUE(checked.ok) << checked.error;
    EXPECT_EQ(checked.digest, plain.digest) << "game " << g;
    EXPECT_EQ(checked.replay.decisions.size(), plain.replay.decisions.size());
  }
}

// Games of shipped packs in which a redeal once broke a fork, with random bots unless named:
// Commercial Harbor (C&K games 1 and 22: each side's card), Master Merchant (C&K games 6, 10),
// the Spy (C&K game 7, heuristic bots), a token payment in a trade (tokens game 15); seed 1,
// fork checks as `catan check` makes them.
TEST(ForkCheckShipped, RedealsNoLongerBreakTheShippedPacks) {
  struct Case {
    std::vector<std::string> packs;
    std::uint64_t game;
    std::string bots = "random";
  };
  const std::vector<std::string> ck{"base", "cities-knights"};
  for (const Case& c : {Case{ck, 1}, Case{ck, 6}, Case{ck, 10}, Case{ck, 22},
                        Case{ck, 7, "heuristic"}, Case{{"base", "resource-tokens"}, 15}}) {
    Session s(packs::testing::shipped_packs(), c.packs, {});
    GameConfig config;
    config.players = 4;
    config.game_index = c.game;
    config.agents.assign(4, c.bots);
    config.check_forks = 25;
    const auto r = s.play(config);
    EXPECT_TRUE(r.ok) << c.packs.back() << " game " << c.game << ": " << r.error;
  }
}

// Progress cards in hand are private: a look-ahead as seen by one seat deals the others' again.
TEST(ForkCheckShipped, CitiesAndKnightsProgressCardsArePrivate) {
  Session s(packs::testing::shipped_packs(), {"base", "cities-knights"}, {});
  GameConfig config;
  config.players = 4;
  config.max_turns = 1;
  ASSERT_TRUE(s.play(config).ok);
  const auto& state = s.state();
  const auto progress = state.forms.find("progress");
  ASSERT_TRUE(progress.has_value());
  ASSERT_LT(static_cast<std::size_t>(*progress), state.form_private.size());
  EXPECT_NE(state.form_private[static_cast<std::size_t>(*progress)], 0);
  const auto shown = state.forms.find("progress_shown");
  ASSERT_TRUE(shown.has_value());
  EXPECT_TRUE(static_cast<std::size_t>(*shown) >= state.form_private.size() ||
              state.form_private[static_cast<std::size_t>(*shown)] == 0);
}

}  // namespace
}  // namespace catan::scripting
