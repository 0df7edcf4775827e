#include "lab/rating.h"

#include <algorithm>
#include <cmath>

namespace catan::lab {

namespace {

// Whether every bot reaches every other along "beat" edges (Floyd–Warshall closure; few bots).
bool strongly_connected(const std::vector<std::vector<std::uint64_t>>& beats) {
  const std::size_t n = beats.size();
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) reach[i][j] = i == j || beats[i][j] > 0;
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      if (reach[i][k])
        for (std::size_t j = 0; j < n; ++j)
          if (reach[k][j]) reach[i][j] = true;
  for (const auto& row : reach)
    if (std::find(row.begin(), row.end(), false) != row.end()) return false;
  return true;
}

}  // namespace

std::optional<std::vector<double>> bradley_terry_ratings(
    const std::vector<std::vector<std::uint64_t>>& beats) {
  const std::size_t n = beats.size();
  if (n < 2) return std::nullopt;
  for (const auto& row : beats)
    if (row.size() != n) return std::nullopt;
  if (!strongly_connected(beats)) return std::nullopt;
  std::vector<double> wins(n, 0.0);
  std::vector<std::vector<double>> games(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      wins[i] += static_cast<double>(beats[i][j]);
      games[i][j] = static_cast<double>(beats[i][j]) + static_cast<double>(beats[j][i]);
    }
  const double scale = 400.0 / std::log(10.0);  // rating points per unit of ln p
  std::vector<double> log_p(n, 0.0), p(n, 1.0), next(n, 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    for (std::size_t i = 0; i < n; ++i) {
      double denominator = 0;
      for (std::size_t j = 0; j < n; ++j)
        if (j != i && games[i][j] > 0) denominator += games[i][j] / (p[i] + p[j]);
      next[i] = wins[i] / denominator;
    }
    double mean_log = 0;
    for (std::size_t i = 0; i < n; ++i) mean_log += std::log(next[i]);
    mean_log /= static_cast<double>(n);
    double moved = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double l = std::log(next[i]) - mean_log;
      moved = std::max(moved, std::fabs(l - log_p[i]) * scale);
      log_p[i] = l;
      p[i] = std::exp(l);
    }
    if (moved <= 1e-9) break;
  }
  std::vector<double> ratings(n);
  for (std::size_t i = 0; i < n; ++i) ratings[i] = kRatingMean + scale * log_p[i];
  return ratings;
}

}  // namespace catan::lab
