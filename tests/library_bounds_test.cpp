// Library functions whose work is not bounded by their arguments (docs/lua-api.md, "Limits on
// library functions"): ordinary calls give exactly the standard results (compared with the
// standard library of an unsandboxed state), hostile calls are refused up front with an error
// naming the function and the limit, and the work that is done is charged to the call, so the
// instruction budget and the time limit stop it inside the C loop.
//
// Hang guard: a regression makes hostile calls loop forever in C. Each runs on its own thread
// (guarded()); when it has not finished after kHangGuard, the guard prints the program and ends
// the test process with std::_Exit(1), so a failing test fails the suite instead of hanging it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "scripting/library_bounds.h"
#include "scripting/lua_state.h"
#include "session_fixture.h"

namespace catan::lua {
namespace {

constexpr auto kHangGuard = std::chrono::seconds(10);
// A refused or stopped call ends well within this.
constexpr auto kQuick = std::chrono::seconds(2);

template <class Body>
void guarded(const std::string& what, Body body) {
  std::promise<void> done;
  auto finished = done.get_future();
  std::thread worker([&] {
    body();
    done.set_value();
  });
  if (finished.wait_for(kHangGuard) != std::future_status::ready) {
    std::fprintf(stderr, "hang guard: still running after %lld s, ending the tests: %s\n",
                 static_cast<long long>(kHangGuard.count()), what.c_str());
    std::fflush(stderr);
    std::_Exit(1);
  }
  worker.join();
}

Limits limits_with(std::size_t memory_mib, std::uint32_t time_limit_ms, std::uint64_t instructions,
                   bool sandbox = true) {
  Limits limits;
  limits.memory_bytes = memory_mib << 20;
  limits.time_limit_ms = time_limit_ms;
  limits.instructions = instructions;
  limits.sandbox = sandbox;
  return limits;
}

// Runs `code` as chunk "@test.lua"; returns its first result converted with tostring.
std::string eval(State& state, const std::string& code) {
  lua_State* L = state.get();
  const int base = lua_gettop(L);
  state.load(code, "@test.lua");
  state.call(0, 1);
  std::string result = luaL_tolstring(L, -1, nullptr);
  lua_settop(L, base);
  return result;
}

struct Failure {
  ErrorKind kind = ErrorKind::Runtime;
  std::string message;
  std::chrono::steady_clock::duration took{};
};

// Runs `code` under the hang guard, expecting it to fail; returns how.
Failure failure_of(State& state, const std::string& code) {
  Failure failure;
  guarded(code, [&] {
    const auto start = std::chrono::steady_clock::now();
    try {
      eval(state, code);
      ADD_FAILURE() << "no error from: " << code;
    } catch (const ScriptError& e) {
      failure.kind = e.kind();
      failure.message = e.what();
    }
    failure.took = std::chrono::steady_clock::now() - start;
  });
  return failure;
}

// A Lua chunk that returns a description of what `body` (a function body) returns or raises:
// "true | v1 | v2" or "false | message", strings quoted with their bytes escaped.
std::string described(const std::string& body) {
  return "local function show(v)\n"
         "  if type(v) ~= 'string' then return tostring(v) end\n"
         "  return '\"' .. v:gsub('[%c\\\\\"\\128-\\255]', function(c) return '\\\\' .. c:byte() "
         "end) .. '\"'\n"
         "end\n"
         "local function describe(...)\n"
         "  local out = {}\n"
         "  for i = 1, select('#', ...) do out[#out + 1] = show((select(i, ...))) end\n"
         "  return table.concat(out, ' | ')\n"
         "end\n"
         "return describe(pcall(function()\n" +
         body + "\nend))";
}

// What `body` gives in the sandbox and with the standard library.
struct Both {
  std::string sandboxed;
  std::string standard;
};

Both run_both(State& sandboxed, State& standard, const std::string& body) {
  return {eval(sandboxed, described(body)), eval(standard, described(body))};
}

class LibraryBoundsTest : public ::testing::Test {
 protected:
  State sandboxed_{limits_with(64, 0, 0)};
  State standard_{limits_with(64, 0, 0, false)};

