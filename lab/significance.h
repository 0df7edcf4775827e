// Is a difference between two configurations real? Estimates, 95% intervals and a verdict.
//
// All tests use the normal approximation, which is sound for the game counts the lab plays
// (hundreds and up); when the data are too thin for it the result says so (testable == false)
// instead of giving a verdict:
// - paired_proportions: the same games (same seeds) under A and B, a yes/no outcome each
//   (e.g. "seat 1 won"). Only the discordant pairs carry information (McNemar's idea):
//     d  = (b_only - a_only) / n
//     se = sqrt(a_only + b_only - (b_only - a_only)^2 / n) / n
//   Testable with n >= 30 and at least 10 discordant pairs; identical with none.
// - paired_means: the same games under A and B, a number each; `differences` holds B - A per
//   game. d = mean, se = sd / sqrt(n). Testable with n >= 30. When every difference is the same
//   non-zero number, se is 0 and the difference is significant; when every difference is 0 it
//   is identical.
// - two_proportions: independent samples x1 of n1 (A) and x2 of n2 (B), d = x2/n2 - x1/n1,
//   se = sqrt(p1 (1 - p1) / n1 + p2 (1 - p2) / n2) (Wald, unpooled). Testable with n1, n2 >= 30
//   and at least 5 successes and 5 failures in each sample.
// In every case z = d / se, the interval is d +- 1.96 se, p = erfc(|z| / sqrt 2), and the
// difference is significant at 95% exactly when the interval excludes 0 (|z| > 1.96).
#pragma once

#include <cstdint>

#include "lab/moments.h"

namespace catan::lab {

struct Difference {
  double estimate = 0;  // B - A
  double low = 0;       // 95% interval of the difference
  double high = 0;
  double z = 0;
  double p_value = 1;
  bool testable = false;  // enough data for the approximation
  // Testable and significant at 95%: on its own (the interval excludes 0) until a correction
  // for many metrics (lab/multiple_comparisons.h) judges it with the others.
  bool significant = false;
  // The test on its own, before any correction: p_value as is, the interval excludes 0.
  bool significant_alone = false;
  double p_adjusted = 1;  // p_value corrected for the metrics tested with it (else p_value)
  // Paired tests only: every game gave the same value under A and B (no discordant pair, every
  // difference 0). Reports say so rather than "too few games": more games cannot help when the
  // configurations play identical games.
  bool identical = false;
};

// The level of every test: 95% intervals, p below 0.05.
inline constexpr double kAlpha = 0.05;

Difference paired_proportions(std::uint64_t n, std::uint64_t a_only, std::uint64_t b_only);
Difference paired_means(const Moments& differences);
Difference two_proportions(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2);

}  // namespace catan::lab
