// The Lua host: errors, instruction budgets, memory cap, nested calls, reuse after a trip.
#include "scripting/lua_state.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

namespace catan::lua {
namespace {

constexpr std::uint64_t kBudget = 100'000;
constexpr std::size_t kCap = 2u << 20;

Limits test_limits() {
  Limits limits;
  limits.memory_bytes = kCap;
  limits.instructions = kBudget;
  return limits;
}

std::vector<std::string> eval(State& state, const std::string& code,
                              const std::string& chunkname = "@test.lua") {
  lua_State* L = state.get();
  const int base = lua_gettop(L);
  state.load(code, chunkname);
  state.call(0, LUA_MULTRET);
  std::vector<std::string> results;
  for (int i = base + 1; i <= lua_gettop(L); ++i) {
    results.emplace_back(luaL_tolstring(L, i, nullptr));
    lua_pop(L, 1);
  }
  lua_settop(L, base);
  return results;
}

// Runs `code`, expecting a ScriptError of `kind`; returns it. The stack must be left as it was.
ScriptError failure_of(State& state, const std::string& code, ErrorKind kind) {
  const int top = lua_gettop(state.get());
  try {
    eval(state, code);
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    EXPECT_EQ(lua_gettop(state.get()), top);
    return e;
  }
  ADD_FAILURE() << "no error from: " << code;
  return ScriptError(ErrorKind::Runtime, "");
}

// `reached()` in Lua code records that execution got past a point that a trip must not pass.
int g_reached = 0;

int mark_reached(lua_State*) {
  ++g_reached;
  return 0;
}

void install_reached(State& state) {
  g_reached = 0;
  lua_pushcfunction(state.get(), &mark_reached);
  state.define_global("reached");
}

const std::string kBudgetMessage = "test.lua:1: instruction budget exceeded (100000 instructions)";
const std::string kMemoryMessage = "memory cap exceeded (2097152 bytes)";

TEST(LuaStateTest, CallReturnsResults) {
  State state(test_limits());
  EXPECT_EQ(eval(state, "return 1 + 1, 'two'"), (std::vector<std::string>{"2", "two"}));
  lua_State* L = state.get();
  state.load("local a, b = ... return a * b", "@mul.lua");
  lua_pushinteger(L, 6);
  lua_pushinteger(L, 7);
  state.call(2, 1);
  EXPECT_EQ(lua_tointeger(L, -1), 42);
  lua_pop(L, 1);
  EXPECT_EQ(lua_gettop(L), 0);
}

TEST(LuaStateTest, SyntaxErrorNamesChunkAndLine) {
  State state(test_limits());
  try {
    state.load("local x = 1\nlocal y = = 2\n", "@rules/x/main.lua");
    FAIL() << "no syntax error";
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Syntax);
    EXPECT_EQ(std::string(e.what()), "rules/x/main.lua:2: unexpected symbol near '='");
  }
  EXPECT_EQ(lua_gettop(state.get()), 0);
}

TEST(LuaStateTest, RuntimeErrorHasOneLineMessageAndTraceback) {
  State state(test_limits());
  const ScriptError e = failure_of(state,
                                   "local function roll()\n"
                                   "  error('no dice\\nleft')\n"
                                   "end\n"
                                   "roll()",
                                   ErrorKind::Runtime);
  EXPECT_EQ(std::string(e.what()), "test.lua:2: no dice left");
  EXPECT_NE(e.traceback().find("stack traceback:"), std::string::npos) << e.traceback();
  EXPECT_NE(e.traceback().find("test.lua:2: in"), std::string::npos) << e.traceback();
  EXPECT_NE(e.traceback().find("test.lua:4: in"), std::string::npos) << e.traceback();
  EXPECT_EQ(std::string(failure_of(state, "error({})", ErrorKind::Runtime).what()),
            "(error object is a table value)");
}

TEST(LuaStateTest, InfiniteLoopIsStoppedByBudget) {
  State state(test_limits());
  const auto start = std::chrono::steady_clock::now();
  const ScriptError e = failure_of(state, "while true do end", ErrorKind::Budget);
  EXPECT_EQ(std::string(e.what()), kBudgetMessage);
  EXPECT_NE(e.traceback().find("test.lua:1"), std::string::npos) << e.traceback();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
}

TEST(LuaStateTest, PcallCannotSwallowBudget) {
  State state(test_limits());
  install_reached(state);
  EXPECT_EQ(std::string(failure_of(state, "pcall(function() while true do end end) reached()",
                                   ErrorKind::Budget)
                            .what()),
            kBudgetMessage);
  EXPECT_EQ(
      std::string(failure_of(state, "while true do pcall(function() while true do end end) end",
                             ErrorKind::Budget)
                      .what()),
      kBudgetMessage);
  EXPECT_EQ(std::string(failure_of(state,
                                   "local ok = xpcall(function() while true do end end,\n"
                                   "  function(m) reached() return m end)\n"
                                   "reached()",
                                   ErrorKind::Budget)
                            .what()),
            kBudgetMessage);
  // A handler that loops forever is not even run once the budget is gone.
  failure_of(state, "xpcall(function() while true do end end, function() while true do end end)",
             ErrorKind::Budget);
  // load() runs its reader function in protected mode: a trip there is not returned as nil, msg.
  failure_of(state, "while true do load(function() while true do end end) end", ErrorKind::Budget);
  failure_of(state, "load(function() while true do end end) reached()", ErrorKind::Budget);
  // A handler that loops while handling an ordinary error is stopped too.
  failure_of(state, "xpcall(error, function() while true do end end) reached()", ErrorKind::Budget);
  EXPECT_EQ(g_reached, 0);
}

TEST(LuaStateTest, BudgetStopsLoopsInsideCoroutines) {
  State state(test_limits());
  install_reached(state);
  const char* programs[] = {
      "coroutine.resume(coroutine.create(function() while true do end end)) reached()",
      "coroutine.wrap(function() while true do end end)() reached()",
      "pcall(coroutine.wrap(function() while true do end end)) reached()",
      "coroutine.resume(coroutine.create(function()\n"
      "  pcall(function() while true do end end)\n"
      "  reached()\n"
      "end))\n"
      "reached()",
      "coroutine.wrap(function() local ok = pcall(function() while true do end end) "
      "reached() end)() reached()",
      "local co = coroutine.create(function()\n"
      "  local guard <close> = setmetatable({}, {__close = function() while true do end end})\n"
      "  coroutine.yield()\n"
      "end)\n"
      "coroutine.resume(co)\n"
      "coroutine.close(co)\n"
      "reached()",
  };
  for (const char* program : programs) {
    const std::string message = failure_of(state, program, ErrorKind::Budget).what();
    EXPECT_TRUE(message.ends_with(": instruction budget exceeded (100000 instructions)"))
        << message;
  }
  EXPECT_EQ(g_reached, 0);
}

// The watchdog's time limit: no instruction budget, a short limit.
Limits time_limited(std::uint32_t ms) {
  Limits limits = test_limits();
  limits.instructions = 0;
  limits.time_limit_ms = ms;
  return limits;
}

TEST(LuaStateTest, TimeLimitStopsRunawayLoopsWithoutAnInstructionHook) {
  State state(time_limited(150));
  install_reached(state);
  const char* programs[] = {
      "while true do end",
      "pcall(function() while true do end end) reached()",
      "while true do pcall(function() while true do end end) end",
      "coroutine.resume(coroutine.create(function() while true do end end)) reached()",
      "coroutine.wrap(function() pcall(function() while true do end end) reached() end)() "
      "reached()",
      "local s = 0 while true do s = s + #tostring(s) end",
  };
  for (const char* program : programs) {
    const auto start = std::chrono::steady_clock::now();
    const std::string message = failure_of(state, program, ErrorKind::Budget).what();
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_TRUE(message.starts_with("test.lua:1: ")) << message;
    EXPECT_TRUE(message.ends_with("time limit exceeded: a call into Lua ran for more than 150 ms"))
        << message;
    EXPECT_GE(took, std::chrono::milliseconds(150)) << program;
  }
  EXPECT_EQ(g_reached, 0);
  // The state is usable afterwards, and calls that finish in time are not affected.
  EXPECT_EQ(eval(state, "local s = 0 for i = 1, 1000 do s = s + i end return s"),
            std::vector<std::string>{"500500"});
}

TEST(LuaStateTest, TimeLimitCountsPerOutermostCall) {
  // Many short calls add up to more than the limit: each call has its own clock.
  State state(time_limited(100));
  const auto start = std::chrono::steady_clock::now();
  int calls = 0;
  while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(300)) {
    EXPECT_EQ(eval(state, "local s = 0 for i = 1, 10000 do s = s + i end return s"),
              std::vector<std::string>{"50005000"});
    ++calls;
  }
  EXPECT_GT(calls, 3);
}

