// The sandbox seen from pack code: what exists, what is refused and with which message.
#include "scripting/sandbox.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "scripting/lua_state.h"
#include "scripting/pattern_guard.h"

namespace catan::lua {
namespace {

// Runs `code` as chunk "@test.lua" and returns its results converted with tostring.
std::vector<std::string> eval(State& state, const std::string& code) {
  lua_State* L = state.get();
  const int base = lua_gettop(L);
  state.load(code, "@test.lua");
  state.call(0, LUA_MULTRET);
  std::vector<std::string> results;
  for (int i = base + 1; i <= lua_gettop(L); ++i) {
    results.emplace_back(luaL_tolstring(L, i, nullptr));
    lua_pop(L, 1);
  }
  lua_settop(L, base);
  return results;
}

std::string eval1(State& state, const std::string& code) {
  const std::vector<std::string> results = eval(state, code);
  return results.empty() ? std::string("<no result>") : results.front();
}

// The message of the ScriptError that running `code` throws; fails the test if none is thrown.
std::string error_of(State& state, const std::string& code,
                     ErrorKind expected_kind = ErrorKind::Runtime) {
  try {
    eval(state, code);
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), expected_kind) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no error from: " << code;
  return {};
}

Limits small_limits() {
  Limits limits;
  limits.memory_bytes = 4u << 20;
  limits.instructions = 200'000;
  return limits;
}

TEST(SandboxTest, OsIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "os.execute('echo hi')"),
            "test.lua:1: attempt to index a nil value (global 'os')");
}

TEST(SandboxTest, IoIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "local f = io.open('/etc/passwd')"),
            "test.lua:1: attempt to index a nil value (global 'io')");
}

TEST(SandboxTest, RequireIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "require 'x'"),
            "test.lua:1: attempt to call a nil value (global 'require')");
  EXPECT_EQ(eval1(state, "return package"), "nil");
}

TEST(SandboxTest, DebugIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "return debug.getregistry()"),
            "test.lua:1: attempt to index a nil value (global 'debug')");
  EXPECT_EQ(error_of(state, "debug.sethook()"),
            "test.lua:1: attempt to index a nil value (global 'debug')");
}

TEST(SandboxTest, FileAndCollectorFunctionsAreAbsent) {
  State state(small_limits());
  EXPECT_EQ(eval(state, "return dofile, loadfile, collectgarbage, _G"),
            (std::vector<std::string>{"nil", "nil", "nil", "nil"}));
  EXPECT_EQ(error_of(state, "collectgarbage('count')"),
            "test.lua:1: attempt to call a nil value (global 'collectgarbage')");
}

TEST(SandboxTest, AllowedGlobalsArePresent) {
  State state(small_limits());
  const char* names[] = {"assert",   "error",  "ipairs",       "next",         "pairs",
                         "opairs",   "pcall",  "xpcall",       "print",        "rawequal",
                         "rawget",   "rawlen", "rawset",       "select",       "tonumber",
                         "tostring", "type",   "getmetatable", "setmetatable", "load"};
  for (const char* name : names) {
    EXPECT_EQ(eval1(state, std::string("return type(") + name + ")"), "function") << name;
  }
  EXPECT_EQ(eval1(state, "return _VERSION"), "Lua 5.4");
  for (const char* lib : {"coroutine", "string", "table", "math", "utf8"}) {
    EXPECT_EQ(eval1(state, std::string("return type(") + lib + ")"), "table") << lib;
  }
}

TEST(SandboxTest, StringDumpIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(eval(state, "return string.dump, ('x').dump"),
            (std::vector<std::string>{"nil", "nil"}));
  EXPECT_EQ(error_of(state, "string.dump(print)"),
            "test.lua:1: attempt to call a nil value (field 'dump')");
}

TEST(SandboxTest, MathRandomIsAbsent) {
  State state(small_limits());
  EXPECT_EQ(eval(state, "return math.random, math.randomseed, math.floor(2.5)"),
            (std::vector<std::string>{"nil", "nil", "2"}));
  EXPECT_EQ(error_of(state, "return math.random(6)"),
            "test.lua:1: attempt to call a nil value (field 'random')");
}

