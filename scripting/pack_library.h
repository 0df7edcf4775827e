#pragma once
// Pack libraries: what each pack exports through its library
// scripts, and the require(name) that reads it. Exports are made again for every game,
// frozen (read-only proxies, nested tables too), so no pack or game can change what another sees.

#include <cstddef>

#include "scripting/session.h"

namespace catan::scripting {

// Runs the library scripts of s.packs[i] in its environment (env_ref, not yet frozen) and keeps
// what they return, merged and frozen, in s.packs[i].exports_ref. Throws std::runtime_error
// (naming pack and file) when a script returns something other than a table of names, or two
// scripts export one name.
void load_library(Session::Impl& s, std::size_t i);
// Pushes the require(name) function of s.packs[i]'s code: it returns the exports of `name`,
// which must be s.packs[i] itself or a pack it requires, directly or through others.
void push_require(Session::Impl& s, int i);
// Pushes require(name) for test files of s.packs[i]: the table it returns reads the exports of
// the game loaded at the time of each read, so it stays valid across t.start.
void push_test_require(Session::Impl& s, int i);

}  // namespace catan::scripting
