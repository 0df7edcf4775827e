#include "scripting/manifest.h"

#include <filesystem>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/pack_fixture.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using testing::TempPackDir;

class ManifestTest : public ::testing::Test {
 protected:
  // Loads root/p with `manifest` as its pack.json and returns the error message, or "loaded".
  std::string error_of(std::string_view manifest) {
    const fs::path dir = tmp_.pack("p", manifest);
    try {
      load_manifest(dir);
    } catch (const PackError& e) {
      return e.what();
    }
    return "loaded";
  }
  // Same, for a manifest built from the valid minimum plus `extra` (which starts with a comma).
  std::string error_with(std::string_view extra) {
    return error_of(TempPackDir::manifest("p", extra));
  }
  // Same, for a valid pack with one option described by `spec`.
  std::string option_error(std::string_view key, std::string_view spec) {
    return error_with(", \"options\": {\"" + std::string(key) + "\": " + std::string(spec) + "}");
  }
  std::string manifest_path() const { return (tmp_.root() / "p" / "pack.json").string(); }

  TempPackDir tmp_;
};

// --- Loading valid manifests ---

TEST_F(ManifestTest, LoadsCommittedFixtureWithEveryField) {
  const fs::path dir = fs::path(CATAN_SOURCE_DIR) / "tests/fixtures/packs/example";
  const Manifest m = load_manifest(dir);
  EXPECT_EQ(m.name, "fixture-example");
  EXPECT_EQ(m.version, "2.1.0-beta.1");
  EXPECT_EQ(m.description, "Exercises every manifest field");
  EXPECT_EQ(m.requires_, std::vector<std::string>{"base"});
  EXPECT_EQ(m.conflicts, std::vector<std::string>{"fixture-other"});
  EXPECT_EQ(m.entry, (std::vector<std::string>{"main.lua", "lib/helpers.lua"}));
  EXPECT_TRUE(m.tests.empty());
  EXPECT_EQ(m.dir, fs::canonical(dir));

  ASSERT_EQ(m.options.size(), 4u);
  const OptionSpec& target = m.options[0];
  EXPECT_EQ(target.key, "target");
  EXPECT_EQ(target.type, OptionType::Integer);
  EXPECT_EQ(target.default_value, OptionValue(std::int64_t{30}));
  EXPECT_EQ(target.min, 5.0);
  EXPECT_EQ(target.max, 100.0);
  EXPECT_EQ(target.description, "Points needed to win");
  EXPECT_EQ(m.options[1].key, "bonus");
  EXPECT_EQ(m.options[1].type, OptionType::Number);
  EXPECT_EQ(m.options[1].default_value, OptionValue(0.5));
  EXPECT_EQ(m.options[2].key, "fast");
  EXPECT_EQ(m.options[2].type, OptionType::Boolean);
  EXPECT_EQ(m.options[2].default_value, OptionValue(false));
  EXPECT_FALSE(m.options[2].min.has_value());
  EXPECT_EQ(m.options[3].key, "mode");
  EXPECT_EQ(m.options[3].type, OptionType::String);
  EXPECT_EQ(m.options[3].default_value, OptionValue(std::string("a")));
  EXPECT_EQ(m.options[3].choices, (std::vector<std::string>{"a", "b"}));

  ASSERT_EQ(m.events.size(), 2u);
  EXPECT_EQ(m.events[0].name, "race.move");
  EXPECT_EQ(m.events[0].when, "Raised before a runner moves; payload {player, steps}");
  EXPECT_EQ(m.events[1].name, "race.finish");

  EXPECT_EQ(m.find_option("bonus"), &m.options[1]);
  EXPECT_EQ(m.find_option("missing"), nullptr);
}

TEST_F(ManifestTest, MinimalManifestHasEmptyOptionalFields) {
  const Manifest m = load_manifest(tmp_.simple_pack("some-dir", "other-name"));
  EXPECT_EQ(m.name, "other-name");  // the directory name does not matter
  EXPECT_EQ(m.dir, tmp_.root() / "some-dir");
  EXPECT_TRUE(m.requires_.empty());
  EXPECT_TRUE(m.conflicts.empty());
  EXPECT_TRUE(m.tests.empty());
  EXPECT_TRUE(m.options.empty());
  EXPECT_TRUE(m.events.empty());
}

TEST_F(ManifestTest, KeepsOptionAndEventOrderAsWritten) {
  tmp_.pack("p", TempPackDir::manifest("p",
                                       R"(, "options": {
      "zeta": {"type": "boolean", "default": true, "description": "z"},
      "alpha": {"type": "boolean", "default": false, "description": "a"}},
    "events": {"z.last": "z", "a.first": "a"})"));
  const Manifest m = load_manifest(tmp_.root() / "p");
  ASSERT_EQ(m.options.size(), 2u);
  EXPECT_EQ(m.options[0].key, "zeta");
  EXPECT_EQ(m.options[1].key, "alpha");
  ASSERT_EQ(m.events.size(), 2u);
  EXPECT_EQ(m.events[0].name, "z.last");
  EXPECT_EQ(m.events[1].name, "a.first");
}

TEST_F(ManifestTest, AcceptsTestsScriptsInSubdirectories) {
  tmp_.write("p/tests/race.lua", "");
  tmp_.write("p/other.lua", "");
  EXPECT_EQ(error_with(R"(, "tests": ["tests/race.lua", "./other.lua"])"), "loaded");
  const auto tests = load_manifest(tmp_.root() / "p").tests;
  ASSERT_EQ(tests.size(), 2u);
  EXPECT_EQ(tests[0].file, "tests/race.lua");
  EXPECT_EQ(tests[1].file, "./other.lua");
  EXPECT_TRUE(tests[0].with.empty());
}

