// Library tables (string, table, math, utf8, coroutine) and game, board are read-only in a pack's
// environment: a new key raises at once, a present field changed or removed fails the game when
// it ends. Each pack's copies are its own and fresh in every game.
#include <string>

#include "session_fixture.h"

namespace catan::scripting {
namespace {

class LibraryTablesTest : public testing::SessionFixture {
 protected:
  // Plays one game of a pack whose turn handler runs `code` and then ends the game.
  GameResult play(const std::string& code, const std::string& top_level = "") {
    pack("writer", top_level + "\ngame.on(\"turn\", function(e)\n" + code +
                       "\n  game.finish(e.player, \"done\")\nend)\n");
    return session({"writer"})->play({});
  }
};

TEST_F(LibraryTablesTest, NewKeysRaiseAtOnce) {
  const struct {
    const char* code;
    const char* table;
  } cases[] = {
      {"string.foo = 1", "string"},
      {"table.foo = 1", "table"},
      {"math.foo = 1", "math"},
      {"utf8.foo = 1", "utf8"},
      {"coroutine.foo = 1", "coroutine"},
      {"game.foo = 1", "game"},
      {"board.foo = 1", "board"},
      {"rawset(string, 'foo', 1)", "string"},
      {"table.insert(math, 1)", "math"},
      {"string.format = nil string.format = tostring", "string"},
  };
  for (const auto& c : cases) {
    const auto r = play(std::string("  ") + c.code);
    ASSERT_FALSE(r.ok) << c.code;
    EXPECT_NE(r.error.find(std::string("attempt to modify read-only table '") + c.table + "'"),
              std::string::npos)
        << c.code << ": " << r.error;
    EXPECT_NE(r.error.find("main.lua:3:"), std::string::npos) << c.code << ": " << r.error;
  }
  // At load time as well.
  const auto r = play("", "string.foo = 1");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("main.lua:1: attempt to modify read-only table 'string'"),
            std::string::npos)
      << r.error;
}

TEST_F(LibraryTablesTest, TheyAreLockedAndReadAsUsual) {
  const auto r = play(R"lua(
  assert(getmetatable(string) == "locked" and getmetatable(game) == "locked")
  assert(not pcall(setmetatable, string, nil))
  assert(string.foo == nil and ("%d"):format(7) == "7" and string.format("%s", 1) == "1")
  local n = 0
  for k in pairs(math) do n = n + 1 end
  assert(n > 20, n))lua");
  EXPECT_TRUE(r.ok) << r.error_report;
}

TEST_F(LibraryTablesTest, ChangingAPresentFieldFailsTheGameWhenItEnds) {
  const struct {
    const char* top_level;
    const char* code;
    const char* field;
  } cases[] = {
      {"", "  string.format = function() return 'x' end", "string.format"},
      {"", "  math.floor = nil", "math.floor"},
      {"", "  game.roll = game.random", "game.roll"},
      {"string.rep = string.upper", "", "string.rep"},
      // The copy is checked, not the global: replacing the global does not hide the change.
      {"local lib = table\ntable = {}", "  lib.concat = nil", "table.concat"},
  };
  for (const auto& c : cases) {
    const auto r = play(c.code, c.top_level);
    ASSERT_FALSE(r.ok) << c.code;
    EXPECT_EQ(r.error, std::string("pack 'writer' changed '") + c.field +
                           "' during the game; library tables (and game, board) are read-only")
        << c.code;
  }
}

TEST_F(LibraryTablesTest, TheNextGameGetsFreshCopies) {
  pack("flaky", R"lua(
game.on("turn", function(e)
  if options.change then string.format = nil end
  game.set("text", string.format("%d", e.player))
  game.finish(e.player, "done")
end)
)lua",
       R"(, "options": {"change": {"type": "boolean", "default": false, "description": "t"}})");
  auto s = session({"flaky"});
  GameConfig bad;
  bad.options = {"flaky.change=true"};
  const auto r1 = s->play(bad);
  ASSERT_FALSE(r1.ok);
  EXPECT_NE(r1.error.find("attempt to call a nil value (field 'format')"), std::string::npos)
      << r1.error;
  const auto r2 = s->play({});
  ASSERT_TRUE(r2.ok) << r2.error_report;
  EXPECT_EQ(prop(*s, "text"), "1");
}

}  // namespace
}  // namespace catan::scripting
