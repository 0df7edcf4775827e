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

class Moments {
 public:
  // Adds one observation. Throws std::overflow_error when the sum or the sum of squares would no
  // longer fit in 64 bits (observations of magnitude above about 2^31 over many games).
  void add(std::int64_t value);
  // Adds every observation of `other`. Same overflow rule.
  void merge(const Moments& other);

  std::uint64_t count() const { return count_; }
  std::int64_t sum() const { return sum_; }
  std::uint64_t sum_of_squares() const { return sum_sq_; }
  // Minimum and maximum; meaningless (the identity values) while count() == 0.
  std::int64_t min() const { return min_; }
  std::int64_t max() const { return max_; }

  // sum / count; 0 when empty.
  double mean() const;
  // The sample standard deviation (denominator count - 1), from
  //   (count * sum_of_squares - sum^2) / (count (count - 1)) computed exactly in 128 bits;
  // 0 with fewer than two observations.
  double sd() const;

  // Rebuilds Moments from stored fields (the raw sums of a results file). Throws
  // std::invalid_argument when they are inconsistent (min > max with observations, or a sum of
  // squares smaller than Cauchy-Schwarz allows).
  static Moments from_fields(std::uint64_t count, std::int64_t sum, std::uint64_t sum_of_squares,
                             std::int64_t min, std::int64_t max);

  bool operator==(const Moments&) const = default;

 private:
  std::uint64_t count_ = 0;
  std::int64_t sum_ = 0;
  std::uint64_t sum_sq_ = 0;
  std::int64_t min_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_ = std::numeric_limits<std::int64_t>::min();
};

}  // namespace catan::lab