TEST_F(ManifestTest, ReadsLibraryTestSupportAndTestsWithOtherPacks) {
  tmp_.write("p/lib.lua", "");
  tmp_.write("p/tests/support.lua", "");
  tmp_.write("p/tests/a.lua", "");
  tmp_.write("p/tests/combo.lua", "");
  EXPECT_EQ(error_with(R"(, "library": ["lib.lua"], "test_support": ["tests/support.lua"],
      "tests": ["tests/a.lua", {"file": "tests/combo.lua", "with": ["tokens", "walls"]}])"),
            "loaded");
  const Manifest m = load_manifest(tmp_.root() / "p");
  EXPECT_EQ(m.library, std::vector<std::string>{"lib.lua"});
  EXPECT_EQ(m.test_support, std::vector<std::string>{"tests/support.lua"});
  ASSERT_EQ(m.tests.size(), 2u);
  EXPECT_EQ(m.tests[1].file, "tests/combo.lua");
  EXPECT_EQ(m.tests[1].with, (std::vector<std::string>{"tokens", "walls"}));
}

TEST_F(ManifestTest, RejectsBadLibraryAndTestEntries) {
  tmp_.write("p/lib.lua", "");
  tmp_.write("p/t.lua", "");
  EXPECT_EQ(error_with(R"(, "library": ["main.lua"])"),
            "pack 'p': field 'entry[0]': 'main.lua' is listed twice");
  EXPECT_EQ(error_with(R"(, "library": "lib.lua")"),
            "pack 'p': field 'library': expected a non-empty list of Lua scripts, got a string");
  EXPECT_EQ(error_with(R"(, "test_support": ["t.lua"], "tests": ["t.lua"])"),
            "pack 'p': field 'tests[0]': 't.lua' is listed twice");
  EXPECT_EQ(error_with(R"(, "tests": [{"file": "t.lua"}])"),
            "pack 'p': field 'tests[0].with': missing or empty (the packs to load with this file)");
  EXPECT_EQ(error_with(R"(, "tests": [{"with": ["x"]}])"),
            "pack 'p': field 'tests[0].file': missing (the test script)");
  EXPECT_EQ(error_with(R"(, "tests": [{"file": "t.lua", "with": ["p"]}])"),
            "pack 'p': field 'tests[0].with': a pack cannot load with itself");
  EXPECT_EQ(error_with(R"(, "tests": [{"file": "t.lua", "with": ["Bad"]}])"),
            "pack 'p': field 'tests[0].with[0]': 'Bad' is not a valid pack name (lowercase "
            "letters, digits and '-', starting with a letter or digit)");
  EXPECT_EQ(error_with(R"(, "tests": [{"file": "t.lua", "with": ["x"], "packs": []}])"),
            "pack 'p': field 'tests[0].packs': unknown field (known fields: file, with)");
}

TEST_F(ManifestTest, AcceptsNumberOptionWithIntegerDefaultAndBounds) {
  tmp_.pack("p", TempPackDir::manifest(
                     "p", R"(, "options": {"share": {"type": "number", "default": 1, "min": 0,
                              "max": 2, "description": "d"}})"));
  const Manifest m = load_manifest(tmp_.root() / "p");
  EXPECT_EQ(m.options[0].default_value, OptionValue(1.0));
}

// --- File-level errors ---

TEST_F(ManifestTest, MissingDirectory) {
  const fs::path dir = tmp_.root() / "nope";
  try {
    load_manifest(dir);
    FAIL();
  } catch (const PackError& e) {
    EXPECT_EQ(std::string(e.what()), dir.string() + ": no such pack directory");
  }
}

TEST_F(ManifestTest, MissingPackJson) {
  fs::create_directories(tmp_.root() / "empty");
  try {
    load_manifest(tmp_.root() / "empty");
    FAIL();
  } catch (const PackError& e) {
    EXPECT_EQ(std::string(e.what()),
              (tmp_.root() / "empty/pack.json").string() +
                  ": not found (every rule pack needs a pack.json manifest)");
  }
}

TEST_F(ManifestTest, SyntaxErrorNamesFileLineAndColumn) {
  // The offending token "1" is the 13th character of line 3.
  EXPECT_EQ(error_of("{\n  \"name\": \"p\",\n  \"version\" 1\n}"),
            manifest_path() +
                ": line 3, column 13: syntax error while parsing object separator - unexpected "
                "number literal; expected ':'");
}

TEST_F(ManifestTest, SyntaxErrorAtEndOfInput) {
  EXPECT_EQ(error_of("{\n  \"name\": \"p\""),
            manifest_path() +
                ": line 2, column 14: syntax error while parsing object - unexpected end of input; "
                "expected '}'");
}

TEST_F(ManifestTest, EmptyFileIsASyntaxError) {
  EXPECT_EQ(error_of(""), manifest_path() +
                              ": line 1, column 1: syntax error while parsing value - unexpected "
                              "end of input; expected '[', '{', or a literal");
}

TEST_F(ManifestTest, CommentsAreAllowed) {
  EXPECT_EQ(error_of("// leading comment\n{\"name\": \"p\", /* inline */ \"version\": \"1.0.0\",\n"
                     "\"description\": \"d\", \"entry\": [\"main.lua\"] // trailing\n}"),
            "loaded");
}

TEST_F(ManifestTest, DuplicateKeyIsAnError) {
  EXPECT_EQ(error_with(R"(, "entry": ["main.lua"])"),
            manifest_path() + ": field 'entry': appears twice in the same object");
}

TEST_F(ManifestTest, DuplicateNestedKeyNamesItsPath) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "default": 1, "default": 2})"),
            manifest_path() + ": field 'options.target.default': appears twice in the same object");
}

TEST_F(ManifestTest, TopLevelMustBeAnObject) {
  EXPECT_EQ(error_of("[1, 2]"),
            manifest_path() + ": expected a JSON object at the top level, got a list");
}

// --- name ---

TEST_F(ManifestTest, NameMissing) {
  EXPECT_EQ(error_of(R"({"version": "1.0.0"})"),
            manifest_path() + ": field 'name': missing (the pack's name, e.g. \"city-walls\")");
}

