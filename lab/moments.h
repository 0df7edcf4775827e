// Exact running sums of integer observations: count, sum, sum of squares, minimum, maximum.
//
// Every field is an integer, so adding observations in any order, or adding two Moments built
// from disjoint parts of the data (merge), gives the same fields bit for bit. Derived figures
// (mean, standard deviation) are computed from those integers in one fixed way, so they are
// identical too. This is what lets a run on any number of threads or shards report exactly the
// numbers of a single sequential run.
#pragma once

#include <cstdint>
#include <limits>

namespace catan::lab {

// The largest magnitude of a value the lab adds up: a game that publishes a larger one fails
// (lab/game_record.h, out_of_range). With it, the 64-bit sum of 2^32 - 1 observations cannot
// overflow, nor that of 2^31 - 1 differences of two such values (lab/paired.h), and the 128-bit
// sum of squares of either holds 2^64 - 1 observations: no run comes near.
inline constexpr std::int64_t kMaxLabValue = std::int64_t{1} << 31;

class Moments {
 public:
  // Adds one observation. Throws std::overflow_error when the sum would no longer fit in 64 bits
  // or the sum of squares in 128.
  void add(std::int64_t value);
  // Adds every observation of `other`. Same overflow rule.
  void merge(const Moments& other);

  std::uint64_t count() const { return count_; }
  std::int64_t sum() const { return sum_; }
  unsigned __int128 sum_of_squares() const { return sum_sq_; }
  // Minimum and maximum; meaningless (the identity values) while count() == 0.
  std::int64_t min() const { return min_; }
  std::int64_t max() const { return max_; }

  // sum / count; 0 when empty.
  double mean() const;
  // The sample standard deviation (denominator count - 1), from
  //   (count * sum_of_squares - sum^2) / (count (count - 1)),
  // the numerator computed exactly in 128 bits (in long double only when count * sum_of_squares
  // exceeds 128 bits, which no run reaches); 0 with fewer than two observations.
  double sd() const;

  // Rebuilds Moments from stored fields (the raw sums of a results file). Throws
  // std::invalid_argument when they are inconsistent (min > max with observations, or a sum of
  // squares smaller than Cauchy-Schwarz allows).
  static Moments from_fields(std::uint64_t count, std::int64_t sum,
                             unsigned __int128 sum_of_squares, std::int64_t min, std::int64_t max);

  bool operator==(const Moments&) const = default;

 private:
  std::uint64_t count_ = 0;
  std::int64_t sum_ = 0;
  unsigned __int128 sum_sq_ = 0;
  std::int64_t min_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_ = std::numeric_limits<std::int64_t>::min();
};

}  // namespace catan::lab
