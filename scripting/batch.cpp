#include "scripting/batch.h"

#include <chrono>

#include <fmt/format.h>

namespace catan::scripting {

namespace {
void mix(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
}
}  // namespace

BatchReport play_batch(Session& session, GameConfig config, int games,
                       const std::function<void(int, const GameResult&)>& each) {
  const auto start = std::chrono::steady_clock::now();
  BatchReport report;
  report.signature = 0xcbf29ce484222325ULL;
  report.wins_by_seat.assign(static_cast<std::size_t>(std::max(config.players, 0)), 0);
  config.record_decisions = false;
  for (int g = 0; g < games; ++g) {
    config.game_index = static_cast<std::uint64_t>(g);
    const auto r = session.play(config);
    ++report.games;
    report.decisions += static_cast<std::uint64_t>(r.decisions);
    report.turns += static_cast<std::uint64_t>(r.turns);
    if (!r.ok) {
      ++report.failures;
      if (report.first_failure.empty())
        report.first_failure = fmt::format("game {}: {}", g, r.error);
      for (char c : r.error) mix(report.signature, static_cast<unsigned char>(c));
    } else {
      if (r.winner) {
        ++report.games_with_winner;
        ++report.wins_by_seat[static_cast<std::size_t>(*r.winner)];
      }
      mix(report.signature, static_cast<std::uint64_t>(r.winner.value_or(-1) + 1));
      mix(report.signature, static_cast<std::uint64_t>(r.turns));
      mix(report.signature, static_cast<std::uint64_t>(r.decisions));
      mix(report.signature, r.digest);
    }
    if (each) each(g, r);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace catan::scripting
