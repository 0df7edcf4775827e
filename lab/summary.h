// The derived figures of one configuration's totals: win rates with 95% Wilson intervals,
// first-player advantage, balance score and win rate per bot kind. Computed from an Aggregate
// alone, so a merged result gives the same figures as a single run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lab/aggregate.h"
#include "lab/wilson.h"

namespace catan::lab {

struct Rate {
  std::uint64_t x = 0;  // successes
  std::uint64_t n = 0;  // trials
  double value = 0;     // x / n (0 when n == 0)
  Interval ci;          // 95% Wilson interval
};

Rate make_rate(std::uint64_t x, std::uint64_t n);

struct ConfigSummary {
  // Per seat: wins / finished games.
  std::vector<Rate> seat_win;
  // Per turn-order position (0 = the first player): wins / finished games.
  std::vector<Rate> position_win;
  // The first player's win rate, and that rate minus the fair share 1 / players.
  Rate first_player_win;
  double first_player_advantage = 0;
  // 1 minus the largest gap between two seats' win rates (1 = perfectly even); the same over
  // turn-order positions.
  double balance_score = 1;
  double position_balance_score = 1;
  // Per agent name, in order of first seat: wins of its seats / (finished games x its seats).
  // Seats of one game are not independent trials, so the interval is approximate.
  std::vector<std::pair<std::string, Rate>> bot_win;
  // Finished games without a winner.
  Rate no_winner;
  // The player property the lab treats as points: the declared score property when some game
  // set it, else "".
  std::string points;
};

// `score` is the score property the configuration's packs declare (ConfigInfo::declared; ""
// when none, and then `points` stays empty).
ConfigSummary summarize(const Aggregate& totals, const std::vector<std::string>& bots,
                        const std::string& score = "");

// One bot's results over the finished games it sat in (Aggregate::bots).
struct BotResult {
  std::string bot;
  std::uint64_t games = 0;       // finished games it sat in
  std::uint64_t seat_games = 0;  // seats it held, summed over those games
  // Wins / seat_games with a 95% Wilson interval: comparable with the fair share 1 / players.
  // For a bot holding several seats of a game, the seats are not independent trials and the
  // interval is approximate.
  Rate win;
  // Elo-style rating (lab/rating.h); set only when more than two bots took part and the fit
  // exists.
  std::optional<double> rating;
};

// Per bot, in order of first seat in `bots` (then any other bot, by name); empty when the
// totals have no per-bot counts.
std::vector<BotResult> bot_results(const Aggregate& totals, const std::vector<std::string>& bots);

// Bins the reports group the points distribution into (text, JSON results and HTML alike).
constexpr std::size_t kPointsBins = 30;

// The end-of-game distribution of the points property pooled over the seats of one agent name.
struct PointsGroup {
  std::string bot;
  std::vector<int> seats;  // 1-based, ascending
  Distribution points;     // every seat's distribution merged (exact, like the seats')
};

// One group per agent name, in order of first seat; empty when `property` was never set. With
// `rotated` seats, a bot played every seat: its group lists them all and holds its own values
// (Aggregate::bot_points), not its first seats'.
std::vector<PointsGroup> points_by_bot(const Aggregate& totals,
                                       const std::vector<std::string>& bots,
                                       const std::string& property, bool rotated = false);

// One player property's end values per bot (Aggregate::bot_player), the bots in bot_results
// order.
struct PropertyByBot {
  std::string property;
  std::vector<std::pair<std::string, Distribution>> bots;
};

// Every player property per bot, by property name; empty unless the run seats more than one
// distinct bot (`bots` filled up to `players` seats), since one bot's values are every seat's.
// Whether seats were rotated or fixed, a bot's values are those of every seat it held.
std::vector<PropertyByBot> player_by_bot(const Aggregate& totals,
                                         const std::vector<std::string>& bots, int players);

}  // namespace catan::lab
