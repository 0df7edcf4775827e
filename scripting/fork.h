#pragma once
// The scripting layer's Forker (engine/fork.h). A copy cannot share the game's Lua state: the
// decision being asked is a call inside a pack's handler, and Lua cannot copy a suspended
// call. So a fork is made by re-execution: a second Session with the same packs (made on first
// use, then reused) plays the same game, feeding back the decisions taken so far, which brings it
// to the same state with the same decision being asked, exactly (games are pure functions of
// their inputs and decisions); there the copy's streams are reseeded and the request's agents
// take over. The cost is that of replaying the game so far (docs/performance.md).
//
// Pack storage must be plain data (tables, strings, numbers, booleans): a fork checks it first,
// so that a pack whose state could not be copied is named at once.

#include <memory>
#include <string>

#include "engine/fork.h"
#include "engine/replay.h"
#include "scripting/session.h"

struct lua_State;

namespace catan::scripting {

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
  engine::Replay prefix_;          // the decisions taken so far (reused buffer)
};

// Throws std::runtime_error "pack 'P': storage key 'a.b' holds a function; storage must be plain
// data (...)" for the first value of a pack's storage (the Lua table at `index`) that is not
// plain data. Tables may nest, repeat and be keys. A table's metatable is not checked (it is a
// constant of the pack, made when its scripts load); its contents are, read raw. The board lists
// the kernel hands out (board.adjacency and the others) are fixed data and not walked.
void check_plain_storage(lua_State* L, int index, const std::string& pack);

}  // namespace catan::scripting
