#include "lab/significance.h"

#include <cmath>
#include <limits>

#include "lab/wilson.h"

namespace catan::lab {

namespace {

// Fills the interval, z, p and the verdict from the estimate and its standard error.
Difference finish(double estimate, double se, bool testable) {
  Difference d;
  d.estimate = estimate;
  d.low = estimate - kZ95 * se;
  d.high = estimate + kZ95 * se;
  if (se > 0) {
    d.z = estimate / se;
  } else {
    d.z = estimate == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), estimate);
  }
  d.p_value = std::erfc(std::fabs(d.z) / std::sqrt(2.0));
  d.testable = testable;
  d.significant = testable && std::fabs(d.z) > kZ95;
  d.significant_alone = d.significant;
  d.p_adjusted = d.p_value;
  return d;
}

}  // namespace

Difference paired_proportions(std::uint64_t n, std::uint64_t a_only, std::uint64_t b_only) {
  if (n == 0) return {};
  const double nn = static_cast<double>(n);
  const double a = static_cast<double>(a_only);
  const double b = static_cast<double>(b_only);
  const double estimate = (b - a) / nn;
  const double variance = (a + b - (b - a) * (b - a) / nn) / (nn * nn);
  const double se = std::sqrt(variance > 0 ? variance : 0.0);
  Difference d = finish(estimate, se, n >= 30 && a_only + b_only >= 10);
  d.identical = a_only + b_only == 0;
  return d;
}

Difference paired_means(const Moments& differences) {
  const std::uint64_t n = differences.count();
  if (n == 0) return {};
  const double se = differences.sd() / std::sqrt(static_cast<double>(n));
  Difference d = finish(differences.mean(), se, n >= 30);
  d.identical = differences.min() == 0 && differences.max() == 0;
  return d;
}

Difference two_proportions(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2) {
  if (n1 == 0 || n2 == 0) return {};
  const double p1 = static_cast<double>(x1) / static_cast<double>(n1);
  const double p2 = static_cast<double>(x2) / static_cast<double>(n2);
  const double se =
      std::sqrt(p1 * (1 - p1) / static_cast<double>(n1) + p2 * (1 - p2) / static_cast<double>(n2));
  const bool enough = n1 >= 30 && n2 >= 30 && x1 >= 5 && n1 - x1 >= 5 && x2 >= 5 && n2 - x2 >= 5;
  return finish(p2 - p1, se, enough);
}

}  // namespace catan::lab
