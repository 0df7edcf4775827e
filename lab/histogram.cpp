#include "lab/histogram.h"

#include <cmath>
#include <limits>

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

namespace {

// floor(value / width) * width, for negative values too.
std::int64_t bin_start(std::int64_t value, std::int64_t width) {
  std::int64_t q = value / width;
  if (value % width != 0 && value < 0) --q;
  return q * width;
}

}  // namespace

Binned bin_histogram(const Histogram& h, std::size_t max_bins) {
  Binned out;
  if (h.overflowed() || h.counts().empty() || max_bins == 0) return out;
  const std::int64_t lo = h.counts().begin()->first, hi = h.counts().rbegin()->first;
  constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max() / 10;
  const auto bins_of = [&](std::int64_t w) {
    const auto span = static_cast<unsigned __int128>(static_cast<__int128>(bin_start(hi, w)) -
                                                     static_cast<__int128>(bin_start(lo, w)));
    return span / static_cast<unsigned __int128>(w) + 1;
  };
  std::int64_t width = 1;
  for (std::int64_t magnitude = 1;; magnitude *= 10) {
    bool found = false;
    for (std::int64_t m : {1, 2, 5}) {
      width = m * magnitude;
      if (bins_of(width) <= max_bins) {
        found = true;
        break;
      }
    }
    if (found || magnitude > kLimit / 10) break;
  }
  out.width = width;
  const std::int64_t first = bin_start(lo, width), last = bin_start(hi, width);
  auto it = h.counts().begin();
  for (std::int64_t b = first;; b += width) {
    Bin bin{b, b + (width - 1), 0};
    for (; it != h.counts().end() && it->first <= bin.high; ++it) bin.count += it->second;
    out.bins.push_back(bin);
    if (b == last) break;
  }
  return out;
}

}  // namespace catan::lab