TEST(SandboxTest, StringMetatableIsLocked) {
  State state(small_limits());
  EXPECT_EQ(eval1(state, "return getmetatable('')"), "locked");
  EXPECT_EQ(error_of(state, "getmetatable('').__index = {}"),
            "test.lua:1: attempt to index a string value");
  EXPECT_EQ(error_of(state, "setmetatable('', {})"),
            "test.lua:1: bad argument #1 to 'setmetatable' (table expected, got string)");
  // Methods still come from the sandbox string table.
  EXPECT_EQ(eval1(state, "return ('abc'):upper()"), "ABC");
  EXPECT_EQ(eval1(state, "return ('x').find == string.find"), "true");
}

TEST(SandboxTest, LibraryTablesAreReadOnly) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "string.x = 1"),
            "test.lua:1: attempt to modify read-only table 'string'");
  EXPECT_EQ(error_of(state, "math.pi = 3"), "test.lua:1: attempt to modify read-only table 'math'");
  EXPECT_EQ(error_of(state, "table.insert = nil"),
            "test.lua:1: attempt to modify read-only table 'table'");
  EXPECT_EQ(error_of(state, "rawset(coroutine, 'x', 1)"),
            "test.lua:1: attempt to modify read-only table 'coroutine'");
  EXPECT_EQ(error_of(state, "setmetatable(utf8, {})"),
            "test.lua:1: cannot change a protected metatable");
  EXPECT_EQ(eval(state, "return getmetatable(string), math.pi > 3.14"),
            (std::vector<std::string>{"locked", "true"}));
}

TEST(SandboxTest, GlobalsTableIsReadOnly) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "x = 1"), "test.lua:1: attempt to modify read-only table 'globals'");
  // The registry's globals table, which per-chunk environments read through, is the same
  // read-only table.
  state.load("local g = ...\ng.print = nil", "@test.lua");
  lua_rawgeti(state.get(), LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  try {
    state.call(1, 0);
    FAIL() << "assignment to the globals table succeeded";
  } catch (const ScriptError& e) {
    EXPECT_EQ(std::string(e.what()), "test.lua:2: attempt to modify read-only table 'globals'");
  }
}