TEST_F(ManifestTest, NameWrongType) {
  EXPECT_EQ(error_of(R"({"name": 7})"),
            manifest_path() + ": field 'name': expected a string, got 7");
}

TEST_F(ManifestTest, NameInvalid) {
  EXPECT_EQ(error_of(R"({"name": "City Walls"})"),
            manifest_path() +
                ": field 'name': 'City Walls' is not a valid pack name (lowercase letters, digits "
                "and '-', starting with a letter or digit)");
  EXPECT_NE(error_of(R"({"name": "-walls"})"), "loaded");
  EXPECT_NE(error_of(R"({"name": ""})"), "loaded");
}

// --- unknown fields ---

TEST_F(ManifestTest, UnknownFieldWithSuggestion) {
  EXPECT_EQ(error_of(R"({"name": "p", "entyr": []})"),
            "pack 'p': field 'entyr': unknown field (did you mean 'entry'?)");
}

TEST_F(ManifestTest, UnknownFieldWithoutSuggestionListsKnownFields) {
  EXPECT_EQ(error_with(R"(, "author": "me")"),
            "pack 'p': field 'author': unknown field (known fields: name, version, description, "
            "requires, conflicts, library, entry, tests, test_support, options, events, draw, "
            "players, score, histograms, metrics)");
}

TEST_F(ManifestTest, DrawSymbolsAreOneCharacter) {
  EXPECT_EQ(error_with(R"(, "draw": {"pieces": {"tower": "TT"}})"),
            "pack 'p': field 'draw.pieces.tower': expected one printable ASCII character, got "
            "\"TT\"");
  EXPECT_EQ(error_with(R"(, "draw": {"robbr": "robber"})").substr(0, 46),
            "pack 'p': field 'draw.robbr': unknown field (d");
}

TEST_F(ManifestTest, MarkNamesAreIdentifiers) {
  // The replay viewer names an attribute after each mark (data-mark-NAME): a name that is not an
  // identifier would make the page's script throw.
  for (const char* name : {"a b", "1st", "w=1", "a<b", ""})
    EXPECT_EQ(error_with(fmt::format(R"(, "draw": {{"marks": {{"{}": "M"}}}})", name)),
              fmt::format("pack 'p': field 'draw.marks.{}': '{}' is not a valid mark name "
                          "(letters, digits and '_', not starting with a digit)",
                          name, name))
        << name;
  EXPECT_EQ(error_with(R"(, "draw": {"marks": {"wall": "W", "_moat2": "M"}})"), "loaded");
}

TEST_F(ManifestTest, DrawLooksAreChecked) {
  EXPECT_EQ(error_with(R"(, "draw": {"pieces": {"tower": {"symbol": "T", "shape": "hexagon"}}})"),
            "pack 'p': field 'draw.pieces.tower.shape': expected one of circle, square, house, "
            "city, shield, got \"hexagon\"");
  EXPECT_EQ(error_with(R"(, "draw": {"pieces": {"tower": {"shape": "square"}}})"),
            "pack 'p': field 'draw.pieces.tower.symbol': is required");
  EXPECT_EQ(error_with(R"(, "draw": {"marks": {"moat": {"symbol": "M", "shape": "star"}}})"),
            "pack 'p': field 'draw.marks.moat.shape': expected one of square, ring, got \"star\"");
  EXPECT_EQ(error_with(R"(, "draw": {"terrain_colours": {"lava": "red!"}})"),
            "pack 'p': field 'draw.terrain_colours.lava': expected a colour (\"#rgb\", "
            "\"#rrggbb\" or a CSS colour name), got \"red!\"");
  EXPECT_EQ(error_with(R"(, "draw": {"dice": [{"prop": "d", "faces": {"x": "#12"}}]})"),
            "pack 'p': field 'draw.dice[0].faces.x': expected a colour (\"#rgb\", "
            "\"#rrggbb\" or a CSS colour name), got \"#12\"");
  EXPECT_EQ(error_with(R"(, "draw": {"tracks": [{"prop": "at", "label": "ship"}]})"),
            "pack 'p': field 'draw.tracks[0].length': is required");
  EXPECT_EQ(error_with(R"(, "draw": {"harbor_labels": {"any": 3}})"),
            "pack 'p': field 'draw.harbor_labels.any': expected a string, got 3");
  EXPECT_EQ(error_with(R"(, "draw": {"points": {"total": "vp"}})"),
            "pack 'p': field 'draw.points.sources': is required");
  EXPECT_EQ(error_with(R"(, "draw": {"points": {"total": "vp", "sources": ""}})"),
            "pack 'p': field 'draw.points.sources': must not be empty");
  EXPECT_EQ(error_with(R"(, "draw": {"number_dots": "3d6"})"),
            "pack 'p': field 'draw.number_dots': expected one of 2d6, got \"3d6\"");
  const std::string unknown = "pack 'p': field 'draw.tile_tokens.ship.size': unknown field";
  EXPECT_EQ(error_with(R"(, "draw": {"tile_tokens": {"ship": {"symbol": "S", "size": 3}}})")
                .substr(0, unknown.size()),
            unknown);
  EXPECT_EQ(
      error_with(
          R"(, "draw": {"pieces": {"k": {"symbol": "1", "shape": "shield", "filled_by": "active"}},
                    "marks": {"m": {"symbol": "M", "shape": "ring"}}, "number_dots": "2d6",
                    "dice": [{"prop": "die.1"}, {"prop": "e", "colour": "red", "faces": {"ship": "#333"}}],
                    "tracks": [{"prop": "at", "length": "len", "label": "ship"}],
                    "tile_tokens": {"merchant": {"symbol": "m", "colour": "#6d4c41"}},
                    "node_labels": {"fishing": "navy"}, "terrain_colours": {"lake": "#4fc3f7"},
                    "points": {"total": "vp", "sources": "points."}})"),
      "loaded");
}

