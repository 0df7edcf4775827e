#include "engine/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace catan::engine {
namespace {

std::vector<std::uint64_t> take(Rng& rng, int n) {
  std::vector<std::uint64_t> out;
  for (int i = 0; i < n; ++i) out.push_back(rng.next());
  return out;
}

// Pearson's chi-square statistic of observed counts against expected counts.
double chi_square(const std::vector<double>& observed, const std::vector<double>& expected) {
  double sum = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double d = observed[i] - expected[i];
    sum += d * d / expected[i];
  }
  return sum;
}

TEST(RngTest, SplitMix64MatchesReference) {
  // The first output of SplitMix64 seeded with 0, as published with the reference code.
  EXPECT_EQ(splitmix64(0), 0xE220A8397B1DCDAFULL);
}

TEST(RngTest, XoshiroReferenceStateOneTwoThreeFour) {
  // Outputs of the reference xoshiro256** C code from state {1, 2, 3, 4}.
  Rng rng;
  rng.set_state({1, 2, 3, 4});
  EXPECT_EQ(take(rng, 6),
            (std::vector<std::uint64_t>{11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
                                        1216172134540287360ULL, 607988272756665600ULL}));
}

TEST(RngTest, SeedExpansionKnownAnswer) {
  Rng rng(0);
  EXPECT_EQ(take(rng, 4),
            (std::vector<std::uint64_t>{11091344671253066420ULL, 13793997310169335082ULL,
                                        1900383378846508768ULL, 7684712102626143532ULL}));
}

TEST(RngTest, ForStreamKnownAnswer) {
  // Pins the documented derivation k = sm(sm(sm(1) ^ 0) ^ 0) and the seed expansion.
  Rng rng = Rng::for_stream(1, 0, 0);
  EXPECT_EQ(rng.state(),
            (std::array<std::uint64_t, 4>{0xE28195DDD9EE4956ULL, 0x6735FA339A2F4459ULL,
                                          0xD69887A7933B8AADULL, 0x93A728C7519CE556ULL}));
  EXPECT_EQ(take(rng, 4),
            (std::vector<std::uint64_t>{4502905892030763666ULL, 8244539360862257095ULL,
                                        4796467816299365045ULL, 2928150388969481134ULL}));
  EXPECT_EQ(Rng::for_stream(1, 0, 0), Rng(0xB18A02F46D8D86C3ULL));
}

TEST(RngTest, SameInputsSameSequence) {
  Rng a = Rng::for_stream(42, 7, 3);
  Rng b = Rng::for_stream(42, 7, 3);
  EXPECT_EQ(take(a, 100), take(b, 100));
  Rng c(99), d(99);
  EXPECT_EQ(take(c, 100), take(d, 100));
}

TEST(RngTest, DifferentGameStreamOrSeedDiffer) {
  const auto base = Rng::for_stream(42, 7, 0).state();
  EXPECT_NE(Rng::for_stream(42, 8, 0).state(), base);
  EXPECT_NE(Rng::for_stream(42, 7, 1).state(), base);
  EXPECT_NE(Rng::for_stream(43, 7, 0).state(), base);
  // Swapping game and stream must not give the same generator.
  EXPECT_NE(Rng::for_stream(1, 2, 3).state(), Rng::for_stream(1, 3, 2).state());
  // A stream is not the plain seeded generator either.
  EXPECT_NE(Rng::for_stream(42, 0, 0).state(), Rng(42).state());

  // Many games of one batch: all first outputs distinct.
  std::vector<std::uint64_t> firsts;
  for (std::uint64_t g = 0; g < 1000; ++g) {
    for (std::uint64_t s = 0; s < 4; ++s) firsts.push_back(Rng::for_stream(5, g, s).next());
  }
  std::sort(firsts.begin(), firsts.end());
  EXPECT_EQ(std::adjacent_find(firsts.begin(), firsts.end()), firsts.end());
}

