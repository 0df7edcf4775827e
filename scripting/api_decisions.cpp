// The decisions part of the `game` table (docs/lua-api.md, "Game"): asking decisions, agents
// and their extensions, randomness, and forks and searches of the game. Seats and options are
// 1-based in Lua. Every function reaches the session through upvalue 1.
#include "scripting/api_decisions.h"

#include <fmt/format.h>

#include "scripting/agent_registry.h"
#include "scripting/api_args.h"
#include "scripting/lua_agent.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

// --- decisions ------------------------------------------------------------------------------

// Checks the arguments (seat, kind, options) of game.decide / game.choose (`api`) and asks the
// seat's agent; returns the 0-based choice, with the chosen option on the stack.
int ask(lua_State* L, const char* api) {
  Impl& s = session(L);
  s.require_mutable(api);
  const int seat = check_seat(L, s, 1);
  const auto kind = check_sv(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  const int kinds = s.state.decision_kinds.size(), ids = s.state.option_ids.size();
  const int choice = s.decide(seat, kind, 3, 2, api);
  // The log grows by a record per decision: memory is checked every kMemoryCheckDecisions
  // records, and whenever a new kind name or option id is kept (on L, the thread that called).
  if (s.state.decision_kinds.size() != kinds || s.state.option_ids.size() != ids ||
      s.state.decisions.size() % Impl::kMemoryCheckDecisions == 0)
    s.check_memory(L);
  return choice;
}

// game.decide(seat, kind, options) -> option, index
int g_decide(lua_State* L) {
  const int choice = ask(L, "game.decide");
  lua_pushinteger(L, choice + 1);
  return 2;
}

// game.choose(seat, kind, options) -> index: game.decide returning only the index.
int g_choose(lua_State* L) {
  const int choice = ask(L, "game.choose");
  lua_pushinteger(L, choice + 1);
  return 1;
}

int g_agent(lua_State* L) {
  Impl& s = session(L);
  const auto name = check_sv(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (s.loading_pack < 0) luaL_error(L, "game.agent: agents are registered while a pack loads");
  if (name == "random") luaL_argerror(L, 1, "'random' is the built-in agent's name");
  if (const auto it = s.agent_packs.find(name); it != s.agent_packs.end()) {
    const std::string msg = fmt::format("game.agent: agent '{}' is already registered by pack '{}'",
                                        name, s.pack_name(it->second));
    luaL_error(L, "%s", msg.c_str());
  }
  s.agent_packs.emplace(std::string(name), s.loading_pack);
  s.session_bytes += name.size() + engine::NameTable::kEntryBytes;
  s.check_memory(L);
  s.push_game_table("agents");
  lua_pushvalue(L, 2);
  lua_setfield(L, -2, std::string(name).c_str());
  return 0;
}

// game.rollout_agent(agent): names the agent that plays a search's copies unless its settings
// name one. Declared while a pack loads; a later pack's declaration wins. (The score the copies
// are scored by is the manifest's "score", scripting/measure_spec.h.)
int g_rollout_agent(lua_State* L) {
  Impl& s = session(L);
  const auto agent = check_sv(L, 1);
  if (s.loading_pack < 0)
    luaL_error(L, "game.rollout_agent: the rollout agent is declared while a pack loads");
  if (agent.empty() || agent.size() > 64 || agent.starts_with("mcts"))
    luaL_argerror(L, 1, "the name of an agent other than mcts");
  s.rollout_agent = agent;
  return 0;
}

// game.evaluator(fn): fn(player) -> number in [0, 1], the player's prospects in the current
// state, which searches use instead of the score share to score a copy that has not ended.
// Registered while a pack loads; a later pack's evaluator replaces an earlier one.
int g_evaluator(lua_State* L) {
  Impl& s = session(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (s.loading_pack < 0)
    luaL_error(L, "game.evaluator: the evaluator is registered while a pack loads");
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.game_ref);
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "evaluator");
  s.evaluator_pack = s.loading_pack;
  return 0;
}

// game.extend_agent(agent, kind, fn): decisions of `kind` put to `agent` go to fn instead, so a
// variant pack can teach another pack's agent the decisions it adds.
// The end of an agent's extension chain: calls the agent's own function (upvalue 2 names the
// agent), looked up when called, since the pack registering the agent may load after the pack
// extending it. Arguments: player, kind, options; returns the agent's answer.
int call_own_agent(lua_State* L) {
  Impl& s = session(L);
  lua_settop(L, 3);
  s.push_game_table("agents");
  if (lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(2))) != LUA_TFUNCTION)
    luaL_error(L, "agent '%s' is not registered in this game",
               lua_tostring(L, lua_upvalueindex(2)));
  lua_remove(L, 4);
  lua_insert(L, 1);
  lua_call(L, 3, 1);
  return 1;
}

