#pragma once
// The Lua test harness behind `catan test` (its files, docs/authoring.md): a pack lists test files
// in its manifest; each file calls test(name, fn) to register tests, and each test receives `t`,
// which starts games with scripted seats, plays turns and asserts. A failed assertion reports
// file:line with the expected and actual values.

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scripting/session.h"

namespace catan::scripting {

// Session::run_tests: runs the test files `files` (relative to the folder of pack `pack_name`,
// which must be loaded; packs::PackError otherwise) in one environment, after the test_support
// scripts of every loaded pack in load order. Prints one PASS or FAIL line per test to `out` and
// returns {passed, failed}; with a non-empty `filter`, only tests whose name contains it run.
// A support script that fails stops the run ({0, 1}). Leaves the Lua stack as it found it and
// the Session's limits as they were.
std::pair<int, int> run_pack_tests(Session::Impl& s, const std::string& pack_name,
                                   const std::vector<std::string>& files,
                                   const std::function<void(std::string_view)>& out,
                                   const std::string& filter);

}  // namespace catan::scripting
