#include "engine/name_table.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

int NameTable::intern(std::string_view name) {
  if (const auto id = find(name)) return *id;
  const int id = size();
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  bytes_ += 2 * name.size() + kEntryBytes;
  return id;
}

std::optional<int> NameTable::find_and_remember(std::string_view name) const {
  const auto id = find_uncached(name);
  if (id && name.data() != nullptr)
    cache_[cache_slot(name.data())] = {name.data(), name.size(), *id};
  return id;
}

std::optional<int> NameTable::find_uncached(std::string_view name) const {
  // Small tables (kinds, forms, supplies) are faster to scan than to hash.
  if (names_.size() <= kScanLimit) {
    for (std::size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return static_cast<int>(i);
    return std::nullopt;
  }
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  return std::nullopt;
}

const std::string& NameTable::name(int id) const {
  if (id < 0 || id >= size()) throw std::out_of_range(fmt::format("unknown name id {}", id));
  return names_[static_cast<std::size_t>(id)];
}

void NameTable::clear() {
  names_.clear();
  ids_.clear();
  bytes_ = 0;
  cache_.fill(CacheEntry{});
}

namespace {

constexpr std::size_t kHintDistance = 3;  // hints are names closer than this

// The edit distance between a and b when it is below `limit`, else `limit`: only the band of
// cells within limit - 1 of the diagonal is computed, so the cost is O(|a| * limit) instead of
// O(|a| * |b|) (names can be as long as a Lua string). `row` is scratch space.
std::size_t bounded_distance(std::string_view a, std::string_view b, std::size_t limit,
                             std::vector<std::size_t>& row) {
  const std::size_t la = a.size(), lb = b.size();
  if ((la > lb ? la - lb : lb - la) >= limit) return limit;
  const std::size_t band = limit - 1;
  row.assign(lb + 1, limit);
  for (std::size_t j = 0; j <= std::min(lb, band); ++j) row[j] = j;
  for (std::size_t i = 1; i <= la; ++i) {
    const std::size_t lo = i > band ? i - band : 1;
    const std::size_t hi = std::min(lb, i + band);
    // row[lo - 1] holds the previous row's value (the diagonal of cell lo); outside the band
    // every cell counts as `limit`.
    std::size_t diag = row[lo - 1];
    row[lo - 1] = lo == 1 && i <= band ? i : limit;
    std::size_t best = row[lo - 1];
    for (std::size_t j = lo; j <= hi; ++j) {
      const std::size_t up = row[j];
      const std::size_t v =
          std::min({up + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1), limit});
      diag = up;
      row[j] = v;
      best = std::min(best, v);
    }
    if (hi < lb) row[hi + 1] = limit;
    if (best >= limit) return limit;
  }
  return std::min(row[lb], limit);
}

}  // namespace

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = kHintDistance;
  std::vector<std::size_t> row;
  for (const auto& c : candidates) {
    const std::size_t d = bounded_distance(name, c, best_distance, row);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace catan::engine
