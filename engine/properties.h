#pragma once
// Per-element properties set by packs: for one element type (tiles, nodes, paths, players),
// a column of values per property name. Unset cells read as nil.

#include <string>
#include <string_view>
#include <vector>

#include "engine/name_table.h"
#include "engine/value.h"

namespace catan::engine {

// Columns of Values indexed by element id. Reading a name never set yields nil without allocating.
class Properties {
 public:
  // Sets the number of elements; existing values of surviving ids are kept.
  void resize(int elements);
  // Drops every column and name (a new game).
  void clear();
  int elements() const noexcept { return elements_; }

  // The value of property `key` of element `id` (nil when unset). Throws std::out_of_range for a
  // bad id.
  const Value& get(int id, std::string_view key) const;
  // Sets property `key` of element `id`; nil erases it.
  void set(int id, std::string_view key, Value value);
  // Sets property `key` of element `id` to the string `text`; same effect as set() with a string
  // Value, but reuses the cell's storage when it already holds a string (no allocation when the
  // text is unchanged or fits).
  void set_string(int id, std::string_view key, std::string_view text);

  // The number of elements whose property `key` equals `value` and, when `key2` is not empty,
  // whose property `key2` equals `value2`. A nil `value` counts elements where `key` is unset.
  int count_where(std::string_view key, const Value& value, std::string_view key2 = {},
                  const Value& value2 = {}) const;

  // An estimate of the heap bytes held: the names, a Value per element in each column, and the
  // characters of strings too long for the small-string buffer. Kept current by every change.
  std::size_t bytes() const noexcept { return bytes_ + keys_.bytes(); }

  // Property names in order of first use, and their columns (for summaries and digests).
  const NameTable& keys() const noexcept { return keys_; }
  const std::vector<Value>& column(int key) const {
    return columns_[static_cast<std::size_t>(key)];
  }

 private:
  void check(int id) const;
  // Heap bytes of one cell beyond the Value itself.
  static std::size_t heap_bytes(const Value& v) noexcept {
    const auto* s = std::get_if<std::string>(&v);
    return s != nullptr && s->capacity() > kSmallString ? s->capacity() + 1 : 0;
  }
  static constexpr std::size_t kSmallString = 15;
  int elements_ = 0;
  std::size_t bytes_ = 0;  // columns and long strings (names: keys_.bytes())
  NameTable keys_;
  std::vector<std::vector<Value>> columns_;
};

}  // namespace catan::engine