TEST(LuaStateTest, CoroutinesStillWork) {
  State state(test_limits());
  EXPECT_EQ(
      eval(state,
           "local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)\n"
           "local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) "
           "return b * 2 end)\n"
           "local _, x = coroutine.resume(co, 1)\n"
           "local _, y = coroutine.resume(co, 10)\n"
           "local ok, err = coroutine.resume(co)\n"
           "local yielded = coroutine.wrap(function() return pcall(function() "
           "coroutine.yield('through pcall') end) end)()\n"
           "return gen() + gen() + gen(), x, y, ok, err, yielded, coroutine.status(co)"),
      (std::vector<std::string>{"6", "2", "20", "false", "cannot resume dead coroutine",
                                "through pcall", "dead"}));
  EXPECT_EQ(eval(state, "return pcall(coroutine.wrap(function() error('inner') end))"),
            (std::vector<std::string>{"false", "test.lua:1: inner"}));
}

TEST(LuaStateTest, MemoryBombIsStopped) {
  Limits limits = test_limits();
  limits.instructions = 50'000'000;
  State state(limits);
  install_reached(state);
  const std::size_t baseline = state.memory_used();
  EXPECT_LT(baseline, 64u << 10);
  const char* bombs[] = {
      "local s = 'x' while true do s = s .. s end",
      "local t = {} for i = 1, 1e9 do t[i] = i end",
      "pcall(function() local s = 'x' while true do s = s .. s end end) reached()",
      "local s = string.rep('x', 1 << 20) return table.concat({s, s, s})",
      "local s = string.rep('x', 1 << 20) pcall(table.concat, {s, s, s}) reached()",
      "coroutine.resume(coroutine.create(function() local t = {} "
      "while true do t[#t + 1] = {} end end)) reached()",
      "pcall(coroutine.wrap(function() local s = 'x' while true do s = s .. s end end)) "
      "reached()",
      "load(function() local s = string.rep('x', 1 << 20) return s .. s .. s end) reached()",
  };
  for (const char* bomb : bombs) {
    const ScriptError e = failure_of(state, bomb, ErrorKind::Memory);
    EXPECT_EQ(std::string(e.what()), kMemoryMessage) << bomb;
    EXPECT_LE(state.memory_used(), kCap);
    EXPECT_LT(state.memory_used(), baseline + (64u << 10)) << bomb;  // garbage was collected
  }
  EXPECT_EQ(g_reached, 0);
}

