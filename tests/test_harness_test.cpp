// `catan test`'s t.eq: deep equality that holds for deep, cyclic and shared structures.
//
// Hang guard: the old recursive comparison was exponential on shared sub-tables (a C loop no
// limit interrupts). The tests run on their own thread; when they have not finished after 10 s
// the guard prints which one and ends the test process with std::_Exit(1) (a hung thread can be
// neither stopped nor joined), so a regression fails the suite instead of hanging it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "session_fixture.h"

namespace catan::scripting {
namespace {

class TestHarnessTest : public testing::SessionFixture {
 protected:
  // Runs the test file `lua` of a pack "harness" and returns its output lines plus the counts.
  std::vector<std::string> run(const std::string& lua, std::pair<int, int>* counts) {
    pack("harness", "-- no rules\n", R"(, "tests": ["tests.lua"])");
    dir_.write("harness/tests.lua", lua);
    auto s = session({"harness"});
    std::vector<std::string> lines;
    std::promise<void> done;
    auto finished = done.get_future();
    std::thread worker([&] {
      *counts = s->run_tests("harness", {"tests.lua"},
                             [&](std::string_view line) { lines.emplace_back(line); });
      done.set_value();
    });
    if (finished.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
      std::fprintf(stderr, "hang guard: t.eq still running after 10 s, ending the tests\n");
      std::fflush(stderr);
      std::_Exit(1);
    }
    worker.join();
    return lines;
  }
};

const char* kHelpers = R"lua(
-- A chain of n nested tables ending in {leaf = v}.
local function chain(n, v)
  local t = {leaf = v}
  for i = 1, n do t = {next = t} end
  return t
end
-- n levels of a DAG whose two branches share one sub-table: 2^n paths, n + 1 tables.
local function dag(n, v)
  local t = {leaf = v}
  for i = 1, n do t = {left = t, right = t} end
  return t
end
-- The same values as dag(n, v) without sharing: 2^(n+1) - 1 tables.
local function tree(n, v)
  if n == 0 then return {leaf = v} end
  return {left = tree(n - 1, v), right = tree(n - 1, v)}
end
)lua";

TEST_F(TestHarnessTest, EqComparesDeepTablesWithoutCrashing) {
  std::pair<int, int> counts;
  const auto lines = run(std::string(kHelpers) + R"lua(
test("deep equal", function(t)
  for _, n in ipairs({19, 20, 21, 22, 23, 24, 25, 40, 100, 10000}) do
    t.eq(chain(n, 1), chain(n, 1))
  end
end)
test("deep different", function(t) t.eq(chain(10000, 1), chain(10000, 2)) end)
test("deep different shape", function(t) t.eq(chain(30, 1), chain(31, 1)) end)
)lua",
                         &counts);
  EXPECT_EQ(counts, std::make_pair(1, 2));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "PASS harness › deep equal");
  EXPECT_TRUE(lines[1].starts_with("FAIL harness › deep different\n")) << lines[1];
  EXPECT_NE(lines[1].find("tests.lua:25: expected {next={next=table: "), std::string::npos)
      << lines[1];
  EXPECT_TRUE(lines[2].starts_with("FAIL harness › deep different shape\n")) << lines[2];
}

TEST_F(TestHarnessTest, EqHandlesCyclesAndSharedSubTablesInLinearTime) {
  std::pair<int, int> counts;
  const auto lines = run(std::string(kHelpers) + R"lua(
test("cycles equal", function(t)
  local a = {x = 1} a.self = a
  local b = {x = 1} b.self = b
  t.eq(a, b)
  -- A cycle of two against a cycle of one: every path reads the same values.
  local c = {x = 1} local d = {x = 1, self = c} c.self = d
  t.eq(a, c)
end)
test("cycles different", function(t)
  local a = {x = 1} a.self = {x = 1, self = a}
  local b = {x = 1} b.self = {x = 2, self = b}
  t.eq(a, b)
end)
test("shared sub-tables", function(t)
  t.eq(dag(200, 1), dag(200, 1))
  t.eq(dag(12, 1), tree(12, 1))
end)
test("shared sub-tables different", function(t) t.eq(dag(200, 1), dag(200, 2)) end)
)lua",
                         &counts);
  EXPECT_EQ(counts, std::make_pair(2, 2));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "PASS harness › cycles equal");
  EXPECT_TRUE(lines[1].starts_with("FAIL harness › cycles different\n")) << lines[1];
  EXPECT_EQ(lines[2], "PASS harness › shared sub-tables");
  EXPECT_TRUE(lines[3].starts_with("FAIL harness › shared sub-tables different\n")) << lines[3];
}

}  // namespace
}  // namespace catan::scripting