TEST(SandboxTest, PerChunkEnvironmentReadsThroughGlobals) {
  State state(small_limits());
  lua_State* L = state.get();
  state.load("counter = (counter or 0) + 1\nreturn counter, type(string.format)", "@env.lua");
  lua_newtable(L);  // the chunk's own environment
  lua_newtable(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  ASSERT_NE(lua_setupvalue(L, -2, 1), nullptr);
  state.call(0, 2);
  EXPECT_EQ(lua_tointeger(L, -2), 1);
  EXPECT_STREQ(lua_tostring(L, -1), "function");
  lua_pop(L, 2);
}

TEST(SandboxTest, DefineGlobalPublishesToSandbox) {
  State state(small_limits());
  lua_pushinteger(state.get(), 42);
  state.define_global("answer");
  EXPECT_EQ(eval1(state, "return answer"), "42");
  EXPECT_EQ(error_of(state, "answer = 1"),
            "test.lua:1: attempt to modify read-only table 'globals'");
}

TEST(SandboxTest, LoadDefaultsToSandboxGlobals) {
  State state(small_limits());
  EXPECT_EQ(eval(state,
                 "return load('return string.upper')() == string.upper, "
                 "load('return _G, os')()"),
            (std::vector<std::string>{"true", "nil", "nil"}));
  EXPECT_EQ(error_of(state, "load('y = 2')()"),
            "[string \"y = 2\"]:1: attempt to modify read-only table 'globals'");
  EXPECT_EQ(
      eval(state, "return load('return +')"),
      (std::vector<std::string>{"nil", "[string \"return +\"]:1: unexpected symbol near '+'"}));
  EXPECT_EQ(eval(state,
                 "local parts = {'return ', '6 * 7'} local i = 0\n"
                 "return load(function() i = i + 1 return parts[i] end, '=parts')()"),
            (std::vector<std::string>{"42"}));
  EXPECT_EQ(eval(state, "local f, e = load(function() error({}) end) return f, type(e)"),
            (std::vector<std::string>{"nil", "table"}));
  // An explicit environment is honoured.
  EXPECT_EQ(eval1(state, "local env = {} load('y = 2', 'chunk', 't', env)() return env.y"), "2");
}

TEST(SandboxTest, LoadingTheSameTextAgainMakesANewFunctionWithItsOwnEnvironment) {
  State state(small_limits());
  EXPECT_EQ(eval(state,
                 "local text = 'n = (n or 0) + 1\\nreturn n, x.y'\n"
                 "local a, b = {x = {y = 1}}, {x = {y = 2}}\n"
                 "local f, g = load(text, '=same', 't', a), load(text, '=same', 't', b)\n"
                 "f() f()\n"
                 "local n1, y1 = f() local n2, y2 = g()\n"
                 "local _, e = pcall(load(text, '=same', 't', {}))\n"
                 "return f ~= g, n1, y1, n2, y2, e"),
            (std::vector<std::string>{"true", "3", "1", "1", "2",
                                      "same:2: attempt to index a nil value (global 'x')"}));
}

// Bytes of a compiled Lua function, made by a trusted (unsandboxed) state.
std::string binary_chunk() {
  State trusted(Limits{.sandbox = false});
  return eval1(trusted, "return string.dump(function() return 1 end)");
}

TEST(SandboxTest, LoadRefusesBinaryChunks) {
  const std::string bytes = binary_chunk();
  ASSERT_EQ(bytes.substr(0, 4), "\x1bLua");
  State state(small_limits());
  lua_State* L = state.get();
  state.load(
      "local bytes = ...\n"
      "local f1, e1 = load(bytes)\n"
      "local done = false\n"
      "local f2, e2 = load(function() if done then return nil end done = true "
      "return bytes end)\n"
      "return f1, e1, f2, e2",
      "@test.lua");
  lua_pushlstring(L, bytes.data(), bytes.size());
  state.call(1, 4);
  EXPECT_TRUE(lua_isnil(L, -4));
  EXPECT_STREQ(lua_tostring(L, -3), "binary chunks are not allowed");
  EXPECT_TRUE(lua_isnil(L, -2));
  EXPECT_STREQ(lua_tostring(L, -1), "binary chunks are not allowed");
  lua_pop(L, 4);

  try {
    state.load(bytes, "@rules/x/evil.lua");
    FAIL() << "State::load accepted a binary chunk";
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Syntax);
    EXPECT_EQ(std::string(e.what()), "rules/x/evil.lua: binary chunks are not allowed");
  }
  EXPECT_EQ(lua_gettop(L), 0);
}

TEST(SandboxTest, FinalizersAreRefused) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "setmetatable({}, {__gc = function() end})"),
            "test.lua:1: setmetatable: __gc metamethods are not allowed in the sandbox");
  EXPECT_EQ(eval1(state, "return getmetatable(setmetatable({}, {__index = {a = 1}})).__index.a"),
            "1");
}

TEST(SandboxTest, PrintGoesToTheSink) {
  State state(small_limits());
  EXPECT_EQ(eval1(state, "print('discarded') return 1"), "1");
  std::vector<std::string> lines;
  state.set_print([&](std::string_view line) { lines.emplace_back(line); });
  eval(state, "print('a', 1, nil, true) print()");
  EXPECT_EQ(lines, (std::vector<std::string>{"a\t1\tnil\ttrue", ""}));
}

TEST(SandboxTest, PrintSinkExceptionBecomesLuaError) {
  State state(small_limits());
  state.set_print([](std::string_view) { throw std::runtime_error("log is full"); });
  EXPECT_EQ(eval(state, "return pcall(print, 'x')"),
            (std::vector<std::string>{"false", "log is full"}));
}

// ---------------------------------------------------------------------------------------------
// Ordered pairs

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

