#pragma once
// Counted holdings: how many of each kind (e.g. "brick"), in each form (e.g. "card", "token"),
// every holder owns. Holders are the players followed by the named supplies (banks).

#include <cstdint>
#include <vector>

namespace catan::engine {

// A dense table of non-negative counts indexed by (holder, form, kind).
// Invariant: every count is >= 0; remove() refuses to go below zero.
class Holdings {
 public:
  // Resizes to the given shape, keeping existing counts where the shape overlaps. New cells are 0.
  void reshape(int holders, int forms, int kinds);
  // Sets every count to 0, keeping the shape.
  void clear();

  int holders() const noexcept { return holders_; }
  int forms() const noexcept { return forms_; }
  int kinds() const noexcept { return kinds_; }

  // The count of `kind` in `form` held by `holder`. Arguments must be in range.
  std::int64_t count(int holder, int form, int kind) const {
    return cells_[index(holder, form, kind)];
  }
  // Sum over kinds of one holder's holdings in `form`.
  std::int64_t total(int holder, int form) const;
  // Sum over holders of one kind in one form (conservation checks).
  std::int64_t total_of_kind(int form, int kind) const;

  // Adds n >= 0 (creates items; use move() to keep totals constant).
  void add(int holder, int form, int kind, std::int64_t n);
  // Removes n >= 0; throws std::runtime_error naming the shortfall if fewer are held.
  void remove(int holder, int form, int kind, std::int64_t n);
  // Moves n >= 0 from one holder to another; nothing changes if `from` holds fewer than n.
  void move(int from, int to, int form, int kind, std::int64_t n);

  const std::vector<std::int64_t>& cells() const noexcept { return cells_; }

 private:
  std::size_t index(int holder, int form, int kind) const;
  int holders_ = 0, forms_ = 0, kinds_ = 0;
  std::vector<std::int64_t> cells_;
};

}  // namespace catan::engine
