#include "scripting/pack_search.h"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "scripting/pack_suggest.h"
#include "tests/pack_fixture.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using testing::TempPackDir;

std::string error_of_find(PackSearch& search, std::string_view ref) {
  try {
    search.find(ref);
  } catch (const PackError& e) {
    return e.what();
  }
  return "found";
}

std::vector<std::string> names(const std::vector<const Manifest*>& packs) {
  std::vector<std::string> out;
  for (const Manifest* m : packs) out.push_back(m->name);
  return out;
}

// Sets CATAN_PACK_PATH for the lifetime of the object and restores the previous value after.
class ScopedPackPath {
 public:
  explicit ScopedPackPath(const std::string& value) {
    if (const char* old = std::getenv("CATAN_PACK_PATH")) old_ = old;
    ::setenv("CATAN_PACK_PATH", value.c_str(), 1);
  }
  ~ScopedPackPath() {
    if (old_) {
      ::setenv("CATAN_PACK_PATH", old_->c_str(), 1);
    } else {
      ::unsetenv("CATAN_PACK_PATH");
    }
  }

 private:
  std::optional<std::string> old_;
};

TEST(PackSearchTest, FindsPackByManifestNameNotDirectoryName) {
  TempPackDir tmp;
  tmp.simple_pack("packs/some-folder", "walls");
  PackSearch search;
  search.add_dir(tmp.root() / "packs");
  const Manifest& m = search.find("walls");
  EXPECT_EQ(m.name, "walls");
  EXPECT_EQ(m.dir, tmp.root() / "packs/some-folder");
  EXPECT_EQ(&search.find("walls"), &m);  // cached
}

TEST(PackSearchTest, EarlierDirectoryWinsAndLaterOneIsShadowed) {
  TempPackDir tmp;
  tmp.simple_pack("first/base", "base");
  tmp.simple_pack("second/base", "base");
  tmp.simple_pack("second/extra", "extra");
  PackSearch search;
  search.add_dir(tmp.root() / "first");
  search.add_dir(tmp.root() / "second");
  EXPECT_EQ(search.find("base").dir, tmp.root() / "first/base");
  EXPECT_EQ(search.find("extra").dir, tmp.root() / "second/extra");
  ASSERT_EQ(search.shadowed().size(), 1u);
  EXPECT_EQ(search.shadowed()[0].name, "base");
  EXPECT_EQ(search.shadowed()[0].dir, tmp.root() / "second/base");
  EXPECT_EQ(search.shadowed()[0].winner_dir, tmp.root() / "first/base");
}

TEST(PackSearchTest, AShadowedNameIsReportedOnceWhenItIsLoaded) {
  TempPackDir tmp;
  tmp.simple_pack("first/base", "base");
  tmp.simple_pack("second/base", "base");
  tmp.simple_pack("second/extra", "extra");
  PackSearch search;
  search.add_dir(tmp.root() / "first");
  search.add_dir(tmp.root() / "second");
  std::vector<std::string> told;
  search.on_shadowed([&told](const std::string& text) { told.push_back(text); });
  search.find("extra");
  EXPECT_TRUE(told.empty());  // nothing hides extra
  search.find("base");
  search.find("base");
  search.find_name("base");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_EQ(told[0], "pack 'base': using " + (tmp.root() / "first/base").string() + "; " +
                         (tmp.root() / "second/base").string() +
                         ", later on the search path, is hidden");
}

TEST(PackSearchTest, InsideOneDirectoryTheAlphabeticallyFirstFolderWins) {
  TempPackDir tmp;
  tmp.simple_pack("packs/b-copy", "base");
  tmp.simple_pack("packs/a-copy", "base");
  PackSearch search;
  search.add_dir(tmp.root() / "packs");
  EXPECT_EQ(search.find("base").dir, tmp.root() / "packs/a-copy");
  ASSERT_EQ(search.shadowed().size(), 1u);
  EXPECT_EQ(search.shadowed()[0].dir, tmp.root() / "packs/b-copy");
}

TEST(PackSearchTest, NonexistentAndDuplicateDirectoriesAreIgnored) {
  TempPackDir tmp;
  fs::create_directories(tmp.root() / "real");
  tmp.write("file.txt", "");
  PackSearch search;
  search.add_dir(tmp.root() / "missing");
  search.add_dir(tmp.root() / "file.txt");
  search.add_dir(tmp.root() / "real");
  search.add_dir(tmp.root() / "real/../real");
  EXPECT_EQ(search.dirs(), std::vector<fs::path>{tmp.root() / "real"});
}

