// Cost guard for Lua string patterns.
//
// string.find/match/gmatch/gsub run their matcher in C, where the instruction hook never fires,
// so a backtracking pattern could run for hours inside one call. The guard estimates the worst
// case before the real function runs, refuses calls whose estimate exceeds a limit, and charges
// the estimate to the running call (library_bounds.h: one unit per kBytesPerUnit steps; gsub also
// pays for the bytes of its result).
//
// The estimate, in "steps" (one step ~ one pattern item tried at one subject position):
//   n = length of the subject in bytes (the whole subject, whatever the init argument says)
//   The pattern is read as a sequence of items: a single character class (`x`, `.`, `%a`,
//   `[...]`), possibly followed by `*`, `+`, `-` or `?`; a balanced match `%bxy`; a
//   back-reference `%1`..`%9`; a frontier `%f[...]`; `(`, `)`, `()`; a final `$`. Variable items
//   (a class with a quantifier, `%b`, a back-reference) may cover up to n characters; the others
//   are fixed. An item weighs its length in bytes divided by 8, rounded up (1 but for long sets).
//   q = number of variable items. They cut the pattern into q + 1 parts: part 0 before the first
//   variable item, part k from the k-th variable item up to the next one; w_k = the weight of
//   part k.
//   per start = sum for k = 0..q of n^k * (1 + w_k)   (every choice of lengths for the first k
//               variable items walks part k once)
//   starts = 1 when anchored (the pattern starts with `^` and the function honours anchors:
//            find, match, gsub; gmatch reads `^` as a literal), else n
//   cost = starts * per start, saturating at UINT64_MAX
// A plain find (fourth argument true, or a pattern without any of ^$*+?.([%-) is a linear search
// (memmem, run over the subject in pieces of kFindPiece bytes with the limits checked between
// them) and costs n + m, m being the length of the pattern.
// The estimate is an upper bound for the usual backtracking blow-ups, not a prediction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <lua.hpp>

namespace catan::lua {

// Number of variable items (q above) in `pattern`, a leading `^` being an anchor. Never fails: a
// malformed pattern is counted as far as it can be read (the real function then reports the
// syntax error).
int count_quantified_items(std::string_view pattern) noexcept;

// Worst-case steps of matching `pattern` against a subject of `subject_bytes` bytes.
// `honours_anchor` is false for gmatch. `plain` selects the plain-find cost (n + m).
std::uint64_t estimate_pattern_cost(std::size_t subject_bytes, std::string_view pattern,
                                    bool honours_anchor, bool plain) noexcept;

// Bytes of subject a plain find searches between two checks of the limits.
inline constexpr std::size_t kFindPiece = 1 << 20;

// Replaces find, match, gmatch and gsub in the table at stack index `lib` (the sandbox's copy of
// the string library, which must already hold the standard functions) by guarded versions.
// A guarded call whose estimate exceeds `*limit` raises the Lua error
//   "string.find: pattern too complex: estimated N steps on a subject of M bytes exceeds the
//   limit of L"
// prefixed with the caller's "chunk:line:". `limit` is read at every call and must outlive the
// Lua state. Raises Lua errors (memory) only; call it from protected code.
void install_pattern_guard(lua_State* L, int lib, const std::uint64_t* limit);

}  // namespace catan::lua
