// The fixed-seed signature: a hash over the outcomes of a fixed batch of games. It changes only
// when game behaviour changes; a commit that moves it must say so and update kExpected.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "scripting/signature.h"

namespace catan::scripting {
namespace {

TEST(Signature, FixedBatchOfDiceRaceGames) {
  constexpr std::uint64_t kExpected = 0xb92ad8f1cf04f629;
  packs::PackSearch search;
  search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
  const auto sig = compute_signature(search, dice_race_signature_spec());
  EXPECT_EQ(sig.games, 200);
  EXPECT_EQ(sig.failures, 0);
  EXPECT_EQ(sig.hash, kExpected) << fmt::format("signature is {:016x}", sig.hash);
}

}  // namespace
}  // namespace catan::scripting
