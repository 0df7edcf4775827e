#include "cli/replay_packs.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "engine/replay.h"
#include "scripting/pack_hash.h"

namespace catan::cli {

void add_recorded_folders(packs::PackSearch& search, const engine::Replay& replay) {
  for (const auto& ref : replay.loaded) {
    if (ref.path.empty() || search.find_name(ref.name) != nullptr) continue;
    const std::filesystem::path folder(ref.path);
    std::error_code ec;
    if (std::filesystem::exists(folder / "pack.json", ec)) search.add_dir(folder.parent_path());
  }
}

std::vector<std::string> replay_pack_warnings(const engine::Replay& replay,
                                              const std::vector<const packs::Manifest*>& loaded) {
  std::vector<std::string> warnings;
  for (const auto& ref : replay.loaded) {
    const auto it = std::find_if(loaded.begin(), loaded.end(),
                                 [&](const packs::Manifest* m) { return m->name == ref.name; });
    if (it == loaded.end()) {
      warnings.push_back(fmt::format(
          "catan: warning: the replay was recorded with pack '{}' {}, which is not loaded",
          ref.name, ref.version));
    } else if ((*it)->version != ref.version) {
      warnings.push_back(
          fmt::format("catan: warning: pack '{}' is version {}, the replay was recorded with {}",
                      ref.name, (*it)->version, ref.version));
    } else if (!ref.hash.empty()) {
      const std::string hash = packs::content_hash(**it);
      if (hash != ref.hash)
        warnings.push_back(fmt::format(
            "catan: warning: pack '{}' {} at {} differs from the one the replay was recorded "
            "with (content hash {}, recorded {}): the replay may diverge",
            ref.name, ref.version, (*it)->dir.string(), hash, ref.hash));
    }
  }
  return warnings;
}

engine::Replay load_resumed_game(const std::string& path, const GameOptions& game) {
  if (!game.packs.empty() || !game.rules.empty() || !game.variants.empty())
    throw UsageError("--resume plays the packs the saved game names: give no packs with it");
  return engine::load_replay(path);
}

std::unique_ptr<scripting::Session> open_game_session(packs::PackSearch& search,
                                                      const GameOptions& game,
                                                      const engine::Replay* saved,
                                                      lua::Limits limits) {
  if (saved == nullptr)
    return std::make_unique<scripting::Session>(search, game.requested(), game.options,
                                                std::move(limits));
  add_recorded_folders(search, *saved);
  auto session = std::make_unique<scripting::Session>(search, saved->requested, saved->options,
                                                      std::move(limits));
  for (const auto& warning : replay_pack_warnings(*saved, session->packs()))
    std::cerr << engine::terminal_safe(warning) << '\n';
  return session;
}

}  // namespace catan::cli
