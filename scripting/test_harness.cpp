// The Lua test harness behind `catan test`. A pack lists test files in its manifest; each file
// calls test(name, fn) to register tests, and each test receives `t`, which starts games with
// scripted seats, plays turns and asserts. A failed assertion reports file:line with the expected
// and actual values.
#include "scripting/test_harness.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "scripting/api_args.h"
#include "scripting/session_impl.h"
#include "scripting/test_assertions.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

// A test function's instruction budget, in multiples of the per-handler budget.
constexpr std::uint64_t kTestBudgetFactor = 100;
// Its time limit, in multiples of the per-call time limit.
constexpr std::uint32_t kTestTimeFactor = 10;

// Index of the pack under test (upvalue 2).
int pack_under_test(lua_State* L) {
  return static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
}

std::vector<std::string> string_list(lua_State* L, int index, const char* field) {
  std::vector<std::string> out;
  if (lua_getfield(L, index, field) == LUA_TTABLE) {
    const auto n = lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(n); ++i) {
      lua_rawgeti(L, -1, i);
      out.emplace_back(luaL_checkstring(L, -1));
      lua_pop(L, 1);
    }
  } else if (!lua_isnil(L, -1)) {
    luaL_error(L, "t.start: '%s' must be a list of strings", field);
  }
  lua_pop(L, 1);
  return out;
}

// Appends one scripted die face (an integer of at least 1) to the session's queue.
void push_face(lua_State* L, Impl& s, int index, const char* where) {
  if (!lua_isinteger(L, index) || lua_tointeger(L, index) < 1 ||
      lua_tointeger(L, index) > std::numeric_limits<int>::max())
    luaL_error(L, "%s: a die face must be a whole number of at least 1, got %s", where,
               luaL_tolstring(L, index, nullptr));
  s.scripted_dice.push_back(static_cast<int>(lua_tointeger(L, index)));
}

// Appends the faces of the list at `index` to the queue: numbers, or lists of numbers (one roll
// of several dice each), e.g. {3, 4, 6, 6} or {{3, 4}, {6, 6}}.
void push_dice(lua_State* L, Impl& s, int index, const char* where) {
  if (!lua_istable(L, index)) luaL_error(L, "%s must be a list of die faces", where);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, index));
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, index, i) == LUA_TTABLE) {
      const auto m = static_cast<lua_Integer>(lua_rawlen(L, -1));
      for (lua_Integer j = 1; j <= m; ++j) {
        lua_rawgeti(L, -1, j);
        push_face(L, s, -1, where);
        lua_pop(L, 1);
      }
    } else {
      push_face(L, s, -1, where);
    }
    lua_pop(L, 1);
  }
}

