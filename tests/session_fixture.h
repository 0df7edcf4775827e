// Test helper: runs games of small throw-away packs written by the test.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "pack_fixture.h"
#include "scripting/session.h"

namespace catan::scripting::testing {

// A temp folder of packs plus a search path over it (and the built-in packs).
class SessionFixture : public ::testing::Test {
 protected:
  // Writes pack `name` with entry script `lua` and manifest extras (`extra` starts with a comma).
  void pack(const std::string& name, const std::string& lua, const std::string& extra = "") {
    dir_.write(name + "/main.lua", lua);
    dir_.write(name + "/pack.json", packs::testing::TempPackDir::manifest(name, extra));
  }

  packs::PackSearch& search() {
    if (!search_) {
      search_ = std::make_unique<packs::PackSearch>();
      search_->add_dir(dir_.root());
      search_->add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    }
    return *search_;
  }

  std::unique_ptr<Session> session(const std::vector<std::string>& packs,
                                   const std::vector<std::string>& options = {},
                                   lua::Limits limits = {}) {
    return std::make_unique<Session>(search(), packs, options, limits);
  }

  // The game-level property `key` as a string ("" when unset or not a string).
  static std::string prop(const Session& s, const std::string& key) {
    const auto& v = s.state().game_props.get(0, key);
    const auto* str = std::get_if<std::string>(&v);
    return str ? *str : "";
  }

  packs::testing::TempPackDir dir_;
  std::unique_ptr<packs::PackSearch> search_;
};

}  // namespace catan::scripting::testing
