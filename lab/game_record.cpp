#include "lab/game_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "lab/moments.h"

namespace catan::lab {

namespace {

constexpr std::string_view kStatsPrefix = "stats.";

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

// K when `key` is h.prefix + K for a decimal integer K in h.from..h.to.
std::optional<int> histogram_key(std::string_view key, const packs::HistogramSpec& h) {
  if (!key.starts_with(h.prefix)) return std::nullopt;
  const auto rest = key.substr(h.prefix.size());
  int k = 0;
  const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), k);
  if (ec != std::errc() || end != rest.data() + rest.size() || k < h.from || k > h.to)
    return std::nullopt;
  return k;
}

}  // namespace

GameRecord make_record(const scripting::GameResult& result, std::uint64_t index, int first_player,
                       const packs::MeasureSpec& declared) {
  GameRecord r;
  r.index = index;
  r.ok = result.ok;
  r.error = result.error;
  r.winner = result.winner.value_or(-1);
  r.first_player = first_player;
  r.turns = result.turns;
  r.rounds = result.rounds;
  r.decisions = static_cast<std::size_t>(result.decisions);
  r.score = declared.score;
  for (const auto& h : declared.histograms) r.histograms.push_back({h.name, {}});
  for (const auto& [key, value] : result.properties) {
    const std::string_view k = key;
    if (k.starts_with(kStatsPrefix)) {
      const auto n = as_integer(value);
      if (n)
        r.stats.emplace_back(key.substr(kStatsPrefix.size()), *n);
      else
        r.ignored.push_back(key);
    }
    for (std::size_t i = 0; i < declared.histograms.size(); ++i) {
      const auto at = histogram_key(k, declared.histograms[i]);
      const auto n = at ? as_integer(value) : std::nullopt;
      if (n) r.histograms[i].counts.emplace_back(*at, *n);
    }
  }
  for (auto& h : r.histograms) std::sort(h.counts.begin(), h.counts.end());
  r.seat_props.resize(result.players.size());
  for (std::size_t seat = 0; seat < result.players.size(); ++seat) {
    for (const auto& [key, value] : result.players[seat].properties) {
      if (const auto n = as_integer(value)) r.seat_props[seat].emplace_back(key, *n);
    }
  }
  return r;
}

static_assert(std::numeric_limits<int>::max() <= kMaxLabValue,
              "turns, rounds and decisions (ints) are within the lab's limit");

namespace {

bool beyond_limit(std::int64_t v) {
  return v > kMaxLabValue || v < -kMaxLabValue;
}

}  // namespace

std::optional<std::string> out_of_range(const GameRecord& r, const packs::MeasureSpec& declared) {
  for (const auto& [name, value] : r.stats)
    if (beyond_limit(value)) return fmt::format("{}{} to {}", kStatsPrefix, name, value);
  for (std::size_t i = 0; i < r.histograms.size(); ++i)
    for (const auto& [key, value] : r.histograms[i].counts)
      if (beyond_limit(value)) {
        const std::string prefix =
            i < declared.histograms.size() ? declared.histograms[i].prefix : "";
        return fmt::format("{}{} to {}", prefix, key, value);
      }
  for (std::size_t seat = 0; seat < r.seat_props.size(); ++seat)
    for (const auto& [name, value] : r.seat_props[seat])
      if (beyond_limit(value))
        return fmt::format("player property '{}' of seat {} to {}", name, seat + 1, value);
  return std::nullopt;
}

std::string out_of_range_error(std::uint64_t index, std::size_t config, const std::string& what) {
  return fmt::format(
      "{}game {} under configuration {} set {}, above the lab's limit of 2^31 in "
      "magnitude",
      kOutOfRangePrefix, index, config, what);
}

}  // namespace catan::lab
