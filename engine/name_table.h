#pragma once
// Interned names: a dense id per distinct string, in order of first interning.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace catan::engine {

// Maps names to dense ids 0..size()-1 and back. Ids are stable until clear().
// Lookups by string_view do not allocate.
class NameTable {
 public:
  // Returns the id of `name`, adding it if new.
  int intern(std::string_view name);
  // The id of `name`, or nullopt if it was never interned.
  std::optional<int> find(std::string_view name) const;
  // The name of `id`; throws std::out_of_range for an unknown id.
  const std::string& name(int id) const;
  int size() const noexcept { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const noexcept { return names_; }
  void clear();

 private:
  static constexpr std::size_t kScanLimit = 12;
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  std::vector<std::string> names_;
  std::unordered_map<std::string, int, Hash, std::equal_to<>> ids_;
};

// The closest name in `candidates` to `name` within edit distance 2, for "did you mean" hints;
// empty when nothing is close.
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace catan::engine
