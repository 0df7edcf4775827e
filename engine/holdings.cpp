#include "engine/holdings.h"

#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

std::size_t Holdings::index(int holder, int form, int kind) const {
  if (holder < 0 || holder >= holders_ || form < 0 || form >= forms_ || kind < 0 ||
      kind >= kinds_) {
    throw std::out_of_range(
        fmt::format("holding (holder {}, form {}, kind {}) out of range", holder, form, kind));
  }
  return (static_cast<std::size_t>(holder) * forms_ + form) * kinds_ + kind;
}

void Holdings::reshape(int holders, int forms, int kinds) {
  if (holders == holders_ && forms == forms_ && kinds == kinds_) return;
  std::vector<std::int64_t> cells(static_cast<std::size_t>(holders) * forms * kinds, 0);
  for (int h = 0; h < std::min(holders, holders_); ++h)
    for (int f = 0; f < std::min(forms, forms_); ++f)
      for (int k = 0; k < std::min(kinds, kinds_); ++k)
        cells[(static_cast<std::size_t>(h) * forms + f) * kinds + k] = count(h, f, k);
  cells_ = std::move(cells);
  holders_ = holders;
  forms_ = forms;
  kinds_ = kinds;
}

void Holdings::clear() {
  std::fill(cells_.begin(), cells_.end(), 0);
}

std::int64_t Holdings::total(int holder, int form) const {
  std::int64_t sum = 0;
  const std::size_t base = index(holder, form, 0);
  for (int k = 0; k < kinds_; ++k) sum += cells_[base + k];
  return sum;
}

std::int64_t Holdings::total_of_kind(int form, int kind) const {
  std::int64_t sum = 0;
  for (int h = 0; h < holders_; ++h) sum += count(h, form, kind);
  return sum;
}

void Holdings::add(int holder, int form, int kind, std::int64_t n) {
  if (n < 0) throw std::invalid_argument(fmt::format("cannot add a negative count ({})", n));
  cells_[index(holder, form, kind)] += n;
}

void Holdings::remove(int holder, int form, int kind, std::int64_t n) {
  if (n < 0) throw std::invalid_argument(fmt::format("cannot remove a negative count ({})", n));
  auto& cell = cells_[index(holder, form, kind)];
  if (cell < n) throw std::runtime_error(fmt::format("cannot remove {}: only {} held", n, cell));
  cell -= n;
}

void Holdings::move(int from, int to, int form, int kind, std::int64_t n) {
  remove(from, form, kind, n);
  cells_[index(to, form, kind)] += n;
}

}  // namespace catan::engine