TEST(SandboxTest, PairsOrderIsTheSameInTwoStatesAndSorted) {
  // The two states insert the same 150 keys in opposite orders.
  const std::string visit =
      "local t = {}\n"
      "for j = 1, 150 do\n"
      "  local i = ascending and j or 151 - j\n"
      "  t['key' .. (i * 7919 % 1000)] = i\n"
      "end\n"
      "local out = {}\n"
      "for k in pairs(t) do out[#out + 1] = k end\n"
      "return table.concat(out, ',')";
  State first(small_limits());
  State second(small_limits());
  lua_pushboolean(first.get(), 1);
  first.define_global("ascending");
  const std::string order_first = eval1(first, visit);
  const std::string order_second = eval1(second, visit);
  EXPECT_EQ(order_first, order_second);
  const std::vector<std::string> keys = split(order_first, ',');
  EXPECT_EQ(keys.size(), 150u);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_EQ(eval1(first,
                  "local t = {b = 1, a = 2} local o = '' for k in opairs(t) do o = o .. k "
                  "end return o"),
            "ab");
}

TEST(SandboxTest, PairsVisitsArrayThenNumbersStringsBooleans) {
  State state(small_limits());
  EXPECT_EQ(eval1(state,
                  "local t = {10, 20, 30, zeta = 1, alpha = 2, [5.5] = 3, [-1] = 4, [100] = 5,\n"
                  "  [true] = 6, [false] = 7, ['B'] = 8, [0] = 9}\n"
                  "local out = {}\n"
                  "for k, v in pairs(t) do out[#out + 1] = tostring(k) .. '=' .. v end\n"
                  "return table.concat(out, ' ')"),
            "1=10 2=20 3=30 -1=4 0=9 5.5=3 100=5 B=8 alpha=2 zeta=1 false=7 true=6");
}

TEST(SandboxTest, PairsSkipsKeysClearedDuringTheLoop) {
  State state(small_limits());
  EXPECT_EQ(eval1(state,
                  "local t = {a = 1, b = 2, c = 3, d = 4}\n"
                  "local out = {}\n"
                  "for k in pairs(t) do out[#out + 1] = k t.c = nil end\n"
                  "return table.concat(out)"),
            "abd");
}

TEST(SandboxTest, PairsRefusesKeysWithoutOrder) {
  State state(small_limits());
  EXPECT_EQ(error_of(state, "for k in pairs({[{}] = 1}) do end"),
            "test.lua:1: pairs: keys of type table have no defined order; use an array");
  EXPECT_EQ(error_of(state, "for k in pairs({[print] = 1}) do end"),
            "test.lua:1: pairs: keys of type function have no defined order; use an array");
}

TEST(SandboxTest, PairsHonoursMetamethodAndReadOnlyTables) {
  State state(small_limits());
  EXPECT_EQ(eval1(state,
                  "local t = setmetatable({}, {__pairs = function(t)\n"
                  "  return function(_, k) if not k then return 'only', 1 end end, t, nil end})\n"
                  "local out = {} for k in pairs(t) do out[#out + 1] = k end\n"
                  "return table.concat(out)"),
            "only");
  // Library tables iterate their (sorted) contents.
  EXPECT_EQ(eval1(state,
                  "local out = {} for k in pairs(utf8) do out[#out + 1] = k end\n"
                  "return table.concat(out, ',')"),
            "char,charpattern,codepoint,codes,len,offset");
  EXPECT_EQ(eval1(state, "return next(string)"), "nil");  // next is raw: proxies are empty
}

// A read-only proxy hands out nothing writable: pairs returns the proxy itself as its state (the
// table it protects once leaked through that second value), and the raw functions see an empty,
// locked table. Every route tried here on the globals `load` gives and on each library.
TEST(SandboxTest, ProxiesAreOpaqueToEveryRoute) {
  State state(small_limits());
  for (const std::string proxy :
       {"load('return _ENV')()", "string", "table", "math", "utf8", "coroutine", "_ENV"}) {
    SCOPED_TRACE(proxy);
    EXPECT_EQ(eval(state, "local p = " + proxy +
                              "\n"
                              "local f, s, c = pairs(p)\n"
                              "return rawequal(s, p), c, next(p), rawlen(p), rawget(p, 'x'), "
                              "getmetatable(p)"),
              (std::vector<std::string>{"true", "nil", "nil", "0", "nil", "locked"}));
    EXPECT_EQ(error_of(state, "local p = " + proxy +
                                  "\n"
                                  "local _, s = pairs(p)\n"
                                  "s.x = 1"),
              error_of(state, "local p = " + proxy + "\n\np.x = 1"));
    EXPECT_NE(error_of(state, "local p = " + proxy + "\nrawset(select(2, pairs(p)), 'x', 1)")
                  .find("attempt to modify read-only table"),
              std::string::npos);
  }
  // The string metatable's methods cannot be replaced through any of them.
  EXPECT_EQ(eval1(state,
                  "for _, s in pairs(load('return _ENV')()) do pcall(rawset, s, 'upper', 1) end\n"
                  "local _, s = pairs(string) pcall(rawset, s, 'upper', 1)\n"
                  "return ('abc'):upper()"),
            "ABC");
}

