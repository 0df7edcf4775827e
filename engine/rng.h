// The kernel's only source of randomness: a seeded, splittable, platform-independent generator.
//
// Algorithm: xoshiro256** 1.0 (Blackman & Vigna, 2018) over a 256-bit state s[0..3]:
//   result = rotl(s[1] * 5, 7) * 9
//   t = s[1] << 17; s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
//   s[3] = rotl(s[3], 45)
// All arithmetic is modulo 2^64.
//
// SplitMix64 (Steele, Lea & Flood), used for seeding. With a 64-bit counter x:
//   x += 0x9E3779B97F4A7C15; z = x;
//   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
//   output z ^ (z >> 31)
// sm(v) below denotes the first SplitMix64 output of a counter starting at v.
//
// Seeding, Rng(seed): s[0..3] = the first four SplitMix64 outputs of a counter starting at seed.
//
// Per-game streams, Rng::for_stream(master, game, stream):
//   k = sm(sm(sm(master) ^ game) ^ stream)
//   result = Rng(k)
// Distinct (game, stream) pairs under one master seed give distinct, statistically independent
// streams (collisions need a 64-bit hash collision), and the result never depends on how many
// other games or streams were created, so a batch gives the same games on any thread count.
//
// Derived values (all defined only in terms of next(), so they are reproducible anywhere):
//   below(n):   Lemire's multiply-shift with rejection. m = x * n as a 128-bit product;
//               if low64(m) < n, let t = (2^64 - n) mod n and redraw while low64(m) < t;
//               return high64(m). One next() per attempt.
//   range:      lo + below(hi - lo + 1) in two's complement; lo + next() for the full
//               64-bit range.
//   die(s):     1 + below(s).
//   uniform():  (next() >> 11) * 2^-53.
//   shuffle:    for i = n-1 down to 1: swap(a[i], a[below(i + 1)]).
//
// Do not feed an Rng to std:: distributions: their algorithms differ between standard libraries,
// which would break the same-inputs-same-game guarantee.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace catan::engine {

// First output of a SplitMix64 counter that starts at `v` (the sm() of the comment above).
std::uint64_t splitmix64(std::uint64_t v);

// A xoshiro256** generator. A value type: copying it forks the stream (both copies then produce
// the same sequence). Not thread-safe; give each game its own instance via for_stream().
// Invariant: the state is never all zero.
class Rng {
 public:
  // State = four successive SplitMix64 outputs of a counter starting at `seed`.
  explicit Rng(std::uint64_t seed = 0);

  // The generator for stream `stream` of game number `game_index` in a batch seeded with
  // `master_seed`; derivation in the file comment.
  static Rng for_stream(std::uint64_t master_seed, std::uint64_t game_index,
                        std::uint64_t stream = 0);

  // The next raw 64-bit output; advances the state by one step.
  std::uint64_t next();

  // Uniform in [0, n) with no modulo bias. Throws std::invalid_argument if n == 0.
  std::uint64_t below(std::uint64_t n);

  // Uniform in [lo, hi], both ends included. Throws std::invalid_argument if lo > hi.
  std::int64_t range(std::int64_t lo, std::int64_t hi);

  // A fair die roll in 1..sides. Throws std::invalid_argument if sides < 1.
  int die(int sides = 6);

  // Uniform double in [0, 1) on a grid of 2^-53 (every value exactly representable).
  double uniform();

  // Fisher-Yates shuffle of [first, last) using below(); every permutation equally likely.
  // Requires random-access iterators. Makes exactly n - 1 below() calls for n >= 1 elements.
  template <class It>
  void shuffle(It first, It last) {
    const auto n = static_cast<std::uint64_t>(std::distance(first, last));
    for (std::uint64_t i = n; i > 1; --i) {
      const auto j = static_cast<std::ptrdiff_t>(below(i));
      std::iter_swap(first + static_cast<std::ptrdiff_t>(i - 1), first + j);
    }
  }

  // The raw xoshiro256** state s[0..3], for snapshots and replays.
  std::array<std::uint64_t, 4> state() const { return s_; }

  // Restores a state taken with state(). Throws std::invalid_argument if all four words are zero
  // (xoshiro's one degenerate state, which would output zeros forever).
  void set_state(const std::array<std::uint64_t, 4>& s);

  // Equal iff the states are equal, i.e. both will produce the same sequence.
  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace catan::engine