// One link of an agent's extension chain: calls the extension (upvalue 2) as
// fn(player, kind, options, next), where next (upvalue 3) answers the same decision the way the
// agent would without this extension.
int call_extension(lua_State* L) {
  lua_settop(L, 3);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, 1);
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_call(L, 4, 1);
  return 1;
}

// game.extend_agent(agent, kind, fn): decisions of `kind` put to `agent` go to
// fn(player, kind, options, next). Several packs may extend one (agent, kind): each new extension
// wraps the chain so far, so the last registered (the last pack in load order) is asked first and
// `next` passes the decision down the chain, ending at the agent's own function.
int g_extend_agent(lua_State* L) {
  Impl& s = session(L);
  const auto agent = check_sv(L, 1);
  const auto kind = check_sv(L, 2);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  if (s.loading_pack < 0)
    luaL_error(L, "game.extend_agent: agents are extended while a pack loads");
  s.push_game_table("agent_extensions");
  const std::string key = fmt::format("{}\n{}", agent, kind);
  lua_pushlightuserdata(L, &s);
  lua_pushvalue(L, 3);
  if (lua_getfield(L, -3, key.c_str()) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushlightuserdata(L, &s);
    lua_pushlstring(L, agent.data(), agent.size());
    lua_pushcclosure(L, lua::protect<call_own_agent>, 2);
  }
  lua_pushcclosure(L, call_extension, 3);
  lua_setfield(L, -2, key.c_str());
  return 0;
}

// game.has_event(name) -> boolean: whether a loaded pack (or the kernel) declares the event, so a
// pack can hook another pack's events only when that pack is loaded.
int g_has_event(lua_State* L) {
  Impl& s = session(L);
  lua_pushboolean(L, s.state.events.find(check_sv(L, 1)) >= 0);
  return 1;
}

int g_decisions(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(session(L).state.decisions.size()));
  return 1;
}

// --- randomness -----------------------------------------------------------------------------

// Agents draw from their own stream so that replays, which skip agents, consume the game's stream
// exactly as the original game did.
engine::Rng& rng(Impl& s) {
  // A describer runs only when someone reads a label (a person, a verbose log): a number drawn
  // there would make the game depend on who watches.
  if (s.describing > 0)
    throw std::runtime_error(
        "describers may not draw random numbers (labels are made only for "
        "people watching)");
  return s.acting_agent ? s.acting_agent->rng() : s.state.rng;
}

int g_roll(lua_State* L) {
  Impl& s = session(L);
  const lua_Integer sides = luaL_optinteger(L, 1, 6);
  if (sides < 1) luaL_argerror(L, 1, "a die needs at least one side");
  if (sides > std::numeric_limits<int>::max())
    luaL_argerror(L, 1,
                  lua_pushfstring(L, "%I sides is over the limit of %d", sides,
                                  std::numeric_limits<int>::max()));
  // A pack test's scripted faces serve the game's own rolls (never an agent's, whose stream is
  // its own); a face that does not fit the die is the test's mistake.
  if (!s.scripted_dice.empty() && s.acting_agent == nullptr && s.describing == 0) {
    const int face = s.scripted_dice.front();
    if (face > sides)
      return luaL_error(L, "game.roll: the scripted die %d does not fit a %I-sided die", face,
                        sides);
    s.scripted_dice.pop_front();
    lua_pushinteger(L, face);
    return 1;
  }
  lua_pushinteger(L, rng(s).die(static_cast<int>(sides)));
  return 1;
}
int g_random(lua_State* L) {
  Impl& s = session(L);
  lua_Integer lo = 1, hi = 0;
  if (lua_isnoneornil(L, 2)) {
    hi = luaL_checkinteger(L, 1);
  } else {
    lo = luaL_checkinteger(L, 1);
    hi = luaL_checkinteger(L, 2);
  }
  if (lo > hi) luaL_error(L, "game.random: empty interval [%I, %I]", lo, hi);
  lua_pushinteger(L, rng(s).range(lo, hi));
  return 1;
}
constexpr lua_Integer kMaxShuffle = lua_Integer{1} << 24;

// --- forks ----------------------------------------------------------------------------------

// Pushes the properties of column `seat` of `props` as a table {name = value}.
void push_properties(lua_State* L, const engine::Properties& props, std::size_t seat) {
  lua_createtable(L, 0, props.keys().size());
  for (int k = 0; k < props.keys().size(); ++k) {
    const auto& v = props.column(k)[seat];
    if (engine::is_nil(v)) continue;
    push_value(L, v);
    lua_setfield(L, -2, std::string(props.keys().name(k)).c_str());
  }
}

