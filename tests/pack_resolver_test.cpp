#include "scripting/pack_resolver.h"

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/pack_fixture.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using testing::TempPackDir;

class PackResolverTest : public ::testing::Test {
 protected:
  PackResolverTest() { fs::create_directories(tmp_.root() / "packs"); }

  // Adds a valid pack `name` to the search directory; `extra` is spliced into its manifest.
  void add(std::string_view name, std::string_view extra = "") {
    tmp_.simple_pack(fs::path("packs") / name, name, extra);
  }

  // Resolves `requested` with a fresh search and returns the pack names in load order.
  std::vector<std::string> order(const std::vector<std::string>& requested) {
    PackSearch search;
    search.add_dir(tmp_.root() / "packs");
    std::vector<std::string> out;
    for (const Manifest* m : resolve(search, requested)) out.push_back(m->name);
    return out;
  }

  std::string error_of(const std::vector<std::string>& requested) {
    try {
      order(requested);
    } catch (const PackError& e) {
      return e.what();
    }
    return "resolved";
  }

  std::string packs_dir() const { return (tmp_.root() / "packs").string(); }

  TempPackDir tmp_;
};

using Names = std::vector<std::string>;

TEST_F(PackResolverTest, EmptyRequestGivesEmptyOrder) {
  EXPECT_EQ(order({}), Names{});
}

TEST_F(PackResolverTest, IndependentPacksLoadAlphabetically) {
  add("z");
  add("a");
  add("m");
  EXPECT_EQ(order({"z", "a"}), (Names{"a", "z"}));
  EXPECT_EQ(order({"a", "z"}), (Names{"a", "z"}));
  EXPECT_EQ(order({"m", "z", "a"}), (Names{"a", "m", "z"}));
}

TEST_F(PackResolverTest, RequiredPackLoadsFirstEvenIfAlphabeticallyLater) {
  add("zbase");
  add("awalls", R"(, "requires": ["zbase"])");
  EXPECT_EQ(order({"awalls"}), (Names{"zbase", "awalls"}));
}

TEST_F(PackResolverTest, TransitiveRequiresAreLoaded) {
  add("base");
  add("walls", R"(, "requires": ["base"])");
  add("citadels", R"(, "requires": ["walls"])");
  add("tokens", R"(, "requires": ["base"])");
  EXPECT_EQ(order({"citadels"}), (Names{"base", "walls", "citadels"}));
  // Among ready packs the smallest name wins: after base, both tokens and walls are ready.
  EXPECT_EQ(order({"tokens", "citadels"}), (Names{"base", "tokens", "walls", "citadels"}));
  EXPECT_EQ(order({"citadels", "tokens"}), (Names{"base", "tokens", "walls", "citadels"}));
}

TEST_F(PackResolverTest, OrderDoesNotDependOnRequestOrderOrDuplicates) {
  add("base");
  add("b", R"(, "requires": ["base"])");
  add("a", R"(, "requires": ["b"])");
  add("c");
  const Names expected{"base", "b", "a", "c"};
  EXPECT_EQ(order({"a", "c"}), expected);
  EXPECT_EQ(order({"c", "a"}), expected);
  EXPECT_EQ(order({"c", "a", "base", "a", "b"}), expected);
}

TEST_F(PackResolverTest, SamePackByNameAndPathIsLoadedOnce) {
  add("base");
  EXPECT_EQ(order({"base", (tmp_.root() / "packs/base").string()}), Names{"base"});
}

TEST_F(PackResolverTest, PackLoadedByPathSatisfiesRequires) {
  add("walls", R"(, "requires": ["base"])");
  tmp_.simple_pack("elsewhere/my-base", "base");
  PackSearch search;
  search.add_dir(tmp_.root() / "packs");
  const auto order = resolve(search, {"walls", (tmp_.root() / "elsewhere/my-base").string()});
  ASSERT_EQ(order.size(), 2u);
  EXPECT_EQ(order[0]->dir, tmp_.root() / "elsewhere/my-base");
  EXPECT_EQ(order[1]->name, "walls");
}

