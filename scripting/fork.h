#pragma once
// The scripting layer's Forker (engine/fork.h). A copy cannot share the game's Lua state: the
// decision being asked is a call inside a pack's handler, and Lua cannot copy a suspended
// call. So a copy is a second Session with the same packs (made on first use, then reused) that
// re-executes the game: fed the decisions taken so far, it reaches the same state with the same
// decision being asked, exactly (games are pure functions of their inputs and decisions); there
// the copy's streams are reseeded and the request's agents take over.
//
// Re-executing from the game's start would make a fork cost the game so far. Instead the copy
// keeps a checkpoint: as it passes the start of the turn being played (no Lua call is under way
// there), it saves the kernel state and every pack's storage (scripting/storage_snapshot.h). The
// next fork of the same game puts them back and re-executes only the decisions since that turn
// began, so a fork costs the current turn and the restore, not the game
// (docs/performance.md, "Forks"). A checkpoint serves every later fork of the same game: one of
// a later turn re-executes from it to the new turn's start and checkpoints there.
//
// This is exact because a pack's game state is in the kernel and in its storage only: its
// globals are checked unchanged at every game's end, and `catan check` fails a game whose locals
// change (scripting/local_state_check.h). Pack storage must be plain data (tables, strings,
// numbers, booleans): a fork checks it once per turn, so that a pack whose state could not be
// copied is named at once.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/replay.h"
#include "scripting/session.h"
#include "scripting/storage_snapshot.h"

struct lua_State;

namespace catan::scripting {

// Where a fork of a game is made: the game (Session::Impl::game_serial of the forking session)
// and the start of the turn being played there (its turn number before it began and the
// decisions taken by then; turn -1 while the game has not reached its first turn).
struct ForkPoint {
  std::uint64_t game = 0;
  int turn = -1;
  std::size_t decisions = 0;
  bool operator==(const ForkPoint&) const = default;
};

class Forks final : public engine::Forker {
 public:
  // Forks of the game `game` plays; `depth` is the number of forks `game` itself is inside.
  Forks(Session::Impl& game, int depth) : game_(game), depth_(depth) {}
  ~Forks() override;
  Forks(const Forks&) = delete;
  Forks& operator=(const Forks&) = delete;

  static constexpr int kMaxDepth = 3;  // forks of forks of forks, no deeper

  engine::ForkResult fork(const engine::ForkRequest& request) override;

 private:
  Session::Impl& game_;
  int depth_ = 0;
  std::unique_ptr<Session> copy_;  // plays every fork of this game
  engine::Replay prefix_;          // the decisions taken so far in game `prefix_game_`
  std::uint64_t prefix_game_ = 0;
  ForkPoint checked_;  // the turn whose storage was last checked to be plain data
};

// Forks and checkpoints: the part of a Session (scripting/session_impl.h) that serves the forks
// of its games and, while it plays a fork, the request, the checkpoint and the digests.
// Implemented by Session::Impl's fork methods (fork.cpp) and by Forks above.
// Invariants: fork_depth is 0 in a real game and counts the forks a copy is inside; fork_request
// is non-null exactly while this Session plays a fork; checkpoint is valid only for the
// environments of load_serial it was taken with.
struct ForkState {
  // Serves the decisions of this Session's games (made on first use).
  std::unique_ptr<Forks> forks;
  int fork_depth = 0;
  // While this Session plays a fork: the request (null otherwise), the turn after which the
  // copy stops (-1: none) and whether it stopped there.
  const engine::ForkRequest* fork_request = nullptr;
  int fork_stop_turn = -1;
  bool fork_stopped = false;

  // game_serial changes with every game this Session plays or resumes, load_serial with every
  // load_game; turn_mark is the start of the turn being played.
  std::uint64_t game_serial = 0;
  std::uint64_t load_serial = 0;
  struct TurnMark {
    int turn = -1;  // state.turn before the turn began (-1: before the first turn)
    std::size_t decisions = 0;
  };
  TurnMark turn_mark;
  // While this Session plays a fork: where it was forked (the checkpoint to take on the way).
  ForkPoint fork_point;
  // A copy's state at fork_point's turn start, for the next fork of the same game.
  struct Checkpoint {
    ForkPoint at;              // the fork point it was taken for
    std::uint64_t loaded = 0;  // load_serial then: the environments and handlers it belongs to
    engine::GameState state;   // without its option_ids and decision_kinds (kept, see restore)
    StorageSnapshot storage;
    bool valid = false;
  };
  Checkpoint checkpoint;
  // With ForkRequest::fingerprint: the digests of the kernel and of every pack's storage at the
  // fork point (start_fork), for ForkResult.
  std::uint64_t fork_digest = 0;
  std::uint64_t fork_storage_digest = 0;
  std::size_t fork_replayed = 0;  // decisions fed back by the last fork (ForkResult::replayed)
};

// Throws std::runtime_error "pack 'P': storage key 'a.b' holds a function; storage must be plain
// data (...)" for the first value of a pack's storage (the Lua table at `index`) that is not
// plain data. Tables may nest, repeat and be keys. A table's metatable is not checked (it is a
// constant of the pack, made when its scripts load); its contents are, read raw. The board lists
// the kernel hands out (board.adjacency and the others) are fixed data and not walked.
void check_plain_storage(lua_State* L, int index, const std::string& pack);

}  // namespace catan::scripting
