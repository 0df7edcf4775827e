// Elo-style ratings of bots from pairwise results: the Bradley–Terry model fitted by maximum
// likelihood with Hunter's MM iteration.
//
// The lab turns every finished game with a winner into pairwise results: the winner's bot beats
// the bot of every other seat (seats of the same bot as the winner are skipped). Bradley–Terry
// gives bot i a strength p_i > 0 with P(i beats j) = p_i / (p_i + p_j). The maximum-likelihood
// strengths solve W_i = sum_j N_ij p_i / (p_i + p_j) (W_i: i's wins, N_ij: results between i and
// j), and the MM iteration
//   p_i <- W_i / sum_{j != i} N_ij / (p_i + p_j),   then scaled to a geometric mean of 1,
// climbs the likelihood at every step to them (Hunter, "MM algorithms for generalized
// Bradley–Terry models", Ann. Statist. 32, 2004). Ratings are on the Elo scale:
//   R_i = 1500 + 400 log10(p_i),
// so their mean is 1500, and a difference of D points means i beats j in a share
// 1 / (1 + 10^(-D/400)) of their results (200 points: 76%; 400 points: 91%).
//
// The maximum exists (and is unique) exactly when the graph "i beat j at least once" is
// strongly connected: every split of the bots into two groups has a result each way. Otherwise
// (a bot that never won, or never lost, a result) some strength runs to 0 or infinity, and no
// ratings are given.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace catan::lab {

inline constexpr double kRatingMean = 1500;

// The ratings of the bots, given beats[i][j] = how often bot i beat bot j (a square matrix; the
// diagonal is ignored). nullopt when there are fewer than two bots or the maximum-likelihood fit
// does not exist (see above). Iterates until no rating moves by more than 1e-9 points (at most
// 100000 iterations); the result depends on the counts alone.
std::optional<std::vector<double>> bradley_terry_ratings(
    const std::vector<std::vector<std::uint64_t>>& beats);

}  // namespace catan::lab
