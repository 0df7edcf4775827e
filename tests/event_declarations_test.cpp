// Declaring events scales linearly: a manifest's events are parsed, checked for duplicates and
// declared in time linear in their number (a quadratic step made 200,000 events take over 30 s).
// No time is asserted; the test plays a game declaring 100,000 events, which the quadratic parse
// took several seconds to load and the linear one loads in a fraction of a second.
#include <fmt/format.h>

#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

constexpr int kEvents = 100'000;

// `"events": {...}` with events many.e0 .. many.e<n-1>, then `tail` inside the object.
std::string events_field(int n, const std::string& tail = "") {
  std::string s = R"(, "events": {)";
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + fmt::format(R"("many.e{}": "event {}")", i, i);
  return s + tail + "}";
}

class EventDeclarationsTest : public SessionFixture {};

TEST_F(EventDeclarationsTest, AHundredThousandEventsAreDeclaredInOrder) {
  pack("many", R"lua(
game.on("many.e99999", function(e) game.set("raised", e.n) end)
game.on("turn", function(e)
  game.raise("many.e99999", { n = 7 })
  game.finish(e.player)
end)
)lua",
       events_field(kEvents));
  auto s = session({"many"});
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  const auto& events = s->state().events;
  ASSERT_EQ(events.size(), kEvents + 4);  // and the kernel's four
  EXPECT_EQ(events.info(4).name, "many.e0");
  EXPECT_EQ(events.info(4).description, "event 0");
  EXPECT_EQ(events.info(kEvents + 3).name, "many.e99999");
  EXPECT_EQ(events.info(kEvents + 3).declared_by, "many");
  EXPECT_EQ(s->state().game_props.get(0, "raised"), engine::Value(std::int64_t{7}));
}

TEST_F(EventDeclarationsTest, ADuplicateAmongManyEventsIsNamed) {
  pack("twice", "", events_field(kEvents, R"(, "many.e5": "again")"));
  try {
    session({"twice"});
    FAIL() << "a repeated event was accepted";
  } catch (const packs::PackError& e) {
    EXPECT_NE(
        std::string(e.what()).find("field 'events.many.e5': appears twice in the same object"),
        std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace catan::scripting