TEST(DrawSpecTest, ALaterPackLaysItsLooksOverAnEarlierOnes) {
  DrawSpec base, variant;
  base.tile_terrain = "terrain";
  base.dice = {{"die.1", "", {}}, {"die.2", "", {}}};
  base.pieces = {{"city", {'C', "city", ""}}};
  base.tracks = {{"ship", "ship_len", "ship"}};
  variant.dice = {{"die.1", "", {}}, {"die.2", "red", {}}, {"event", "", {{"ship", "#333"}}}};
  variant.pieces = {{"knight", {'1', "shield", "active"}}, {"city", {'c', "", ""}}};
  variant.tracks = {{"ship", "ship_len", "barbarians"}, {"fleet", "fleet_len", "fleet"}};
  base.merge(variant);
  EXPECT_EQ(base.tile_terrain, "terrain");
  ASSERT_EQ(base.dice.size(), 3u);  // the variant's list replaces base's
  EXPECT_EQ(base.dice[1].colour, "red");
  EXPECT_EQ(base.dice[2].faces.at(0).second, "#333");
  ASSERT_EQ(base.pieces.size(), 2u);  // entries added, one of the same name replaced
  EXPECT_EQ(base.piece_symbol("city"), 'c');
  EXPECT_EQ(base.pieces[1].second.filled_by, "active");
  ASSERT_EQ(base.tracks.size(), 2u);
  EXPECT_EQ(base.tracks[0].label, "barbarians");
  EXPECT_FALSE(base.empty());
  EXPECT_TRUE(DrawSpec{}.empty());
}

TEST(DrawSpecTest, AHarborIsLabelledByItsValueThenByTheWildcard) {
  DrawSpec spec;
  EXPECT_EQ(spec.harbor_label("ore"), "ore");  // nothing declared: the value
  spec.harbor_labels = {{"*", "2:1 {}"}, {"any", "3:1"}};
  EXPECT_EQ(spec.harbor_label("any"), "3:1");
  EXPECT_EQ(spec.harbor_label("ore"), "2:1 ore");
  DrawSpec variant;
  variant.harbor_labels = {{"ore", "ore port"}};
  spec.merge(variant);
  EXPECT_EQ(spec.harbor_label("ore"), "ore port");
  EXPECT_EQ(spec.harbor_label("wool"), "2:1 wool");
}

TEST_F(ManifestTest, TileCountsAreNamedLikeMarks) {
  // A count on a hex: a tile prop and its symbol; the viewer names an attribute after it too
  // (data-count-NAME).
  EXPECT_EQ(error_with(R"(, "draw": {"tile_counts": {"tokens": "T", "fish_2": "F"}})"), "loaded");
  EXPECT_EQ(error_with(R"(, "draw": {"tile_counts": {"a b": "T"}})"),
            "pack 'p': field 'draw.tile_counts.a b': 'a b' is not a valid count name (letters, "
            "digits and '_', not starting with a digit)");
  EXPECT_EQ(error_with(R"(, "draw": {"tile_counts": {"tokens": "TT"}})"),
            "pack 'p': field 'draw.tile_counts.tokens': expected one printable ASCII character, "
            "got \"TT\"");
  EXPECT_EQ(
      error_with(R"(, "draw": {"tile_counts": ["tokens"]})"),
      "pack 'p': field 'draw.tile_counts': expected an object mapping tile props to symbols, got "
      "a list");
}

// --- version ---

TEST_F(ManifestTest, VersionMissing) {
  EXPECT_EQ(error_of(R"({"name": "p"})"),
            "pack 'p': field 'version': missing (MAJOR.MINOR.PATCH, e.g. \"1.0.0\")");
}

TEST_F(ManifestTest, VersionWrongType) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": 1.5})"),
            "pack 'p': field 'version': expected a string, got 1.5");
}

TEST_F(ManifestTest, VersionNotSemver) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0"})"),
            "pack 'p': field 'version': '1.0' is not a MAJOR.MINOR.PATCH version (e.g. \"1.0.0\")");
  EXPECT_NE(error_of(R"({"name": "p", "version": "01.0.0"})"), "loaded");
  EXPECT_NE(error_of(R"({"name": "p", "version": "v1.0.0"})"), "loaded");
}

TEST_F(ManifestTest, VersionForms) {
  for (const char* good : {"0.1.0", "10.20.30", "1.0.0-rc.1", "1.0.0+build.5", "1.0.0-alpha+001"}) {
    EXPECT_EQ(error_of(R"({"name": "p", "description": "d", "entry": ["main.lua"], "version": ")" +
                       std::string(good) + "\"}"),
              "loaded")
        << good;
  }
  for (const char* bad : {"1.0.0-", "1.0.0+", "1.0.0.0", "1.a.0", "1.0.0 ", "-1.0.0"}) {
    EXPECT_NE(error_of(R"({"name": "p", "description": "d", "entry": ["main.lua"], "version": ")" +
                       std::string(bad) + "\"}"),
              "loaded")
        << bad;
  }
}

// --- description ---

TEST_F(ManifestTest, DescriptionMissing) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0"})"),
            "pack 'p': field 'description': missing (one line saying what the pack does)");
}

TEST_F(ManifestTest, DescriptionEmpty) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "  "})"),
            "pack 'p': field 'description': must not be empty");
}

// --- requires / conflicts ---

TEST_F(ManifestTest, RequiresNotAList) {
  EXPECT_EQ(error_with(R"(, "requires": "base")"),
            "pack 'p': field 'requires': expected a list of pack names, got a string");
}

TEST_F(ManifestTest, RequiresElementNotAString) {
  EXPECT_EQ(error_with(R"(, "requires": ["base", 3])"),
            "pack 'p': field 'requires[1]': expected a pack name, got 3");
}

