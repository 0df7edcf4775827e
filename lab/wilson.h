// Confidence intervals for a proportion: the Wilson score interval.
//
// For x successes in n trials, p = x / n and z the two-sided normal quantile of the confidence
// level (1.959963984540054 for 95%):
//   centre     = (p + z^2 / (2n)) / (1 + z^2 / n)
//   half width = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / (4 n^2))
// The interval stays inside [0, 1] and behaves well near 0 and 1, unlike p +- z sqrt(p(1-p)/n).
// With n == 0 nothing is known: the interval is [0, 1].
#pragma once

#include <cstdint>

namespace catan::lab {

// The two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0;
  double high = 1;
  double width() const { return high - low; }
};

// The Wilson score interval of x successes in n trials at the confidence level of z.
// Requires x <= n.
Interval wilson(std::uint64_t x, std::uint64_t n, double z = kZ95);

}  // namespace catan::lab