  void expect_standard(const std::string& body) {
    const Both both = run_both(sandboxed_, standard_, body);
    EXPECT_EQ(both.sandboxed, both.standard) << body;
  }
};

// ---------------------------------------------------------------------------------------------
// Ordinary calls: the standard results

TEST_F(LibraryBoundsTest, ComparisonsDescribeResultsAndErrors) {
  EXPECT_EQ(eval(sandboxed_, described("return 1, 'a\\n\\200', nil")),
            "true | 1 | \"a\\10\\200\" | nil");
  EXPECT_EQ(eval(standard_, described("error('boom')")), "false | \"test.lua:11: boom\"");
  if (std::getenv("CATAN_SHOW_COMPARISONS") != nullptr) {
    for (const char* body : {"return string.format('%q', 'a\\0001\\n')",
                             "local t = {5, 3, 8, 1} table.sort(t) return table.concat(t, ',')",
                             "return table.unpack({}, 1, 1e8)"}) {
      const Both both = run_both(sandboxed_, standard_, body);
      std::fprintf(stderr, "%s\n  sandboxed: %s\n  standard:  %s\n", body, both.sandboxed.c_str(),
                   both.standard.c_str());
    }
  }
}

TEST_F(LibraryBoundsTest, RepGivesTheStandardResults) {
  EXPECT_EQ(eval(sandboxed_, "return string.rep('ab', 3, ',')"), "ab,ab,ab");
  EXPECT_EQ(eval(sandboxed_, "return string.rep('ab', 3)"), "ababab");
  EXPECT_EQ(eval(sandboxed_, "return string.rep('', 3, ',')"), ",,");
  EXPECT_EQ(eval(sandboxed_, "return ('x'):rep(0, ',') == ''"), "true");
  // Every length and separator against a loop that concatenates.
  EXPECT_EQ(eval(sandboxed_,
                 "for _, s in ipairs({'', 'a', 'xyz', ('q'):rep(70)}) do\n"
                 "  for _, sep in ipairs({'', '-', '<>', ('s'):rep(33)}) do\n"
                 "    for n = -1, 300 do\n"
                 "      local parts = {}\n"
                 "      for i = 1, n do parts[i] = s end\n"
                 "      if string.rep(s, n, sep) ~= table.concat(parts, sep) then\n"
                 "        return ('%q x %d sep %q'):format(s, n, sep)\n"
                 "      end\n"
                 "    end\n"
                 "  end\n"
                 "end\n"
                 "return 'same'"),
            "same");
  for (const char* body :
       {"return string.rep(5, 2)", "return string.rep('x', 2.5)", "return string.rep()",
        "return string.rep('x', 2, {})", "return ('ab'):rep(3, 7)"}) {
    expect_standard(body);
  }
}

TEST_F(LibraryBoundsTest, FormatGivesTheStandardResults) {
  const char* const bodies[] = {
      "return string.format('%d', 42)",
      "return string.format('%5d|%-5d|%05d|%+d|% d|%i|%u', 42, 42, 42, 5, 5, -7, 7)",
      "return string.format('%x %X %#x %o %#o %x %X', 255, 255, 255, 8, 8, -1, math.mininteger)",
      "return string.format('%.3d|%-099d|%099d', 7, 1, -1)",
      "return string.format('%c|%-3c|%c%c%c', 65, 66, 0, 255, 10)",
      "return string.format('%10.4f|%-10.2e|%G|%g|%e|%.0f|%.20g|%#.0f', math.pi, 12345.678, "
      "1e20, 0.1, 0, 0.5, 0.1, 1)",
      "return string.format('%a|%A|%5.2a', 1.5, -0.25, 1)",
      "return string.format('%.99f', 1e308)",
      "return string.format('%099.99f|% 099.99e|%-+99.99g', -1e308, 1, 2^-1074)",
      "return string.format('%5.1s|%.0s|%-8s|%.99s|%-99s|', 'xyz', 'abc', 'hi', ('y'):rep(300), "
      "'x')",
      "return string.format('%s|%10s|%.0s', ('x'):rep(200), ('x'):rep(150), ('x'):rep(300))",
      "return string.format('%s %s %s %s', 1, 2.5, nil, true)",
      "return string.format('%s|%5.3s', setmetatable({}, {__tostring = function() return 'hello' "
      "end}), setmetatable({}, {__tostring = function() return 'hello' end}))",
      "return string.format('%q', 'a\\0001\\n\\r\"\\\\\\200\\127' .. '2\\0\\31' .. '9\\1')",
      "return string.format('%q|%q|%q|%q|%q|%q', 0.1, -0.0, 1/0, -1/0, 0/0, 2^53)",
      "return string.format('%q|%q|%q|%q|%q', math.mininteger, 42, true, nil, 1e100)",
      "return string.format('%p|%-10p|', 1, nil)",
      "return string.format('%%d %% 100%%')",
      "return string.format('%i|%d|%.14g|%d', '0x10', '3.0', 2^63, 3.0)",
      "return string.format('')",
      "return string.format(5)",
      "return string.format('x%sy', '')",
      "return string.format(('%d,'):rep(5000), table.unpack((function() local t = {} for i = "
      "1, 5000 do t[i] = i * 7 end return t end)()))",
      // errors
      "return string.format('%.3s', 'a\\0bc')",
      "return string.format('%d', 1.5)",
      "return string.format('%d', 2^63)",
      "return string.format('%d')",
      "return string.format('%s %s', 1)",
      "return string.format('abc%')",
      "return string.format('abc%', 1)",
      "return string.format('%5%')",
      "return string.format('%5%', 1)",
      "return string.format('%y', 1)",
      "return string.format('%ld', 1)",
      "return string.format('%+.3x', 5)",
      "return string.format('%05s', 'a')",
      "return string.format('%#c', 65)",
      "return string.format('%5.3c', 65)",
      "return string.format('%5q', 1)",
      "return string.format('%q', {})",
      "return string.format('%q', print)",
      "return string.format(nil)",
      "return string.format('%d', {})",
      "return string.format('%f', 'x')",
      "return string.format('%c', 1.5)",
      "return string.format('a\\0%d', 5)",
      "return string.format('%\\0d', 5)",
  };
  for (const char* body : bodies) expect_standard(body);
}

TEST_F(LibraryBoundsTest, TableFunctionsGiveTheStandardResults) {
  // A proxy that logs every access through its metamethods, so the order of element accesses is
  // compared too.
  const std::string proxy =
      "local log = {}\n"
      "local data = {10, 20, 30, 40, 50}\n"
      "local t = setmetatable({}, {\n"
      "  __index = function(_, k) log[#log + 1] = 'r' .. tostring(k) return data[k] end,\n"
      "  __newindex = function(_, k, v) log[#log + 1] = 'w' .. tostring(k) .. '=' .. "
      "tostring(v) data[k] = v end,\n"
      "  __len = function() log[#log + 1] = '#' return #data end})\n"
      "local function result(...) return table.concat(log, ' '), table.concat(data, ','), ... "
      "end\n";
  const char* const bodies[] = {
      "local t = {1, 2, 3} table.insert(t, 1, 0) table.insert(t, 9) table.insert(t, 3, 'x') "
      "return table.concat(t, ',')",
      "return table.insert({}, 5, 1)",
      "return table.insert({}, 0, 1)",
      "return table.insert({}, 1, 2, 3)",
      "return table.insert({})",
      "return table.insert(nil, 1)",
      "return table.insert({}, 'x', 1)",
      "local t = {1, 2, 3} return table.remove(t, 1), table.remove(t), table.concat(t, ',')",
      "local t = {} return table.remove(t), table.remove(t, 0), table.remove(t, 1), #t",
      "return table.remove({}, 5)",
      "return table.remove({1, 2}, 4)",
      "local t = {1, 2} return table.remove(t, 3), #t",
      "return table.move({}, -1, math.maxinteger, 1)",
      "return table.move({}, 1, 5, math.maxinteger)",
      "return table.concat(table.move({1, 2, 3}, 1, 3, 2), ',')",
      "return table.concat(table.move({1, 2, 3}, 2, 3, 1), ',')",
      "return table.concat(table.move({1, 2, 3}, 1, 3, 1, {}), ',')",
      "return table.concat(table.move({1, 2, 3}, 3, 1, 1), ',')",
      "return table.move(1, 1, 3, 1)",
      "return table.move({}, 1, 3, 1, 5)",
      "return table.concat({1, 2, 3}, ', ', 2, 3), table.concat({}, 'x', 3, 1), "
      "table.concat({'a', 'b'}, nil), table.concat({1.5, 'x', 2})",
      "return table.concat({1, 2, {}})",
      "return table.concat(nil)",
      "return table.concat({}, {})",
      "return table.concat({1, 2}, '', 1, 3)",
      "return table.unpack({1, 2, 3})",
      "return table.unpack({1, 2, 3}, 2)",
      "return table.unpack({1, 2, 3}, -1, 1)",
      "return table.unpack({1, 2, 3}, 3, 2)",
      "return table.unpack(nil)",
      "return table.unpack({}, 1.5)",
      "return table.sort({3, 1, 2}, 5)",
      "return table.sort({3, 1, 'x'})",
      "local t = {5, 3, 8, 1, 9, 2} table.sort(t, function() return true end) return "
      "table.concat(t, ',')",
      "return table.sort(nil)",
      "return pcall(table.concat, nil)",
      "return pcall(table.sort, {1, 2}, 3)",
      "return pcall(table.insert, {}, 1, 2, 3)",
  };
  for (const char* body : bodies) expect_standard(body);
  const char* const proxied[] = {
      "table.insert(t, 2, 'x') return result()",
      "table.insert(t, 'y') return result()",
      "return result(table.remove(t, 2))",
      "return result(table.remove(t))",
      "table.move(t, 2, 4, 1) return result()",
      "table.move(t, 1, 3, 3) return result()",
      "table.move(t, 1, 3, 2, t) return result()",
      "return result(table.concat(t, '-'))",
      "return result(table.concat(t, '-', 2, 4))",
      "return result(table.unpack(t))",
      "table.sort(t, function(a, b) return a > b end) return result()",
      "table.sort(t) return result()",
  };
  for (const char* body : proxied) expect_standard(proxy + body);
}

TEST_F(LibraryBoundsTest, SortGivesTheStandardOrderOfEqualElements) {
  // Records sorted by a key with many ties: the order of equal keys shows every comparison and
  // swap. Arrays up to 256 elements: Lua draws pivots from the clock only for larger ones.
  for (int size : {0, 1, 2, 3, 4, 5, 7, 10, 31, 64, 100, 101, 127, 200, 256}) {
    for (int keys : {1, 2, 3, 10, 1000}) {
      const std::string body =
          "local seed = " + std::to_string(size * 7919 + keys) +
          "\n"
          "local function next_key() seed = (seed * 1103515245 + 12345) % 2147483648 return "
          "seed % " +
          std::to_string(keys) +
          " end\n"
          "local t = {}\n"
          "for i = 1, " +
          std::to_string(size) +
          " do t[i] = {key = next_key(), id = i} end\n"
          "local plain = {} for i, r in ipairs(t) do plain[i] = r.key end\n"
          "table.sort(plain)\n"
          "table.sort(t, function(a, b) return a.key < b.key end)\n"
          "local ids = {} for i, r in ipairs(t) do ids[i] = r.id end\n"
          "local down = {} for i, r in ipairs(t) do down[i] = r end\n"
          "table.sort(down, function(a, b) return a.key > b.key end)\n"
          "local downs = {} for i, r in ipairs(down) do downs[i] = r.id end\n"
          "return table.concat(plain, ','), table.concat(ids, ','), table.concat(downs, ',')";
      expect_standard(body);
    }
  }
  // Larger arrays still come out sorted.
  EXPECT_EQ(eval(sandboxed_,
                 "local t = {} local seed = 1\n"
                 "for i = 1, 100000 do seed = (seed * 1103515245 + 12345) % 2147483648 t[i] = seed "
                 "% 1000 end\n"
                 "table.sort(t)\n"
                 "for i = 2, #t do if t[i - 1] > t[i] then return i end end\n"
                 "return 'sorted'"),
            "sorted");
  // Already sorted and reversed inputs are no worse than random ones.
  EXPECT_EQ(eval(sandboxed_,
                 "local t = {} for i = 1, 100000 do t[i] = i end table.sort(t)\n"
                 "local r = {} for i = 1, 100000 do r[i] = -i end table.sort(r)\n"
                 "return t[1] == 1 and t[100000] == 100000 and r[1] == -100000"),
            "true");
}

TEST_F(LibraryBoundsTest, OtherBoundedFunctionsGiveTheStandardResults) {
  const char* const bodies[] = {
      "return string.byte('abc', 1, -1)",
      "return string.byte('abc', 10)",
      "return string.byte('abc', -2)",
      "return string.byte('abc', 0, 2)",
      "return string.byte('abc', 3, 1)",
      "return string.byte('', 1)",
      "return string.byte(123, 2)",
      "return string.byte('abc', 'x')",
      "return utf8.codepoint('h\\195\\169llo', 1, -1)",
      "return utf8.codepoint('abc', 0)",
      "return utf8.codepoint('abc', 1, 10)",
      "return utf8.codepoint('abc', -1)",
      "return utf8.codepoint('abc', 3, 2)",
      "return utf8.codepoint('\\255', 1)",
      "return utf8.codepoint('\\237\\160\\128', 1, 1, true)",
      "return #string.pack('c10', 'a'), string.unpack('i4', string.pack('i4', 7))",
      "return string.pack('c2', 'abc')",
      "return ('hello world'):find('o w'), ('hello world'):find('o', 6)",
      "return ('hello world'):find('o', 6, true), ('hello world'):find('', 20)",
      "return ('hello world'):find('', 12), ('hello world'):find('', -3)",
      "return ('a.b'):find('.', 1, true), ('a.b'):find('.'), ('a.b'):find('%.')",
      "return string.find(12345, 34), string.find('abc', 'c', -1), string.find('abc', 'a', -10)",
      "return string.find('abc', 'b', 1.5)",
      "return string.find('a\\0b\\0c', '\\0c', 1, true), string.find('aaab', 'aab', 1, true)",
      "return ('abc'):gsub('', '-'), ('hello'):gsub('l', {l = 'L'})",
      "return ('key = value'):match('^(%w+)%s*=%s*(%w+)$')",
      "local n = 0 for w in ('one two three'):gmatch('%a+') do n = n + #w end return n",
      "return load('return 1 + 1')(), load(string.rep(' ', 100000) .. 'return 7')()",
      "local parts = {'return ', '4', '2'} local i = 0 return load(function() i = i + 1 return "
      "parts[i] end)()",
      "local big = 'return ' .. string.rep('1 + ', 20000) .. '1' local i = 0\n"
      "return load(function() i = i + 1 if i == 1 then return big end end)()",
      "return load(function() return {} end)",
      "return load('x = ')",
      "return load(('x'):rep(70000))",
  };
  for (const char* body : bodies) expect_standard(body);
  // pairs visits the same keys as ever (the sandbox's order).
  EXPECT_EQ(eval(sandboxed_,
                 "local out = {} for k, v in pairs({b = 1, a = 2, 3, [2.5] = 4, [true] = 5}) do "
                 "out[#out + 1] = tostring(k) end return table.concat(out, ',')"),
            "1,2.5,a,b,true");
}

// ---------------------------------------------------------------------------------------------
// Hostile calls: refused up front

struct Refusal {
  const char* code;
  const char* message;  // the whole message after "test.lua:N: "
};

TEST_F(LibraryBoundsTest, HostileCallsAreRefusedWithTheFunctionAndTheLimit) {
  // The C metamethods of a "table" that runs no Lua instruction when read, written or measured.
  const std::string virtual_table =
      "local function virtual(n) return setmetatable({}, {__len = function() return n end, "
      "__index = type, __newindex = rawlen}) end\n";
  const Refusal refusals[] = {
      {"string.rep('x', 1 << 40)",
       "string.rep: a result of 1099511627776 bytes is over the limit of 67108864 bytes (the "
       "memory cap)"},
      {"string.rep('', math.maxinteger, 'x')",
       "string.rep: a result of 9223372036854775806 bytes is over the limit of 67108864 bytes "
       "(the memory cap)"},
      {"string.rep('ab', math.maxinteger, 'cd')",
       "string.rep: a result of 36893488147419103226 bytes is over the limit of 67108864 bytes "
       "(the memory cap)"},
      {"table.move({}, 1, math.maxinteger - 1, 1)",
       "table.move: 9223372036854775806 elements are over the limit of 4194304"},
      {"table.move(virtual(0), 1, 4194305, 1)",
       "table.move: 4194305 elements are over the limit of 4194304"},
      {"table.concat(setmetatable({}, {__index = rawlen}), '', 1, math.maxinteger)",
       "table.concat: 9223372036854775807 elements are over the limit of 4194304"},
      {"table.concat({}, '', math.mininteger, math.maxinteger)",
       "table.concat: 18446744073709551616 elements are over the limit of 4194304"},
      {"table.sort(virtual((1 << 31) - 2))",
       "table.sort: 2147483646 elements are over the limit of 4194304"},
      {"table.sort(virtual(math.maxinteger))",
       "table.sort: 9223372036854775807 elements are over the limit of 4194304"},
      {"table.insert(virtual(1 << 40), 1, 'x')",
       "table.insert: 1099511627776 elements to move up are over the limit of 4194304"},
      {"table.remove(virtual(1 << 40), 1)",
       "table.remove: 1099511627775 elements to move down are over the limit of 4194304"},
      {"table.unpack({}, 1, math.maxinteger)",
       "table.unpack: 9223372036854775807 results do not fit on the Lua stack (its limit is "
       "1000000 values)"},
      {"table.unpack({}, math.mininteger, math.maxinteger)",
       "table.unpack: 18446744073709551616 results do not fit on the Lua stack (its limit is "
       "1000000 values)"},
      {"select('#', table.unpack(virtual(1 << 40)))",
       "table.unpack: 1099511627776 results do not fit on the Lua stack (its limit is 1000000 "
       "values)"},
      {"string.byte(('x'):rep(2000000), 1, -1)",
       "string.byte: 2000000 results do not fit on the Lua stack (its limit is 1000000 "
       "values)"},
      {"utf8.codepoint(('x'):rep(2000000), 1, -1)",
       "utf8.codepoint: 2000000 results do not fit on the Lua stack (its limit is 1000000 "
       "values)"},
      {"string.format('%0999999999999d', 1)",
       "string.format: width 999999999999 in '%0999999999999d' is over the limit of 99"},
      {"string.format('%100d', 1)", "string.format: width 100 in '%100d' is over the limit of 99"},
      {"string.format('%.999999999999f', 1.5)",
       "string.format: precision 999999999999 in '%.999999999999f' is over the limit of 99"},
      {"string.format('%-5.100s', 'x')",
       "string.format: precision 100 in '%-5.100s' is over the limit of 99"},
      {"string.format('%' .. ('1'):rep(40) .. 'd', 1)",
       "string.format: the conversion specification '%111111111111111111111...' is over the "
       "limit of 22 characters"},
      {"string.rep('a', 19 << 20):find(string.rep('a', 100 * 1024 - 1) .. 'b.')",
       "string.find: pattern too complex: estimated 2040149311488 steps on a subject of "
       "19922944 bytes exceeds the limit of 20000000"},
      {"string.rep('a', 1 << 20):gsub(string.rep('a', 100), '')",
       "string.gsub: pattern too complex: estimated 105906176 steps on a subject of 1048576 "
       "bytes exceeds the limit of 20000000"},
  };
  for (const Refusal& r : refusals) {
    const Failure failure = failure_of(sandboxed_, virtual_table + r.code);
    EXPECT_EQ(failure.kind, ErrorKind::Runtime) << r.code;
    EXPECT_EQ(failure.message, std::string("test.lua:2: ") + r.message) << r.code;
    EXPECT_NE(failure.message.find("limit"), std::string::npos) << r.code;
    EXPECT_LT(failure.took, kQuick) << r.code;
  }
}

// A call whose result needs no work (an empty repetition) returns at once, whatever its count.
TEST(LibraryBoundsLinearTest, EmptyResultsCostNothingAndPlainFindsAreLinear) {
  State sandboxed(limits_with(256, 0, 0));
  State& sandboxed_ = sandboxed;
  guarded("empty repetitions", [&] {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(eval(sandboxed_,
                   "return #string.rep('', math.maxinteger) + #string.rep('', math.maxinteger, "
                   "'') + #('x'):rep(math.mininteger)"),
              "0");
    // A plain find is linear: 19 MB x 100 kB compares would take minutes.
    EXPECT_EQ(
        eval(sandboxed_,
             "local subject = string.rep('a', 19 << 20)\n"
             "local needle = string.rep('a', 100 * 1024 - 1) .. 'b'\n"
             "return tostring(subject:find(needle, 1, true)) .. tostring(subject:find(needle)) "
             ".. tostring((subject .. 'b'):find(needle, 1, true))"),
        "nilnil19820546");
    EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick);
  });
}

// The functions left uncharged are constant time or linear in their arguments: over 16 MB
// strings they finish at once.
TEST(LibraryBoundsLinearTest, UnchargedFunctionsAreLinearInTheirArguments) {
  State state(limits_with(512, 0, 0));
  guarded("linear functions", [&] {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(
        eval(state,
             "local n = 0\n"
             "n = n + select('#', select(math.maxinteger, 1, 2, 3))\n"
             "n = n + select(-1, 1, 2, 3)\n"
             "n = n + select('#', table.unpack({}, 1, 999000))\n"
             "local bad, s = ('\\128'):rep(16 << 20), ('a'):rep(16 << 20)\n"
             "n = n + select(2, utf8.len(bad)) + utf8.len(s) + utf8.offset(s, -1)\n"
             "for _ in utf8.codes(s:sub(1, 1 << 20)) do n = n + 1 end\n"
             "n = n + #s:upper() + #s:reverse() + #s:sub(2) + #s:lower()\n"
             "n = n + (tonumber(('1'):rep(16 << 20)) and 1 or 0)\n"
             "return n"),
        std::to_string(0 + 3 + 999000 + 1 + 2 * (16 << 20) + (1 << 20) + 4 * (16 << 20) - 1 + 1));
    EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick);
  });
  EXPECT_EQ(eval(state, "return select(2, pcall(select, -math.maxinteger, 1))"),
            "bad argument #1 to 'select' (index out of range)");
}

