#include "scripting/pack_options.h"

#include <string>

#include <gtest/gtest.h>

#include "scripting/pack_resolver.h"
#include "tests/pack_fixture.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using testing::TempPackDir;

// Two packs in load order: "base" (no options) and "dice-race" (one option of each type).
class PackOptionsTest : public ::testing::Test {
 protected:
  PackOptionsTest() {
    tmp_.simple_pack("packs/base", "base");
    tmp_.simple_pack("packs/dice-race", "dice-race", R"(, "requires": ["base"], "options": {
      "target": {"type": "integer", "default": 30, "min": 5, "max": 100, "description": "Points"},
      "bonus": {"type": "number", "default": 0.5, "min": 0, "max": 1, "description": "Share"},
      "fast": {"type": "boolean", "default": false, "description": "Fast"},
      "mode": {"type": "string", "default": "a", "choices": ["a", "b"], "description": "Mode"},
      "label": {"type": "string", "default": "", "description": "Free text"}})");
    search_.add_dir(tmp_.root() / "packs");
    order_ = resolve(search_, {"dice-race"});
  }

  ResolvedOptions options(const std::vector<std::string>& assignments) {
    return resolve_options(order_, assignments);
  }

  std::string error_of(const std::vector<std::string>& assignments) {
    try {
      options(assignments);
    } catch (const PackError& e) {
      return e.what();
    }
    return "accepted";
  }

  // The value of dice-race.key after applying `assignment`.
  OptionValue value_after(const std::string& assignment, std::string_view key) {
    const ResolvedOptions resolved = options({assignment});
    const OptionValue* value = resolved.find("dice-race", key);
    EXPECT_NE(value, nullptr);
    return value ? *value : OptionValue();
  }

  TempPackDir tmp_;
  PackSearch search_;
  std::vector<const Manifest*> order_;
};

TEST_F(PackOptionsTest, DefaultsForEveryPackInLoadOrder) {
  const ResolvedOptions resolved = options({});
  ASSERT_EQ(resolved.packs.size(), 2u);
  EXPECT_EQ(resolved.packs[0].first, "base");
  EXPECT_TRUE(resolved.packs[0].second.empty());
  EXPECT_EQ(resolved.packs[1].first, "dice-race");
  const auto& values = resolved.packs[1].second;
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[0], (std::pair<std::string, OptionValue>{"target", std::int64_t{30}}));
  EXPECT_EQ(values[1], (std::pair<std::string, OptionValue>{"bonus", 0.5}));
  EXPECT_EQ(values[2], (std::pair<std::string, OptionValue>{"fast", false}));
  EXPECT_EQ(values[3], (std::pair<std::string, OptionValue>{"mode", std::string("a")}));
  EXPECT_EQ(values[4], (std::pair<std::string, OptionValue>{"label", std::string()}));
  EXPECT_EQ(resolved.find("dice-race", "missing"), nullptr);
  EXPECT_EQ(resolved.find("nope", "target"), nullptr);
}

TEST_F(PackOptionsTest, IntegerValues) {
  EXPECT_EQ(value_after("dice-race.target=42", "target"), OptionValue(std::int64_t{42}));
  EXPECT_EQ(value_after("dice-race.target=+5", "target"), OptionValue(std::int64_t{5}));
  EXPECT_EQ(value_after("dice-race.target=100", "target"), OptionValue(std::int64_t{100}));
}

TEST_F(PackOptionsTest, NumberValues) {
  EXPECT_EQ(value_after("dice-race.bonus=0.25", "bonus"), OptionValue(0.25));
  EXPECT_EQ(value_after("dice-race.bonus=1", "bonus"), OptionValue(1.0));
  EXPECT_EQ(value_after("dice-race.bonus=2.5e-1", "bonus"), OptionValue(0.25));
}

TEST_F(PackOptionsTest, BooleanValues) {
  EXPECT_EQ(value_after("dice-race.fast=true", "fast"), OptionValue(true));
  EXPECT_EQ(value_after("dice-race.fast=false", "fast"), OptionValue(false));
}

TEST_F(PackOptionsTest, StringValues) {
  EXPECT_EQ(value_after("dice-race.mode=b", "mode"), OptionValue(std::string("b")));
  EXPECT_EQ(value_after("dice-race.label=a=b.c", "label"), OptionValue(std::string("a=b.c")));
  EXPECT_EQ(value_after("dice-race.label=", "label"), OptionValue(std::string()));
}

TEST_F(PackOptionsTest, AssignmentsLeaveOtherOptionsAtTheirDefaults) {
  const ResolvedOptions resolved = options({"dice-race.fast=true", "dice-race.target=7"});
  EXPECT_EQ(*resolved.find("dice-race", "target"), OptionValue(std::int64_t{7}));
  EXPECT_EQ(*resolved.find("dice-race", "fast"), OptionValue(true));
  EXPECT_EQ(*resolved.find("dice-race", "bonus"), OptionValue(0.5));
}

TEST_F(PackOptionsTest, MalformedAssignments) {
  for (const char* bad : {"x", "dice-race.target", "=5", ".target=5", "dice-race.=5", "dice-race=5",
                          "target=dice-race.5"}) {
    EXPECT_EQ(error_of({bad}), "--option '" + std::string(bad) + "': expected PACK.KEY=VALUE");
  }
}

