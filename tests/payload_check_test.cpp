// Declared payloads (scripting/event_spec.h) hold with payload checks on: a raise must pass the
// declared fields with their types, and a handler may write only the writable ones, with values
// of their types. Off, nothing is checked.
#include <filesystem>

#include "scripting/pack_search.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

// Pack "roller" declares roll.done {player: seat, total: writable integer 2..12, note: optional
// string}; its turn raises it with the payload the test writes (Lua), then ends the game.
constexpr const char* kDeclaration = R"(, "events": {
  "roll.done": {"when": "the dice were rolled",
                "payload": {"player": {"type": "seat", "description": "who rolled"},
                            "total": {"type": "integer", "min": 2, "max": 12, "writable": true,
                                      "description": "the sum"},
                            "note": {"type": "string", "optional": true, "description": "a note"}},
                "handlers": "change total"}
})";

class PayloadCheckTest : public SessionFixture {
 protected:
  void roller(const std::string& payload) {
    pack("roller",
         "game.on('turn', function(e)\n"
         "  game.raise('roll.done', " +
             payload +
             ")\n"
             "  game.finish(e.player)\n"
             "end)\n",
         kDeclaration);
  }
  // A pack requiring roller whose handler of roll.done runs `body` (line 2 of its main.lua).
  void handler(const std::string& body) {
    pack("rule", "game.on('roll.done', function(e)\n  " + body + "\nend)\n",
         R"(, "requires": ["roller"])");
  }
  GameResult play(const std::vector<std::string>& packs, bool check = true) {
    GameConfig config;
    config.players = 2;
    config.check_payloads = check;
    return session(packs)->play(config);
  }
  static void expect_error(const GameResult& r, const std::string& text) {
    ASSERT_FALSE(r.ok) << "expected an error containing: " << text;
    EXPECT_NE(r.error.find(text), std::string::npos) << r.error;
  }
};

TEST_F(PayloadCheckTest, ADeclaredPayloadPasses) {
  roller("{ player = e.player, total = 7 }");
  const auto r = play({"roller"});
  EXPECT_TRUE(r.ok) << r.error;
  roller("{ player = e.player, total = 12, note = 'max' }");
  EXPECT_TRUE(play({"roller"}).ok);
}

TEST_F(PayloadCheckTest, ARaiseWithAnUndeclaredFieldFailsNamingItAndTheRaiser) {
  roller("{ player = e.player, total = 7, totl = 1 }");
  expect_error(play({"roller"}), "event 'roll.done' raised by pack 'roller' at ");
  expect_error(play({"roller"}),
               "roller/main.lua:2: payload field 'totl' is not declared in the manifest (did you "
               "mean 'total'?)");
  EXPECT_TRUE(play({"roller"}, /*check=*/false).ok) << "unchecked games do not look";
}

TEST_F(PayloadCheckTest, ARaiseMissingARequiredFieldOrOfTheWrongTypeFails) {
  roller("{ player = e.player }");
  expect_error(play({"roller"}), "payload field 'total': missing");
  roller("{ player = e.player, total = '7' }");
  expect_error(play({"roller"}), "payload field 'total': expected an integer, got a string");
  roller("{ player = e.player, total = 7.5 }");
  expect_error(play({"roller"}), "payload field 'total': expected an integer, got 7.5");
  roller("{ player = 3, total = 7 }");
  expect_error(play({"roller"}), "payload field 'player': 3 is not a seat (players are 1..2)");
  roller("{ player = e.player, total = 1 }");
  expect_error(play({"roller"}), "payload field 'total': 1 is below the minimum 2");
}

TEST_F(PayloadCheckTest, AHandlerWritingAValueOutOfRangeIsNamedWithItsLine) {
  roller("{ player = e.player, total = 7 }");
  handler("e.total = 13");
  expect_error(play({"roller", "rule"}), "event 'roll.done': the handler at ");
  const auto r = play({"roller", "rule"});
  EXPECT_NE(r.error.find("rule/main.lua:1 (pack 'rule'): payload field 'total': 13 is above the "
                         "maximum 12"),
            std::string::npos)
      << r.error;
  EXPECT_NE(play({"roller", "rule"}, /*check=*/false)
                .error.find("payload field 'total': 13 is above the maximum 12"),
            std::string::npos)
      << "every game checks writable fields after handlers";
  handler("e.total = '7'");
  expect_error(play({"roller", "rule"}),
               "payload field 'total': expected an integer, got a string");
  handler("e.total = 9");
  EXPECT_TRUE(play({"roller", "rule"}).ok) << "a writable field may change";
}

TEST_F(PayloadCheckTest, AHandlerChangingAReadOnlyFieldFails) {
  roller("{ player = e.player, total = 7 }");
  handler("e.player = 2");
  expect_error(play({"roller", "rule"}),
               "(pack 'rule') changed payload field 'player', which the declaration makes "
               "read-only");
  handler("e.note = 'set'");
  expect_error(play({"roller", "rule"}), "changed payload field 'note'");
  EXPECT_TRUE(play({"roller", "rule"}, /*check=*/false).ok)
      << "read-only fields are checked in checked games only";
  handler("e.extra = true");
  EXPECT_TRUE(play({"roller", "rule"}).ok) << "handlers may add fields of their own";
}

TEST_F(PayloadCheckTest, AOneStringDeclarationChecksNothing) {
  pack("loose",
       "game.on('turn', function(e) game.raise('loose.e', { anything = 1 }) game.finish(e.player) "
       "end)\n",
       R"(, "events": {"loose.e": "raised every turn"})");
  EXPECT_TRUE(play({"loose"}).ok);
}

// The base pack's own contract: a rule that sets an impossible dice total is stopped at its line,
// in any game.
TEST_F(PayloadCheckTest, BaseRefusesADiceTotalOfThirteenFromAHandler) {
  pack("thirteen", "game.on('base.roll', function(e)\n  e.total = 13\nend)\n",
       R"(, "requires": ["base"])");
  GameConfig config;
  config.players = 4;  // an unchecked game: the writable total is checked in every game
  const auto r = session({"base", "thirteen"})->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("event 'base.roll': the handler at "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("thirteen/main.lua:1 (pack 'thirteen'): payload field 'total': 13 is "
                         "above the maximum 12"),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace catan::scripting

namespace catan::scripting {
namespace {

// One source for each contract: every event a shipped pack raises is declared with its payload,
// so the docs' tables (made from the declarations) and the pack tests' checks cover it.
TEST(ShippedPacks, DeclareEveryEventWithItsPayload) {
  packs::PackSearch search;
  for (const char* dir : {"rules", "variants", "examples"})
    search.add_dir(std::filesystem::path(CATAN_SOURCE_DIR) / dir);
  int events = 0;
  for (const packs::Manifest* m : search.all()) {
    for (const auto& e : m->events) {
      ++events;
      EXPECT_TRUE(e.structured) << m->name << " declares " << e.name << " without its payload";
      for (const auto& f : e.payload)
        EXPECT_FALSE(f.description.empty()) << e.name << "." << f.name;
    }
  }
  EXPECT_GE(events, 41) << "base 30, dice-game 7, dice-race 3, resource-tokens 1";
}

}  // namespace
}  // namespace catan::scripting