TEST_F(ManifestTest, RequiresInvalidName) {
  EXPECT_EQ(error_with(R"(, "requires": ["Base"])"),
            "pack 'p': field 'requires[0]': 'Base' is not a valid pack name (lowercase letters, "
            "digits and '-', starting with a letter or digit)");
}

TEST_F(ManifestTest, RequiresItself) {
  EXPECT_EQ(error_with(R"(, "requires": ["p"])"),
            "pack 'p': field 'requires': a pack cannot require itself");
}

TEST_F(ManifestTest, ConflictsWithItself) {
  EXPECT_EQ(error_with(R"(, "conflicts": ["p"])"),
            "pack 'p': field 'conflicts': a pack cannot conflict with itself");
}

TEST_F(ManifestTest, RequiresListedTwice) {
  EXPECT_EQ(error_with(R"(, "requires": ["base", "base"])"),
            "pack 'p': field 'requires': 'base' is listed twice");
}

TEST_F(ManifestTest, RequiresAndConflictsSamePack) {
  EXPECT_EQ(error_with(R"(, "requires": ["base"], "conflicts": ["base"])"),
            "pack 'p': field 'conflicts': 'base' is also listed in 'requires'");
}

// --- entry / tests ---

TEST_F(ManifestTest, EntryMissing) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d"})"),
            "pack 'p': field 'entry': missing (a non-empty list of Lua scripts)");
}

TEST_F(ManifestTest, EntryEmpty) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d", "entry": []})"),
            "pack 'p': field 'entry': must not be empty (a non-empty list of Lua scripts)");
}

TEST_F(ManifestTest, ALibraryPackNeedsNoEntry) {
  tmp_.write("p/lib.lua", "return {}\n");
  const auto m = load_manifest(tmp_.pack(
      "p", R"({"name": "p", "version": "1.0.0", "description": "d", "library": ["lib.lua"]})"));
  EXPECT_TRUE(m.entry.empty());
  EXPECT_TRUE(m.is_library());
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d", "library": []})"),
            "pack 'p': field 'entry': missing (a non-empty list of Lua scripts)");
}

TEST_F(ManifestTest, EntryNotAList) {
  EXPECT_EQ(
      error_of(R"({"name": "p", "version": "1.0.0", "description": "d", "entry": "main.lua"})"),
      "pack 'p': field 'entry': expected a non-empty list of Lua scripts, got a string");
}

TEST_F(ManifestTest, EntryFileNotFound) {
  EXPECT_EQ(
      error_of(R"({"name": "p", "version": "1.0.0", "description": "d", "entry": ["rules.lua"]})"),
      "pack 'p': field 'entry[0]': 'rules.lua' not found in " + (tmp_.root() / "p").string());
}

TEST_F(ManifestTest, EntryEscapesPackDirectory) {
  tmp_.write("outside.lua", "");
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["main.lua", "sub/../../outside.lua"]})"),
            "pack 'p': field 'entry[1]': 'sub/../../outside.lua' escapes the pack directory");
}

TEST_F(ManifestTest, EntryEscapesThroughSymlink) {
  tmp_.write("outside.lua", "");
  tmp_.write("p/main.lua", "");
  fs::create_symlink(tmp_.root() / "outside.lua", tmp_.root() / "p" / "link.lua");
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["link.lua"]})"),
            "pack 'p': field 'entry[0]': 'link.lua' escapes the pack directory through a symbolic "
            "link");
}

TEST_F(ManifestTest, EntryAbsolutePath) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["/etc/main.lua"]})"),
            "pack 'p': field 'entry[0]': '/etc/main.lua' must be relative to the pack directory");
}

TEST_F(ManifestTest, EntryNotALuaFile) {
  tmp_.write("p/main.txt", "");
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["main.txt"]})"),
            "pack 'p': field 'entry[0]': 'main.txt' is not a Lua script (expected a .lua file)");
}

TEST_F(ManifestTest, EntryIsADirectory) {
  fs::create_directories(tmp_.root() / "p" / "dir.lua");
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["dir.lua"]})"),
            "pack 'p': field 'entry[0]': 'dir.lua' is not a regular file");
}

TEST_F(ManifestTest, EntryElementNotAString) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d", "entry": [1]})"),
            "pack 'p': field 'entry[0]': expected a script path, got 1");
}

TEST_F(ManifestTest, EntryListedTwice) {
  EXPECT_EQ(error_of(R"({"name": "p", "version": "1.0.0", "description": "d",
                         "entry": ["main.lua", "./main.lua"]})"),
            "pack 'p': field 'entry[1]': './main.lua' is listed twice");
}

TEST_F(ManifestTest, TestsFileNotFound) {
  EXPECT_EQ(
      error_with(R"(, "tests": ["tests/race.lua"])"),
      "pack 'p': field 'tests[0]': 'tests/race.lua' not found in " + (tmp_.root() / "p").string());
}

TEST_F(ManifestTest, TestsEscapesPackDirectory) {
  EXPECT_EQ(error_with(R"(, "tests": ["../p/main.lua"])"),
            "pack 'p': field 'tests[0]': '../p/main.lua' escapes the pack directory");
}

// --- options ---

TEST_F(ManifestTest, OptionsNotAnObject) {
  EXPECT_EQ(error_with(R"(, "options": [])"),
            "pack 'p': field 'options': expected an object mapping option names to their specs, "
            "got a list");
}

TEST_F(ManifestTest, OptionInvalidName) {
  EXPECT_EQ(option_error("2fast", R"({"type": "boolean", "default": true, "description": "d"})"),
            "pack 'p': field 'options.2fast': '2fast' is not a valid option name (letters, digits "
            "and '_', not starting with a digit)");
}

TEST_F(ManifestTest, OptionSpecNotAnObject) {
  EXPECT_EQ(option_error("target", "30"),
            "pack 'p': field 'options.target': expected an object with type, default and "
            "description, got 30");
}

