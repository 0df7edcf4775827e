// Finding the packs a replay names, wherever it is replayed from: by name on the search path
// first, then at the folder the replay recorded (a hint, for packs outside the search path), and
// warning when a loaded pack's version or content differs from the recorded one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/common.h"
#include "engine/replay.h"
#include "scripting/manifest.h"
#include "scripting/pack_search.h"
#include "scripting/session.h"

namespace catan::cli {

// Adds to `search`, after everything it already searches, the parent of each recorded pack
// folder whose pack the search does not find by name (when the folder still holds a pack.json): a
// replay then loads by name from anywhere, also packs outside the search path.
void add_recorded_folders(packs::PackSearch& search, const engine::Replay& replay);

// One line per recorded pack that is not loaded, has another version, or whose content hash
// differs ("catan: warning: ..."), in recorded order; empty when everything matches.
std::vector<std::string> replay_pack_warnings(const engine::Replay& replay,
                                              const std::vector<const packs::Manifest*>& loaded);

// A game played on (--resume FILE of play and serve): the replay in `path`. Throws UsageError
// when `game` names packs too (the saved game names its own), and what load_replay throws.
engine::Replay load_resumed_game(const std::string& path, const GameOptions& game);

// The session a game is played in: with `saved`, its packs and options (its recorded pack folders
// searched too, and a warning on stderr for each pack that changed since); else `game`'s.
// `search` must outlive the session.
std::unique_ptr<scripting::Session> open_game_session(packs::PackSearch& search,
                                                      const GameOptions& game,
                                                      const engine::Replay* saved,
                                                      lua::Limits limits);

}  // namespace catan::cli