// The request game.fork's argument 1 (nil or a table: seed, turns, agents, seen_by) describes;
// raises a Lua error for a malformed field. Draws the default seed from the acting agent's stream.
engine::ForkRequest fork_request_from(lua_State* L, Impl& s) {
  engine::ForkRequest request;
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  const bool has_spec = lua_istable(L, 1);
  request.seed = s.acting_agent->rng().next();
  if (has_spec && lua_getfield(L, 1, "seed") != LUA_TNIL) {
    if (!lua_isinteger(L, -1)) luaL_error(L, "game.fork: 'seed' must be an integer");
    request.seed = static_cast<std::uint64_t>(lua_tointeger(L, -1));
  }
  if (has_spec) lua_pop(L, 1);
  if (has_spec && lua_getfield(L, 1, "turns") != LUA_TNIL) {
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 ||
        lua_tointeger(L, -1) > std::numeric_limits<int>::max())
      luaL_error(L, "game.fork: 'turns' must be a whole number of turns");
    request.turns = static_cast<int>(lua_tointeger(L, -1));
  }
  if (has_spec) lua_pop(L, 1);
  if (has_spec && lua_getfield(L, 1, "agents") != LUA_TNIL) {
    if (!lua_istable(L, -1)) luaL_error(L, "game.fork: 'agents' must be a list of agent names");
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    if (n > s.state.players)
      luaL_error(L, "game.fork: %I agents for %d players", n, s.state.players);
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
        luaL_error(L, "game.fork: agents[%I] must be an agent name", i);
      request.agents.emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
  }
  if (has_spec) lua_pop(L, 1);
  // Honest by default: the copy is the game as the deciding seat sees it.
  request.seen_by = s.deciding_seat;
  if (has_spec && lua_getfield(L, 1, "seen_by") != LUA_TNIL) {
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
      request.seen_by.reset();
    } else {
      if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
          lua_tointeger(L, -1) > s.state.players)
        luaL_error(L, "game.fork: 'seen_by' must be a seat or false");
      request.seen_by = static_cast<int>(lua_tointeger(L, -1)) - 1;
    }
  }
  if (has_spec) lua_pop(L, 1);
  return request;
}

// Pushes game.fork's result table for `r`.
void push_fork_result(lua_State* L, const engine::ForkResult& r) {
  lua_createtable(L, 0, 9);
  lua_pushboolean(L, r.ok);
  lua_setfield(L, -2, "ok");
  if (!r.ok) {
    lua_pushstring(L, r.error.c_str());
    lua_setfield(L, -2, "error");
    return;
  }
  lua_pushboolean(L, r.over);
  lua_setfield(L, -2, "over");
  if (r.winner) {
    lua_pushinteger(L, *r.winner + 1);
    lua_setfield(L, -2, "winner");
  }
  lua_pushstring(L, r.reason.c_str());
  lua_setfield(L, -2, "reason");
  lua_pushinteger(L, r.turns);
  lua_setfield(L, -2, "turns");
  const engine::GameState& copy = *r.state;
  lua_createtable(L, copy.players, 0);
  for (int seat = 0; seat < copy.players; ++seat) {
    push_properties(L, copy.player_props, static_cast<std::size_t>(seat));
    lua_rawseti(L, -2, seat + 1);
  }
  lua_setfield(L, -2, "players");
  push_properties(L, copy.game_props, 0);
  lua_setfield(L, -2, "game");
  lua_createtable(L, static_cast<int>(r.scores.size()), 0);
  for (std::size_t seat = 0; seat < r.scores.size(); ++seat) {
    lua_pushnumber(L, r.scores[seat]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(seat) + 1);
  }
  lua_setfield(L, -2, "scores");
}

// game.fork{seed = n, agents = {...}, turns = n} -> result (docs/lua-api.md, "Forks").
int g_fork(lua_State* L) {
  Impl& s = session(L);
  if (!s.acting_agent || !s.forks)
    luaL_error(L, "game.fork: only an agent choosing a decision can fork the game");
  const engine::ForkResult r = s.forks->fork(fork_request_from(L, s));
  push_fork_result(L, r);
  return 1;
}