// ---------------------------------------------------------------------------------------------
// Pattern guard

TEST(SandboxTest, PathologicalPatternIsStopped) {
  State state(small_limits());
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(error_of(state, "return string.rep('a', 40):match(string.rep('a*', 20) .. 'b')"),
            "test.lua:1: string.match: pattern too complex: estimated 18446744073709551615 steps "
            "on a subject of 40 bytes exceeds the limit of 20000000");
  // A number subject is converted to its 18 digits first, and guarded like a string.
  EXPECT_EQ(error_of(state, "return string.match(123456789012345678, ('%d*'):rep(20) .. 'x')"),
            "test.lua:1: string.match: pattern too complex: estimated 18446744073709551615 steps "
            "on a subject of 18 bytes exceeds the limit of 20000000");
  // A long pattern without repetitions is tried at every position: subject x pattern.
  EXPECT_EQ(error_of(state, "return string.rep('a', 1 << 20):match(string.rep('a', 1000) .. 'b')"),
            "test.lua:1: string.match: pattern too complex: estimated 1050673152 steps on a "
            "subject of 1048576 bytes exceeds the limit of 20000000");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
}

TEST(SandboxTest, PatternLimitComesFromLimits) {
  Limits limits = small_limits();
  limits.pattern_cost = 1000;
  State state(limits);
  EXPECT_EQ(error_of(state, "return ('a'):rep(100):find('a*b')"),
            "test.lua:1: string.find: pattern too complex: estimated 30100 steps on a subject of "
            "100 bytes exceeds the limit of 1000");
  EXPECT_EQ(error_of(state, "for w in ('a'):rep(100):gmatch('%a+') do end"),
            "test.lua:1: string.gmatch: pattern too complex: estimated 20100 steps on a subject "
            "of 100 bytes exceeds the limit of 1000");
  // Anchored: 1 + 100 * 3 steps, inside the limit.
  EXPECT_EQ(eval1(state, "return ('a'):rep(100):find('^a*b')"), "nil");
  // A plain find is a linear search, whatever the limit.
  EXPECT_EQ(eval1(state, "return ('a'):rep(999):find('a*', 1, true)"), "nil");
  EXPECT_EQ(eval1(state, "return ('a'):rep(100000):find(('a'):rep(999) .. 'b', 1, true)"), "nil");
  limits.pattern_cost = 100'000;
  state.set_limits(limits);
  EXPECT_EQ(eval1(state, "return ('a'):rep(100):find('a*b')"), "nil");
}

TEST(SandboxTest, OrdinaryPatternsWork) {
  State state(small_limits());
  EXPECT_EQ(eval(state, "return ('key=value'):match('^(%w+)=(%w+)$')"),
            (std::vector<std::string>{"key", "value"}));
  EXPECT_EQ(eval(state, "return ('wood, brick,  ore'):gsub('%s+', ' ')"),
            (std::vector<std::string>{"wood, brick, ore", "2"}));
  EXPECT_EQ(eval1(state,
                  "local n = 0 for w in ('a bb ccc'):gmatch('%a+') do n = n + #w end "
                  "return n"),
            "6");
  EXPECT_EQ(eval(state, "return string.find('settlement', 'tle')"),
            (std::vector<std::string>{"4", "6"}));
  EXPECT_EQ(eval1(state, "return ('x'):rep(100000):find('y', 1, true)"), "nil");
  // Errors of the real functions are untouched.
  EXPECT_EQ(error_of(state, "return ('x'):find('[a')"),
            "test.lua:1: malformed pattern (missing ']')");
}

