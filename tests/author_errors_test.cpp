// The mistakes a pack author makes most often, and the messages that say where and what: an
// event that no pack declares, a misspelled option (on the command line or in the pack's code),
// an option value out of range, two packs that conflict, and a handler that raises an error.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class AuthorErrorsTest : public SessionFixture {
 protected:
  // A pack declaring event "host.ping", raised once per turn; the game ends after turn 1.
  void host() {
    pack("host", R"lua(
game.on("turn", function(e)
  game.raise("host.ping", { player = e.player })
  game.finish(nil, "one turn")
end)
)lua",
         R"(, "events": {"host.ping": "Once per turn. Payload {player}."},
            "options": {"bonus": {"type": "integer", "default": 2, "min": 0, "max": 5,
                                  "description": "A number"}})");
  }

  // The message of the PackError that creating a session for `packs` with `options` throws.
  std::string session_error(const std::vector<std::string>& packs,
                            const std::vector<std::string>& options = {}) {
    try {
      session(packs, options);
    } catch (const packs::PackError& e) {
      return e.what();
    }
    return "(no error)";
  }

  // True when `error` is "<where>: <...>/<file>:<rest>": Lua shortens long file names from the
  // left, so only the file's end is compared.
  static bool located(const std::string& error, const std::string& where, const std::string& file,
                      const std::string& rest) {
    const std::string tail = file + ":" + rest;
    return error.starts_with(where + ": ") && error.ends_with(tail) &&
           error.size() > where.size() + tail.size();
  }
};

TEST_F(AuthorErrorsTest, HandlingAnUndeclaredEventNamesPackFileLineAndTheClosestEvent) {
  host();
  pack("guest", "\n\ngame.on(\"host.pong\", function() end)\n", R"(, "requires": ["host"])");
  const auto r = session({"guest"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, "pack 'guest', load: " + (dir_.root() / "guest/main.lua").string() +
                         ":3: game.on: unknown event 'host.pong' (did you mean 'host.ping'?)");
}

TEST_F(AuthorErrorsTest, HasEventTellsWhetherALoadedPackDeclaresAnEvent) {
  host();
  pack("guest", R"lua(
storage.ping = game.has_event("host.ping")
storage.pong = game.has_event("host.pong")
game.on("game.setup", function()
  game.set("seen", tostring(storage.ping) .. " " .. tostring(storage.pong) .. " " ..
    tostring(game.has_event("turn")))
end)
)lua",
       R"(, "requires": ["host"])");
  auto s = session({"guest"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(prop(*s, "seen"), "true false true");
}

TEST_F(AuthorErrorsTest, AMisspelledOptionOnTheCommandLineSuggestsTheClosestName) {
  host();
  EXPECT_EQ(session_error({"host"}, {"host.bonsu=3"}),
            "pack 'host' has no option 'bonsu' (did you mean 'bonus'?)");
}

TEST_F(AuthorErrorsTest, AMisspelledOptionInThePacksCodeIsAnErrorNotNil) {
  host();
  pack("guest", "game.on(\"host.ping\", function(e)\n  return options.bonsu\nend)\n",
       R"(, "requires": ["host"],
            "options": {"bonus": {"type": "integer", "default": 1, "description": "A number"}})");
  const auto r = session({"guest"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_TRUE(located(r.error, "pack 'guest', handler of event 'host.ping'", "guest/main.lua",
                      "2: pack 'guest' has no option 'bonsu' (did you mean 'bonus'?)"))
      << r.error;
}

TEST_F(AuthorErrorsTest, OptionsAreReadOnlyAndIterateInOrder) {
  host();
  pack("guest", R"lua(
local keys = {}
for k, v in pairs(options) do keys[#keys + 1] = k .. "=" .. tostring(v) end
storage.keys = table.concat(keys, ",")
game.on("game.setup", function() game.set("keys", storage.keys) end)
game.on("host.ping", function() options.a = 5 end)
)lua",
       R"(, "requires": ["host"],
            "options": {"b": {"type": "integer", "default": 1, "description": "B"},
                        "a": {"type": "boolean", "default": true, "description": "A"}})");
  auto s = session({"guest"});
  const auto r = s->play({});
  EXPECT_EQ(prop(*s, "keys"), "a=true,b=1");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("main.lua:6: attempt to modify read-only table 'options'"),
            std::string::npos)
      << r.error;
}

TEST_F(AuthorErrorsTest, AnOptionValueOutOfRangeNamesTheOptionAndTheBound) {
  host();
  EXPECT_EQ(session_error({"host"}, {"host.bonus=9"}),
            "option 'host.bonus': 9 is above the maximum 5");
  EXPECT_EQ(session_error({"host"}, {"host.bonus=-1"}),
            "option 'host.bonus': -1 is below the minimum 0");
}

TEST_F(AuthorErrorsTest, TwoConflictingPacksAreRefusedWhicheverOrderTheyAreNamed) {
  host();
  pack("walls-a", "", R"(, "requires": ["host"], "conflicts": ["walls-b"])");
  pack("walls-b", "", R"(, "requires": ["host"])");
  const std::string expected =
      "pack 'walls-a': field 'conflicts': conflicts with pack 'walls-b', which is also loaded";
  EXPECT_EQ(session_error({"walls-a", "walls-b"}), expected);
  EXPECT_EQ(session_error({"walls-b", "walls-a"}), expected);
}

TEST_F(AuthorErrorsTest, AHandlerErrorNamesPackEventFileLineAndHasATraceback) {
  host();
  pack("guest", R"lua(
local function halve(n)
  return n.value // 2
end
game.on("host.ping", function(e)
  halve(e.player)
end)
)lua",
       R"(, "requires": ["host"])");
  const auto r = session({"guest"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_TRUE(located(r.error, "pack 'guest', handler of event 'host.ping'", "guest/main.lua",
                      "3: attempt to index a number value (local 'n')"))
      << r.error;
  // The traceback runs from the failing line through the handler to the raising pack's line
  // (Lua shortens long file names from the left, so only their ends are compared).
  const std::string& report = r.error_report;
  const auto at = [&](const std::string& text) { return report.find(text); };
  ASSERT_NE(at("stack traceback:"), std::string::npos) << report;
  EXPECT_NE(at("guest/main.lua:3: in "), std::string::npos) << report;
  EXPECT_NE(at("guest/main.lua:6: in function"), std::string::npos) << report;
  EXPECT_NE(at("host/main.lua:3: in function"), std::string::npos) << report;
}

TEST_F(AuthorErrorsTest, AnErrorRaisedInsideALibraryFunctionStillNamesThePackLine) {
  host();
  pack("guest", R"lua(
game.on("host.ping", function(e)
  for _, q in ipairs(e.victims) do end
end)
)lua",
       R"(, "requires": ["host"])");
  const auto r = session({"guest"})->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_TRUE(located(r.error, "pack 'guest', handler of event 'host.ping'", "guest/main.lua",
                      "3: attempt to index a nil value"))
      << r.error;
}

}  // namespace
}  // namespace catan::scripting
