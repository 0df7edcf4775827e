// The `game` table of the Lua API: turn structure, events and invariants, options and logging;
// it also installs the holdings (api_holdings.h) and decisions (api_decisions.h) functions.
// Seats and kinds' positions are 1-based in Lua. Every function reaches the session through
// upvalue 1.
#include "scripting/api_game.h"

#include <fmt/format.h>

#include "engine/text_bounds.h"
#include "scripting/api_args.h"
#include "scripting/api_decisions.h"
#include "scripting/api_holdings.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

// --- turn structure -------------------------------------------------------------------------

int g_players(lua_State* L) {
  lua_pushinteger(L, session(L).state.players);
  return 1;
}
int g_current(lua_State* L) {
  lua_pushinteger(L, session(L).state.current + 1);
  return 1;
}
int g_turn(lua_State* L) {
  lua_pushinteger(L, session(L).state.turn);
  return 1;
}
int g_round(lua_State* L) {
  lua_pushinteger(L, session(L).state.round);
  return 1;
}
int g_phase(lua_State* L) {
  const auto& p = session(L).state.phase;
  lua_pushlstring(L, p.data(), p.size());
  return 1;
}
int g_set_phase(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.set_phase");
  s.state.phase = check_sv(L, 1);
  s.views.phase_changed(L, 1);
  return 0;
}
int g_set_next(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.set_next");
  s.state.next_override = check_seat(L, s, 1);
  return 0;
}
int g_first_player(lua_State* L) {
  lua_pushinteger(L, session(L).state.first_player + 1);
  return 1;
}
int g_set_first_player(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.set_first_player");
  const int seat = check_seat(L, s, 1);
  if (s.state.turn > 0) luaL_error(L, "game.set_first_player: the first turn has already begun");
  s.state.first_player = s.state.current = seat;
  s.views.turn_changed(L, s.state, Views::kCurrent | Views::kFirstPlayer);
  return 0;
}
int g_finish(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.finish");
  if (s.state.over) luaL_error(L, "game.finish: the game is already over");
  std::optional<int> winner;
  if (!lua_isnoneornil(L, 1)) winner = check_seat(L, s, 1);
  s.state.over = true;
  s.state.winner = winner;
  std::size_t length = 0;
  const char* reason = luaL_optlstring(L, 2, winner ? "won" : "no winner", &length);
  s.state.end_reason = engine::cut_text(std::string_view(reason, length), engine::kMaxReasonBytes);
  s.views.turn_changed(L, s.state, Views::kOver | Views::kWinner);
  return 0;
}
int g_is_over(lua_State* L) {
  lua_pushboolean(L, session(L).state.over);
  return 1;
}
int g_winner(lua_State* L) {
  const auto& w = session(L).state.winner;
  if (w)
    lua_pushinteger(L, *w + 1);
  else
    lua_pushnil(L);
  return 1;
}

// --- events ---------------------------------------------------------------------------------

int g_on(lua_State* L) {
  Impl& s = session(L);
  const auto event = check_sv(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (s.loading_pack < 0)
    luaL_error(L,
               "game.on: handlers are registered while a pack loads (at the top level of its entry "
               "scripts)");
  engine::Handler h;
  h.pack = s.loading_pack;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_getfield(L, 3, "priority");
    if (!lua_isnil(L, -1)) {
      if (!lua_isinteger(L, -1)) luaL_argerror(L, 3, "'priority' must be an integer");
      h.priority = static_cast<int>(lua_tointeger(L, -1));
    }
    lua_getfield(L, 3, "after");
    h.after = lua_toboolean(L, -1);
    lua_pop(L, 2);
  }
  // No location is kept: handler_where() finds the handler's file and line when a message or
  // `catan info` needs them (formatting them for every registration of every game cost more
  // than loading the rest of a pack).
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.handlers_ref);
  lua_pushvalue(L, 2);
  h.callback = luaL_ref(L, -2);
  lua_pop(L, 1);
  try {
    s.state.events.add_handler(event, std::move(h));
  } catch (const std::runtime_error& e) {
    luaL_error(L, "game.on: %s", e.what());
  }
  s.check_memory(L);
  return 0;
}

int g_version(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(session(L).state.version));
  return 1;
}

int g_invariant(lua_State* L) {
  Impl& s = session(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (s.loading_pack < 0)
    luaL_error(L,
               "game.invariant: invariants are registered while a pack loads (at the top level of "
               "its entry scripts)");
  s.push_game_table("handlers");
  lua_pushvalue(L, 1);
  s.invariants.push_back({luaL_ref(L, -2), s.loading_pack});
  lua_pop(L, 1);
  s.session_bytes += sizeof(Impl::Invariant);
  s.check_memory(L);
  return 0;
}

int event_id(lua_State* L, Impl& s, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    const lua_Integer id = lua_tointeger(L, arg);
    if (id < 1 || id > s.state.events.size()) luaL_argerror(L, arg, "unknown event id");
    return static_cast<int>(id - 1);
  }
  const auto name = check_sv(L, arg);
  const int id = s.state.events.find(name);
  if (id < 0) {
    const auto hint = engine::closest_name(name, s.state.events.names());
    const std::string msg =
        hint.empty()
            ? fmt::format("event '{}' is not declared by any loaded pack", name)
            : fmt::format("event '{}' is not declared by any loaded pack (did you mean '{}'?)",
                          name, hint);
    luaL_error(L, "%s", msg.c_str());
  }
  return id;
}

int g_event(lua_State* L) {
  Impl& s = session(L);
  lua_pushinteger(L, event_id(L, s, 1) + 1);
  return 1;
}

