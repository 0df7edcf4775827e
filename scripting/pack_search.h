// Finding rule packs by name or path across an ordered list of pack directories.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scripting/manifest.h"

namespace catan::packs {

// An ordered list of directories that hold pack directories (any direct subdirectory with a
// pack.json). Directories are searched in the order added and, inside one directory, in
// alphabetical order of subdirectory name; the first valid pack with a given name wins and every
// later pack of that name is recorded as shadowed. Manifests are loaded lazily on the first
// find()/all() and cached: every returned pointer or reference stays valid for the lifetime of the
// PackSearch (also across moves). Not thread-safe.
class PackSearch {
 public:
  // A pack that was found but hidden by an earlier pack of the same name.
  struct Shadowed {
    std::string name;
    std::filesystem::path dir;         // the hidden pack's directory
    std::filesystem::path winner_dir;  // the directory of the pack that is used instead
  };

  // Appends a search directory (stored canonical). Nonexistent paths, non-directories and
  // directories already in the list are ignored. May be called after lookups; the new directory
  // then ranks after every earlier one.
  void add_dir(std::filesystem::path dir);

  // The standard search list: cli_dirs (from --pack-path), then every non-empty entry of the
  // ':'-separated CATAN_PACK_PATH environment variable, then builtin_dirs (rules/, variants/,
  // examples/).
  static PackSearch standard(const std::vector<std::filesystem::path>& cli_dirs,
                             const std::vector<std::filesystem::path>& builtin_dirs);

  // The search directories in search order, canonical.
  const std::vector<std::filesystem::path>& dirs() const { return dirs_; }

  // A reference is a path to a pack directory if it contains '/' or starts with '.', otherwise a
  // pack name. A path is loaded directly (whether or not it lies in a search directory) and never
  // registered under its name for later name lookups. Throws PackError: the manifest's own error
  // for a broken pack (by path, or by name when a pack directory of that name failed to load), or
  //   "unknown pack 'bsae' (did you mean 'base'?); searched: /dir1, /dir2".
  const Manifest& find(std::string_view ref);

  // The winning pack named `name`, or nullptr. Never throws for missing or broken packs.
  const Manifest* find_name(std::string_view name);

  // Why find_name(name) returned nullptr, as the end of a sentence about that pack:
  // "failed to load: <manifest error>" when a pack directory called `name` (or a manifest naming
  // itself `name`) is broken, else "not found (did you mean 'base'?; searched: /dir1, /dir2)".
  std::string explain_missing(std::string_view name);

  // Every winning pack in all search directories, sorted by name. Broken packs are skipped and
  // reported through errors().
  std::vector<const Manifest*> all();

  // One line per pack directory whose manifest failed to load while scanning (scanning happens on
  // the first find-by-name, find_name, explain_missing or all()), in search order.
  const std::vector<std::string>& errors() const { return errors_; }

  // Packs hidden by an earlier pack of the same name, in search order (filled while scanning).
  const std::vector<Shadowed>& shadowed() const { return shadowed_; }

 private:
  struct Failure {
    std::filesystem::path dir;
    std::string message;
  };

  void scan();
  const Manifest& load(const std::filesystem::path& canonical_dir);
  const Failure* failure_for(std::string_view name) const;
  std::string searched() const;

  std::vector<std::filesystem::path> dirs_;
  std::size_t scanned_ = 0;  // dirs_[0, scanned_) have been scanned
  std::vector<std::unique_ptr<Manifest>> owned_;
  std::map<std::string, const Manifest*, std::less<>> by_name_;  // winners only
  std::map<std::filesystem::path, const Manifest*> by_dir_;      // every loaded pack
  std::vector<Failure> failures_;
  std::vector<std::string> errors_;
  std::vector<Shadowed> shadowed_;
};

}  // namespace catan::packs
