#include "lab/game_record.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

namespace catan::lab {

namespace {

constexpr std::string_view kStatsPrefix = "stats.";
constexpr std::string_view kDicePrefix = "dice_histogram.";

// The value as an integer: integers as they are, booleans as 0/1, floats only when integral.
std::optional<std::int64_t> as_integer(const engine::Value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* b = std::get_if<bool>(&v)) return *b ? 1 : 0;
  if (const auto* d = std::get_if<double>(&v)) {
    if (std::isfinite(*d) && std::floor(*d) == *d && std::fabs(*d) < 9.0e15)
      return static_cast<std::int64_t>(*d);
  }
  return std::nullopt;
}

}  // namespace

GameRecord make_record(const scripting::GameResult& result, std::uint64_t index, int first_player) {
  GameRecord r;
  r.index = index;
  r.ok = result.ok;
  r.error = result.error;
  r.winner = result.winner.value_or(-1);
  r.first_player = first_player;
  r.turns = result.turns;
  r.rounds = result.rounds;
  r.decisions = static_cast<std::size_t>(result.decisions);
  for (const auto& [key, value] : result.properties) {
    const std::string_view k = key;
    if (k.starts_with(kStatsPrefix)) {
      const auto n = as_integer(value);
      if (n)
        r.stats.emplace_back(key.substr(kStatsPrefix.size()), *n);
      else
        r.ignored.push_back(key);
    } else if (k.starts_with(kDicePrefix)) {
      const auto rest = k.substr(kDicePrefix.size());
      int total = 0;
      const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), total);
      const auto n = as_integer(value);
      if (ec == std::errc() && end == rest.data() + rest.size() && n)
        r.dice.emplace_back(total, *n);
    }
  }
  r.seat_props.resize(result.players.size());
  for (std::size_t seat = 0; seat < result.players.size(); ++seat) {
    for (const auto& [key, value] : result.players[seat].properties) {
      if (const auto n = as_integer(value)) r.seat_props[seat].emplace_back(key, *n);
    }
  }
  return r;
}

}  // namespace catan::lab