// game.search(options, settings?) -> index | nil: inside an agent choosing, answers the decision
// being asked (`options`: the options the agent was given) with the search agent
// (search/mcts.h), drawing from the agent's own stream; `settings` holds any of iterations,
// horizon, rollout, c, time (docs/bots.md). Inside a copy (a fork) it returns nil: a search in
// every copy of a search would multiply its cost. So it does in a Lua test's game (`t.start`),
// which cannot be forked: its position may have been set by hand, outside the decision log;
// t.start{search = true} makes it a game being played (Impl::test_game).
int g_search(lua_State* L) {
  Impl& s = session(L);
  if (!s.acting_agent || !s.deciding)
    luaL_error(L, "game.search: only an agent choosing a decision can search");
  luaL_checktype(L, 1, LUA_TTABLE);
  if (luaL_len(L, 1) != s.deciding->count)
    luaL_error(L, "game.search: 'options' must be the options of the decision being asked");
  if (s.fork_depth > 0 || !s.playing) {
    lua_pushnil(L);
    return 1;
  }
  std::string spec = "mcts";
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    for (const char* key : {"iterations", "horizon", "rollout", "c", "time", "eval"}) {
      if (lua_getfield(L, 2, key) != LUA_TNIL) {
        if (!lua_isstring(L, -1))
          luaL_error(L, "game.search: '%s' must be a number or a name", key);
        spec += fmt::format(":{}={}", key, lua_tostring(L, -1));
      }
      lua_pop(L, 1);
    }
  }
  // The search agent the host registered (cli/search_agents.h), with the learned evaluation
  // of the configuration when one is found (eval=auto), as for mcts seats.
  const AgentFactory* make = find_agent(spec);
  if (!make) luaL_error(L, "game.search: no search agent is registered");
  std::shared_ptr<engine::Agent> searcher;
  std::string make_error;
  try {
    searcher = (*make)(s.agent_setup(spec, *s.playing));
  } catch (const std::exception& e) {
    make_error = std::string("game.search: ") + e.what();
  }
  if (!make_error.empty()) luaL_error(L, "%s", make_error.c_str());
  // The decision as seen from this call: its options are argument 1 of this frame.
  DecisionContext ctx = *static_cast<const DecisionContext*>(s.deciding->context);
  ctx.L = L;
  ctx.options_index = 1;
  ctx.kind_index = 0;
  engine::Decision d = *s.deciding;
  d.context = &ctx;
  // The search draws from the acting agent's own stream: lend it to the searcher and take back
  // what is left of it, also when the search throws.
  engine::Rng& stream = s.acting_agent->rng();
  searcher->rng() = stream;
  int choice = 0;
  try {
    choice = searcher->choose(d);
  } catch (...) {
    stream = searcher->rng();
    throw;
  }
  stream = searcher->rng();
  lua_pushinteger(L, choice + 1);
  return 1;
}

// game.agent_extended(agent, kind) -> boolean: whether a loaded pack taught `agent` decisions of
// `kind` (game.extend_agent), so that an agent can tell a menu a variant extended from one with
// entries nobody taught it.
int g_agent_extended(lua_State* L) {
  Impl& s = session(L);
  const std::string key = fmt::format("{}\n{}", check_sv(L, 1), check_sv(L, 2));
  s.push_game_table("agent_extensions");
  lua_pushboolean(L, lua_getfield(L, -1, key.c_str()) != LUA_TNIL);
  return 1;
}

int g_shuffle(lua_State* L) {
  Impl& s = session(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
  // A border of a sparse table can be huge with few entries ({[1] = x, [2] = x, [4] = x, ...,
  // [2^40] = x}); a real array over the limit would not fit in the memory cap anyway.
  if (n > kMaxShuffle)
    luaL_error(L, "game.shuffle: a list of %I elements is over the limit of %I", n, kMaxShuffle);
  auto& r = rng(s);
  for (lua_Integer i = n; i > 1; --i) {
    const auto j = static_cast<lua_Integer>(r.below(static_cast<std::uint64_t>(i))) + 1;
    lua_rawgeti(L, 1, i);
    lua_rawgeti(L, 1, j);
    lua_rawseti(L, 1, i);
    lua_rawseti(L, 1, j);
  }
  lua_settop(L, 1);
  return 1;
}
int g_choice(lua_State* L) {
  Impl& s = session(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  const auto n = lua_rawlen(L, 1);
  if (n == 0) luaL_argerror(L, 1, "cannot choose from an empty list");
  lua_rawgeti(L, 1, static_cast<lua_Integer>(rng(s).below(n)) + 1);
  return 1;
}

}  // namespace

void open_decisions_api(lua_State* L, Session::Impl& s) {
  static const luaL_Reg functions[] = {{"has_event", lua::protect<g_has_event>},
                                       {"decide", lua::protect<g_decide>},
                                       {"choose", lua::protect<g_choose>},
                                       {"agent", lua::protect<g_agent>},
                                       {"extend_agent", lua::protect<g_extend_agent>},
                                       {"rollout_agent", lua::protect<g_rollout_agent>},
                                       {"search", lua::protect<g_search>},
                                       {"agent_extended", lua::protect<g_agent_extended>},
                                       {"evaluator", lua::protect<g_evaluator>},
                                       {"decisions", lua::protect<g_decisions>},
                                       {"roll", lua::protect<g_roll>},
                                       {"random", lua::protect<g_random>},
                                       {"fork", lua::protect<g_fork>},
                                       {"shuffle", lua::protect<g_shuffle>},
                                       {"choice", lua::protect<g_choice>},
                                       {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  luaL_setfuncs(L, functions, 1);
}

}  // namespace catan::scripting
