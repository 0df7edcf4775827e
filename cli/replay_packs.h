// Finding the packs a replay names, wherever it is replayed from: by name on the search path
// first, then at the folder the replay recorded (a hint, for packs outside the search path), and
// warning when a loaded pack's version or content differs from the recorded one.
#pragma once

#include <string>
#include <vector>

#include "engine/replay.h"
#include "scripting/manifest.h"
#include "scripting/pack_search.h"

namespace catan::cli {

// Adds to `search`, after everything it already searches, the parent of each recorded pack
// folder whose pack the search does not find by name (when the folder still holds a pack.json): a
// replay then loads by name from anywhere, also packs outside the search path.
void add_recorded_folders(packs::PackSearch& search, const engine::Replay& replay);

// One line per recorded pack that is not loaded, has another version, or whose content hash
// differs ("catan: warning: ..."), in recorded order; empty when everything matches.
std::vector<std::string> replay_pack_warnings(const engine::Replay& replay,
                                              const std::vector<const packs::Manifest*>& loaded);

}  // namespace catan::cli
