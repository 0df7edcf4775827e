// Text made from pack manifests and scripts (cli/markdown_reference.h): `catan info --markdown`
// writes manifest text that no HTML or '|' can break out of, and `--luals` / `--luals-library`
// write Lua in which no name or text becomes code.
#include "cli/markdown_reference.h"

#include <string>

#include <gtest/gtest.h>

#include "tests/session_fixture.h"

namespace catan::cli {
namespace {

// A pack whose manifest text holds HTML, pipes, line breaks and backticks.
constexpr const char* kHostileManifest = R"json(, "options": {"mode": {"type": "string",
  "default": "a|b`c", "choices": ["a|b`c", "<b>&"],
  "description": "pipe | and <script>alert(1)</script> & `code <x> | y` \\`<i>\\` end\nnext line"}},
  "events": {"p.ev": {"when": "when <b>bold</b>\n# heading", "handlers": "may <img src=x onerror=alert(1)>",
    "default": "a & b", "payload": {"f": {"type": "string", "choices": ["x\"y", "new\nline"],
    "description": "d | <i>"}}}})json";

class GeneratedTextTest : public scripting::testing::SessionFixture {
 protected:
  const packs::Manifest& hostile() {
    pack("p", "", kHostileManifest);
    return search().find("p");
  }
};

TEST_F(GeneratedTextTest, MarkdownEscapesHtmlPipesAndLineBreaks) {
  const auto& m = hostile();
  EXPECT_EQ(
      options_markdown(m),
      "| option | type | default | range | description |\n|---|---|---|---|---|\n"
      "| `mode` | string | `` a\\|b`c `` | `` a\\|b`c ``, `<b>&` | pipe \\| and "
      "&lt;script>alert(1)&lt;/script> &amp; `code <x> \\| y` \\`&lt;i>\\` end next line |\n");
  EXPECT_EQ(events_markdown(m),
            "| event | when | payload (**bold**: handlers may change it; ?: may be nil) | handlers "
            "may | default |\n|---|---|---|---|---|\n"
            "| `p.ev` | when &lt;b>bold&lt;/b> # heading | `f` | may &lt;img src=x "
            "onerror=alert(1)> | a &amp; b |\n");
  EXPECT_EQ(payloads_markdown(m),
            "#### `p.ev`\n\n"
            "When: When &lt;b>bold&lt;/b> # heading.\n"
            "Handlers may: May &lt;img src=x onerror=alert(1)>.\n"
            "Default: A &amp; b.\n\n"
            "| field | type | handlers | description |\n|---|---|---|---|\n"
            "| `f` | string: `x\"y`, `new line` | read | d \\| &lt;i> |\n");
}

TEST_F(GeneratedTextTest, LualsDefinitionsAreCommentsWithChoicesAsLuaStrings) {
  EXPECT_EQ(luals_definitions(hostile()),
            "\n---Payload of `p.ev` (pack p): when <b>bold</b> # heading.\n---@class p.ev\n"
            "---@field f \"x\\\"y\"|\"new\\010line\" d | <i>\n");
}

TEST_F(GeneratedTextTest, ExportsThatAreNotLuaNamesAreQuoted) {
  dir_.write("lib/lib.lua", R"lua(
local exports = {}
exports["bad key"] = 1
exports["end"] = function(a) end
exports["x\nos.execute('rm -rf /')\n--"] = "s"
-- Adds.
exports.good = function(a, b) end
exports["nul\0byte"] = false
return exports
)lua");
  dir_.write("lib/main.lua", "");
  dir_.write("lib/pack.json",
             packs::testing::TempPackDir::manifest("lib", R"(, "library": ["lib.lua"])"));
  auto s = session({"lib"});
  EXPECT_EQ(luals_library(search().find("lib"), s->exports("lib")),
            "\n---What pack `lib` exports: `require(\"lib\")` returns this table (read-only).\n"
            "---@class lib.exports\nlocal exports = {}\n"
            "\n---@type number\nexports[\"bad key\"] = nil\n"
            "\n---@param a any\nexports[\"end\"] = function(a) end\n"
            "\n---Adds.\n---@param a any\n---@param b any\nfunction exports.good(a, b) end\n"
            "\n---@type boolean\nexports[\"nul\\000byte\"] = nil\n"
            "\n---@type string\nexports[\"x\\010os.execute('rm -rf /')\\010--\"] = nil\n"
            "\nreturn exports\n");
}

TEST_F(GeneratedTextTest, ADocCommentEndsAtAnyLineBreakLuaKnows) {
  // "\r" ends a line for Lua: what follows it in a comment is code, never part of a doc line.
  dir_.write("lib/lib.lua",
             "local exports = {}\n-- Adds.\rlocal x = 1\nexports.f = function() end\n"
             "return exports\n");
  dir_.write("lib/main.lua", "");
  dir_.write("lib/pack.json",
             packs::testing::TempPackDir::manifest("lib", R"(, "library": ["lib.lua"])"));
  auto s = session({"lib"});
  const std::string text = luals_library(search().find("lib"), s->exports("lib"));
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_NE(text.find("\nfunction exports.f() end\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("---Adds."), std::string::npos) << "the line above f is code" << text;
}

}  // namespace
}  // namespace catan::cli
