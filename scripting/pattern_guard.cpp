#include "scripting/pattern_guard.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

#include "scripting/library_bounds.h"

namespace catan::lua {
namespace {

constexpr char kEscape = '%';
constexpr std::string_view kSpecials = "^$*+?.([%-";
constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

// Index just past the set starting at p[i] == '[', or p.size() when the set is unterminated.
std::size_t skip_set(std::string_view p, std::size_t i) noexcept {
  ++i;  // '['
  if (i < p.size() && p[i] == '^') ++i;
  // The first character of a set is always a member, even ']'.
  do {
    if (i >= p.size()) return p.size();
    if (p[i++] == kEscape && i < p.size()) ++i;
  } while (i < p.size() && p[i] != ']');
  return i < p.size() ? i + 1 : p.size();
}

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) noexcept {
  if (a != 0 && b > kMax / a) return kMax;
  return a * b;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  return b > kMax - a ? kMax : a + b;
}

// Walks the items of `p` (pattern_guard.h), calling item(variable, bytes) for each; a leading
// '^' is skipped when `anchor` says it is an anchor, and read as a literal otherwise.
template <class Item>
void for_each_item(std::string_view p, bool anchor, Item item) {
  std::size_t i = (anchor && !p.empty() && p[0] == '^') ? 1 : 0;
  while (i < p.size()) {
    const std::size_t start = i;
    const char c = p[i];
    if (c == '(') {
      i += (i + 1 < p.size() && p[i + 1] == ')') ? 2 : 1;
      item(false, i - start);
      continue;
    }
    if (c == ')' || (c == '$' && i + 1 == p.size())) {
      ++i;
      item(false, 1);
      continue;
    }
    if (c == kEscape && i + 1 < p.size()) {
      const char next = p[i + 1];
      if (next == 'b') {  // %bxy scans up to the whole subject
        i = std::min(i + 4, p.size());
        item(true, i - start);
        continue;
      }
      if (next == 'f') {  // frontier: a fixed-size test, never quantified
        i += 2;
        if (i < p.size() && p[i] == '[') i = skip_set(p, i);
        item(false, i - start);
        continue;
      }
      if (next >= '0' && next <= '9') {  // back-reference compares up to a capture's length
        i += 2;
        item(true, 2);
        continue;
      }
      i += 2;  // %x class
    } else if (c == '[') {
      i = skip_set(p, i);
    } else {
      ++i;  // literal character or '.'
    }
    const bool quantified =
        i < p.size() && (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?');
    if (quantified) ++i;
    item(quantified, i - start);
  }
}

struct GuardedFunction {
  const char* name;  // as errors and charges name it
  bool honours_anchor;
  bool has_plain_flag;  // find's fourth argument
  bool charges_result;  // gsub: its result may be far longer than the subject
};

constexpr GuardedFunction kFind{"string.find", true, true, false};
constexpr GuardedFunction kMatch{"string.match", true, false, false};
constexpr GuardedFunction kGmatch{"string.gmatch", false, false, false};
constexpr GuardedFunction kGsub{"string.gsub", true, false, true};

struct Guarded {
  const char* field;
  const GuardedFunction* spec;
};

constexpr Guarded kGuarded[] = {
    {"find", &kFind}, {"match", &kMatch}, {"gmatch", &kGmatch}, {"gsub", &kGsub}};

// string.find(s, p, init, plain) when the search is plain: the first occurrence of p in s from
// init, by memmem (linear in the subject), over pieces of the subject with the limits checked
// after each.
int plain_find(lua_State* L, const char* name) {
  std::size_t subject_length = 0;
  std::size_t needle_length = 0;
  const char* subject = luaL_checklstring(L, 1, &subject_length);
  const char* needle = luaL_checklstring(L, 2, &needle_length);
  const std::size_t init = string_start(luaL_optinteger(L, 3, 1), subject_length) - 1;
  if (init > subject_length) {  // starts after the end: nothing to find
    luaL_pushfail(L);
    return 1;
  }
  const char* found = nullptr;
  if (needle_length == 0) {
    found = subject + init;  // the empty string is everywhere
  } else {
    // Each piece tries `starts` start positions: it searches starts + needle_length - 1 bytes.
    const std::size_t piece = std::max(kFindPiece, needle_length);
    for (std::size_t at = init; at + needle_length <= subject_length && found == nullptr;) {
      const std::size_t starts = std::min(piece, subject_length - needle_length - at + 1);
      const std::size_t searched = starts + needle_length - 1;
      found = static_cast<const char*>(memmem(subject + at, searched, needle, needle_length));
      charge(L, byte_units(searched), name);
      at += starts;
    }
  }
  if (found == nullptr) {
    luaL_pushfail(L);
    return 1;
  }
  const auto position = static_cast<lua_Integer>(found - subject);
  lua_pushinteger(L, position + 1);
  lua_pushinteger(L, position + static_cast<lua_Integer>(needle_length));
  return 2;
}

// Upvalues: 1 = the original C function, 2 = light userdata const std::uint64_t* limit,
// 3 = light userdata const GuardedFunction*.
int guarded_call(lua_State* L) {
  const auto* spec = static_cast<const GuardedFunction*>(lua_touserdata(L, lua_upvalueindex(3)));
  const lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  // Numbers are converted in place, as the real function would; arguments it would reject are
  // left to it, so its error messages stay intact.
  if (!lua_isstring(L, 1) || !lua_isstring(L, 2)) return original(L);
  std::size_t subject_bytes = 0;
  std::size_t pattern_bytes = 0;
  lua_tolstring(L, 1, &subject_bytes);
  const char* pattern_text = lua_tolstring(L, 2, &pattern_bytes);
  const std::string_view pattern(pattern_text, pattern_bytes);
  if (spec->has_plain_flag &&
      (lua_toboolean(L, 4) || pattern.find_first_of(kSpecials) == std::string_view::npos)) {
    return plain_find(L, spec->name);
  }
  const std::uint64_t cost =
      estimate_pattern_cost(subject_bytes, pattern, spec->honours_anchor, false);
  const std::uint64_t limit =
      *static_cast<const std::uint64_t*>(lua_touserdata(L, lua_upvalueindex(2)));
  if (cost > limit) {
    refuse(L, spec->name,
           "pattern too complex: estimated " + std::to_string(cost) + " steps on a subject of " +
               std::to_string(subject_bytes) + " bytes exceeds the limit of " +
               std::to_string(limit));
  }
  charge(L, byte_units(cost), spec->name);
  const int results = original(L);
  if (spec->charges_result) charge(L, byte_units(lua_rawlen(L, -results)), spec->name);
  return results;
}

}  // namespace

int count_quantified_items(std::string_view p) noexcept {
  int items = 0;
  for_each_item(p, true, [&](bool variable, std::size_t) { items += variable ? 1 : 0; });
  return items;
}

std::uint64_t estimate_pattern_cost(std::size_t subject_bytes, std::string_view pattern,
                                    bool honours_anchor, bool plain) noexcept {
  const std::uint64_t n = subject_bytes;
  if (plain) return saturating_add(n, pattern.size());
  const bool anchored = honours_anchor && !pattern.empty() && pattern[0] == '^';
  // per start = sum of n^k * (1 + w_k) over the parts k, accumulated part by part.
  std::uint64_t per_start = 0;
  std::uint64_t power = 1;   // n^k for the current part
  std::uint64_t weight = 0;  // w_k so far
  for_each_item(pattern, honours_anchor, [&](bool variable, std::size_t bytes) {
    if (variable) {  // the part so far ends; the next one starts with this item
      per_start = saturating_add(per_start, saturating_mul(power, 1 + weight));
      power = saturating_mul(power, n);
      weight = 0;
    }
    weight = saturating_add(weight, (bytes + 7) / 8);
  });
  per_start = saturating_add(per_start, saturating_mul(power, 1 + weight));
  return saturating_mul(anchored ? 1 : n, per_start);
}

void install_pattern_guard(lua_State* L, int lib, const std::uint64_t* limit) {
  lib = lua_absindex(L, lib);
  for (const Guarded& guarded : kGuarded) {
    if (lua_getfield(L, lib, guarded.field) != LUA_TFUNCTION || !lua_iscfunction(L, -1)) {
      luaL_error(L, "install_pattern_guard: string.%s is not a C function", guarded.field);
    }
    lua_pushlightuserdata(L, const_cast<std::uint64_t*>(limit));
    lua_pushlightuserdata(L, const_cast<GuardedFunction*>(guarded.spec));
    lua_pushcclosure(L, guarded_call, 3);
    lua_setfield(L, lib, guarded.field);
  }
}

}  // namespace catan::lua