TEST(LuaStateTest, StateIsReusableAfterTrips) {
  Limits limits = test_limits();
  limits.instructions = 10'000'000;
  State state(limits);
  failure_of(state, "local s = 'x' while true do s = s .. s end", ErrorKind::Memory);
  EXPECT_EQ(eval(state, "local t = {} for i = 1, 10000 do t[i] = i end return #t, pcall(error)"),
            (std::vector<std::string>{"10000", "false", "nil"}));
  limits.instructions = kBudget;
  state.set_limits(limits);
  failure_of(state, "while true do end", ErrorKind::Budget);
  EXPECT_EQ(eval(state, "local n = 0 for i = 1, 1000 do n = n + i end return n"),
            (std::vector<std::string>{"500500"}));
  EXPECT_EQ(eval(state, "return pcall(error, 'plain')"),
            (std::vector<std::string>{"false", "plain"}));
}

TEST(LuaStateTest, EachCallGetsAFreshBudget) {
  State state(test_limits());
  // ~60,000 instructions each: five calls exceed one budget, none exceeds its own.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(eval(state, "local n = 0 for i = 1, 20000 do n = n + 1 end return n"),
              (std::vector<std::string>{"20000"}));
  }
}

TEST(LuaStateTest, MemoryCapTooSmallForLibrariesThrows) {
  try {
    State state(Limits{.memory_bytes = 4096});
    FAIL() << "state created under a 4 KiB cap";
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Memory);
    EXPECT_EQ(std::string(e.what()).rfind("memory cap exceeded (4096 bytes)", 0), 0u) << e.what();
  }
}

TEST(LuaStateTest, UnsandboxedStateHasFullLibrary) {
  State state(Limits{.sandbox = false});
  EXPECT_EQ(eval(state,
                 "return type(os.time), type(io.open), type(string.dump), "
                 "type(debug.traceback), type(math.random)"),
            (std::vector<std::string>{"function", "function", "function", "function", "function"}));
}