TEST_F(ManifestTest, OptionUnknownFieldWithSuggestion) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "defualt": 3})"),
            "pack 'p': field 'options.target.defualt': unknown field (did you mean 'default'?)");
}

TEST_F(ManifestTest, OptionTypeMissing) {
  EXPECT_EQ(option_error("target", R"({"default": 3, "description": "d"})"),
            "pack 'p': field 'options.target.type': missing (one of boolean, integer, number or "
            "string)");
}

TEST_F(ManifestTest, OptionTypeUnknown) {
  EXPECT_EQ(option_error("target", R"({"type": "int", "default": 3, "description": "d"})"),
            "pack 'p': field 'options.target.type': 'int' is not an option type (one of boolean, "
            "integer, number or string)");
}

TEST_F(ManifestTest, OptionDefaultMissing) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "description": "d"})"),
            "pack 'p': field 'options.target.default': missing (the value used when no --option "
            "sets it)");
}

TEST_F(ManifestTest, OptionDefaultWrongTypeInteger) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "default": 2.5, "description": "d"})"),
            "pack 'p': field 'options.target.default': expected an integer, got 2.5");
}

TEST_F(ManifestTest, OptionDefaultWrongTypeBoolean) {
  EXPECT_EQ(option_error("fast", R"({"type": "boolean", "default": "no", "description": "d"})"),
            "pack 'p': field 'options.fast.default': expected a boolean, got a string");
}

TEST_F(ManifestTest, OptionDefaultWrongTypeNumber) {
  EXPECT_EQ(option_error("bonus", R"({"type": "number", "default": true, "description": "d"})"),
            "pack 'p': field 'options.bonus.default': expected a number, got true");
}

TEST_F(ManifestTest, OptionDefaultWrongTypeString) {
  EXPECT_EQ(option_error("mode", R"({"type": "string", "default": null, "description": "d"})"),
            "pack 'p': field 'options.mode.default': expected a string, got null");
}

TEST_F(ManifestTest, OptionDefaultAboveMaximum) {
  EXPECT_EQ(
      error_of(TempPackDir::manifest("dice-race", R"(, "options": {"target": {"type": "integer",
          "default": 200, "min": 5, "max": 100, "description": "Points needed to win"}})")),
      "pack 'dice-race': field 'options.target.default': 200 is above the maximum 100");
}

TEST_F(ManifestTest, OptionDefaultBelowMinimum) {
  EXPECT_EQ(option_error("bonus", R"({"type": "number", "default": -0.25, "min": 0,
                                       "description": "d"})"),
            "pack 'p': field 'options.bonus.default': -0.25 is below the minimum 0");
}

TEST_F(ManifestTest, OptionMinAboveMax) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "default": 7, "min": 10, "max": 5,
                                        "description": "d"})"),
            "pack 'p': field 'options.target': min 10 is above max 5");
}

TEST_F(ManifestTest, OptionIntegerBoundMustBeInteger) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "default": 7, "max": 7.5,
                                        "description": "d"})"),
            "pack 'p': field 'options.target.max': expected an integer, got 7.5");
}

TEST_F(ManifestTest, OptionMinOnlyForNumbers) {
  EXPECT_EQ(option_error("fast", R"({"type": "boolean", "default": true, "min": 0,
                                      "description": "d"})"),
            "pack 'p': field 'options.fast.min': only integer and number options take 'min'");
  EXPECT_EQ(option_error("mode", R"({"type": "string", "default": "a", "max": 1,
                                      "description": "d"})"),
            "pack 'p': field 'options.mode.max': only integer and number options take 'max'");
}

TEST_F(ManifestTest, OptionChoicesOnlyForStrings) {
  EXPECT_EQ(option_error("target", R"({"type": "integer", "default": 1, "choices": [1, 2],
                                        "description": "d"})"),
            "pack 'p': field 'options.target.choices': only string options take 'choices'");
}

TEST_F(ManifestTest, OptionChoicesEmpty) {
  EXPECT_EQ(option_error("mode", R"({"type": "string", "default": "a", "choices": [],
                                      "description": "d"})"),
            "pack 'p': field 'options.mode.choices': expected a non-empty list of strings, got a "
            "list");
}

TEST_F(ManifestTest, OptionChoiceListedTwice) {
  EXPECT_EQ(option_error("mode", R"({"type": "string", "default": "a", "choices": ["a", "a"],
                                      "description": "d"})"),
            "pack 'p': field 'options.mode.choices[1]': 'a' is listed twice");
}

TEST_F(ManifestTest, OptionDefaultNotAChoice) {
  EXPECT_EQ(option_error("mode", R"({"type": "string", "default": "c", "choices": ["a", "b"],
                                      "description": "d"})"),
            "pack 'p': field 'options.mode.default': 'c' is not one of the choices 'a', 'b'");
}

TEST_F(ManifestTest, OptionDescriptionMissing) {
  EXPECT_EQ(option_error("fast", R"({"type": "boolean", "default": true})"),
            "pack 'p': field 'options.fast.description': missing (one line saying what the "
            "option changes)");
}

TEST_F(ManifestTest, OptionDescriptionEmpty) {
  EXPECT_EQ(option_error("fast", R"({"type": "boolean", "default": true, "description": ""})"),
            "pack 'p': field 'options.fast.description': must not be empty");
}

// --- events ---

TEST_F(ManifestTest, EventsNotAnObject) {
  EXPECT_EQ(error_with(R"(, "events": ["race.move"])"),
            "pack 'p': field 'events': expected an object mapping event names to their "
            "declarations, got a list");
}

TEST_F(ManifestTest, EventInvalidName) {
  EXPECT_EQ(error_with(R"(, "events": {"Race.Move": "d"})"),
            "pack 'p': field 'events.Race.Move': 'Race.Move' is not a valid event name (must "
            "match [a-z][a-z0-9_.]*)");
  EXPECT_NE(error_with(R"(, "events": {"1race": "d"})"), "loaded");
  EXPECT_NE(error_with(R"(, "events": {"race-move": "d"})"), "loaded");
}