TEST(PatternGuardTest, CountsQuantifiedItems) {
  EXPECT_EQ(count_quantified_items("^(%w+)=(%w+)$"), 2);
  EXPECT_EQ(count_quantified_items("abc"), 0);
  EXPECT_EQ(count_quantified_items("a*a-a?a+"), 4);
  EXPECT_EQ(count_quantified_items("[%a_][%w_]*"), 1);
  EXPECT_EQ(count_quantified_items("[]]*x"), 1);
  EXPECT_EQ(count_quantified_items("[^]%]]+"), 1);
  EXPECT_EQ(count_quantified_items("%%*"), 1);
  EXPECT_EQ(count_quantified_items("%b()"), 1);
  EXPECT_EQ(count_quantified_items("%f[%w]%w+"), 1);
  EXPECT_EQ(count_quantified_items("(a+)%1"), 2);
  EXPECT_EQ(count_quantified_items("()a"), 0);
  EXPECT_EQ(count_quantified_items("[a"), 0);  // malformed: counted as far as readable
  EXPECT_EQ(count_quantified_items("a%"), 0);
}

TEST(PatternGuardTest, EstimatesCost) {
  // Parts "(" | "%w+)=(" | "%w+)$": (1 + 1) + 9 * (1 + 4) + 81 * (1 + 3), from one start.
  EXPECT_EQ(estimate_pattern_cost(9, "^(%w+)=(%w+)$", true, false), 371u);
  // gmatch: '^' is a literal of part 0, and every position is a start.
  EXPECT_EQ(estimate_pattern_cost(9, "^(%w+)=(%w+)$", false, false), 3348u);
  EXPECT_EQ(estimate_pattern_cost(40, "a*a*b", true, false), 40u * (1 + 40 * 2 + 1600 * 3));
  EXPECT_EQ(estimate_pattern_cost(1000, "needle", true, false), 7000u);  // match: no plain path
  EXPECT_EQ(estimate_pattern_cost(1000, "a*", true, true), 1002u);       // plain: n + m
  // docs/lua-api.md's example: (1 + 6) + 30 * (1 + 2).
  EXPECT_EQ(estimate_pattern_cost(30, "^node (%d+)", true, false), 97u);
  // A long set weighs its length / 8.
  EXPECT_EQ(estimate_pattern_cost(10, "[" + std::string(79, 'x') + "]", true, false), 120u);
  EXPECT_EQ(estimate_pattern_cost(19u << 20, std::string(100'000, 'a') + "b", true, false),
            (19ull << 20) * 100'002);
  EXPECT_EQ(estimate_pattern_cost(0, "a*a*a*", true, false), 0u);
  EXPECT_EQ(estimate_pattern_cost(1u << 20, "a*a*a*a*", true, false), UINT64_MAX);
}

// ---------------------------------------------------------------------------------------------
// protect<>

int throws_runtime_error(lua_State*) {
  throw std::runtime_error("dice bag is empty");
}

int adds(lua_State* L) {
  lua_pushinteger(L, luaL_checkinteger(L, 1) + luaL_checkinteger(L, 2));
  return 1;
}

TEST(SandboxTest, ExceptionFromProtectedFunctionIsCatchableLuaError) {
  State state(small_limits());
  lua_pushcfunction(state.get(), &protect<throws_runtime_error>);
  state.define_global("draw");
  lua_pushcfunction(state.get(), &protect<adds>);
  state.define_global("add");
  EXPECT_EQ(eval(state, "return pcall(draw)"),
            (std::vector<std::string>{"false", "dice bag is empty"}));
  EXPECT_EQ(eval(state, "return pcall(function()\n  draw()\nend)"),
            (std::vector<std::string>{"false", "test.lua:2: dice bag is empty"}));
  EXPECT_EQ(error_of(state, "draw()"), "test.lua:1: dice bag is empty");
  // Lua errors raised inside a protected function pass through unchanged.
  EXPECT_EQ(error_of(state, "add(1, {})"),
            "test.lua:1: bad argument #2 to 'add' (number expected, got table)");
  EXPECT_EQ(eval1(state, "return add(2, 3)"), "5");
}

}  // namespace
}  // namespace catan::lua