TEST(PackSearchTest, StandardOrderIsCliThenEnvironmentThenBuiltin) {
  TempPackDir tmp;
  for (const char* dir : {"cli", "env1", "env2", "builtin"}) {
    tmp.simple_pack(fs::path(dir) / "base", "base");
    tmp.simple_pack(fs::path(dir) / ("only-" + std::string(dir)), "only-" + std::string(dir));
  }
  const ScopedPackPath env((tmp.root() / "env1").string() + "::" + (tmp.root() / "env2").string() +
                           ":" + (tmp.root() / "missing").string());
  PackSearch search = PackSearch::standard({tmp.root() / "cli"}, {tmp.root() / "builtin"});
  EXPECT_EQ(search.dirs(), (std::vector<fs::path>{tmp.root() / "cli", tmp.root() / "env1",
                                                  tmp.root() / "env2", tmp.root() / "builtin"}));
  EXPECT_EQ(search.find("base").dir, tmp.root() / "cli/base");
  EXPECT_EQ(search.find("only-env2").dir, tmp.root() / "env2/only-env2");
  EXPECT_EQ(search.find("only-builtin").dir, tmp.root() / "builtin/only-builtin");
  EXPECT_EQ(search.shadowed().size(), 3u);
}

TEST(PackSearchTest, EnvironmentPathBeatsBuiltinDirectories) {
  TempPackDir tmp;
  tmp.simple_pack("env/base", "base");
  tmp.simple_pack("builtin/base", "base");
  const ScopedPackPath env((tmp.root() / "env").string());
  PackSearch search = PackSearch::standard({}, {tmp.root() / "builtin"});
  EXPECT_EQ(search.find("base").dir, tmp.root() / "env/base");
}

TEST(PackSearchTest, FindsPackByPathOutsideTheSearchDirectories) {
  TempPackDir tmp;
  tmp.simple_pack("elsewhere/my-walls", "walls");
  PackSearch search;
  const Manifest& m = search.find((tmp.root() / "elsewhere/my-walls").string());
  EXPECT_EQ(m.name, "walls");
  // Loading by path does not make the name findable.
  EXPECT_EQ(search.find_name("walls"), nullptr);
}

TEST(PackSearchTest, FindByRelativePath) {
  TempPackDir tmp;
  tmp.simple_pack("p", "walls");
  struct CwdGuard {
    fs::path old = fs::current_path();
    ~CwdGuard() { fs::current_path(old); }
  } guard;
  fs::current_path(tmp.root());
  PackSearch search;
  EXPECT_EQ(search.find("./p").name, "walls");
  EXPECT_EQ(search.find("./p").dir, tmp.root() / "p");
  EXPECT_EQ(error_of_find(search, "./missing"), "./missing: no such pack directory");
}

TEST(PackSearchTest, PathAndNameOfTheSamePackGiveTheSameManifest) {
  TempPackDir tmp;
  tmp.simple_pack("packs/base", "base");
  PackSearch search;
  search.add_dir(tmp.root() / "packs");
  const Manifest& by_path = search.find((tmp.root() / "packs/base").string());
  EXPECT_EQ(&search.find("base"), &by_path);
}

TEST(PackSearchTest, UnknownPackSuggestsCloseName) {
  TempPackDir tmp;
  tmp.simple_pack("a/base", "base");
  fs::create_directories(tmp.root() / "b");
  PackSearch search;
  search.add_dir(tmp.root() / "a");
  search.add_dir(tmp.root() / "b");
  EXPECT_EQ(error_of_find(search, "bsae"),
            "unknown pack 'bsae' (did you mean 'base'?); searched: " + (tmp.root() / "a").string() +
                ", " + (tmp.root() / "b").string());
}

TEST(PackSearchTest, UnknownPackWithoutCloseName) {
  PackSearch search;
  EXPECT_EQ(error_of_find(search, "citadels"),
            "unknown pack 'citadels'; searched: no pack directories");
}

TEST(PackSearchTest, BrokenPackFoundByNameReportsItsManifestError) {
  TempPackDir tmp;
  tmp.pack("packs/walls", R"({"name": "walls", "version": "1"})");
  PackSearch search;
  search.add_dir(tmp.root() / "packs");
  const std::string expected =
      "pack 'walls': field 'version': '1' is not a MAJOR.MINOR.PATCH version (e.g. \"1.0.0\") "
      "(in " +
      (tmp.root() / "packs/walls").string() + ")";
  EXPECT_EQ(error_of_find(search, "walls"), expected);
  EXPECT_EQ(search.explain_missing("walls"), "failed to load: " + expected);
}

