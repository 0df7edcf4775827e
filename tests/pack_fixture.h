// Test helper: a throw-away directory tree of rule packs, removed when the fixture goes away.
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace catan::packs::testing {

// Owns a fresh, uniquely named directory under the system temp directory. Every path it creates
// lies inside root(); the destructor deletes the whole tree.
class TempPackDir {
 public:
  TempPackDir() {
    static std::atomic<int> counter{0};
    const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    root_ = std::filesystem::temp_directory_path() /
            ("catan-packs-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
             "-" + std::to_string(ticks));
    std::filesystem::create_directories(root_);
    root_ = std::filesystem::canonical(root_);
  }
  ~TempPackDir() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempPackDir(const TempPackDir&) = delete;
  TempPackDir& operator=(const TempPackDir&) = delete;

  const std::filesystem::path& root() const { return root_; }

  // Writes `content` to root()/relative, creating parent directories; returns the full path.
  std::filesystem::path write(const std::filesystem::path& relative, std::string_view content) {
    const std::filesystem::path full = root_ / relative;
    std::filesystem::create_directories(full.parent_path());
    std::ofstream(full, std::ios::binary) << content;
    return full;
  }

  // A pack directory root()/dir holding `manifest` as pack.json and an empty main.lua.
  std::filesystem::path pack(const std::filesystem::path& dir, std::string_view manifest) {
    write(dir / "main.lua", "-- test pack\n");
    return write(dir / "pack.json", manifest).parent_path();
  }

  // A valid pack named `name` whose manifest also holds `extra` (text spliced in after the
  // required fields, so it must start with a comma).
  std::filesystem::path simple_pack(const std::filesystem::path& dir, std::string_view name,
                                    std::string_view extra = "") {
    return pack(dir, manifest(name, extra));
  }

  // The text of a valid manifest for `name` plus `extra` (see simple_pack).
  static std::string manifest(std::string_view name, std::string_view extra = "") {
    return "{\"name\": \"" + std::string(name) +
           "\", \"version\": \"1.0.0\", \"description\": \"test pack\", "
           "\"entry\": [\"main.lua\"]" +
           std::string(extra) + "}";
  }

 private:
  std::filesystem::path root_;
};

}  // namespace catan::packs::testing
