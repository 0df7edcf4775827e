#pragma once
// Decisions: a rule asks one player to pick one of several options; that player's agent answers.

#include <cstdint>
#include <string>
#include <string_view>

namespace catan::engine {

class Forker;
struct GameState;

// One question put to a player. Options are numbered 0..count-1; the agent answers an index.
struct Decision {
  int player = 0;         // 0-based seat
  std::string_view kind;  // what is being decided, e.g. "race.move" (for agents, logs, replays)
  int count = 0;          // number of options, >= 1
  // Describes option i for people and logs; may be null (then labels are "option i+1").
  std::string (*describe)(const void* context, int option) = nullptr;
  const void* context = nullptr;
  // Forks the game at this decision (engine/fork.h), for agents that look ahead; null where the
  // game cannot be forked (while a replay feeds back recorded answers).
  Forker* forker = nullptr;
  // The game's state, read-only, for native agents; null where not given. It holds what the
  // seat may not see (engine/visibility.h): honest agents read only what it may.
  const GameState* state = nullptr;

  std::string label(int option) const {
    return describe ? describe(context, option) : "option " + std::to_string(option + 1);
  }
};

// A record of one answered decision, as kept in the game's decision log and in replays.
struct DecisionRecord {
  int player = 0;
  int kind = 0;  // id in the game's decision-kind NameTable
  int count = 0;
  int choice = 0;  // 0-based
};

}  // namespace catan::engine
