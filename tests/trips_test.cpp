// A tripped limit stays tripped: once the time limit, the instruction budget or the memory cap has
// stopped a call, no Lua code keeps the call alive (__close handlers run by the unwinding, pcall
// or coroutines inside them, coroutine.close/wrap of coroutines holding such handlers, xpcall
// handlers), and the state and the Session are usable afterwards.
//
// Hang guard: a regression makes these calls loop forever. Each hostile call runs on its own
// thread (guarded()); when it has not finished after kHangGuard, the guard prints the program and
// ends the test process with std::_Exit(1) (a hung thread can be neither stopped nor joined), so a
// failing test fails the suite instead of hanging it. Passing calls end within the time limit.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "scripting/lua_state.h"
#include "scripting/sandbox.h"
#include "session_fixture.h"

namespace catan::lua {
namespace {

constexpr auto kHangGuard = std::chrono::seconds(10);

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

// `reached()` marks a point that a tripped call must never get to.
int g_reached = 0;
int mark_reached(lua_State*) {
  ++g_reached;
  return 0;
}

// A `<close>` value whose handler loops forever (the prefix of every hostile program).
const std::string kLoopingClose =
    "local function looping() return setmetatable({}, {__close = function() while true do end "
    "end}) end\n";

// Runs `program` (after kLoopingClose) under the hang guard, expecting a Budget error; returns its
// message. The stack must be left as it was.
std::string trip_of(State& state, const std::string& program) {
  std::string message;
  guarded(program, [&] {
    lua_State* L = state.get();
    const int top = lua_gettop(L);
    try {
      state.load(kLoopingClose + program, "@test.lua");
      state.call(0, 0);
      ADD_FAILURE() << "no error from: " << program;
    } catch (const ScriptError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Budget) << e.what();
      message = e.what();
    }
    EXPECT_EQ(lua_gettop(L), top);
  });
  return message;
}

Limits limits_with(std::uint32_t time_limit_ms, std::uint64_t instructions) {
  Limits limits;
  limits.memory_bytes = 8u << 20;
  limits.time_limit_ms = time_limit_ms;
  limits.instructions = instructions;
  return limits;
}

// Programs that hang without the trip protocol. Each trips a limit (or runs a looping handler
// that only a limit can stop) and must end with that limit's error.
const std::vector<std::string> kHostilePrograms = {
    // A loop trips the limit; the unwinding runs a looping __close.
    "local guard <close> = looping()\nwhile true do end",
    // Two of them: each handler is stopped in turn.
    "local a <close> = looping()\nlocal b <close> = looping()\nwhile true do end",
    // The __close handler itself catches the trip with pcall and loops on.
    "local guard <close> = setmetatable({}, {__close = function()\n"
    "  pcall(function() while true do end end) reached() while true do end end})\n"
    "while true do end",
    // The __close handler resumes a coroutine that loops, or closes one holding a looping handler.
    "local co = coroutine.create(function() while true do end end)\n"
    "local guard <close> = setmetatable({}, {__close = function() coroutine.resume(co) "
    "reached() end})\n"
    "while true do end",
    "local co = coroutine.create(function() local g <close> = looping() coroutine.yield() end)\n"
    "coroutine.resume(co)\n"
    "local guard <close> = setmetatable({}, {__close = function() coroutine.close(co) "
    "reached() end})\n"
    "while true do end",
    // The __close handler is an xpcall whose handler loops.
    "local guard <close> = setmetatable({}, {__close = function()\n"
    "  xpcall(function() while true do end end, function() while true do end end) reached() "
    "end})\n"
    "while true do end",
    // coroutine.close of a coroutine holding a looping handler (no trip before: the limit stops
    // the handler on the coroutine's own thread).
    "local co = coroutine.create(function() local g <close> = looping() coroutine.yield() end)\n"
    "coroutine.resume(co)\n"
    "coroutine.close(co)\n"
    "reached()",
    // A wrapped coroutine that fails with a looping handler pending (closed by the wrapper).
    "coroutine.wrap(function() local g <close> = looping() error('boom') end)()\n"
    "reached()",
    "pcall(coroutine.wrap(function() local g <close> = looping() error('boom') end))\n"
    "reached()",
    // The trip happens in an inner coroutine; the outer one unwinds a looping handler.
    "coroutine.wrap(function()\n"
    "  local g <close> = looping()\n"
    "  coroutine.wrap(function() while true do end end)()\n"
    "end)()\n"
    "reached()",
    "local outer = coroutine.create(function()\n"
    "  local g <close> = looping()\n"
    "  coroutine.resume(coroutine.create(function() while true do end end))\n"
    "  reached()\n"
    "end)\n"
    "coroutine.resume(outer)\n"
    "reached()",
    // The handler loops while handling an ordinary error, inside pcall.
    "pcall(function() local g <close> = looping() error('boom') end)\n"
    "reached()",
    // An error object whose __tostring and __concat loop: nothing converts it.
    "local e = setmetatable({}, {__tostring = function() while true do end end,\n"
    "  __concat = function() while true do end end})\n"
    "local g <close> = looping()\n"
    "error(e)",
};

TEST(TripTest, TimeLimitTripStopsEveryHandlerOnEveryThread) {
  State state(limits_with(200, 0));
  g_reached = 0;
  lua_pushcfunction(state.get(), &mark_reached);
  state.define_global("reached");
  for (const auto& program : kHostilePrograms) {
    const std::string message = trip_of(state, program);
    EXPECT_TRUE(message.ends_with("time limit exceeded: a call into Lua ran for more than 200 ms"))
        << message << "\nfrom: " << program;
  }
  EXPECT_EQ(g_reached, 0);
  // The state is usable afterwards, coroutines included (a coroutine that saw the trip puts
  // back its normal hook when it runs again).
  guarded("after the trips", [&] {
    state.load(
        "local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 "
        "end)\nlocal g <close> = setmetatable({}, {__close = function() end})\n"
        "return co(1) + co(20)",
        "@after.lua");
    state.call(0, 1);
    EXPECT_EQ(lua_tointeger(state.get(), -1), 42);
    lua_pop(state.get(), 1);
  });
}

TEST(TripTest, BudgetTripStopsEveryHandlerOnEveryThread) {
  State state(limits_with(0, 100'000));
  g_reached = 0;
  lua_pushcfunction(state.get(), &mark_reached);
  state.define_global("reached");
  for (const auto& program : kHostilePrograms) {
    const std::string message = trip_of(state, program);
    EXPECT_TRUE(message.ends_with("instruction budget exceeded (100000 instructions)"))
        << message << "\nfrom: " << program;
  }
  EXPECT_EQ(g_reached, 0);
}

// A memory error is a trip from the failed allocation on: the __close handlers its unwinding runs
// are stopped at once (the game ends with the memory error, not with the time limit later).
TEST(TripTest, MemoryTripStopsTheHandlersOfItsOwnUnwinding) {
  State state(limits_with(200, 0));
  g_reached = 0;
  lua_pushcfunction(state.get(), &mark_reached);
  state.define_global("reached");
  const std::string programs[] = {
      "local g <close> = looping()\nlocal t = {} while true do t[#t + 1] = {} end",
      "local g <close> = looping()\nlocal s = 'x' while true do s = s .. s end",
      "pcall(function() local g <close> = looping() local t = {} while true do t[#t + 1] = {} "
      "end end)\nreached()",
      "coroutine.wrap(function() local g <close> = looping() local t = {} while true do "
      "t[#t + 1] = {} end end)()\nreached()",
  };
  for (const auto& program : programs) {
    guarded(program, [&] {
      state.load(kLoopingClose + program, "@test.lua");
      try {
        state.call(0, 0);
        ADD_FAILURE() << "no error from: " << program;
      } catch (const ScriptError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Memory) << e.what();
        EXPECT_EQ(std::string(e.what()), "memory cap exceeded (8388608 bytes)");
      }
    });
  }
  EXPECT_EQ(g_reached, 0);
  // The cap is not tripped by a call that stays under it.
  guarded("after", [&] {
    state.load("local t = {} for i = 1, 1000 do t[i] = {} end return #t", "@after.lua");
    state.call(0, 1);
    EXPECT_EQ(lua_tointeger(state.get(), -1), 1000);
    lua_pop(state.get(), 1);
  });
}

// Host code outside any call never runs pack code: destroying a State (lua_close closes only the
// main thread's to-be-closed variables, which no call leaves behind) does not run the __close
// handler of a suspended coroutine, nor does a later garbage collection.
TEST(TripTest, TeardownRunsNoCloseHandler) {
  g_reached = 0;
  guarded("state destruction", [&] {
    auto state = std::make_unique<State>(limits_with(200, 0));
    lua_pushcfunction(state->get(), &mark_reached);
    state->define_global("reached");
    state->load(kLoopingClose +
                    "local co = coroutine.create(function()\n"
                    "  local g <close> = setmetatable({}, {__close = function() reached() while "
                    "true do end end})\n"
                    "  coroutine.yield()\n"
                    "end)\n"
                    "coroutine.resume(co)\n"
                    "return co",
                "@suspended.lua");
    state->call(0, 1);
    lua_setfield(state->get(), LUA_REGISTRYINDEX, "kept");
    lua_gc(state->get(), LUA_GCCOLLECT);
    state.reset();
  });
  EXPECT_EQ(g_reached, 0);
}

// A coroutine that took part in a trip keeps the trip hook until it runs again; it must then run
// normally (and stay under the budget) in the next call.
TEST(TripTest, CoroutineThatSawATripRunsNormallyInTheNextCall) {
  State state(limits_with(200, 0));
  lua_State* L = state.get();
  guarded("keep a coroutine across a trip", [&] {
    state.load(
        "local co = coroutine.wrap(function()\n"
        "  local n = 0\n"
        "  while true do n = n + 1 coroutine.yield(n) end\n"
        "end)\n"
        "co()\n"
        "return co",
        "@keep.lua");
    state.call(0, 1);
    lua_pushvalue(L, -1);
    state.load("local co = ... co() while true do end", "@trip.lua");
    lua_insert(L, -2);
    EXPECT_THROW(state.call(1, 0), ScriptError);
    lua_pushvalue(L, -1);
    state.call(0, 1);
    EXPECT_EQ(lua_tointeger(L, -1), 3);
    lua_pop(L, 2);
  });
}

// __gc can be given by no route: setmetatable refuses a __gc field of any value, and a field
// added to the metatable afterwards is never run (Lua 5.4 marks objects for finalization only
// when setmetatable sees the field).
TEST(TripTest, NoFinalizerCanBeInstalled) {
  State state(limits_with(0, 100'000));
  g_reached = 0;
  lua_pushcfunction(state.get(), &mark_reached);
  state.define_global("reached");
  lua_State* L = state.get();
  for (const char* program :
       {"setmetatable({}, {__gc = function() reached() end})", "setmetatable({}, {__gc = false})",
        "setmetatable({}, {__gc = {}})"}) {
    state.load(program, "@gc.lua");
    try {
      state.call(0, 0);
      ADD_FAILURE() << "no error from: " << program;
    } catch (const ScriptError& e) {
      EXPECT_EQ(std::string(e.what()),
                "gc.lua:1: setmetatable: __gc metamethods are not allowed in the sandbox");
    }
  }
  state.load(
      "local mt = {}\n"
      "local objects = {}\n"
      "for i = 1, 100 do objects[i] = setmetatable({}, mt) end\n"
      "mt.__gc = function() reached() end\n"
      "return objects",
      "@later.lua");
  state.call(0, 1);
  lua_pop(L, 1);  // the objects become garbage
  lua_gc(L, LUA_GCCOLLECT);
  lua_gc(L, LUA_GCCOLLECT);
  EXPECT_EQ(g_reached, 0);
}

}  // namespace
}  // namespace catan::lua

namespace catan::scripting {
namespace {

class TripSessionTest : public testing::SessionFixture {};

// The reported hang: a turn handler holds a `<close>` variable whose handler loops, then loops
// itself. The game ends with the time-limit error, and the same Session then plays a normal game
// exactly like a fresh Session.
TEST_F(TripSessionTest, LoopingCloseHandlerEndsTheGameAndTheSessionPlaysOn) {
  pack("closer", R"lua(
game.on("turn", function(e)
  if options.hostile then
    local guard <close> = setmetatable({}, {__close = function() while true do end end})
    while true do end
  end
  game.finish(e.player, "first turn wins")
end)
)lua",
       R"(, "options": {"hostile": {"type": "boolean", "default": false, "description": "hang"}})");
  lua::Limits limits;
  limits.time_limit_ms = 200;
  auto s = session({"closer"}, {}, limits);
  GameConfig hostile;
  hostile.options = {"closer.hostile=true"};
  GameResult bad, good;
  lua::guarded("hostile game", [&] {
    bad = s->play(hostile);
    good = s->play({});
  });
  ASSERT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("time limit exceeded: a call into Lua ran for more than 200 ms"),
            std::string::npos)
      << bad.error;
  ASSERT_TRUE(good.ok) << good.error_report;
  const auto fresh = session({"closer"}, {}, limits)->play({});
  ASSERT_TRUE(fresh.ok) << fresh.error_report;
  EXPECT_EQ(good.winner, fresh.winner);
  EXPECT_EQ(good.turns, fresh.turns);
  EXPECT_EQ(good.digest, fresh.digest);
}

// The end-of-game globals check runs outside any call: it names a reassigned global without
// running the key's metamethods (a __tostring that loops would run with no limit).
TEST_F(TripSessionTest, GlobalsCheckRunsNoPackCode) {
  pack("keyloop", R"lua(
local key = setmetatable({}, {__tostring = function() while true do end end})
_ENV[key] = 1
game.on("turn", function(e)
  _ENV[key] = 2
  game.finish(e.player, "done")
end)
)lua");
  lua::Limits limits;
  limits.time_limit_ms = 200;
  auto s = session({"keyloop"}, {}, limits);
  GameResult r;
  lua::guarded("globals check", [&] { r = s->play({}); });
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error,
            "pack 'keyloop' reassigned global '(table key)' during the game; keep game state in "
            "storage or kernel properties");
}

}  // namespace
}  // namespace catan::scripting
