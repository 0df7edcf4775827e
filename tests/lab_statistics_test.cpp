// The lab's statistics: Wilson intervals, exact moments, histogram quantiles and the paired and
// unpaired comparisons, against values computed independently (Python, double precision).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "lab/histogram.h"
#include "lab/moments.h"
#include "lab/significance.h"
#include "lab/summary.h"
#include "lab/wilson.h"

namespace catan::lab {
namespace {

constexpr double kTol = 1e-12;

TEST(Wilson, KnownIntervals) {
  struct Case {
    std::uint64_t x, n;
    double low, high;
  };
  for (const Case& c :
       {Case{0, 10, 0.0, 0.277532799862889}, Case{5, 10, 0.236593090512564, 0.763406909487436},
        Case{10, 10, 0.722467200137111, 1.0}, Case{81, 263, 0.255288519878274, 0.366209576982800},
        Case{250, 1000, 0.224153098983691, 0.277760280259086}}) {
    const Interval i = wilson(c.x, c.n);
    EXPECT_NEAR(i.low, c.low, kTol) << c.x << "/" << c.n;
    EXPECT_NEAR(i.high, c.high, kTol) << c.x << "/" << c.n;
  }
}

TEST(Wilson, NoTrialsKnowsNothing) {
  const Interval i = wilson(0, 0);
  EXPECT_EQ(i.low, 0.0);
  EXPECT_EQ(i.high, 1.0);
}

TEST(Wilson, NarrowsWithMoreTrials) {
  EXPECT_GT(wilson(25, 100).width(), wilson(250, 1000).width());
  EXPECT_GT(wilson(250, 1000).width(), wilson(2500, 10000).width());
}

TEST(Moments, MeanAndSampleStandardDeviation) {
  Moments m;
  for (int v : {2, 4, 4, 4, 5, 5, 7, 9}) m.add(v);
  EXPECT_EQ(m.count(), 8u);
  EXPECT_EQ(m.sum(), 40);
  EXPECT_EQ(m.sum_of_squares(), 232u);
  EXPECT_EQ(m.min(), 2);
  EXPECT_EQ(m.max(), 9);
  EXPECT_DOUBLE_EQ(m.mean(), 5.0);
  EXPECT_NEAR(m.sd(), 2.138089935299395, kTol);
}

TEST(Moments, EmptyAndSingle) {
  Moments m;
  EXPECT_EQ(m.mean(), 0.0);
  EXPECT_EQ(m.sd(), 0.0);
  m.add(-7);
  EXPECT_EQ(m.mean(), -7.0);
  EXPECT_EQ(m.sd(), 0.0);
  EXPECT_EQ(m.sum_of_squares(), 49u);
}

TEST(Moments, MergeEqualsAddingEverything) {
  Moments all, a, b;
  for (int v = -50; v < 150; ++v) {
    all.add(v * 3);
    (v % 3 ? a : b).add(v * 3);
  }
  Moments merged = b;
  merged.merge(a);
  EXPECT_EQ(merged, all);
  EXPECT_EQ(merged.sd(), all.sd());
}

TEST(Moments, ValuesAtTheLabsLimitSumExactly) {
  // 1,000 observations of +-2^31: squares of 2^62 each, far past 64 bits in all.
  Moments m, parts[2];
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t v = i % 4 == 0 ? -kMaxLabValue : kMaxLabValue;
    m.add(v);
    parts[i % 2].add(v);
  }
  EXPECT_EQ(m.sum(), 500 * kMaxLabValue);
  EXPECT_TRUE(m.sum_of_squares() == static_cast<unsigned __int128>(1000) << 62);
  parts[0].merge(parts[1]);
  EXPECT_EQ(parts[0], m);
  // 750 of +2^31 and 250 of -2^31: sd = 2^32 sqrt(750 * 250 / (1000 * 999)).
  EXPECT_NEAR(m.sd(), 4294967296.0 * std::sqrt(187500.0 / 999000.0), 1e-3);
  EXPECT_TRUE(Moments::from_fields(m.count(), m.sum(), m.sum_of_squares(), m.min(), m.max()) == m);
}

TEST(Moments, OverflowIsAnErrorNotAWrongNumber) {
  Moments sum;
  sum.add(std::numeric_limits<std::int64_t>::max());
  EXPECT_THROW(sum.add(1), std::overflow_error);
  // Squares of about 2^126 each while the sum stays near 0 (-1 per pair): the fifth passes
  // 2^128.
  Moments squares;
  for (int i = 0; i < 2; ++i) {
    squares.add(std::numeric_limits<std::int64_t>::max());
    squares.add(std::numeric_limits<std::int64_t>::min());
  }
  const Moments before = squares;
  EXPECT_THROW(squares.add(std::numeric_limits<std::int64_t>::max()), std::overflow_error);
  EXPECT_EQ(squares, before);  // nothing was added
}

TEST(Moments, FromFieldsChecksConsistency) {
  EXPECT_EQ(Moments::from_fields(8, 40, 232, 2, 9).sd(), [] {
    Moments m;
    for (int v : {2, 4, 4, 4, 5, 5, 7, 9}) m.add(v);
    return m.sd();
  }());
  EXPECT_THROW(Moments::from_fields(2, 10, 1, 5, 5), std::invalid_argument);
  EXPECT_THROW(Moments::from_fields(2, 10, 50, 6, 4), std::invalid_argument);
  EXPECT_THROW(Moments::from_fields(0, 1, 0, 0, 0), std::invalid_argument);
}

TEST(Histogram, NearestRankQuantiles) {
  Histogram h;
  for (int v = 1; v <= 10; ++v) h.add(v);
  EXPECT_EQ(*h.quantile(0.0), 1);
  EXPECT_EQ(*h.quantile(0.1), 1);
  EXPECT_EQ(*h.quantile(0.25), 3);
  EXPECT_EQ(*h.quantile(0.5), 5);
  EXPECT_EQ(*h.quantile(0.9), 9);
  EXPECT_EQ(*h.quantile(1.0), 10);
  Histogram skewed;
  skewed.add(3, 90);
  skewed.add(100, 10);
  EXPECT_EQ(*skewed.quantile(0.9), 3);
  EXPECT_EQ(*skewed.quantile(0.91), 100);
  EXPECT_FALSE(Histogram().quantile(0.5));
}

TEST(Histogram, OverflowDependsOnTheValuesNotTheOrder) {
  Histogram one, a, b;
  for (std::int64_t v = 0; v < static_cast<std::int64_t>(Histogram::kMaxDistinct) + 10; ++v) {
    one.add(v);
    (v < 3000 ? a : b).add(v);
  }
  EXPECT_TRUE(one.overflowed());
  EXPECT_FALSE(a.overflowed());
  EXPECT_FALSE(b.overflowed());
  a.merge(b);
  EXPECT_EQ(a, one);
  EXPECT_FALSE(one.quantile(0.5));
  EXPECT_EQ(one.total(), Histogram::kMaxDistinct + 10);
}

TEST(Significance, PairedProportions) {
  const Difference d = paired_proportions(100, 10, 20);
  EXPECT_NEAR(d.estimate, 0.1, kTol);
  EXPECT_NEAR(d.low, -0.005547290727962131, kTol);
  EXPECT_NEAR(d.high, 0.20554729072796213, kTol);
  EXPECT_NEAR(d.z, 1.8569533817705188, 1e-9);
  EXPECT_NEAR(d.p_value, 0.06331778683004564, 1e-9);
  EXPECT_TRUE(d.testable);
  EXPECT_FALSE(d.significant);
  const Difference big = paired_proportions(1000, 100, 200);
  EXPECT_TRUE(big.significant);
  EXPECT_FALSE(paired_proportions(100, 2, 5).testable) << "7 discordant pairs are too few";
  EXPECT_FALSE(paired_proportions(20, 5, 10).testable) << "20 pairs are too few";
  EXPECT_FALSE(d.identical);
  EXPECT_TRUE(paired_proportions(200, 0, 0).identical) << "no discordant pair";
  EXPECT_FALSE(paired_proportions(200, 0, 1).identical);
}

TEST(Significance, PairedMeans) {
  Moments diffs;
  for (int k = 0; k < 3; ++k)
    for (int v = 1; v <= 10; ++v) diffs.add(v);
  const Difference d = paired_means(diffs);
  EXPECT_NEAR(d.estimate, 5.5, kTol);
  EXPECT_NEAR(d.low, 4.454615476277343, 1e-9);
  EXPECT_NEAR(d.high, 6.545384523722657, 1e-9);
  EXPECT_NEAR(d.z, 10.311805532172015, 1e-9);
  EXPECT_TRUE(d.significant);
  Moments same;
  for (int i = 0; i < 40; ++i) same.add(2);
  EXPECT_TRUE(paired_means(same).significant) << "a constant non-zero difference";
  Moments zero;
  for (int i = 0; i < 40; ++i) zero.add(0);
  EXPECT_FALSE(paired_means(zero).significant);
  EXPECT_TRUE(paired_means(zero).identical) << "every difference 0";
  EXPECT_FALSE(paired_means(same).identical);
  Moments cancelling;  // differences that average 0 are not identical games
  for (int i = 0; i < 20; ++i) cancelling.add(i % 2 ? 1 : -1);
  EXPECT_FALSE(paired_means(cancelling).identical);
  EXPECT_FALSE(d.identical);
}

TEST(Significance, TwoProportions) {
  const Difference d = two_proportions(40, 100, 55, 100);
  EXPECT_NEAR(d.estimate, 0.15, kTol);
  EXPECT_NEAR(d.low, 0.013152962213704267, 1e-9);
  EXPECT_NEAR(d.high, 0.2868470377862958, 1e-9);
  EXPECT_NEAR(d.z, 2.148344622118299, 1e-9);
  EXPECT_NEAR(d.p_value, 0.03168638853979373, 1e-9);
  EXPECT_TRUE(d.significant);
  EXPECT_FALSE(two_proportions(1, 100, 3, 100).testable);
}

TEST(Summary, RatesAdvantageAndBalance) {
  Aggregate a(4);
  a.games = a.finished = 1000;
  a.seat_wins = {300, 250, 250, 200};
  a.position_wins = {280, 260, 240, 220};
  const auto s = summarize(a, {"heuristic", "random", "random", "random"});
  EXPECT_DOUBLE_EQ(s.seat_win[0].value, 0.3);
  EXPECT_NEAR(s.balance_score, 0.9, kTol);
  EXPECT_NEAR(s.position_balance_score, 0.94, kTol);
  EXPECT_NEAR(s.first_player_advantage, 0.03, kTol);
  ASSERT_EQ(s.bot_win.size(), 2u);
  EXPECT_EQ(s.bot_win[0].first, "heuristic");
  EXPECT_EQ(s.bot_win[1].second.x, 700u);
  EXPECT_EQ(s.bot_win[1].second.n, 3000u);
}

}  // namespace
}  // namespace catan::lab
