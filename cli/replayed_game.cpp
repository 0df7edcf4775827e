#include "cli/replayed_game.h"

#include "cli/replay_packs.h"
#include "engine/file_io.h"

namespace catan::cli {

namespace {

packs::PackSearch replay_search(const SearchOptions& options, const engine::Replay& replay) {
  auto search = options.make();
  add_recorded_folders(search, replay);
  return search;
}

}  // namespace

ReplayedGame::ReplayedGame(const std::string& file, const SearchOptions& search,
                           const LimitOptions& limits, std::ostream* warnings)
    : replay_(engine::load_replay(file)),
      search_(replay_search(search, replay_)),
      session_(search_, replay_.requested, replay_.options, limits.make()) {
  if (!warnings) return;
  for (const auto& warning : replay_pack_warnings(replay_, session_.packs()))
    *warnings << engine::terminal_safe(warning) << '\n';
}

}  // namespace catan::cli
