#pragma once
// Interned names: a dense id per distinct string, in order of first interning.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace catan::engine {

// Maps names to dense ids 0..size()-1 and back. Ids are stable until clear().
// Lookups by string_view do not allocate.
//
// find() remembers recent hits by the address and length of the caller's characters (Lua passes
// the same interned string for the same name), and confirms every remembered hit by comparing the
// characters, so a different name later stored at the same address still gets its own id. The
// memo is a mutable cache: a NameTable is not safe to use from several threads at once, not even
// through const members.
class NameTable {
 public:
  // Returns the id of `name`, adding it if new.
  int intern(std::string_view name);
  // The id of `name`, or nullopt if it was never interned.
  std::optional<int> find(std::string_view name) const {
    const CacheEntry& entry = cache_[cache_slot(name.data())];
    // The bounds check keeps a stale entry harmless (e.g. in a moved-from table); comparing the
    // characters rejects a different string that now lives at the remembered address.
    if (entry.data == name.data() && entry.size == name.size() && entry.id >= 0 &&
        static_cast<std::size_t>(entry.id) < names_.size() &&
        std::char_traits<char>::compare(names_[static_cast<std::size_t>(entry.id)].data(),
                                        name.data(), name.size()) == 0)
      return entry.id;
    return find_and_remember(name);
  }
  // The name of `id`; throws std::out_of_range for an unknown id.
  const std::string& name(int id) const;
  int size() const noexcept { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const noexcept { return names_; }
  void clear();
  // An estimate of the heap bytes the names hold: both copies of each name plus a fixed cost
  // per entry (kEntryBytes). Grows with intern(), back to 0 with clear().
  std::size_t bytes() const noexcept { return bytes_; }
  static constexpr std::size_t kEntryBytes = 96;

 private:
  static constexpr std::size_t kScanLimit = 12;
  static constexpr std::size_t kCacheSlots = 32;  // a power of two
  // One remembered hit: the characters at `data` (length `size`) were names_[id].
  struct CacheEntry {
    const char* data = nullptr;
    std::size_t size = 0;
    int id = -1;
  };
  static std::size_t cache_slot(const char* data) noexcept {
    const auto p = reinterpret_cast<std::uintptr_t>(data);
    return static_cast<std::size_t>((p >> 4) ^ (p >> 10)) & (kCacheSlots - 1);
  }
  // find() without the memo, then remembers a hit in the memo.
  std::optional<int> find_and_remember(std::string_view name) const;
  std::optional<int> find_uncached(std::string_view name) const;
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  std::vector<std::string> names_;
  std::size_t bytes_ = 0;
  std::unordered_map<std::string, int, Hash, std::equal_to<>> ids_;
  mutable std::array<CacheEntry, kCacheSlots> cache_{};
};

// The closest name in `candidates` to `name` within edit distance 2, for "did you mean" hints;
// empty when nothing is close. Costs O(|name|) per candidate within two characters of its length
// and O(1) per other candidate (the distance is computed only near the diagonal), so long names
// do not cost the square of their length.
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace catan::engine
