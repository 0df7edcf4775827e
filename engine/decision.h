#pragma once
// Decisions: a rule asks one player to pick one of several options; that player's agent answers.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace catan::engine {

class Forker;
class SeatView;

// One question put to a player. Options are numbered 0..count-1; the agent answers an index.
// Every option has an id: a short string, unique within the decision and the same in every run
// for the same state (e.g. "build:city"), and a label, the text people see. Reading either may
// make the option (a rule may offer a long list whose entries are made on demand), so an agent
// asks only for what it needs: the random agent reads neither.
struct Decision {
  int player = 0;         // 0-based seat
  std::string_view kind;  // what is being decided, e.g. "race.move" (for agents, logs, replays)
  int count = 0;          // number of options, >= 1
  // Option i's id and its text for people; either may be null (then ids are "1", "2", ... and
  // labels are the ids). Both may throw (an option without an id, an error in pack code).
  std::string (*identify)(const void* context, int option) = nullptr;
  std::string (*describe)(const void* context, int option) = nullptr;
  const void* context = nullptr;
  // Forks the game at this decision (engine/fork.h), for agents that look ahead; null where the
  // game cannot be forked (while a replay feeds back recorded answers).
  Forker* forker = nullptr;
  // The game as the deciding seat may see it (engine/seat_view.h), for native agents; null
  // where not given. Agents never reach the game's whole state.
  const SeatView* view = nullptr;

  std::string id(int option) const {
    return identify ? identify(context, option) : std::to_string(option + 1);
  }
  std::string label(int option) const { return describe ? describe(context, option) : id(option); }
};

// The bounds of an option id: 1..kMaxOptionIdBytes bytes, each printable ASCII (space to '~'),
// so that ids read the same in a terminal, a log and a JSON replay.
inline constexpr std::size_t kMaxOptionIdBytes = 200;
// Empty when `id` is a valid option id, else what is wrong with it ("is empty", "is 300 bytes,
// over the limit of 200", "holds byte 0x0a at 5").
std::string option_id_problem(std::string_view id);

// A record of one answered decision, as kept in the game's decision log and in replays.
struct DecisionRecord {
  int player = 0;
  int kind = 0;  // id in the game's decision-kind NameTable
  int count = 0;
  int choice = 0;  // 0-based
  int option = 0;  // the chosen option's id, as an id in the game's option-id NameTable
};

}  // namespace catan::engine
