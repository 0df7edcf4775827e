// Test helper: a pack search path over the packs the project ships (rules/ and variants/).
#pragma once

#include <filesystem>

#include "scripting/pack_search.h"

namespace catan::packs::testing {

// One search path for the whole test binary; tests only read it.
inline PackSearch& shipped_packs() {
  static PackSearch search = [] {
    PackSearch s;
    s.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "rules");
    s.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / "variants");
    return s;
  }();
  return search;
}

}  // namespace catan::packs::testing