TEST_F(PackResolverTest, SameNameFromTwoDirectoriesIsAnError) {
  add("base");
  tmp_.simple_pack("elsewhere/base", "base");
  const std::string a = (tmp_.root() / "elsewhere/base").string();
  const std::string b = (tmp_.root() / "packs/base").string();
  EXPECT_EQ(error_of({"base", a}),
            "pack 'base' is requested twice from different directories: " + a + " and " + b);
  EXPECT_EQ(error_of({a, "base"}),
            "pack 'base' is requested twice from different directories: " + a + " and " + b);
}

TEST_F(PackResolverTest, UnknownRequestedPack) {
  add("base");
  EXPECT_EQ(error_of({"bsae"}),
            "unknown pack 'bsae' (did you mean 'base'?); searched: " + packs_dir());
}

TEST_F(PackResolverTest, MissingDependency) {
  add("walls", R"(, "requires": ["base"])");
  EXPECT_EQ(
      error_of({"walls"}),
      "pack 'walls': field 'requires': pack 'base' not found (searched: " + packs_dir() + ")");
}

TEST_F(PackResolverTest, MissingDependencyWithSuggestion) {
  add("bases");
  add("walls", R"(, "requires": ["base"])");
  EXPECT_EQ(error_of({"walls"}),
            "pack 'walls': field 'requires': pack 'base' not found (did you mean 'bases'?; "
            "searched: " +
                packs_dir() + ")");
}

TEST_F(PackResolverTest, BrokenDependency) {
  tmp_.pack("packs/base", R"({"name": "base", "version": "1.0.0", "description": "d"})");
  add("walls", R"(, "requires": ["base"])");
  EXPECT_EQ(error_of({"walls"}),
            "pack 'walls': field 'requires': pack 'base' failed to load: pack 'base': field "
            "'entry': missing (a non-empty list of Lua scripts) (in " +
                packs_dir() + "/base)");
}

TEST_F(PackResolverTest, TwoPackCycle) {
  add("a", R"(, "requires": ["b"])");
  add("b", R"(, "requires": ["a"])");
  EXPECT_EQ(error_of({"a"}), "pack 'a': field 'requires': dependency cycle a -> b -> a");
  EXPECT_EQ(error_of({"b"}), "pack 'a': field 'requires': dependency cycle a -> b -> a");
}

TEST_F(PackResolverTest, LongerCycleStartsAtSmallestName) {
  add("base");
  add("x", R"(, "requires": ["base", "y"])");
  add("y", R"(, "requires": ["z"])");
  add("z", R"(, "requires": ["c"])");
  add("c", R"(, "requires": ["x"])");
  EXPECT_EQ(error_of({"x"}), "pack 'c': field 'requires': dependency cycle c -> x -> y -> z -> c");
  EXPECT_EQ(error_of({"z"}), "pack 'c': field 'requires': dependency cycle c -> x -> y -> z -> c");
}

TEST_F(PackResolverTest, ConflictDeclaredByFirstPack) {
  add("x", R"(, "conflicts": ["y"])");
  add("y");
  EXPECT_EQ(error_of({"x", "y"}),
            "pack 'x': field 'conflicts': conflicts with pack 'y', which is also loaded");
  EXPECT_EQ(error_of({"y", "x"}),
            "pack 'x': field 'conflicts': conflicts with pack 'y', which is also loaded");
}

TEST_F(PackResolverTest, ConflictDeclaredBySecondPack) {
  add("x");
  add("y", R"(, "conflicts": ["x"])");
  EXPECT_EQ(error_of({"x", "y"}),
            "pack 'y': field 'conflicts': conflicts with pack 'x', which is also loaded");
}

TEST_F(PackResolverTest, ConflictWithPackPulledInAsDependency) {
  add("base");
  add("walls", R"(, "requires": ["base"])");
  add("towers", R"(, "requires": ["walls"])");
  add("open-field", R"(, "conflicts": ["walls"])");
  EXPECT_EQ(error_of({"towers", "open-field"}),
            "pack 'open-field': field 'conflicts': conflicts with pack 'walls', which is also "
            "loaded (required by 'towers')");
}

TEST_F(PackResolverTest, ConflictWithPackThatIsNotLoadedIsFine) {
  add("x", R"(, "conflicts": ["y"])");
  add("y");
  EXPECT_EQ(order({"x"}), Names{"x"});
}

}  // namespace
}  // namespace catan::packs
