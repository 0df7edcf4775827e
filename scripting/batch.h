#pragma once
// Batches of games on one Session, and their signature (in the spirit of Stockfish's `bench`):
// a hash over every game's outcome, in order. Any change in game behaviour moves it; a test pins
// the signature of a fixed batch.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scripting/session.h"

namespace catan::scripting {

struct BatchReport {
  std::uint64_t signature = 0;  // FNV-1a over (winner, turns, decisions, digest) of each game;
                                // a failed game contributes its error text instead
  int games = 0;
  int failures = 0;
  int games_with_winner = 0;
  std::vector<int> wins_by_seat;
  std::uint64_t decisions = 0;
  std::uint64_t turns = 0;
  double seconds = 0;         // wall time
  std::string first_failure;  // "game N: error" of the first failed game
};

// Plays game indices 0..games-1 of config.seed (config.game_index is ignored). `each`, when set,
// sees every game's index and result as it finishes (progress reports, saving failed replays):
// a failed game's replay is complete, a game that ended well records no decisions
// (GameConfig::record_decisions is off; GameResult::decisions counts them).
BatchReport play_batch(Session& session, GameConfig config, int games,
                       const std::function<void(int, const GameResult&)>& each = {});

}  // namespace catan::scripting
