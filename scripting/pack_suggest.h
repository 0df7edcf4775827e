// "Did you mean ...?" suggestions for misspelled pack names, manifest fields and option keys.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catan::packs {

// Optimal-string-alignment distance between a and b: the number of single-character insertions,
// deletions, substitutions and swaps of two adjacent characters needed to turn one into the other.
// Case-sensitive; works on bytes.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` if it is at most `max_distance` edits away, else nullopt.
// Ties go to the alphabetically smallest candidate, so the suggestion never depends on the order
// of `candidates`. A candidate equal to `word` is returned as is.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates,
                                         std::size_t max_distance = 2);

// " (did you mean 'x'?)" for the closest candidate, or "" when none is close enough.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace catan::packs
