#include "lab/wilson.h"

#include <algorithm>
#include <cmath>

namespace catan::lab {

Interval wilson(std::uint64_t x, std::uint64_t n, double z) {
  if (n == 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(x) / nn;
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace catan::lab
