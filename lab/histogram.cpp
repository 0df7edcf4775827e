#include "lab/histogram.h"

#include <cmath>

namespace catan::lab {

void Histogram::mark_overflowed() {
  overflowed_ = true;
  counts_.clear();
}

void Histogram::add(std::int64_t value, std::uint64_t times) {
  total_ += times;
  if (overflowed_) return;
  counts_[value] += times;
  if (counts_.size() > kMaxDistinct) mark_overflowed();
}

void Histogram::merge(const Histogram& other) {
  total_ += other.total_;
  if (overflowed_) return;
  if (other.overflowed_) {
    mark_overflowed();
    return;
  }
  for (const auto& [value, n] : other.counts_) counts_[value] += n;
  if (counts_.size() > kMaxDistinct) mark_overflowed();
}

std::optional<std::int64_t> Histogram::quantile(double q) const {
  if (overflowed_ || counts_.empty()) return std::nullopt;
  const double wanted = std::ceil(q * static_cast<double>(total_));
  const std::uint64_t rank = wanted < 1 ? 1 : static_cast<std::uint64_t>(wanted);
  std::uint64_t seen = 0;
  for (const auto& [value, n] : counts_) {
    seen += n;
    if (seen >= rank) return value;
  }
  return counts_.rbegin()->first;
}

Histogram Histogram::overflowed_histogram(std::uint64_t total) {
  Histogram h;
  h.total_ = total;
  h.overflowed_ = true;
  return h;
}

}  // namespace catan::lab