// ---------------------------------------------------------------------------------------------
// Work done is charged: the instruction budget runs out inside the library function

struct Charged {
  const char* setup;  // run first, in its own call; returns a value passed to `code` as `...`
  const char* code;
  const char* function;  // where the budget runs out
};

TEST(LibraryBoundsBudgetTest, TheBudgetRunsOutInsideTheLibraryFunction) {
  constexpr std::uint64_t kBudget = 1'000'000;
  const std::string virtual_table =
      "local function virtual(n) return setmetatable({}, {__len = function() return n end, "
      "__index = type, __newindex = rawlen}) end\n";
  const Charged cases[] = {
      {nullptr, "for i = 1, 10 do local s = string.rep('x', 4 << 20) end", "string.rep"},
      {nullptr, "table.move({}, 1, 600000, 1)", "table.move"},
      {nullptr, "table.concat(setmetatable({}, {__index = rawlen}), '', 1, 2000000)",
       "table.concat"},
      {nullptr, "table.sort(virtual(1000000))", "table.sort"},
      {nullptr, "table.insert(virtual(3000000), 1, 'x')", "table.insert"},
      {nullptr, "table.remove(virtual(3000000), 1)", "table.remove"},
      {nullptr, "for i = 1, 3 do select('#', table.unpack({}, 1, 600000)) end", "table.unpack"},
      {"return ('\\0'):rep(20 << 20)", "string.format('%q', ...)", "string.format"},
      {nullptr, "local s = ('x'):rep(700000) for i = 1, 3 do select('#', s:byte(1, -1)) end",
       "string.byte"},
      {nullptr,
       "local s = ('x'):rep(700000) for i = 1, 3 do select('#', utf8.codepoint(s, 1, -1)) end",
       "utf8.codepoint"},
      {nullptr, "string.pack('c' .. (20 << 20), '')", "string.pack"},
      {nullptr, "(('a'):rep(12 << 20)):find('b', 1, true)", "string.find"},
      {nullptr, "(('a'):rep(2500)):match('a*b')", "string.match"},
      {nullptr, "(('a'):rep(1 << 20)):gsub('a', ('x'):rep(16))", "string.gsub"},
      {"local t = {} for i = 1, 200000 do t['k' .. i] = true end return t",
       "local t = ... pairs(t)", "pairs"},
      {nullptr, "load(('x=1 '):rep(300000))", "load"},
      {nullptr, "local text = ('x=1 '):rep(2000) for i = 1, 1000 do load(text) end", "load"},
      {"return ('return 1 ' .. ('-- comment\\n'):rep(200000))",
       "local text = ... local done = false load(function() if not done then done = true "
       "return text end end)",
       "load"},
  };
  for (const Charged& c : cases) {
    State state(limits_with(128, 0, kBudget));
    lua_State* L = state.get();
    guarded(c.code, [&] {
      int args = 0;
      if (c.setup != nullptr) {
        // The setup runs in the same state without a budget.
        Limits big = state.limits();
        big.instructions = 0;
        state.set_limits(big);
        state.load(c.setup, "@setup.lua");
        state.call(0, 1);
        state.set_limits(limits_with(128, 0, kBudget));
        args = 1;
      }
      state.load(virtual_table + c.code, "@test.lua");
      if (args == 1) lua_insert(L, -2);
      try {
        state.call(args, 0);
        ADD_FAILURE() << "no error from: " << c.code;
      } catch (const ScriptError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Budget) << e.what();
        const std::string expected =
            std::string("instruction budget exceeded (1000000 instructions) in ") + c.function;
        EXPECT_TRUE(std::string(e.what()).ends_with(expected)) << e.what() << "\nfrom: " << c.code;
        EXPECT_TRUE(std::string(e.what()).starts_with("test.lua:")) << e.what();
      }
      lua_settop(L, 0);
    });
  }
}