// The scripted seats of t.start's `answers` (in the table at index 1): {[seat] = {answer, ...}},
// each answer an option number (1-based) or an option id.
void set_scripted_seats(lua_State* L, GameConfig& config) {
  config.agent_objects.resize(static_cast<std::size_t>(config.players));
  if (lua_getfield(L, 1, "answers") == LUA_TTABLE) {
    for (int seat = 1; seat <= config.players; ++seat) {
      if (lua_rawgeti(L, -1, seat) != LUA_TTABLE) {
        lua_pop(L, 1);
        continue;
      }
      auto agent = std::make_shared<engine::ScriptedAgent>();
      const auto n = lua_rawlen(L, -1);
      for (lua_Integer i = 1; i <= static_cast<lua_Integer>(n); ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_isinteger(L, -1))
          agent->push(static_cast<int>(lua_tointeger(L, -1) - 1));
        else
          agent->push(std::string(luaL_checkstring(L, -1)));
        lua_pop(L, 1);
      }
      config.agent_objects[static_cast<std::size_t>(seat - 1)] = agent;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

// t.start{players=, seed=, game_index=, agents={...}, answers={[seat]={...}}, options={...},
//         max_turns=, setup=true, start=true, dice={...}, search=false}: setup=false raises
// neither game.setup nor game.start; start=false raises only game.setup (components built,
// nothing placed); dice scripts the faces game.roll returns first (push_dice), before it draws
// from the game's stream; search=true lets agents fork the game and search while t.turn and
// t.play run (PlayingTestGame), refused with setup or start false and with dice.
int t_start(lua_State* L) {
  Impl& s = session(L);
  lua_settop(L, 1);
  if (lua_isnil(L, 1)) {
    lua_newtable(L);
    lua_replace(L, 1);
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  GameConfig config;
  lua_getfield(L, 1, "players");
  config.players = static_cast<int>(luaL_optinteger(L, -1, 2));
  lua_getfield(L, 1, "seed");
  config.seed = static_cast<std::uint64_t>(luaL_optinteger(L, -1, 1));
  lua_getfield(L, 1, "game_index");
  config.game_index = static_cast<std::uint64_t>(luaL_optinteger(L, -1, 0));
  lua_getfield(L, 1, "max_turns");
  config.max_turns = static_cast<int>(luaL_optinteger(L, -1, 1000));
  lua_getfield(L, 1, "setup");
  const bool setup = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_getfield(L, 1, "start");
  const bool start = setup && (lua_isnil(L, -1) || lua_toboolean(L, -1));
  lua_getfield(L, 1, "search");
  const bool search = lua_toboolean(L, -1);
  lua_getfield(L, 1, "dice");
  const bool dice = !lua_isnil(L, -1);
  lua_pop(L, 8);
  // A search's copies play the game again from its decisions: it must start as a real game does
  // and roll the game's own dice.
  if (search && !start)
    luaL_error(L, "t.start: search = true plays the game from its start (setup and start true)");
  if (search && dice)
    luaL_error(L,
               "t.start: search = true rolls the game's own dice (no dice scripted): its "
               "copies replay the game from its start");
  config.agents = string_list(L, 1, "agents");
  config.options = string_list(L, 1, "options");
  if (config.players < 1) luaL_error(L, "t.start: players must be at least 1");

  set_scripted_seats(L, config);

  packs::ResolvedOptions options;
  try {
    options = config.options.empty() ? s.default_options
                                     : packs::resolve_options(s.order, config.options);
  } catch (const packs::PackError& e) {
    return luaL_error(L, "t.start: %s", e.what());
  }
  s.check_payloads = true;  // before load_game, which makes every event dispatched
  s.load_game(config.seed, config.game_index, config.players, options);
  s.check_options = true;
  s.bind_agents(config);
  s.log_options = true;
  s.decision_options.clear();
  s.unanswered.clear();
  if (lua_getfield(L, 1, "dice") != LUA_TNIL) push_dice(L, s, lua_gettop(L), "t.start: dice");
  lua_pop(L, 1);
  if (setup) s.begin_game(start);
  lua_pushinteger(L, static_cast<lua_Integer>(config.max_turns));
  lua_setfield(L, lua_upvalueindex(3), "max_turns");
  s.test_game.reset();
  if (search) s.test_game = std::move(config);
  return 0;
}

// Makes the game t.start{search = true} began the game being played while it lives, so that
// agents may fork it (nothing for other test games, which agents cannot fork: their position
// may have been set by hand, outside the decision log).
struct PlayingTestGame {
  Impl& s;
  explicit PlayingTestGame(Impl& s) : s(s) {
    if (s.test_game) s.playing = &*s.test_game;
  }
  ~PlayingTestGame() { s.playing = nullptr; }
  PlayingTestGame(const PlayingTestGame&) = delete;
  PlayingTestGame& operator=(const PlayingTestGame&) = delete;
};

int max_turns(lua_State* L) {
  lua_getfield(L, lua_upvalueindex(3), "max_turns");
  const int n = static_cast<int>(luaL_optinteger(L, -1, 1000));
  lua_pop(L, 1);
  return n;
}

// t.roll(d1, d2, ...): the next faces game.roll returns (after those already scripted).
int t_roll(lua_State* L) {
  Impl& s = session(L);
  if (s.test_game)
    luaL_error(L,
               "t.roll: a game started with search = true rolls its own dice (its copies "
               "replay it from its start)");
  const int n = lua_gettop(L);
  if (n == 0) luaL_error(L, "t.roll: give the faces, e.g. t.roll(3, 4)");
  for (int i = 1; i <= n; ++i) push_face(L, s, i, "t.roll");
  return 0;
}

// t.dice_left() -> the scripted faces game.roll has not returned yet.
int t_dice_left(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(session(L).scripted_dice.size()));
  return 1;
}

int t_turn(lua_State* L) {
  Impl& s = session(L);
  const lua_Integer n = luaL_optinteger(L, 1, 1);
  const PlayingTestGame playing(s);
  s.play_turns(max_turns(L), static_cast<int>(n));
  return 0;
}

int t_play(lua_State* L) {
  Impl& s = session(L);
  {
    const PlayingTestGame playing(s);
    s.play_turns(max_turns(L));
    s.end_game();
  }
  lua_createtable(L, 0, 3);
  if (s.state.winner) {
    lua_pushinteger(L, *s.state.winner + 1);
    lua_setfield(L, -2, "winner");
  }
  lua_pushstring(L, s.state.end_reason.c_str());
  lua_setfield(L, -2, "reason");
  lua_pushinteger(L, s.state.turn);
  lua_setfield(L, -2, "turns");
  return 1;
}

int t_env(lua_State* L) {
  Impl& s = session(L);
  int index = pack_under_test(L);
  if (!lua_isnoneornil(L, 1)) {
    const std::string name = luaL_checkstring(L, 1);
    index = -1;
    for (std::size_t i = 0; i < s.packs.size(); ++i)
      if (s.packs[i].manifest->name == name) index = static_cast<int>(i);
    if (index < 0) luaL_error(L, "t.env: pack '%s' is not loaded", name.c_str());
  }
  const int ref = s.packs[static_cast<std::size_t>(index)].env_ref;
  if (ref == LUA_NOREF) luaL_error(L, "t.env: no game started (call t.start first)");
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  return 1;
}

// Pushes the options (id, label) of one decision as {{id = .., label = ..}, ...}.
void push_logged_options(lua_State* L,
                         const std::vector<std::pair<std::string, std::string>>& options) {
  lua_createtable(L, static_cast<int>(options.size()), 0);
  for (std::size_t k = 0; k < options.size(); ++k) {
    lua_createtable(L, 0, 2);
    lua_pushlstring(L, options[k].first.data(), options[k].first.size());
    lua_setfield(L, -2, "id");
    lua_pushlstring(L, options[k].second.data(), options[k].second.size());
    lua_setfield(L, -2, "label");
    lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
  }
}

// t.decisions{options = false} -> every decision the game reached, in order: {player, kind,
// count, choice, id} for each answered one; {player, kind, count, answered = false, error} for
// one its agent gave no answer to (scripted answers that ran out or named no option, an agent's
// error), which has no choice and no id. With options = true each record also has the options
// offered, options = {{id, label}, ...} in order, and an answered one the chosen option's label.
int t_decisions(lua_State* L) {
  Impl& s = session(L);
  const auto& ds = s.state.decisions;
  bool with_options = false;
  if (lua_istable(L, 1)) {
    lua_getfield(L, 1, "options");
    with_options = lua_toboolean(L, -1);
    lua_pop(L, 1);
  } else if (!lua_isnoneornil(L, 1)) {
    luaL_argerror(L, 1, "expected {options = true} or nothing");
  }
  if (with_options && s.decision_options.size() != ds.size())
    luaL_error(L, "t.decisions: the options of this game's decisions were not logged");
  lua_createtable(L, static_cast<int>(ds.size() + s.unanswered.size()), 0);
  lua_Integer n = 0;
  std::size_t next_unanswered = 0;
  // The unanswered decisions asked after `answered` answered ones.
  const auto push_unanswered = [&](std::size_t answered) {
    for (; next_unanswered < s.unanswered.size() && s.unanswered[next_unanswered].after == answered;
         ++next_unanswered) {
      const auto& u = s.unanswered[next_unanswered];
      lua_createtable(L, 0, 6);
      lua_pushinteger(L, u.player + 1);
      lua_setfield(L, -2, "player");
      lua_pushlstring(L, u.kind.data(), u.kind.size());
      lua_setfield(L, -2, "kind");
      lua_pushinteger(L, u.count);
      lua_setfield(L, -2, "count");
      lua_pushboolean(L, 0);
      lua_setfield(L, -2, "answered");
      lua_pushlstring(L, u.error.data(), u.error.size());
      lua_setfield(L, -2, "error");
      if (with_options) {
        push_logged_options(L, u.options);
        lua_setfield(L, -2, "options");
      }
      lua_rawseti(L, -2, ++n);
    }
  };
  for (std::size_t i = 0; i < ds.size(); ++i) {
    push_unanswered(i);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, ds[i].player + 1);
    lua_setfield(L, -2, "player");
    lua_pushstring(L, s.state.decision_kinds.name(ds[i].kind).c_str());
    lua_setfield(L, -2, "kind");
    lua_pushinteger(L, ds[i].count);
    lua_setfield(L, -2, "count");
    lua_pushinteger(L, ds[i].choice + 1);
    lua_setfield(L, -2, "choice");
    const auto& id = s.state.option_ids.name(ds[i].option);
    lua_pushlstring(L, id.data(), id.size());
    lua_setfield(L, -2, "id");
    if (with_options) {
      const auto& options = s.decision_options[i];
      push_logged_options(L, options);
      lua_setfield(L, -2, "options");
      const auto& label = options[static_cast<std::size_t>(ds[i].choice)].second;
      lua_pushlstring(L, label.data(), label.size());
      lua_setfield(L, -2, "label");
    }
    lua_rawseti(L, -2, ++n);
  }
  push_unanswered(ds.size());
  return 1;
}

int t_remaining(lua_State* L) {
  Impl& s = session(L);
  const lua_Integer seat = luaL_checkinteger(L, 1);
  if (seat < 1 || seat > static_cast<lua_Integer>(s.agents.size()))
    luaL_argerror(L, 1, "no such seat");
  auto* scripted =
      dynamic_cast<engine::ScriptedAgent*>(s.agents[static_cast<std::size_t>(seat - 1)].get());
  if (!scripted) luaL_argerror(L, 1, "that seat has no scripted answers");
  lua_pushinteger(L, static_cast<lua_Integer>(scripted->remaining()));
  return 1;
}

int register_test(lua_State* L) {
  luaL_checkstring(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, lua_upvalueindex(1));  // the list
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  lua_createtable(L, 2, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, 2);
  lua_rawseti(L, -2, n + 1);
  return 0;
}

// Pushes the `t` object the tests of pack `index` receive; `scratch` (stack index) holds the
// harness's per-run values (the turn cap).
void push_test_object(lua_State* L, Impl& s, int index, int scratch) {
  lua_newtable(L);
  const luaL_Reg with_session[] = {{"start", lua::protect<t_start>},
                                   {"turn", lua::protect<t_turn>},
                                   {"play", lua::protect<t_play>},
                                   {"env", lua::protect<t_env>},
                                   {"decisions", lua::protect<t_decisions>},
                                   {"roll", lua::protect<t_roll>},
                                   {"dice_left", lua::protect<t_dice_left>},
                                   {"remaining", lua::protect<t_remaining>},
                                   {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  lua_pushinteger(L, index);
  lua_pushvalue(L, scratch);
  luaL_setfuncs(L, with_session, 3);
  open_test_assertions(L);
}

// `limits` with the budget of many handler calls: a test may play whole games inside one call.
lua::Limits test_limits(const lua::Limits& limits) {
  lua::Limits out = limits;
  out.instructions = limits.instructions > UINT64_MAX / kTestBudgetFactor
                         ? UINT64_MAX
                         : limits.instructions * kTestBudgetFactor;
  out.time_limit_ms = limits.time_limit_ms > UINT32_MAX / kTestTimeFactor
                          ? UINT32_MAX
                          : limits.time_limit_ms * kTestTimeFactor;
  return out;
}

// Pushes the test files' environment: test() (registering into the list at stack index `list`)
// and require() plus everything packs see.
void push_test_environment(lua_State* L, Impl& s, int list, int index) {
  s.push_environment();
  lua_pushvalue(L, list);
  lua_pushcclosure(L, register_test, 1);
  lua_setfield(L, -2, "test");
  push_test_require(s, index);
  lua_setfield(L, -2, "require");
}

// Runs one script in the environment at stack index `env`; false (and a FAIL line) when it
// raised. Leaves the stack at `env`.
bool run_test_script(Impl& s, const std::filesystem::path& file, int env,
                     const std::string& pack_name,
                     const std::function<void(std::string_view)>& out) {
  lua_State* L = s.lua.get();
  const std::string shown = display_path(file);
  try {
    s.lua.load(std::string(kChunkPrefix) + read_script(file), "@" + shown);
    lua_pushvalue(L, env);
    s.call(1, 0);
  } catch (const std::exception& e) {
    out(fmt::format("FAIL {} › {}: {}", pack_name, shown, e.what()));
    lua_settop(L, env);
    return false;
  }
  lua_settop(L, env);
  return true;
}

// Runs the tests registered in the list at stack index `list` from entry `first` on (those whose
// name contains `filter`), each with the `t` object at stack index `t`; prints a line per test
// and counts them into passed and failed.
void run_registered(Impl& s, int index, int list, lua_Unsigned first, int t, int env,
                    const std::string& pack_name, const std::string& filter,
                    const std::function<void(std::string_view)>& out, int& passed, int& failed) {
  lua_State* L = s.lua.get();
  for (auto i = first; i <= lua_rawlen(L, list); ++i) {
    lua_rawgeti(L, list, static_cast<lua_Integer>(i));
    lua_rawgeti(L, -1, 1);
    const std::string name = lua_tostring(L, -1);
    if (!filter.empty() && name.find(filter) == std::string::npos) {
      lua_settop(L, env);
      continue;
    }
    lua_rawgeti(L, -2, 2);
    lua_pushvalue(L, t);
    s.divergence.clear();
    try {
      FrameGuard frame(s, Frame{-1, index, "test"});
      s.call(1, 0);
      out(fmt::format("PASS {} › {}", pack_name, name));
      ++passed;
    } catch (const lua::ScriptError& e) {
      out(fmt::format("FAIL {} › {}\n  {}", pack_name, name, e.what()));
      ++failed;
    } catch (const std::exception& e) {
      out(fmt::format("FAIL {} › {}\n  {}", pack_name, name, e.what()));
      ++failed;
    }
    lua_settop(L, env);
  }
}

}  // namespace

std::pair<int, int> run_pack_tests(Impl& s, const std::string& pack_name,
                                   const std::vector<std::string>& files,
                                   const std::function<void(std::string_view)>& out,
                                   const std::string& filter) {
  lua_State* L = s.lua.get();
  lua::StackGuard guard(L);
  int index = -1;
  for (std::size_t i = 0; i < s.packs.size(); ++i)
    if (s.packs[i].manifest->name == pack_name) index = static_cast<int>(i);
  if (index < 0) throw packs::PackError(fmt::format("pack '{}' is not loaded", pack_name));
  const auto& manifest = *s.packs[static_cast<std::size_t>(index)].manifest;

  // A game is loaded first, so support scripts and test files may call require() at their top
  // level (before anything is on the stack: loading resets it).
  const auto players = packs::player_range(s.order);
  s.load_game(1, 0, players.default_count.value_or(players.min), s.default_options);

  // The `t` object and the test list.
  lua_newtable(L);
  const int list = lua_gettop(L);
  lua_newtable(L);
  const int scratch = lua_gettop(L);  // per-run values of the harness (the turn cap)
  push_test_object(L, s, index, scratch);
  const int t = lua_gettop(L);

  const lua::Limits limits = s.lua.limits();
  struct RestoreLimits {
    lua::State& lua;
    lua::Limits limits;
    ~RestoreLimits() { lua.set_limits(limits); }
  } restore{s.lua, limits};
  s.lua.set_limits(test_limits(limits));

  // The test support of every loaded pack runs first (so a variant's tests use base's helpers),
  // then the files in order; they all share one environment.
  push_test_environment(L, s, list, index);
  const int env = lua_gettop(L);
  for (const auto& pack : s.packs)
    for (const auto& rel : pack.manifest->test_support)
      if (!run_test_script(s, pack.manifest->dir / rel, env, pack_name, out)) return {0, 1};

  int passed = 0, failed = 0;
  for (const auto& rel : files) {
    const auto before = lua_rawlen(L, list);
    if (!run_test_script(s, manifest.dir / rel, env, pack_name, out)) {
      ++failed;
      continue;
    }
    run_registered(s, index, list, before + 1, t, env, pack_name, filter, out, passed, failed);
  }
  return {passed, failed};
}

}  // namespace catan::scripting