int g_raise(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.raise");
  const int event = event_id(L, s, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 3);
    lua_newtable(L);
    lua_replace(L, 2);
  }
  luaL_checktype(L, 2, LUA_TTABLE);
  int deflt = 0;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TFUNCTION);
    deflt = 3;
  }
  // The three results are interned once as upvalues 2..4 ("done", "replaced", "vetoed").
  const char* status = s.raise(event, 2, deflt);
  lua_pushvalue(L, lua_upvalueindex(status[0] == 'd' ? 2 : status[0] == 'r' ? 3 : 4));
  return 1;
}

int g_has_handlers(lua_State* L) {
  Impl& s = session(L);
  lua_pushboolean(L, s.state.events.has_handlers(event_id(L, s, 1)));
  return 1;
}

// --- options, logging -----------------------------------------------------------------------

int g_option(lua_State* L) {
  Impl& s = session(L);
  const auto pack = check_sv(L, 1);
  const auto key = check_sv(L, 2);
  for (const auto& p : s.packs) {
    if (p.manifest->name != pack) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, p.env_ref);
    lua_getfield(L, -1, "options");
    lua_getfield(L, -1, std::string(key).c_str());
    if (lua_isnil(L, -1) && !p.manifest->find_option(key))
      luaL_error(L, "game.option: pack '%s' has no option '%s'", std::string(pack).c_str(),
                 std::string(key).c_str());
    return 1;
  }
  return luaL_error(L, "game.option: pack '%s' is not loaded", std::string(pack).c_str());
}

// Joins tostring of every argument with tabs and hands the text to `sink`, cut to
// engine::kMaxShownBytes.
void send_joined(lua_State* L, const std::function<void(std::string_view)>& sink) {
  const int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 1; i <= n; ++i) {
    if (i > 1) luaL_addchar(&b, '\t');
    luaL_tolstring(L, i, nullptr);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  std::size_t len = 0;
  const char* text = lua_tolstring(L, -1, &len);
  if (len <= engine::kMaxShownBytes)
    sink(std::string_view(text, len));
  else
    sink(engine::cut_text(std::string_view(text, len), engine::kMaxShownBytes));
}

int g_log(lua_State* L) {
  Impl& s = session(L);
  if (s.log) send_joined(L, s.log);
  return 0;
}

// game.log_secret(seats, text, others): `text` for the seats listed (a seat or a list of seats)
// and for a log of everything, `others` for everyone else (session.h, set_log_reader).
int g_log_secret(lua_State* L) {
  Impl& s = session(L);
  std::vector<int> seats;
  if (lua_istable(L, 1)) {
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 1, i);
      seats.push_back(check_seat(L, s, lua_gettop(L)));
      lua_pop(L, 1);
    }
  } else {
    seats.push_back(check_seat(L, s, 1));
  }
  luaL_checkstring(L, 2);
  luaL_checkstring(L, 3);
  if (!s.log) return 0;
  const bool secret = s.log_reader == Session::kLogEverything ||
                      std::find(seats.begin(), seats.end(), s.log_reader) != seats.end();
  lua_settop(L, secret ? 2 : 3);
  lua_replace(L, 1);
  lua_settop(L, 1);
  send_joined(L, s.log);
  return 0;
}

int g_show(lua_State* L) {
  Impl& s = session(L);
  if (s.view) send_joined(L, s.view);
  return 0;
}

int g_showing(lua_State* L) {
  lua_pushboolean(L, static_cast<bool>(session(L).view));
  return 1;
}

int g_verbose(lua_State* L) {
  lua_pushboolean(L, static_cast<bool>(session(L).log));
  return 1;
}

}  // namespace

void open_game_api(lua_State* L, Session::Impl& s) {
  static const luaL_Reg functions[] = {{"players", lua::protect<g_players>},
                                       {"current", lua::protect<g_current>},
                                       {"turn", lua::protect<g_turn>},
                                       {"round", lua::protect<g_round>},
                                       {"phase", lua::protect<g_phase>},
                                       {"set_phase", lua::protect<g_set_phase>},
                                       {"set_next", lua::protect<g_set_next>},
                                       {"first_player", lua::protect<g_first_player>},
                                       {"set_first_player", lua::protect<g_set_first_player>},
                                       {"finish", lua::protect<g_finish>},
                                       {"is_over", lua::protect<g_is_over>},
                                       {"winner", lua::protect<g_winner>},
                                       {"on", lua::protect<g_on>},
                                       {"invariant", lua::protect<g_invariant>},
                                       {"version", lua::protect<g_version>},
                                       {"event", lua::protect<g_event>},
                                       {"has_handlers", lua::protect<g_has_handlers>},
                                       {"option", lua::protect<g_option>},
                                       {"log", lua::protect<g_log>},
                                       {"verbose", lua::protect<g_verbose>},
                                       {"log_secret", lua::protect<g_log_secret>},
                                       {"show", lua::protect<g_show>},
                                       {"showing", lua::protect<g_showing>},
                                       {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  luaL_setfuncs(L, functions, 1);
  lua_pushlightuserdata(L, &s);
  lua_pushliteral(L, "done");
  lua_pushliteral(L, "replaced");
  lua_pushliteral(L, "vetoed");
  lua_pushcclosure(L, lua::protect<g_raise>, 4);
  lua_setfield(L, -2, "raise");
  lua_pushliteral(L, "veto");
  lua_setfield(L, -2, "VETO");
  lua_pushliteral(L, "replace");
  lua_setfield(L, -2, "REPLACE");
  open_option_api(L, s);
  open_holdings_api(L, s);
  open_decisions_api(L, s);
}

}  // namespace catan::scripting