TEST_F(PackOptionsTest, PackNotLoadedWithSuggestion) {
  EXPECT_EQ(error_of({"dice-rice.target=5"}),
            "--option 'dice-rice.target=5': pack 'dice-rice' is not loaded (did you mean "
            "'dice-race'?)");
}

TEST_F(PackOptionsTest, PackNotLoadedListsLoadedPacks) {
  EXPECT_EQ(error_of({"citadels.count=2"}),
            "--option 'citadels.count=2': pack 'citadels' is not loaded (loaded: base, "
            "dice-race)");
}

TEST_F(PackOptionsTest, UnknownOptionWithSuggestion) {
  EXPECT_EQ(error_of({"dice-race.taget=5"}),
            "pack 'dice-race' has no option 'taget' (did you mean 'target'?)");
}

TEST_F(PackOptionsTest, UnknownOptionListsOptions) {
  EXPECT_EQ(error_of({"dice-race.speed=5"}),
            "pack 'dice-race' has no option 'speed' (its options: target, bonus, fast, mode, "
            "label)");
  EXPECT_EQ(error_of({"base.speed=5"}), "pack 'base' has no option 'speed' (it has no options)");
}

TEST_F(PackOptionsTest, IntegerWrongType) {
  EXPECT_EQ(error_of({"dice-race.target=abc"}),
            "option 'dice-race.target': expected an integer, got 'abc'");
  EXPECT_EQ(error_of({"dice-race.target=2.5"}),
            "option 'dice-race.target': expected an integer, got '2.5'");
  EXPECT_EQ(error_of({"dice-race.target="}),
            "option 'dice-race.target': expected an integer, got ''");
  EXPECT_EQ(error_of({"dice-race.target=+-5"}),
            "option 'dice-race.target': expected an integer, got '+-5'");
  EXPECT_EQ(error_of({"dice-race.target= 5"}),
            "option 'dice-race.target': expected an integer, got ' 5'");
}

TEST_F(PackOptionsTest, IntegerOverflow) {
  EXPECT_EQ(error_of({"dice-race.target=99999999999999999999"}),
            "option 'dice-race.target': '99999999999999999999' is outside the 64-bit integer "
            "range");
}

TEST_F(PackOptionsTest, NumberWrongType) {
  EXPECT_EQ(error_of({"dice-race.bonus=half"}),
            "option 'dice-race.bonus': expected a finite number, got 'half'");
  EXPECT_EQ(error_of({"dice-race.bonus=nan"}),
            "option 'dice-race.bonus': expected a finite number, got 'nan'");
  EXPECT_EQ(error_of({"dice-race.bonus=inf"}),
            "option 'dice-race.bonus': expected a finite number, got 'inf'");
}

TEST_F(PackOptionsTest, BooleanWrongType) {
  EXPECT_EQ(error_of({"dice-race.fast=yes"}),
            "option 'dice-race.fast': expected true or false, got 'yes'");
  EXPECT_EQ(error_of({"dice-race.fast=1"}),
            "option 'dice-race.fast': expected true or false, got '1'");
}

TEST_F(PackOptionsTest, IntegerOutOfRange) {
  EXPECT_EQ(error_of({"dice-race.target=500"}),
            "option 'dice-race.target': 500 is above the maximum 100");
  EXPECT_EQ(error_of({"dice-race.target=-3"}),
            "option 'dice-race.target': -3 is below the minimum 5");
}

TEST_F(PackOptionsTest, NumberOutOfRange) {
  EXPECT_EQ(error_of({"dice-race.bonus=1.5"}),
            "option 'dice-race.bonus': 1.5 is above the maximum 1");
  EXPECT_EQ(error_of({"dice-race.bonus=-0.1"}),
            "option 'dice-race.bonus': -0.1 is below the minimum 0");
}

TEST_F(PackOptionsTest, StringNotAChoice) {
  EXPECT_EQ(error_of({"dice-race.mode=c"}),
            "option 'dice-race.mode': 'c' is not one of the choices 'a', 'b'");
}

TEST_F(PackOptionsTest, SameOptionSetTwice) {
  EXPECT_EQ(error_of({"dice-race.target=7", "dice-race.target=8"}),
            "option 'dice-race.target' is set twice by --option");
}

TEST_F(PackOptionsTest, ParseOptionValueDirectly) {
  const OptionSpec* target = order_[1]->find_option("target");
  ASSERT_NE(target, nullptr);
  EXPECT_EQ(parse_option_value("dice-race", *target, "64"), OptionValue(std::int64_t{64}));
  try {
    parse_option_value("dice-race", *target, "4");
    FAIL();
  } catch (const PackError& e) {
    EXPECT_EQ(std::string(e.what()), "option 'dice-race.target': 4 is below the minimum 5");
  }
}

TEST(PackOptionsEmpty, NoPacksNoOptions) {
  EXPECT_TRUE(resolve_options({}, {}).packs.empty());
  try {
    resolve_options({}, {"base.x=1"});
    FAIL();
  } catch (const PackError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--option 'base.x=1': pack 'base' is not loaded (no packs are loaded)");
  }
}

}  // namespace
}  // namespace catan::packs