TEST_F(ManifestTest, EventDescriptionNotAString) {
  EXPECT_EQ(error_with(R"(, "events": {"race.move": 1})"),
            "pack 'p': field 'events.race.move': expected a declaration {when, payload, ...} or a "
            "description, got 1");
}

TEST_F(ManifestTest, EventDescriptionEmpty) {
  EXPECT_EQ(error_with(R"(, "events": {"race.move": ""})"),
            "pack 'p': field 'events.race.move': must not be empty");
}

TEST_F(ManifestTest, ReadsAStructuredEventDeclaration) {
  const fs::path dir = tmp_.simple_pack("p", "p", R"(, "events": {"race.move": {
      "when": "a runner moves",
      "payload": {"player": {"type": "seat", "description": "who moves"},
                  "steps": {"type": "integer", "min": 1, "max": 6, "writable": true,
                            "description": "how far"},
                  "why": {"type": "string", "choices": ["dice", "card"], "optional": true,
                          "description": "what moved it"}},
      "handlers": "change steps", "default": "the runner moves", "only_when_handled": true}})");
  const Manifest m = load_manifest(dir);
  ASSERT_EQ(m.events.size(), 1u);
  const EventSpec& e = m.events[0];
  EXPECT_TRUE(e.structured);
  EXPECT_EQ(e.when, "a runner moves");
  EXPECT_EQ(e.handlers, "change steps");
  EXPECT_EQ(e.deflt, "the runner moves");
  EXPECT_TRUE(e.only_when_handled);
  ASSERT_EQ(e.payload.size(), 3u);
  EXPECT_EQ(e.payload[0].name, "player");
  EXPECT_EQ(e.payload[0].type, FieldType::Seat);
  EXPECT_FALSE(e.payload[0].writable);
  EXPECT_EQ(e.payload[1].name, "steps");
  EXPECT_TRUE(e.payload[1].writable);
  EXPECT_EQ(e.payload[1].min, 1.0);
  EXPECT_EQ(e.payload[1].max, 6.0);
  EXPECT_TRUE(e.payload[2].optional);
  EXPECT_EQ(e.payload[2].choices, (std::vector<std::string>{"dice", "card"}));
  EXPECT_EQ(e.field("steps"), &e.payload[1]);
  EXPECT_EQ(e.field("step"), nullptr);
}

TEST_F(ManifestTest, RejectsBadEventDeclarations) {
  const auto event = [&](std::string_view spec) {
    return error_with(R"(, "events": {"race.move": )" + std::string(spec) + "}");
  };
  EXPECT_EQ(event(R"({"payload": {}})"),
            "pack 'p': field 'events.race.move.when': missing (when the event is raised)");
  EXPECT_EQ(event(R"({"when": "w"})"),
            "pack 'p': field 'events.race.move.payload': missing (the payload's fields; {} when "
            "it has none)");
  EXPECT_EQ(event(R"({"when": "w", "payload": {}, "defualt": "x"})"),
            "pack 'p': field 'events.race.move.defualt': unknown field (did you mean 'default'?)");
  EXPECT_EQ(event(R"({"when": "w", "payload": {"n": {"type": "int", "description": "d"}}})"),
            "pack 'p': field 'events.race.move.payload.n.type': 'int' is not a field type (one of "
            "seat, integer, number, string, boolean, table, function or any)");
  EXPECT_EQ(event(R"({"when": "w", "payload": {"n": {"type": "integer"}}})"),
            "pack 'p': field 'events.race.move.payload.n.description': missing (what the field "
            "holds)");
  EXPECT_EQ(
      event(R"({"when": "w", "payload": {"n": {"type": "string", "min": 1, "description": "d"}}})"),
      "pack 'p': field 'events.race.move.payload.n.min': only integer and number fields have "
      "a range");
  EXPECT_EQ(
      event(
          R"({"when": "w", "payload": {"n": {"type": "integer", "choices": ["a"], "description": "d"}}})"),
      "pack 'p': field 'events.race.move.payload.n.choices': only string fields have "
      "choices");
  EXPECT_EQ(
      event(
          R"({"when": "w", "payload": {"n": {"type": "integer", "min": 3, "max": 1, "description": "d"}}})"),
      "pack 'p': field 'events.race.move.payload.n': min 3 is above max 1");
  EXPECT_EQ(
      event(
          R"({"when": "w", "payload": {"n": {"type": "integer", "writable": 1, "description": "d"}}})"),
      "pack 'p': field 'events.race.move.payload.n.writable': expected true or false, got 1");
  EXPECT_EQ(event(R"({"when": "w", "payload": {"1n": {"type": "integer", "description": "d"}}})"),
            "pack 'p': field 'events.race.move.payload.1n': '1n' is not a valid field name (a Lua "
            "identifier)");
}

// --- helpers ---

TEST(ManifestValues, ToStringOfValuesAndTypes) {
  EXPECT_EQ(to_string(OptionValue(true)), "true");
  EXPECT_EQ(to_string(OptionValue(false)), "false");
  EXPECT_EQ(to_string(OptionValue(std::int64_t{-42})), "-42");
  EXPECT_EQ(to_string(OptionValue(0.5)), "0.5");
  EXPECT_EQ(to_string(OptionValue(100.0)), "100");
  EXPECT_EQ(to_string(OptionValue(0.1)), "0.1");
  EXPECT_EQ(to_string(OptionValue(std::string("b"))), "b");
  EXPECT_EQ(to_string(OptionType::Boolean), "boolean");
  EXPECT_EQ(to_string(OptionType::Integer), "integer");
  EXPECT_EQ(to_string(OptionType::Number), "number");
  EXPECT_EQ(to_string(OptionType::String), "string");
}

