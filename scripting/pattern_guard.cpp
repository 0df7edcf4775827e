#include "scripting/pattern_guard.h"

#include <cstdio>
#include <limits>

namespace catan::lua {
namespace {

constexpr char kEscape = '%';
constexpr std::string_view kSpecials = "^$*+?.([%-";

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
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
    return std::numeric_limits<std::uint64_t>::max();
  }
  return a * b;
}

std::uint64_t saturating_pow(std::uint64_t base, int exponent) noexcept {
  std::uint64_t result = 1;
  for (int k = 0; k < exponent; ++k) {
    result = saturating_mul(result, base);
    if (result == std::numeric_limits<std::uint64_t>::max() || result == 0) break;
  }
  return result;
}

struct GuardedFunction {
  const char* name;
  int subject_arg;
  int pattern_arg;
  bool honours_anchor;
  bool has_plain_flag;  // find's fourth argument
};

constexpr GuardedFunction kGuarded[] = {
    {"find", 1, 2, true, true},
    {"match", 1, 2, true, false},
    {"gmatch", 1, 2, false, false},
    {"gsub", 1, 2, true, false},
};

// Upvalues: 1 = the original C function, 2 = light userdata const std::uint64_t* limit,
// 3 = light userdata const GuardedFunction*.
int guarded_call(lua_State* L) {
  const auto* spec = static_cast<const GuardedFunction*>(lua_touserdata(L, lua_upvalueindex(3)));
  const lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  // Numbers are converted in place, as the real function would; arguments it would reject are
  // left to it, so its error messages stay intact.
  if (lua_isstring(L, spec->subject_arg) && lua_isstring(L, spec->pattern_arg)) {
    std::size_t subject_bytes = 0;
    std::size_t pattern_bytes = 0;
    lua_tolstring(L, spec->subject_arg, &subject_bytes);
    const char* pattern = lua_tolstring(L, spec->pattern_arg, &pattern_bytes);
    const bool plain = spec->has_plain_flag && lua_toboolean(L, 4);
    const std::uint64_t cost = estimate_pattern_cost(
        subject_bytes, std::string_view(pattern, pattern_bytes), spec->honours_anchor, plain);
    const std::uint64_t limit =
        *static_cast<const std::uint64_t*>(lua_touserdata(L, lua_upvalueindex(2)));
    if (cost > limit) {
      char text[200];
      std::snprintf(text, sizeof text,
                    "string pattern too complex: estimated %llu steps on a subject of %llu bytes "
                    "exceeds the limit of %llu",
                    static_cast<unsigned long long>(cost),
                    static_cast<unsigned long long>(subject_bytes),
                    static_cast<unsigned long long>(limit));
      return luaL_error(L, "%s", text);
    }
  }
  return original(L);
}

}  // namespace

int count_quantified_items(std::string_view p) noexcept {
  int items = 0;
  std::size_t i = (!p.empty() && p[0] == '^') ? 1 : 0;
  while (i < p.size()) {
    const char c = p[i];
    if (c == '(') {
      i += (i + 1 < p.size() && p[i + 1] == ')') ? 2 : 1;
      continue;
    }
    if (c == ')' || (c == '$' && i + 1 == p.size())) {
      ++i;
      continue;
    }
    if (c == kEscape && i + 1 < p.size()) {
      const char next = p[i + 1];
      if (next == 'b') {  // %bxy scans up to the whole subject
        ++items;
        i += 4;
        continue;
      }
      if (next == 'f') {  // frontier: a fixed-size test, never quantified
        i += 2;
        if (i < p.size() && p[i] == '[') i = skip_set(p, i);
        continue;
      }
      if (next >= '0' && next <= '9') {  // back-reference compares up to a capture's length
        ++items;
        i += 2;
        continue;
      }
      i += 2;  // %x class
    } else if (c == '[') {
      i = skip_set(p, i);
    } else {
      ++i;  // literal character or '.'
    }
    if (i < p.size() && (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')) {
      ++items;
      ++i;
    }
  }
  return items;
}

std::uint64_t estimate_pattern_cost(std::size_t subject_bytes, std::string_view pattern,
                                    bool honours_anchor, bool plain) noexcept {
  const std::uint64_t n = subject_bytes;
  if (plain || pattern.find_first_of(kSpecials) == std::string_view::npos) return n;
  const bool anchored = honours_anchor && !pattern.empty() && pattern[0] == '^';
  return saturating_pow(n, count_quantified_items(pattern) + (anchored ? 0 : 1));
}

void install_pattern_guard(lua_State* L, int lib, const std::uint64_t* limit) {
  lib = lua_absindex(L, lib);
  for (const GuardedFunction& spec : kGuarded) {
    if (lua_getfield(L, lib, spec.name) != LUA_TFUNCTION || !lua_iscfunction(L, -1)) {
      luaL_error(L, "install_pattern_guard: string.%s is not a C function", spec.name);
    }
    lua_pushlightuserdata(L, const_cast<std::uint64_t*>(limit));
    lua_pushlightuserdata(L, const_cast<GuardedFunction*>(&spec));
    lua_pushcclosure(L, guarded_call, 3);
    lua_setfield(L, lib, spec.name);
  }
}

}  // namespace catan::lua