TEST(LuaStateTest, StackGuardRestoresTop) {
  State state(test_limits());
  lua_State* L = state.get();
  lua_pushinteger(L, 1);
  {
    StackGuard guard(L);
    lua_pushinteger(L, 2);
    lua_pushinteger(L, 3);
  }
  EXPECT_EQ(lua_gettop(L), 1);
  // While an exception unwinds, the guard leaves the stack alone: for a Lua error (Lua is built
  // as C++) the error object sits on top and must reach the catching pcall.
  try {
    StackGuard guard(L);
    lua_pushinteger(L, 2);
    throw std::runtime_error("unwind");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(lua_gettop(L), 2);
  lua_settop(L, 1);
  lua_pushcfunction(L, [](lua_State* L2) -> int {
    StackGuard guard(L2);
    lua_pushinteger(L2, 7);
    return luaL_error(L2, "kept");
  });
  EXPECT_NE(lua_pcall(L, 0, 0, 0), LUA_OK);
  EXPECT_STREQ(lua_tostring(L, -1), "kept");
}

// ---------------------------------------------------------------------------------------------
// Nested calls: C++ -> Lua -> C++ -> Lua

struct Nested {
  State* state;
  std::uint64_t inner_budget;
  std::string inner_code;
  int completed = 0;
  bool swallow = false;
  std::vector<ErrorKind> inner_errors;
};

Nested* g_nested = nullptr;

// Runs g_nested->inner_code in a nested call() with g_nested->inner_budget.
int run_inner(lua_State*) {
  Nested& n = *g_nested;
  const Limits outer = n.state->limits();
  Limits inner = outer;
  inner.instructions = n.inner_budget;
  n.state->set_limits(inner);
  struct Restore {
    State* state;
    Limits limits;
    ~Restore() { state->set_limits(limits); }
  } restore{n.state, outer};
  try {
    n.state->load(n.inner_code, "@inner.lua");
    n.state->call(0, 0);
  } catch (const ScriptError& e) {
    n.inner_errors.push_back(e.kind());
    if (n.swallow) return 0;
    throw;
  }
  ++n.completed;
  return 0;
}

class NestedCallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    nested_.state = &state_;
    g_nested = &nested_;
    lua_pushcfunction(state_.get(), &protect<run_inner>);
    state_.define_global("inner");
  }
  void TearDown() override { g_nested = nullptr; }

  State state_{test_limits()};
  Nested nested_{};
};

TEST_F(NestedCallTest, InnerInstructionsCountAgainstOuterBudget) {
  // Each inner call runs ~20,000 instructions, well inside its own budget of 1,000,000; the
  // outer budget of 100,000 runs out after about five of them.
  nested_.inner_budget = 1'000'000;
  nested_.inner_code = "for i = 1, 20000 do end";
  const ScriptError e = failure_of(state_, "for i = 1, 100 do inner() end", ErrorKind::Budget);
  EXPECT_GE(nested_.completed, 3);
  EXPECT_LE(nested_.completed, 5);
  // The trip happened inside an inner call, whose deadline was the outer one.
  EXPECT_EQ(std::string(e.what()),
            "inner.lua:1: instruction budget exceeded (100000 instructions)");
}

TEST_F(NestedCallTest, InnerCallGetsItsOwnBudget) {
  nested_.inner_budget = 30'000;
  nested_.inner_code = "for i = 1, 20000 do end";
  state_.set_limits(Limits{.memory_bytes = kCap, .instructions = 1'000'000});
  eval(state_, "for i = 1, 10 do inner() end");  // 200,000 in total, 20,000 per inner call
  EXPECT_EQ(nested_.completed, 10);
  EXPECT_TRUE(nested_.inner_errors.empty());
}

TEST_F(NestedCallTest, InnerBudgetTripPropagatesThroughPcall) {
  nested_.inner_budget = 50'000;
  nested_.inner_code = "while true do end";
  state_.set_limits(Limits{.memory_bytes = kCap, .instructions = 10'000'000});
  const ScriptError e =
      failure_of(state_, "local ok = pcall(inner) return 'swallowed', ok", ErrorKind::Budget);
  EXPECT_EQ(std::string(e.what()), "inner.lua:1: instruction budget exceeded (50000 instructions)");
  EXPECT_EQ(nested_.inner_errors, (std::vector<ErrorKind>{ErrorKind::Budget}));
}

TEST_F(NestedCallTest, TripSwallowedByCppStillFailsOutermostCall) {
  nested_.inner_budget = 50'000;
  nested_.inner_code = "while true do end";
  nested_.swallow = true;
  state_.set_limits(Limits{.memory_bytes = kCap, .instructions = 10'000'000});
  failure_of(state_, "inner() return 'done'", ErrorKind::Budget);
  // The trip was cleared by the outermost call: the next call runs normally.
  nested_.inner_code = "local x = 1";
  EXPECT_EQ(eval(state_, "inner() return 'done'"), (std::vector<std::string>{"done"}));
}

