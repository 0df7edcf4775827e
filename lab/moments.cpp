#include "lab/moments.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace catan::lab {

namespace {

void check(bool overflowed) {
  if (overflowed)
    throw std::overflow_error("a statistic's sums no longer fit in 64 bits (values too large)");
}

// count * sum_sq - sum^2, exactly (never negative for consistent fields).
unsigned __int128 spread(std::uint64_t count, std::int64_t sum, std::uint64_t sum_sq) {
  const unsigned __int128 a = static_cast<unsigned __int128>(count) * sum_sq;
  const __int128 s = sum;
  const unsigned __int128 b = static_cast<unsigned __int128>(s * s);
  return a >= b ? a - b : 0;
}

}  // namespace

void Moments::add(std::int64_t value) {
  std::uint64_t square = 0;
  const std::uint64_t magnitude =
      value < 0 ? static_cast<std::uint64_t>(-(value + 1)) + 1 : static_cast<std::uint64_t>(value);
  check(__builtin_mul_overflow(magnitude, magnitude, &square));
  check(__builtin_add_overflow(sum_, value, &sum_));
  check(__builtin_add_overflow(sum_sq_, square, &sum_sq_));
  ++count_;
  min_ = std::min(min_, value);
  max_ = std::max(max_, value);
}

void Moments::merge(const Moments& other) {
  check(__builtin_add_overflow(sum_, other.sum_, &sum_));
  check(__builtin_add_overflow(sum_sq_, other.sum_sq_, &sum_sq_));
  count_ += other.count_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
}

double Moments::mean() const {
  if (count_ == 0) return 0.0;
  return static_cast<double>(static_cast<long double>(sum_) / static_cast<long double>(count_));
}

double Moments::sd() const {
  if (count_ < 2) return 0.0;
  const long double numerator = static_cast<long double>(spread(count_, sum_, sum_sq_));
  const long double n = static_cast<long double>(count_);
  return static_cast<double>(std::sqrt(numerator / (n * (n - 1))));
}

Moments Moments::from_fields(std::uint64_t count, std::int64_t sum, std::uint64_t sum_of_squares,
                             std::int64_t min, std::int64_t max) {
  Moments m;
  if (count == 0) {
    if (sum != 0 || sum_of_squares != 0)
      throw std::invalid_argument("moments: sums without observations");
    return m;
  }
  if (min > max) throw std::invalid_argument("moments: minimum above maximum");
  const unsigned __int128 a = static_cast<unsigned __int128>(count) * sum_of_squares;
  const __int128 s = sum;
  if (a < static_cast<unsigned __int128>(s * s))
    throw std::invalid_argument("moments: sum of squares too small for the sum");
  m.count_ = count;
  m.sum_ = sum;
  m.sum_sq_ = sum_of_squares;
  m.min_ = min;
  m.max_ = max;
  return m;
}

}  // namespace catan::lab