// A limit that runs out while load parses, after its last checked charge, stops the call in
// load: a 1,000-byte chunk is charged below kMeterInterval, so only the check after the parse
// sees the budget of 500 spent (and the chunk alone would return before the hook looks).
TEST(LibraryBoundsBudgetTest, ABudgetSpentWhileParsingStopsTheCallInLoad) {
  State state(limits_with(16, 0, 500));
  try {
    std::string chunk;
    for (int i = 0; i < 250; ++i) chunk += "x=1 ";
    eval(state, "load('" + chunk + "') return 'returned'");
    ADD_FAILURE() << "load returned over the budget";
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Budget) << e.what();
    EXPECT_TRUE(
        std::string(e.what()).ends_with("instruction budget exceeded (500 instructions) in load"))
        << e.what();
  }
}

// The same calls under a budget large enough run to the end with the standard results.
TEST(LibraryBoundsBudgetTest, OrdinaryCallsStayWellWithinABudget) {
  State state(limits_with(16, 0, 100'000));
  EXPECT_EQ(eval(state,
                 "local n = 0\n"
                 "for i = 1, 100 do\n"
                 "  local t = {} for j = 1, 10 do table.insert(t, j) end\n"
                 "  table.sort(t, function(a, b) return a > b end)\n"
                 "  n = n + #table.concat(t, ',') + #string.format('%d %s %5.2f', i, 'x', i / 3)\n"
                 "  n = n + #string.rep('ab', 3, ',') + select('#', table.unpack(t))\n"
                 "  for k in pairs({a = 1, b = 2}) do n = n + 1 end\n"
                 "end\n"
                 "return n"),
            "4992");
}

// ---------------------------------------------------------------------------------------------
// The time limit stops the loops in C

TEST(LibraryBoundsTimeTest, TheTimeLimitStopsLoopsInC) {
  const std::string virtual_table =
      "local function virtual(n) return setmetatable({}, {__len = function() return n end, "
      "__index = type, __newindex = rawlen}) end\n";
  const Charged cases[] = {
      // Sorting four million elements read and written by C functions: seconds of C.
      {nullptr, "table.sort(virtual(4000000))", "table.sort"},
      // Each '%.0f' of the largest double prints 309 digits: microseconds each.
      {"local t = {} for i = 1, 900000 do t[i] = 1e308 end return t",
       "local t = ... string.format(('%.0f'):rep(#t), table.unpack(t))", "string.format"},
      // Parsing 48 MB of statements.
      {"return ('x=1 '):rep(12 << 20)", "load((...))", "load"},
  };
  for (const Charged& c : cases) {
    State state(limits_with(256, 200, 0));
    lua_State* L = state.get();
    guarded(c.code, [&] {
      int args = 0;
      if (c.setup != nullptr) {
        // The setup runs without the time limit: on a loaded machine building its table alone
        // may take 200 ms, and only the call below is under test.
        state.set_limits(limits_with(256, 0, 0));
        state.load(c.setup, "@setup.lua");
        state.call(0, 1);
        state.set_limits(limits_with(256, 200, 0));
        args = 1;
      }
      state.load(virtual_table + c.code, "@test.lua");
      if (args == 1) lua_insert(L, -2);
      const auto start = std::chrono::steady_clock::now();
      try {
        state.call(args, 0);
        ADD_FAILURE() << "no error from: " << c.code;
      } catch (const ScriptError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Budget) << e.what();
        const std::string prefix =
            "time limit exceeded: a call into Lua ran for more than 200 ms in ";
        const std::string what = e.what();
        // On a loaded machine the 200 ms may already run out while table.unpack pushes the
        // 900,000 arguments of string.format: a loop in C stopped all the same.
        const bool stopped = what.ends_with(prefix + c.function) ||
                             (std::string_view(c.function) == "string.format" &&
                              what.ends_with(prefix + "table.unpack"));
        EXPECT_TRUE(stopped) << what << "\nfrom: " << c.code;
      }
      EXPECT_LT(std::chrono::steady_clock::now() - start, kQuick) << c.code;
      lua_settop(L, 0);
    });
  }
}

}  // namespace
}  // namespace catan::lua

// ---------------------------------------------------------------------------------------------
// In a game: the refusal ends the game with one line

namespace catan::scripting {
namespace {

class LibraryBoundsSessionTest : public testing::SessionFixture {};

TEST_F(LibraryBoundsSessionTest, ARefusalEndsTheGameWithOneLine) {
  pack("mover", R"lua(
game.on("turn", function(e)
  table.move({}, 1, math.maxinteger - 1, 1)
  game.finish(e.player, "table.move returned")
end)
)lua");
  lua::Limits limits;
  limits.time_limit_ms = 1000;
  auto s = session({"mover"}, {}, limits);
  GameResult r;
  lua::guarded("table.move in a game", [&] { r = s->play({}); });
  ASSERT_FALSE(r.ok);
  EXPECT_TRUE(r.error.starts_with("pack 'mover', handler of event 'turn': ")) << r.error;
  EXPECT_TRUE(
      r.error.ends_with("main.lua:3: table.move: 9223372036854775806 elements are over "
                        "the limit of 16777216"))
      << r.error;
  EXPECT_EQ(r.error.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace catan::scripting