TEST(ManifestValues, PackNameRules) {
  EXPECT_TRUE(is_valid_pack_name("base"));
  EXPECT_TRUE(is_valid_pack_name("dice-race"));
  EXPECT_TRUE(is_valid_pack_name("2p-variant"));
  EXPECT_FALSE(is_valid_pack_name(""));
  EXPECT_FALSE(is_valid_pack_name("-x"));
  EXPECT_FALSE(is_valid_pack_name("Base"));
  EXPECT_FALSE(is_valid_pack_name("city_walls"));
  EXPECT_FALSE(is_valid_pack_name("a.b"));
}

TEST_F(ManifestTest, ANumberOutsideTheDoubleRangeNamesTheFile) {
  EXPECT_EQ(option_error("k", R"({"type": "number", "default": 1e999, "description": "d"})"),
            manifest_path() + ": number overflow parsing '1e999'");
}

TEST_F(ManifestTest, AnOversizedManifestIsRefusedBeforeReading) {
  const fs::path dir = tmp_.simple_pack("p", "p");
  fs::resize_file(dir / "pack.json", (std::uintmax_t{4} << 20) + 1);
  try {
    load_manifest(dir);
    FAIL();
  } catch (const PackError& e) {
    EXPECT_EQ(std::string(e.what()),
              manifest_path() + ": 4194305 bytes, above the limit of 4194304 bytes for a manifest");
  }
}

// --- players ---

TEST_F(ManifestTest, PlayersWithRangeAndDefault) {
  const fs::path dir = tmp_.pack(
      "p", TempPackDir::manifest("p", R"(, "players": {"min": 3, "max": 4, "default": 4})"));
  const Manifest m = load_manifest(dir);
  ASSERT_TRUE(m.players.has_value());
  EXPECT_EQ(m.players->min, 3);
  EXPECT_EQ(m.players->max, 4);
  EXPECT_EQ(m.players->default_count, 4);
}

TEST_F(ManifestTest, PlayersDefaultIsOptionalAndTheFieldToo) {
  const Manifest ranged = load_manifest(
      tmp_.pack("p", TempPackDir::manifest("p", R"(, "players": {"min": 1, "max": 16})")));
  ASSERT_TRUE(ranged.players.has_value());
  EXPECT_FALSE(ranged.players->default_count.has_value());
  const Manifest none = load_manifest(tmp_.pack("q", TempPackDir::manifest("q")));
  EXPECT_FALSE(none.players.has_value());
}

TEST_F(ManifestTest, PlayersErrors) {
  EXPECT_EQ(error_with(R"(, "players": 4)"),
            "pack 'p': field 'players': expected an object with min, max and default (e.g. "
            "{\"min\": 3, \"max\": 4, \"default\": 4}), got 4");
  EXPECT_EQ(error_with(R"(, "players": {"max": 4})"),
            "pack 'p': field 'players.min': missing (the fewest players the pack supports)");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3})"),
            "pack 'p': field 'players.max': missing (the most players the pack supports)");
  EXPECT_EQ(error_with(R"(, "players": {"min": "3", "max": 4})"),
            "pack 'p': field 'players.min': expected an integer, got a string");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3, "max": 4.5})"),
            "pack 'p': field 'players.max': expected an integer, got 4.5");
  EXPECT_EQ(error_with(R"(, "players": {"min": 0, "max": 4})"),
            "pack 'p': field 'players.min': 0 is not a player count (1 to 16)");
  EXPECT_EQ(error_with(R"(, "players": {"min": 1, "max": 17})"),
            "pack 'p': field 'players.max': 17 is not a player count (1 to 16)");
  EXPECT_EQ(error_with(R"(, "players": {"min": 4, "max": 3})"),
            "pack 'p': field 'players': min 4 is above max 3");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3, "max": 4, "default": 2})"),
            "pack 'p': field 'players.default': 2 is outside the range 3 to 4");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3, "max": 4, "default": 5})"),
            "pack 'p': field 'players.default': 5 is outside the range 3 to 4");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3, "max": 4, "default": true})"),
            "pack 'p': field 'players.default': expected an integer, got true");
  EXPECT_EQ(error_with(R"(, "players": {"min": 3, "max": 4, "defualt": 4})"),
            "pack 'p': field 'players.defualt': unknown field (did you mean 'default'?)");
}

// The range of a game is the intersection of the packs' ranges; its default is the last stated
// one in load order, moved into the range.
TEST_F(ManifestTest, PlayerRangeOverLoadOrder) {
  Manifest base, variant, silent, duel;
  base.name = "base";
  base.players = PlayerCounts{3, 4, 4};
  variant.name = "variant";
  variant.players = PlayerCounts{2, 3, std::nullopt};
  silent.name = "silent";
  duel.name = "duel";
  duel.players = PlayerCounts{1, 2, 2};

  const PlayerRange none = player_range({&silent});
  EXPECT_EQ(none.min, kMinPlayers);
  EXPECT_EQ(none.max, kMaxPlayers);
  EXPECT_FALSE(none.default_count.has_value());
  EXPECT_EQ(none.describe(), "the packs support 1 to 16 players");

  const PlayerRange one = player_range({&base, &silent});
  EXPECT_EQ(one.describe(), "base supports 3 to 4 players");
  EXPECT_EQ(one.default_count, 4);

  const PlayerRange both = player_range({&base, &variant});
  EXPECT_EQ(both.min, 3);
  EXPECT_EQ(both.max, 3);
  EXPECT_EQ(both.default_count, 3);  // base's 4, moved into 3 to 3
  EXPECT_EQ(both.describe(), "base + variant together support 3 to 3 players");

  try {
    player_range({&base, &duel});
    ADD_FAILURE() << "no error";
  } catch (const PackError& e) {
    EXPECT_STREQ(e.what(),
                 "packs 'base' (3 to 4) and 'duel' (1 to 2) have no player count in common");
  }
}

}  // namespace
}  // namespace catan::packs
