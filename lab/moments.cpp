#include "lab/moments.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace catan::lab {

namespace {

void check(bool overflowed) {
  if (overflowed)
    throw std::overflow_error(
        "a statistic's sums no longer fit in 64 bits (its sum) or 128 bits (its sum of squares)");
}

// sum^2, exactly: at most 2^126.
unsigned __int128 square(std::int64_t sum) {
  const __int128 s = sum;
  return static_cast<unsigned __int128>(s * s);
}

// count * sum_sq - sum^2 (never negative for consistent fields): exact while count * sum_sq fits
// in 128 bits, else in long double.
long double spread(std::uint64_t count, std::int64_t sum, unsigned __int128 sum_sq) {
  unsigned __int128 a = 0;
  if (__builtin_mul_overflow(static_cast<unsigned __int128>(count), sum_sq, &a)) {
    const long double wide = static_cast<long double>(count) * static_cast<long double>(sum_sq) -
                             static_cast<long double>(square(sum));
    return std::max(wide, 0.0L);
  }
  const unsigned __int128 b = square(sum);
  return static_cast<long double>(a >= b ? a - b : 0);
}

}  // namespace

void Moments::add(std::int64_t value) {
  std::int64_t sum = 0;
  unsigned __int128 sum_sq = 0;
  check(__builtin_add_overflow(sum_, value, &sum));
  check(__builtin_add_overflow(sum_sq_, square(value), &sum_sq));
  sum_ = sum;
  sum_sq_ = sum_sq;
  ++count_;
  min_ = std::min(min_, value);
  max_ = std::max(max_, value);
}

void Moments::merge(const Moments& other) {
  std::int64_t sum = 0;
  unsigned __int128 sum_sq = 0;
  check(__builtin_add_overflow(sum_, other.sum_, &sum));
  check(__builtin_add_overflow(sum_sq_, other.sum_sq_, &sum_sq));
  sum_ = sum;
  sum_sq_ = sum_sq;
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
  const long double numerator = spread(count_, sum_, sum_sq_);
  const long double n = static_cast<long double>(count_);
  return static_cast<double>(std::sqrt(numerator / (n * (n - 1))));
}

Moments Moments::from_fields(std::uint64_t count, std::int64_t sum,
                             unsigned __int128 sum_of_squares, std::int64_t min, std::int64_t max) {
  Moments m;
  if (count == 0) {
    if (sum != 0 || sum_of_squares != 0)
      throw std::invalid_argument("moments: sums without observations");
    return m;
  }
  if (min > max) throw std::invalid_argument("moments: minimum above maximum");
  // Cauchy-Schwarz: count * sum_of_squares >= sum^2 (a product past 128 bits is above any sum^2).
  unsigned __int128 a = 0;
  if (!__builtin_mul_overflow(static_cast<unsigned __int128>(count), sum_of_squares, &a) &&
      a < square(sum))
    throw std::invalid_argument("moments: sum of squares too small for the sum");
  m.count_ = count;
  m.sum_ = sum;
  m.sum_sq_ = sum_of_squares;
  m.min_ = min;
  m.max_ = max;
  return m;
}

}  // namespace catan::lab
