// Cost guard for Lua string patterns.
//
// string.find/match/gmatch/gsub run their matcher in C, where the instruction hook never fires,
// so a backtracking pattern could run for hours inside one call. The guard estimates the worst
// case before the real function runs and refuses calls whose estimate exceeds a limit.
//
// The estimate, in "steps" (one step ~ one character comparison of the matcher):
//   n = length of the subject in bytes (the whole subject, whatever the init argument says)
//   q = number of variable-length items in the pattern:
//         a single character class (`x`, `.`, `%a`, `[...]`) followed by `*`, `+`, `-` or `?`,
//         a balanced match `%bxy`, and a back-reference `%1`..`%9`
//   anchored = the pattern starts with `^` and the function honours anchors (find, match, gsub;
//              gmatch treats `^` as a literal)
//   cost = n ^ (q + (anchored ? 0 : 1)), saturating at UINT64_MAX
//   A plain find (fourth argument true, or a pattern without any of ^$*+?.([%-) costs n.
// Each unanchored start position can try every item at every length, hence the exponent.
// The estimate is an upper bound for the usual backtracking blow-ups, not a prediction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <lua.hpp>

namespace catan::lua {

// Number of variable-length items (q above) in `pattern`. Never fails: a malformed pattern is
// counted as far as it can be read (the real function then reports the syntax error).
int count_quantified_items(std::string_view pattern) noexcept;

// Worst-case steps of matching `pattern` against a subject of `subject_bytes` bytes.
// `honours_anchor` is false for gmatch. `plain` selects the plain-find cost (n).
std::uint64_t estimate_pattern_cost(std::size_t subject_bytes, std::string_view pattern,
                                    bool honours_anchor, bool plain) noexcept;

// Replaces find, match, gmatch and gsub in the table at stack index `lib` (the sandbox's copy of
// the string library, which must already hold the standard functions) by guarded versions.
// A guarded call whose estimate exceeds `*limit` raises the Lua error
//   "string pattern too complex: estimated N steps on a subject of M bytes exceeds the limit of L"
// prefixed with the caller's "chunk:line:". `limit` is read at every call and must outlive the
// Lua state. Raises Lua errors (memory) only; call it from protected code.
void install_pattern_guard(lua_State* L, int lib, const std::uint64_t* limit);

}  // namespace catan::lua