TEST_F(NestedCallTest, NestedCallFromInsideACoroutine) {
  nested_.inner_budget = 1'000'000;
  nested_.inner_code = "local x = 0 for i = 1, 100 do x = x + i end";
  EXPECT_EQ(eval(state_,
                 "local co = coroutine.wrap(function() inner() coroutine.yield('y') inner() end)\n"
                 "return co(), co()"),
            (std::vector<std::string>{"y"}));
  EXPECT_EQ(nested_.completed, 2);
  nested_.inner_code = "while true do end";
  failure_of(state_, "coroutine.wrap(function() pcall(inner) end)()", ErrorKind::Budget);
}

TEST_F(NestedCallTest, OuterBudgetLimitsGenerousInnerBudget) {
  nested_.inner_budget = 1'000'000'000;
  nested_.inner_code = "while true do end";
  const auto start = std::chrono::steady_clock::now();
  const ScriptError e = failure_of(state_, "inner()", ErrorKind::Budget);
  EXPECT_EQ(std::string(e.what()),
            "inner.lua:1: instruction budget exceeded (100000 instructions)");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
}

// The profiler: what each mode samples, and that switching it off restores the plain hooks.
class ProfilerTest : public ::testing::Test {
 protected:
  // The sum of the entries of `lines` whose name starts with `prefix` and contains `part`.
  static std::uint64_t sum(const std::vector<std::pair<std::string, std::uint64_t>>& lines,
                           const std::string& prefix, const std::string& part = "") {
    std::uint64_t total = 0;
    for (const auto& [where, n] : lines)
      if (where.starts_with(prefix) && where.find(part) != std::string::npos) total += n;
    return total;
  }

  // A chunk "spin.lua" whose inner function runs `n` loop iterations when called.
  static constexpr const char* kSpin =
      "local function inner(n)\n"
      "  local x = 0\n"
      "  for i = 1, n do x = x + i % 7 end\n"
      "  return x\n"
      "end\n"
      "local x = inner(...)\n"
      "return x\n";

  void spin(State& state, long n) {
    lua_State* L = state.get();
    state.load(kSpin, "@spin.lua");
    lua_pushinteger(L, n);
    state.call(1, 0);
  }
};

TEST_F(ProfilerTest, InstructionModeCountsLuaInstructionsByFunctionLineAndCaller) {
  Limits limits;
  limits.instructions = 0;
  State state(limits);
  state.set_profiling(State::Profiling::Instructions);
  spin(state, 200'000);
  const auto lines = state.profile();
  state.set_profiling(State::Profiling::Off);
  // About 4 instructions per iteration, in samples of kHookInterval, nearly all in `inner`.
  const std::uint64_t all = sum(lines, "function ");
  EXPECT_GE(all, 600'000u);
  EXPECT_LE(all, 1'000'000u);
  EXPECT_GE(sum(lines, "function spin.lua:1"), all * 9 / 10) << "inner is defined on line 1";
  EXPECT_GE(sum(lines, "line     spin.lua:3"), all * 9 / 10) << "the loop is line 3";
  EXPECT_EQ(sum(lines, "within   spin.lua:0"), all) << "the chunk encloses every sample";
  EXPECT_EQ(sum(lines, "function ", State::kOutsideLua), 0u) << "only the time mode has these";
}

TEST_F(ProfilerTest, TimeModeChargesLuaLinesAndHostCodeInMicroseconds) {
  State state(Limits{});
  state.set_profiling(State::Profiling::Time);
  spin(state, 5'000'000);  // tens of milliseconds, far above one tick
  // Host code with no Lua call running: a busy wait of 20 ms.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
  while (std::chrono::steady_clock::now() < until) {
  }
  const auto lines = state.profile();
  state.set_profiling(State::Profiling::Off);
  const std::uint64_t in_lua = sum(lines, "function spin.lua:");
  const std::uint64_t outside = sum(lines, "function ", State::kOutsideLua);
  EXPECT_GT(in_lua, 0u);
  EXPECT_EQ(in_lua % kProfileTickMicros, 0u) << "entries are whole ticks in microseconds";
  EXPECT_GT(outside, 0u);
  EXPECT_EQ(sum(lines, "function "), in_lua + outside);
  EXPECT_TRUE(state.profile().empty()) << "switching modes clears the profile";
}

TEST_F(ProfilerTest, AfterTimeProfilingTheInstructionBudgetStillHolds) {
  State state(test_limits());
  state.set_profiling(State::Profiling::Time);
  spin(state, 10'000);
  state.set_profiling(State::Profiling::Off);
  EXPECT_EQ(state.profiling(), State::Profiling::Off);
  const ScriptError e = failure_of(state, "while true do end", ErrorKind::Budget);
  EXPECT_EQ(std::string(e.what()), kBudgetMessage);
}

}  // namespace
}  // namespace catan::lua
