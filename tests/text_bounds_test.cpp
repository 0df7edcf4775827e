// Pack-chosen text is cut to a bound before it leaves a game: error messages, end reasons, log
// lines and shown views.
#include "engine/text_bounds.h"

#include <gtest/gtest.h>

#include <string>

#include "scripting/lua_state.h"

namespace catan {
namespace {

TEST(TextBoundsTest, ShortTextIsKept) {
  EXPECT_EQ(engine::cut_text("hello", 5), "hello");
  EXPECT_EQ(engine::cut_text("", 0), "");
}

TEST(TextBoundsTest, LongTextSaysHowMuchWasCut) {
  EXPECT_EQ(engine::cut_text("abcdefgh", 3), "abc [cut: 5 more bytes]");
}

TEST(TextBoundsTest, NeverSplitsAUtf8Character) {
  // "aé" is 61 C3 A9: a cut after 2 bytes would split é, so it keeps "a".
  EXPECT_EQ(engine::cut_text("a\xC3\xA9z", 2), "a [cut: 3 more bytes]");
  // A cut after the whole character keeps it.
  EXPECT_EQ(engine::cut_text("a\xC3\xA9z", 3), "a\xC3\xA9 [cut: 1 more bytes]");
}

TEST(TextBoundsTest, AHugeLuaErrorBecomesABoundedMessage) {
  lua::State state{lua::Limits{}};
  state.load("error(('x'):rep(50000000), 0)", "=test");
  try {
    state.call(0, 0);
    FAIL() << "no error";
  } catch (const lua::ScriptError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.substr(0, 10), "xxxxxxxxxx");
    EXPECT_EQ(message.size(),
              engine::kMaxErrorBytes + std::string(" [cut: 49995904 more bytes]").size());
    EXPECT_NE(message.find(" [cut: 49995904 more bytes]"), std::string::npos);
  }
}

}  // namespace
}  // namespace catan
