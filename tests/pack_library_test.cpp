// Pack libraries (manifest "library", require) and shared test support ("test_support").
#include <string>
#include <vector>

#include "session_fixture.h"

namespace catan::scripting {
namespace {

class PackLibraryTest : public testing::SessionFixture {
 protected:
  // A pack "lib" exporting a list, a nested table and a function, with test support; a pack
  // "user" requiring it whose entry script reads the exports at load.
  void write_lib_and_user() {
    pack("lib", "-- no rules\n", R"(, "library": ["lib.lua"], "test_support": ["support.lua"])");
    dir_.write("lib/lib.lua", R"lua(
local function twice(n) return 2 * n end
return { LIST = { "a", "b" }, NESTED = { x = { y = 1 } }, twice = twice, NAME = PACK }
)lua");
    dir_.write("lib/support.lua", "function support_value() return 42 end\n");
    pack("user", R"lua(
local lib = require("lib")
COUNT = #lib.LIST
game.on("game.setup", function() game.set("twice", lib.twice(COUNT)) end)
)lua",
         R"(, "requires": ["lib"], "tests": ["tests.lua"])");
    dir_.write("user/tests.lua", "-- the test replaces it\n");
  }

  // Runs pack `name`'s test files `files`; returns the output lines, counts in `counts`.
  std::vector<std::string> run_tests(const std::vector<std::string>& packs, const std::string& name,
                                     const std::vector<std::string>& files,
                                     std::pair<int, int>* counts) {
    auto s = session(packs);
    std::vector<std::string> lines;
    *counts = s->run_tests(name, files, [&](std::string_view line) { lines.emplace_back(line); });
    return lines;
  }
};

TEST_F(PackLibraryTest, RequireGivesWhatTheLibraryReturnsToEntryScripts) {
  write_lib_and_user();
  auto s = session({"user"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "twice"), engine::Value(std::int64_t{4}));
}

// A library pack: a library and no entry scripts. Packs that require it load it; a game of it
// alone is refused, naming the packs that require it.
TEST_F(PackLibraryTest, ALibraryPackLoadsUnderItsUsersAndPlaysNoGameAlone) {
  write_lib_and_user();
  dir_.write("lib/pack.json", R"({"name": "lib", "version": "1.0.0", "description": "code",
    "library": ["lib.lua"], "test_support": ["support.lua"]})");
  EXPECT_TRUE(search().find("lib").is_library());
  EXPECT_FALSE(search().find("user").is_library());
  auto s = session({"user"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.get(0, "twice"), engine::Value(std::int64_t{4}));
  try {
    session({"lib"});
    FAIL() << "a game of a library pack alone was loaded";
  } catch (const packs::PackError& e) {
    EXPECT_STREQ(e.what(),
                 "pack 'lib' is a library, not a game: load a pack that requires it (user)");
  }
}

TEST_F(PackLibraryTest, ExportsAreReadOnlyAtEveryDepthAndReadLikeTables) {
  write_lib_and_user();
  dir_.write("user/tests.lua", R"lua(
test("reads", function(t)
  t.start { players = 1 }
  local lib = require("lib")
  t.eq(#lib.LIST, 2)
  t.eq(lib.LIST[2], "b")
  t.eq(lib.NESTED.x.y, 1)
  t.eq(lib.twice(4), 8)
  t.eq(lib.NAME, "lib", "a library runs in its pack's environment")
  local seen = {}
  for i, v in ipairs(lib.LIST) do seen[i] = v end
  t.eq(seen, { "a", "b" })
  local keys = {}
  for k in pairs(lib) do keys[#keys + 1] = k end
  t.eq(keys, { "LIST", "NAME", "NESTED", "twice" })
  t.eq(t.env().COUNT, 2)
  t.eq(support_value(), 42, "the test support of a required pack is loaded")
end)
test("writes", function(t)
  t.start { players = 1 }
  local lib = require("lib")
  t.raises(function() lib.LIST[3] = "c" end, "attempt to modify read-only table 'exports of lib'")
  t.raises(function() lib.LIST[1] = "z" end, "read-only")
  t.raises(function() lib.NESTED.x.y = 2 end, "read-only")
  t.raises(function() lib.extra = 1 end, "read-only")
  t.raises(function() rawset(lib.LIST, 1, "z") end, "read-only")
  t.eq(lib.LIST[1], "a")
end)
test("unknown", function(t)
  t.start { players = 1 }
  t.raises(function() require("base") end,
    "require: pack 'user' does not require pack 'base' (add it to \"requires\" in its pack.json)")
end)
)lua");
  std::pair<int, int> counts;
  const auto lines = run_tests({"user"}, "user", {"tests.lua"}, &counts);
  EXPECT_EQ(counts, std::make_pair(3, 0)) << ::testing::PrintToString(lines);
}

TEST_F(PackLibraryTest, APackWithoutLibraryExportsNothingAndRequiresReachThroughOthers) {
  write_lib_and_user();
  pack("plain", "-- no rules\n", R"(, "requires": ["user"])");
  pack("stranger", "local x = require('plain')\n", R"(, "requires": ["plain"])");
  pack("deep", "assert(require('lib').LIST[1] == 'a')\n", R"(, "requires": ["plain"])");
  auto s = session({"stranger"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("require: pack 'plain' exports nothing (its pack.json has no "
                         "\"library\")"),
            std::string::npos)
      << r.error;
  // Requiring goes through the packs required on the way: deep -> plain -> user -> lib.
  auto deep = session({"deep"});
  EXPECT_TRUE(deep->play({}).ok);
}

TEST_F(PackLibraryTest, ALibraryMustReturnATableOfNamedExportsOnce) {
  pack("bad", "-- no rules\n", R"(, "library": ["lib.lua"])");
  dir_.write("bad/lib.lua", "return 42\n");
  pack("twice", "-- no rules\n", R"(, "library": ["a.lua", "b.lua"])");
  dir_.write("twice/a.lua", "return { X = 1 }\n");
  dir_.write("twice/b.lua", "return { X = 2 }\n");
  auto r = session({"bad"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("/bad/lib.lua must return a table of what it exports, got number"),
            std::string::npos)
      << r.error;

  r = session({"twice"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("exports 'X', which"), std::string::npos) << r.error;
}

TEST_F(PackLibraryTest, ExportFunctionsActOnTheGameTheyWereLoadedWithAndTestsSeeTheCurrentOne) {
  pack("counter", "-- no rules\n", R"(, "library": ["lib.lua"], "tests": ["tests.lua"])");
  dir_.write("counter/lib.lua", R"lua(
storage.n = 0
return { bump = function() storage.n = storage.n + 1; return storage.n end }
)lua");
  dir_.write("counter/tests.lua", R"lua(
local lib = require("counter") -- taken once, at the file's load
test("first game", function(t)
  t.start { players = 1 }
  t.eq(lib.bump(), 1)
  t.eq(lib.bump(), 2)
end)
test("second game", function(t)
  t.start { players = 1 }
  t.eq(lib.bump(), 1, "a new game, new storage: the view reads the current exports")
end)
)lua");
  std::pair<int, int> counts;
  const auto lines = run_tests({"counter"}, "counter", {"tests.lua"}, &counts);
  EXPECT_EQ(counts, std::make_pair(2, 0)) << ::testing::PrintToString(lines);
}

}  // namespace
}  // namespace catan::scripting
