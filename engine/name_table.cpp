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
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}
}  // namespace

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(name, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace catan::engine