TEST(RngTest, StateRoundTripAndCopyForks) {
  Rng rng(7);
  take(rng, 10);
  const auto saved = rng.state();
  const auto expected = take(rng, 20);
  Rng other(12345);
  other.set_state(saved);
  EXPECT_EQ(take(other, 20), expected);

  Rng fork = rng;
  EXPECT_EQ(fork, rng);
  EXPECT_EQ(take(fork, 5), take(rng, 5));
}

TEST(RngTest, AllZeroStateRejected) {
  Rng rng(3);
  const auto before = rng.state();
  EXPECT_THROW(rng.set_state({0, 0, 0, 0}), std::invalid_argument);
  EXPECT_EQ(rng.state(), before);
}

TEST(RngTest, BelowRejectsZero) {
  Rng rng(1);
  EXPECT_THROW(rng.below(0), std::invalid_argument);
}

TEST(RngTest, BelowStaysInRange) {
  Rng rng(2);
  const std::array<std::uint64_t, 9> bounds{
      1, 2, 3, 5, 6, 7, 1000, (1ULL << 63) + 1, std::numeric_limits<std::uint64_t>::max()};
  for (std::uint64_t n : bounds) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(n), n) << "n = " << n;
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
}

TEST(RngTest, BelowUnbiasedForHugeBound) {
  // n is about 2/3 of 2^64, where biased reductions fail visibly: plain modulo puts about 2/3
  // of the results in the lower half of [0, n), and multiply-shift without rejection makes
  // about 2/3 of the results even. Unbiased, both fractions are 1/2.
  constexpr std::uint64_t n = 0xAAAAAAAAAAAAAAABULL;
  Rng rng(11);
  constexpr int kDraws = 100000;
  int lower = 0, even = 0;
  for (int i = 0; i < kDraws; ++i) {
    const std::uint64_t x = rng.below(n);
    ASSERT_LT(x, n);
    if (x < n / 2) ++lower;
    if (x % 2 == 0) ++even;
  }
  EXPECT_NEAR(static_cast<double>(lower) / kDraws, 0.5, 0.01);
  EXPECT_NEAR(static_cast<double>(even) / kDraws, 0.5, 0.01);
}

TEST(RngTest, DieChiSquareSixFaces) {
  Rng rng = Rng::for_stream(2024, 0);
  constexpr int kDraws = 600000;
  std::vector<double> counts(6, 0.0);
  for (int i = 0; i < kDraws; ++i) {
    const int face = rng.die();
    ASSERT_GE(face, 1);
    ASSERT_LE(face, 6);
    counts[static_cast<std::size_t>(face - 1)] += 1;
  }
  const std::vector<double> expected(6, kDraws / 6.0);
  // 5 degrees of freedom; 20.52 is the 0.1% critical value.
  EXPECT_LT(chi_square(counts, expected), 20.52);
}

TEST(RngTest, TwoDiceSumChiSquare) {
  Rng rng = Rng::for_stream(2024, 2);
  constexpr int kDraws = 360000;
  std::vector<double> counts(11, 0.0);  // sums 2..12
  for (int i = 0; i < kDraws; ++i) counts[static_cast<std::size_t>(rng.die() + rng.die() - 2)] += 1;
  std::vector<double> expected;
  for (int sum = 2; sum <= 12; ++sum) {
    const int ways = 6 - std::abs(sum - 7);  // 1, 2, ..., 6, ..., 2, 1
    expected.push_back(kDraws * ways / 36.0);
  }
  // 10 degrees of freedom; 29.59 is the 0.1% critical value.
  EXPECT_LT(chi_square(counts, expected), 29.59);
}

TEST(RngTest, DieRejectsNoSides) {
  Rng rng(1);
  EXPECT_THROW(rng.die(0), std::invalid_argument);
  EXPECT_THROW(rng.die(-3), std::invalid_argument);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(rng.die(1), 1);
}

