// The byte estimates the kernel's containers keep (GameState::held_bytes and its parts), which
// the scripting layer checks against the memory cap (docs/lua-api.md, "Kernel limits").
#include <gtest/gtest.h>

#include <string>

#include "engine/board.h"
#include "engine/game_state.h"
#include "engine/hex_board.h"

namespace catan::engine {
namespace {

TEST(KernelBytes, NamesCountBothCopiesOfEachNameOnce) {
  NameTable t;
  EXPECT_EQ(t.bytes(), 0u);
  t.intern("brick");
  t.intern("brick");
  EXPECT_EQ(t.bytes(), 2 * 5 + NameTable::kEntryBytes);
  t.clear();
  EXPECT_EQ(t.bytes(), 0u);
}

TEST(KernelBytes, PropertiesFollowLongStringsUpAndDown) {
  Properties p;
  p.resize(3);
  p.set(0, "n", Value(std::int64_t{1}));
  const std::size_t base = p.bytes();
  EXPECT_EQ(base, p.keys().bytes() + 3 * sizeof(Value));
  const std::string big(1'000'000, 'x');
  p.set_string(1, "n", big);
  EXPECT_GE(p.bytes(), base + big.size());
  EXPECT_LT(p.bytes(), base + 2 * big.size());
  p.set(1, "n", Value(std::int64_t{2}));  // the string is gone
  EXPECT_EQ(p.bytes(), base);
  p.set(2, "n", Value(big));
  p.set(2, "n", Value());  // erased
  EXPECT_EQ(p.bytes(), base);
  p.set_string(0, "n", "short");  // fits the small-string buffer
  EXPECT_EQ(p.bytes(), base);
  p.clear();
  EXPECT_EQ(p.bytes(), 0u);
}

TEST(KernelBytes, DecksCountTheirItems) {
  Decks d;
  const int deck = d.add();
  const std::size_t empty = d.bytes();
  for (int i = 0; i < 10; ++i) d.push(deck, i);
  EXPECT_EQ(d.bytes(), empty + 10 * sizeof(int));
  (void)d.draw(deck);
  EXPECT_EQ(d.bytes(), empty + 9 * sizeof(int));
  d.clear();
  EXPECT_EQ(d.bytes(), 0u);
}

TEST(KernelBytes, FinalizeBytesBoundsWhatFinalizeBuilds) {
  // A star: path_paths grows with the square of the centre's paths.
  Board b;
  const int centre = b.add_node();
  for (int i = 0; i < 500; ++i) b.add_path(centre, b.add_node());
  const std::size_t bound = b.finalize_bytes();
  EXPECT_GE(bound, 500u * 499u * sizeof(int));
  b.finalize();
  EXPECT_LE(b.bytes(), bound);
  EXPECT_GE(b.bytes(), 500u * 499u * sizeof(int));
}

TEST(KernelBytes, AResetGameHoldsNothing) {
  GameState s;
  s.reset(1, 0, 4);
  const std::size_t empty = s.held_bytes();
  s.kinds.intern("brick");
  s.forms.intern("card");
  s.reshape_holdings();
  s.board = make_hex_board(2);
  s.game_props.set_string(0, "note", std::string(1000, 'x'));
  EXPECT_GT(s.held_bytes(), empty + 1000 + s.board.bytes());
  s.reset(1, 1, 4);
  EXPECT_EQ(s.held_bytes(), empty);
}

}  // namespace
}  // namespace catan::engine