TEST(PackSearchTest, AllIsSortedByNameAndReportsBrokenPacks) {
  TempPackDir tmp;
  tmp.simple_pack("a/zeta", "zeta");
  tmp.simple_pack("a/alpha", "alpha");
  tmp.pack("a/broken", "{");
  tmp.simple_pack("b/mid", "mid");
  tmp.simple_pack("b/alpha", "alpha");
  fs::create_directories(tmp.root() / "b/not-a-pack");
  PackSearch search;
  search.add_dir(tmp.root() / "a");
  search.add_dir(tmp.root() / "b");
  const std::vector<const Manifest*> all = search.all();
  EXPECT_EQ(names(all), (std::vector<std::string>{"alpha", "mid", "zeta"}));
  EXPECT_EQ(all[0]->dir, tmp.root() / "a/alpha");
  ASSERT_EQ(search.errors().size(), 1u);
  EXPECT_EQ(search.errors()[0],
            (tmp.root() / "a/broken/pack.json").string() +
                ": line 1, column 2: syntax error while parsing object key - unexpected end of "
                "input; expected string literal");
}

TEST(PackSearchTest, SearchDirectoryThatIsItselfAPackIsReported) {
  TempPackDir tmp;
  tmp.simple_pack("walls", "walls");
  PackSearch search;
  search.add_dir(tmp.root() / "walls");
  EXPECT_TRUE(search.all().empty());
  ASSERT_EQ(search.errors().size(), 1u);
  EXPECT_EQ(search.errors()[0],
            (tmp.root() / "walls").string() +
                ": is itself a pack directory; the pack path lists directories that contain packs "
                "(use its parent, or load the pack by path)");
}

TEST(PackSearchTest, DirectoryAddedAfterLookupRanksLast) {
  TempPackDir tmp;
  tmp.simple_pack("a/base", "base");
  tmp.simple_pack("b/base", "base");
  tmp.simple_pack("b/extra", "extra");
  PackSearch search;
  search.add_dir(tmp.root() / "a");
  const Manifest* base = &search.find("base");
  search.add_dir(tmp.root() / "b");
  EXPECT_EQ(&search.find("base"), base);
  EXPECT_EQ(search.find("extra").dir, tmp.root() / "b/extra");
}

TEST(PackSearchTest, ExplainMissingSuggestsAndListsDirectories) {
  TempPackDir tmp;
  tmp.simple_pack("a/base", "base");
  PackSearch search;
  search.add_dir(tmp.root() / "a");
  EXPECT_EQ(search.explain_missing("bass"),
            "not found (did you mean 'base'?; searched: " + (tmp.root() / "a").string() + ")");
  EXPECT_EQ(search.explain_missing("citadels"),
            "not found (searched: " + (tmp.root() / "a").string() + ")");
}

TEST(PackSuggestTest, EditDistanceCountsSwapsAsOneEdit) {
  EXPECT_EQ(edit_distance("base", "base"), 0u);
  EXPECT_EQ(edit_distance("bsae", "base"), 1u);
  EXPECT_EQ(edit_distance("bas", "base"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(PackSuggestTest, ClosestMatchPrefersSmallestDistanceThenName) {
  EXPECT_EQ(closest_match("tagret", {"target", "bonus"}), "target");
  EXPECT_EQ(closest_match("cat", {"cbt", "bat"}), "bat");
  EXPECT_EQ(closest_match("walls", {"citadels"}), std::nullopt);
  EXPECT_EQ(did_you_mean("entyr", {"entry"}), " (did you mean 'entry'?)");
  EXPECT_EQ(did_you_mean("xyz", {"entry"}), "");
}

TEST(PackSearchTest, AManifestWithAnOverflowingNumberOnlyHidesThatPack) {
  TempPackDir tmp;
  tmp.simple_pack("packs/aaa", "aaa");
  tmp.simple_pack(
      "packs/broken", "broken",
      R"(, "options": {"k": {"type": "number", "default": 1e999, "description": "d"}})");
  tmp.simple_pack("packs/zzz", "zzz");
  PackSearch search;
  search.add_dir(tmp.root() / "packs");
  EXPECT_EQ(search.find("zzz").name, "zzz");
  EXPECT_EQ(search.find("aaa").name, "aaa");
  EXPECT_EQ(names(search.all()), (std::vector<std::string>{"aaa", "zzz"}));
  const std::string line =
      (tmp.root() / "packs/broken/pack.json").string() + ": number overflow parsing '1e999'";
  EXPECT_EQ(search.errors(), std::vector<std::string>{line});
  EXPECT_EQ(error_of_find(search, "broken"), line);
}

}  // namespace
}  // namespace catan::packs