TEST(RngTest, RangeInclusiveBounds) {
  Rng rng(5);
  std::array<int, 5> seen{};
  for (int i = 0; i < 5000; ++i) {
    const std::int64_t v = rng.range(-2, 2);
    ASSERT_GE(v, -2);
    ASSERT_LE(v, 2);
    ++seen[static_cast<std::size_t>(v + 2)];
  }
  for (int c : seen) EXPECT_GT(c, 800);  // each value ~1000 times
  for (int i = 0; i < 20; ++i) EXPECT_EQ(rng.range(7, 7), 7);
  EXPECT_THROW(rng.range(3, 2), std::invalid_argument);
}

TEST(RngTest, RangeExtremes) {
  constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  // The full range consumes exactly one raw output: lo + next() in two's complement.
  Rng a(8), b(8);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(a.range(kMin, kMax), static_cast<std::int64_t>(b.next() ^ (1ULL << 63)));
  }
  bool hit_min = false, hit_max = false;
  for (int i = 0; i < 200; ++i) {
    const std::int64_t lo = a.range(kMin, kMin + 1);
    const std::int64_t hi = a.range(kMax - 1, kMax);
    ASSERT_TRUE(lo == kMin || lo == kMin + 1);
    ASSERT_TRUE(hi == kMax - 1 || hi == kMax);
    hit_min |= lo == kMin;
    hit_max |= hi == kMax;
  }
  EXPECT_TRUE(hit_min);
  EXPECT_TRUE(hit_max);
}

TEST(RngTest, UniformInUnitInterval) {
  Rng rng(9);
  double sum = 0;
  constexpr int kDraws = 100000;
  for (int i = 0; i < kDraws; ++i) {
    const double u = rng.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / kDraws, 0.5, 0.005);
  // Exactly the top 53 bits of next().
  Rng a(10), b(10);
  EXPECT_EQ(a.uniform(), static_cast<double>(b.next() >> 11) / 9007199254740992.0);
}

TEST(RngTest, ShuffleIsPermutation) {
  Rng rng(13);
  std::vector<int> v(52);
  std::iota(v.begin(), v.end(), 0);
  for (int round = 0; round < 50; ++round) {
    rng.shuffle(v.begin(), v.end());
    std::vector<int> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 52; ++i) ASSERT_EQ(sorted[static_cast<std::size_t>(i)], i);
  }
  // Empty and single-element ranges are untouched and draw nothing.
  std::vector<int> empty, one{4};
  Rng before = rng;
  rng.shuffle(empty.begin(), empty.end());
  rng.shuffle(one.begin(), one.end());
  EXPECT_EQ(one, std::vector<int>{4});
  EXPECT_EQ(rng, before);
}

TEST(RngTest, ShuffleMatchesDocumentedAlgorithm) {
  Rng a(21), b(21);
  std::array<int, 6> v{0, 1, 2, 3, 4, 5};
  std::array<int, 6> w = v;
  a.shuffle(v.begin(), v.end());
  for (std::size_t i = w.size() - 1; i >= 1; --i) std::swap(w[i], w[b.below(i + 1)]);
  EXPECT_EQ(v, w);
  EXPECT_EQ(a, b);
}

TEST(RngTest, ShufflePositionsUniform) {
  Rng rng = Rng::for_stream(77, 3);
  constexpr int kSize = 5;
  constexpr int kRounds = 60000;
  std::array<std::array<double, kSize>, kSize> counts{};  // counts[position][value]
  for (int round = 0; round < kRounds; ++round) {
    std::array<int, kSize> v{0, 1, 2, 3, 4};
    rng.shuffle(v.begin(), v.end());
    for (std::size_t pos = 0; pos < kSize; ++pos)
      counts[pos][static_cast<std::size_t>(v[pos])] += 1;
  }
  const std::vector<double> expected(kSize, static_cast<double>(kRounds) / kSize);
  for (std::size_t pos = 0; pos < kSize; ++pos) {
    const std::vector<double> observed(counts[pos].begin(), counts[pos].end());
    // 4 degrees of freedom; 18.47 is the 0.1% critical value.
    EXPECT_LT(chi_square(observed, expected), 18.47) << "position " << pos;
  }
}

}  // namespace
}  // namespace catan::engine
