#pragma once
// Forks: a game in progress, copied at the decision being asked into an independent game that
// agents the caller chooses play on, while the original stays untouched (its digest and later
// decisions are those it would have had without the fork). This is the kernel contract for
// lookahead: search agents fork the game, play the copies out and compare the outcomes.
//
// A fork is reachable from a decision (Decision::forker) while the seat's agent chooses, and
// from Lua as game.fork (docs/lua-api.md). From the fork point on, the copy's game random stream
// is Rng::for_stream(seed, 0, 0) and its agents' streams are Rng::for_stream(seed, 0, 1 + seat),
// so nothing searching a copy learns the real game's coming dice or deck order.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catan::engine {

class Agent;
struct Decision;
struct GameState;

struct ForkRequest {
  std::uint64_t seed = 0;  // the copy's random streams (above)
  // Agent name per seat ("random" or an agent a loaded pack registers; missing seats are
  // "random"); a non-null entry of agent_objects wins for its seat.
  std::vector<std::string> agents;
  std::vector<std::shared_ptr<Agent>> agent_objects;
  // Turns the copy plays after the turn of the fork point before it stops (-1: to the game's
  // end). Stopping after 0 turns finishes only the turn being played.
  int turns = -1;
  // When set, the copy is the game as this seat (0-based) sees it: what the seat cannot see is
  // replaced by a random arrangement consistent with what it can (engine/visibility.h), drawn
  // from the copy's game stream. Unset: the copy knows everything the game does.
  std::optional<int> seen_by;
  // When set, asked first at every decision of the copy after the fork point (the decision
  // being asked included): it returns an option index to answer the decision itself (a search's
  // tree policy), or -1 to leave it to the seat's agent. An index out of range fails the copy.
  std::function<int(const Decision&)> steer;
  // Re-execute the game from its start instead of from the copy's checkpoint at the start of the
  // turn (scripting/fork.h). The copy is the same either way; tests compare the two.
  bool from_start = false;
  // Fill ForkResult::fork_digest and fork_storage_digest (tests comparing forks).
  bool fingerprint = false;
  // When set, scores a copy that has not ended (ForkResult::scores) instead of the packs'
  // evaluator: each seat's chance in [0, 1] (a learned evaluation, search/value_model.h).
  std::function<std::vector<double>(const GameState&)> evaluate;
  // When true (and `evaluate` is unset), a copy that has not ended is scored by the seats'
  // score shares even when a pack registers an evaluator (ForkResult::scores).
  bool score_share = false;
};

struct ForkResult {
  bool ok = true;             // false when the copy failed (a script or agent error); see `error`
  std::string error;          // one line
  bool over = false;          // the copy reached the game's end (false when stopped by `turns`)
  std::optional<int> winner;  // 0-based seat
  std::string reason;         // the end reason, or "fork stopped after N turns"
  int turns = 0;              // the copy's turn number when it stopped
  std::uint64_t digest = 0;   // GameState::digest() of the copy when it stopped
  // With ForkRequest::fingerprint: the copy at the fork point, once the game so far was fed back
  // and before the redeal: GameState::digest() and a digest of every pack's storage.
  std::uint64_t fork_digest = 0;
  std::uint64_t fork_storage_digest = 0;
  // Decisions the copy fed back to reach the fork point: those since its checkpoint at the
  // start of the turn, or all the game's when it re-executed the game from its start.
  std::size_t replayed = 0;
  // Each seat's score of the copy's outcome, in [0, 1], for comparing outcomes: 1 for the winner
  // and 0 for the others when the game ended (1 / players each when it ended without a winner);
  // otherwise what ForkRequest::evaluate says when set, else what the packs' evaluator says
  // (game.evaluator) unless ForkRequest::score_share, else the seat's share of the
  // score property the packs declare (pack.json "score"; its value over the sum of all seats',
  // 1 / players each when the sum is 0 or no pack declares one). Empty when not ok.
  std::vector<double> scores;
  // The copy's state when it stopped, for evaluating it: valid until the next fork made by the
  // same Forker, and never null when ok.
  const GameState* state = nullptr;
};

// Makes forks of one game at its current decision. Implemented by the scripting layer.
class Forker {
 public:
  virtual ~Forker() = default;
  // Copies the game at the decision being asked and plays the copy as `request` says. Never
  // throws for errors of the copy (ForkResult::ok); throws std::runtime_error with one line when
  // the game cannot be forked (pack storage that is not plain data, forks nested too deep).
  virtual ForkResult fork(const ForkRequest& request) = 0;
};

}  // namespace catan::engine
