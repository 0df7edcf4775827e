// A pack's content hash: what a replay records beside the pack's name and version, so replaying
// with a pack whose files changed (same version or not) is reported instead of diverging
// silently.
#pragma once

#include <string>

#include "scripting/manifest.h"

namespace catan::packs {

// 16 lowercase hex digits: 64-bit FNV-1a over pack.json and every library, entry and test
// support script (tests are left out: they do not change games), each as its relative path, a
// zero byte, its size and its bytes, in manifest order. Throws PackError when a file cannot be
// read.
std::string content_hash(const Manifest& m);

}  // namespace catan::packs
