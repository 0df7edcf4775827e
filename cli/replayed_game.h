// A saved game opened to be played again (catan replay, catan view, the lab's sample pages): the
// replay read from its file, the packs it names found as replay_packs.h finds them, and a
// Session with its packs and options loaded.
#pragma once

#include <ostream>
#include <string>

#include "cli/common.h"
#include "engine/replay.h"
#include "scripting/pack_search.h"
#include "scripting/session.h"

namespace catan::cli {

class ReplayedGame {
 public:
  // Reads `file` (engine::load_replay) and loads its packs; writes a line to `warnings`, when
  // set, for each pack that changed since the game was played (replay_pack_warnings), since the
  // replay may diverge for any of these reasons alone. Throws what load_replay and Session throw.
  ReplayedGame(const std::string& file, const SearchOptions& search, const LimitOptions& limits,
               std::ostream* warnings);
  ReplayedGame(const ReplayedGame&) = delete;
  ReplayedGame& operator=(const ReplayedGame&) = delete;

  const engine::Replay& replay() const { return replay_; }
  scripting::Session& session() { return session_; }

 private:
  engine::Replay replay_;
  packs::PackSearch search_;  // the session's; declared before it
  scripting::Session session_;
};

}  // namespace catan::cli
