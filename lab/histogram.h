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
#include <vector>

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

// A histogram grouped into bins of equal width for display: bin k covers [low, low + width - 1]
// and every bin from the one holding the minimum to the one holding the maximum is listed, empty
// ones included. Bins start at multiples of the width (so they do not depend on which values were
// seen first) and the width is the smallest of 1, 2, 5, 10, 20, 50, 100, ... that needs at most
// `max_bins` bins. Derived from the exact counts only, so merged shards bin exactly as one run.
struct Bin {
  std::int64_t low = 0;
  std::int64_t high = 0;  // inclusive: low + width - 1
  std::uint64_t count = 0;
  bool operator==(const Bin&) const = default;
};

struct Binned {
  std::int64_t width = 0;  // 0: nothing to show (empty or overflowed)
  std::vector<Bin> bins;
  bool operator==(const Binned&) const = default;
};

// max_bins must be at least 1.
Binned bin_histogram(const Histogram& h, std::size_t max_bins);

}  // namespace catan::lab
