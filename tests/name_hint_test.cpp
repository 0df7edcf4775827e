// "Did you mean" hints (engine::closest_name): the nearest name within edit distance 2, computed
// in a band around the diagonal so that long names cost their length, not its square.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/name_table.h"

namespace catan::engine {
namespace {

std::size_t full_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j)
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
  return d[a.size()][b.size()];
}

TEST(NameHint, AgreesWithTheFullEditDistance) {
  // Random short names over a small alphabet, so that distances 0..2 are common.
  std::mt19937 gen(7);
  const auto word = [&] {
    std::string s(gen() % 7, 'a');
    for (auto& c : s) c = static_cast<char>('a' + gen() % 3);
    return s;
  };
  for (int round = 0; round < 3000; ++round) {
    const std::string name = word();
    std::vector<std::string> candidates;
    for (int i = 0; i < 4; ++i) candidates.push_back(word());
    std::string expected;
    std::size_t best = 3;
    for (const auto& c : candidates) {
      const std::size_t d = full_distance(name, c);
      if (d < best) {
        best = d;
        expected = c;
      }
    }
    ASSERT_EQ(closest_name(name, candidates), expected) << "'" << name << "'";
  }
}

TEST(NameHint, LongNamesCostTheirLength) {
  // A million characters each: the full table would be 10^12 cells.
  const std::string name(1'000'000, 'a');
  std::string near = name;
  near[500'000] = 'b';
  near += "c";
  const std::string far(1'000'000, 'b');
  EXPECT_EQ(closest_name(name, {far, near}), near);
  EXPECT_EQ(closest_name(name, {far}), "");
}

}  // namespace
}  // namespace catan::engine
