// Exact counts of integer observations per value, for quantiles and distribution charts.
//
// At most kMaxDistinct distinct values are kept. When more appear the histogram is marked
// overflowed and its counts are dropped; quantiles are then unavailable (Moments still give the
// mean and spread). Whether a histogram overflows depends only on the set of values observed,
// never on the order they were added or merged in, so sharded runs agree with single runs.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace catan::lab {

class Histogram {
 public:
  static constexpr std::size_t kMaxDistinct = 4096;

  void add(std::int64_t value, std::uint64_t times = 1);
  void merge(const Histogram& other);

  bool overflowed() const { return overflowed_; }
  // value -> count, ascending; empty when overflowed.
  const std::map<std::int64_t, std::uint64_t>& counts() const { return counts_; }
  std::uint64_t total() const { return total_; }

  // The nearest-rank q-quantile (0 < q <= 1): the smallest value v such that at least
  // ceil(q * total) observations are <= v (q == 0 gives the minimum). nullopt when empty or
  // overflowed.
  std::optional<std::int64_t> quantile(double q) const;

  // A histogram that is already overflowed (for results files that recorded one).
  static Histogram overflowed_histogram(std::uint64_t total);

  bool operator==(const Histogram&) const = default;

 private:
  void mark_overflowed();
  std::map<std::int64_t, std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  bool overflowed_ = false;
};

}  // namespace catan::lab
