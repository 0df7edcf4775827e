#include "scripting/pack_search.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "scripting/pack_suggest.h"

namespace catan::packs {

namespace fs = std::filesystem;

void PackSearch::add_dir(fs::path dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  fs::path canonical = fs::canonical(dir, ec);
  if (ec) return;
  if (std::find(dirs_.begin(), dirs_.end(), canonical) != dirs_.end()) return;
  dirs_.push_back(std::move(canonical));
}

PackSearch PackSearch::standard(const std::vector<fs::path>& cli_dirs,
                                const std::vector<fs::path>& builtin_dirs) {
  PackSearch search;
  for (const fs::path& dir : cli_dirs) search.add_dir(dir);
  if (const char* env = std::getenv("CATAN_PACK_PATH")) {
    std::string_view rest(env);
    while (true) {
      const std::size_t colon = rest.find(':');
      const std::string_view item = rest.substr(0, colon);
      if (!item.empty()) search.add_dir(fs::path(item));
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  for (const fs::path& dir : builtin_dirs) search.add_dir(dir);
  return search;
}

const Manifest& PackSearch::load(const fs::path& canonical_dir) {
  if (auto it = by_dir_.find(canonical_dir); it != by_dir_.end()) return *it->second;
  owned_.push_back(std::make_unique<Manifest>(load_manifest(canonical_dir)));
  by_dir_.emplace(canonical_dir, owned_.back().get());
  return *owned_.back();
}

void PackSearch::scan() {
  for (; scanned_ < dirs_.size(); ++scanned_) {
    const fs::path& dir = dirs_[scanned_];
    std::error_code ec;
    if (fs::exists(dir / "pack.json", ec)) {
      errors_.push_back(fmt::format(
          "{}: is itself a pack directory; the pack path lists directories that contain packs "
          "(use its parent, or load the pack by path)",
          dir.string()));
    }
    std::vector<fs::path> pack_dirs;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code entry_ec;
      if (it->is_directory(entry_ec) && fs::exists(it->path() / "pack.json", entry_ec)) {
        pack_dirs.push_back(it->path());
      }
    }
    if (ec) {
      errors_.push_back(
          fmt::format("{}: cannot list the directory: {}", dir.string(), ec.message()));
    }
    std::sort(pack_dirs.begin(), pack_dirs.end());

    for (const fs::path& pack_dir : pack_dirs) {
      const fs::path canonical = fs::canonical(pack_dir, ec);
      const Manifest* manifest = nullptr;
      try {
        if (ec) throw PackError(fmt::format("{}: {}", pack_dir.string(), ec.message()));
        manifest = &load(canonical);
      } catch (const std::exception& e) {
        // A broken pack (PackError, or any other failure while loading it) only hides that pack:
        // the scan goes on and every other pack stays findable.
        std::string message = e.what();
        // Say where the broken pack lives unless the message already does.
        if (message.find(pack_dir.string()) == std::string::npos &&
            message.find(canonical.string()) == std::string::npos) {
          message += " (in " + pack_dir.string() + ")";
        }
        failures_.push_back(Failure{pack_dir, message});
        errors_.push_back(std::move(message));
        continue;
      }
      auto [winner, inserted] = by_name_.emplace(manifest->name, manifest);
      if (!inserted && winner->second != manifest) {
        shadowed_.push_back(Shadowed{manifest->name, manifest->dir, winner->second->dir});
      }
    }
  }
}

const Manifest* PackSearch::find_name(std::string_view name) {
  scan();
  const auto it = by_name_.find(name);
  if (it == by_name_.end()) return nullptr;
  if (notify_ && notified_.find(name) == notified_.end()) {
    notified_.emplace(name);
    for (const Shadowed& s : shadowed_)
      if (s.name == name) notify_(describe(s));
  }
  return it->second;
}

std::string PackSearch::describe(const Shadowed& s) {
  return fmt::format("pack '{}': using {}; {}, later on the search path, is hidden", s.name,
                     s.winner_dir.string(), s.dir.string());
}

const PackSearch::Failure* PackSearch::failure_for(std::string_view name) const {
  const std::string named = fmt::format("pack '{}':", name);
  for (const Failure& failure : failures_) {
    if (failure.dir.filename() == name || failure.message.starts_with(named)) return &failure;
  }
  return nullptr;
}

std::string PackSearch::searched() const {
  if (dirs_.empty()) return "no pack directories";
  std::string out;
  for (const fs::path& dir : dirs_) {
    if (!out.empty()) out += ", ";
    out += dir.string();
  }
  return out;
}

std::string PackSearch::explain_missing(std::string_view name) {
  scan();
  if (const Failure* failure = failure_for(name)) return "failed to load: " + failure->message;
  std::vector<std::string> names;
  for (const auto& entry : by_name_) names.push_back(entry.first);
  std::string hint;
  if (auto match = closest_match(name, names)) hint = "did you mean '" + *match + "'?; ";
  return "not found (" + hint + "searched: " + searched() + ")";
}

const Manifest& PackSearch::find(std::string_view ref) {
  if (ref.find('/') != std::string_view::npos || ref.starts_with('.')) {
    const fs::path dir{std::string(ref)};
    std::error_code ec;
    const fs::path canonical = fs::canonical(dir, ec);
    if (ec) {
      throw PackError(fmt::format("{}: {}", dir.string(),
                                  fs::exists(dir) ? ec.message() : "no such pack directory"));
    }
    return load(canonical);
  }
  if (const Manifest* manifest = find_name(ref)) return *manifest;
  if (const Failure* failure = failure_for(ref)) throw PackError(failure->message);
  std::vector<std::string> names;
  for (const auto& entry : by_name_) names.push_back(entry.first);
  throw PackError(
      fmt::format("unknown pack '{}'{}; searched: {}", ref, did_you_mean(ref, names), searched()));
}

std::vector<const Manifest*> PackSearch::all() {
  scan();
  std::vector<const Manifest*> out;
  out.reserve(by_name_.size());
  for (const auto& entry : by_name_) out.push_back(entry.second);
  return out;
}

}  // namespace catan::packs
