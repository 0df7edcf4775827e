#include "scripting/pack_suggest.h"

#include <algorithm>
#include <numeric>

namespace catan::packs {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rolling rows of the classic dynamic-programming table: d[i][j] is the distance between
  // the first i characters of a and the first j characters of b.
  std::vector<std::size_t> before_prev(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  std::iota(prev.begin(), prev.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        cur[j] = std::min(cur[j], before_prev[j - 2] + 1);
      }
    }
    std::swap(before_prev, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates,
                                         std::size_t max_distance) {
  std::optional<std::string> best;
  std::size_t best_distance = max_distance + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance || (d == best_distance && best && candidate < *best)) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::optional<std::string> match = closest_match(word, candidates);
  return match ? " (did you mean '" + *match + "'?)" : std::string();
}

}  // namespace catan::packs
