// The `game` table of the Lua API: turn structure, holdings, decks, properties, events,
// decisions, randomness, agents and logging. Seats, kinds' positions and options are 1-based
// in Lua. Every function reaches the session through upvalue 1.
#include "scripting/api_game.h"

#include <fmt/format.h>

#include "engine/seat_view.h"
#include "engine/text_bounds.h"
#include "scripting/agent_registry.h"
#include "scripting/lua_agent.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

Impl& session(lua_State* L) {
  return *static_cast<Impl*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Validates a 1-based seat argument and returns it 0-based.
int check_seat(lua_State* L, Impl& s, int arg) {
  const lua_Integer seat = luaL_checkinteger(L, arg);
  if (seat < 1 || seat > s.state.players)
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "player %d does not exist (players are 1..%d)",
                                  static_cast<int>(seat), s.state.players));
  return static_cast<int>(seat - 1);
}

std::string_view check_sv(lua_State* L, int arg) {
  std::size_t n = 0;
  const char* p = luaL_checklstring(L, arg, &n);
  return {p, n};
}

// A holder argument: a seat number or a supply name.
int check_holder(lua_State* L, Impl& s, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) return check_seat(L, s, arg);
  const auto name = check_sv(L, arg);
  const auto id = s.state.supplies.find(name);
  if (!id) {
    const auto hint = engine::closest_name(name, s.state.supplies.names());
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "unknown supply '%s'%s", std::string(name).c_str(),
                                  hint.empty() ? "" : (" (did you mean '" + hint + "'?)").c_str()));
  }
  return s.state.holder_of_supply(*id);
}

int check_named(lua_State* L, const engine::NameTable& table, int arg, const char* what) {
  const auto name = check_sv(L, arg);
  const auto id = table.find(name);
  if (!id) {
    const auto hint = engine::closest_name(name, table.names());
    const std::string msg =
        hint.empty() ? fmt::format("unknown {} '{}'", what, name)
                     : fmt::format("unknown {} '{}' (did you mean '{}'?)", what, name, hint);
    luaL_argerror(L, arg, lua_pushstring(L, msg.c_str()));
  }
  return *id;
}

int check_form(lua_State* L, Impl& s, int arg) {
  if (lua_isnoneornil(L, arg)) {
    if (s.state.forms.size() == 0) luaL_error(L, "no form declared yet (game.add_form)");
    return 0;
  }
  return check_named(L, s.state.forms, arg, "form");
}

// Holdings counts stay at most kMaxCount, so sums over every cell of a table that fits in memory
// cannot overflow 64 bits.
constexpr std::int64_t kMaxCount = (std::int64_t{1} << 32) - 1;

std::int64_t check_count(lua_State* L, int arg) {
  const lua_Integer n = luaL_checkinteger(L, arg);
  if (n < 0) luaL_argerror(L, arg, "count must not be negative");
  if (n > kMaxCount)
    luaL_argerror(L, arg, lua_pushfstring(L, "count %I is over the limit of %I", n, kMaxCount));
  return n;
}

// Refuses a count that `function` would take over kMaxCount by adding `n` to `have`.
void check_sum(lua_State* L, const char* function, std::int64_t have, std::int64_t n) {
  if (have + n > kMaxCount)
    luaL_error(L, "%s: a holder would hold %I, over the limit of %I per kind and form", function,
               static_cast<lua_Integer>(have + n), static_cast<lua_Integer>(kMaxCount));
}

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

// --- catalogue and holdings -----------------------------------------------------------------

int add_name(lua_State* L, engine::NameTable& table, const char* function) {
  Impl& s = session(L);
  s.require_mutable(function);
  const auto name = check_sv(L, 1);
  if (!table.find(name)) {
    // The holdings table grows by a slice for the new name: checked before it is allocated.
    auto& st = s.state;
    const auto grown = [&](const engine::NameTable& t, int n) {
      return static_cast<std::size_t>(n) + (&t == &table ? 1 : 0);
    };
    const std::size_t cells = grown(st.supplies, st.players + st.supplies.size()) *
                              grown(st.forms, st.forms.size()) * grown(st.kinds, st.kinds.size());
    const std::size_t now = st.holdings.cells().size();
    s.check_memory(
        L, (cells - now) * sizeof(std::int64_t) + 2 * name.size() + engine::NameTable::kEntryBytes);
  }
  table.intern(name);
  s.state.reshape_holdings();
  s.views.kinds_changed(L, s.state);
  return 0;
}
int g_add_kind(lua_State* L) {
  return add_name(L, session(L).state.kinds, "game.add_kind");
}
// game.add_form(name [, visibility]): visibility "public" (the default) or "private".
int g_add_form(lua_State* L) {
  Impl& s = session(L);
  const char* visibility = luaL_optstring(L, 2, nullptr);
  const bool is_private = visibility && std::string_view(visibility) == "private";
  if (visibility && !is_private && std::string_view(visibility) != "public")
    luaL_error(L, "game.add_form: visibility '%s' is not 'public' or 'private'", visibility);
  lua_settop(L, 1);
  add_name(L, s.state.forms, "game.add_form");
  if (visibility) {
    const auto form = static_cast<std::size_t>(*s.state.forms.find(check_sv(L, 1)));
    if (s.state.form_private.size() <= form) s.state.form_private.resize(form + 1, 0);
    s.state.form_private[form] = is_private ? 1 : 0;
  }
  return 0;
}
int g_add_supply(lua_State* L) {
  return add_name(L, session(L).state.supplies, "game.add_supply");
}

int push_names(lua_State* L, const engine::NameTable& t) {
  lua_createtable(L, t.size(), 0);
  for (int i = 0; i < t.size(); ++i) {
    lua_pushstring(L, t.name(i).c_str());
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}
int g_kinds(lua_State* L) {
  return push_names(L, session(L).state.kinds);
}
int g_forms(lua_State* L) {
  return push_names(L, session(L).state.forms);
}
int g_supplies(lua_State* L) {
  return push_names(L, session(L).state.supplies);
}

int g_count(lua_State* L) {
  Impl& s = session(L);
  const int holder = check_holder(L, s, 1);
  const int kind = check_named(L, s.state.kinds, 2, "kind");
  const int form = check_form(L, s, 3);
  s.require_visible("game.count", holder, form);
  lua_pushinteger(L, s.state.holdings.count(holder, form, kind));
  return 1;
}
int g_sum(lua_State* L) {
  Impl& s = session(L);
  const int kind = check_named(L, s.state.kinds, 1, "kind");
  const int form = check_form(L, s, 2);
  lua_pushinteger(L, s.state.holdings.total_of_kind(form, kind));
  return 1;
}
int g_total(lua_State* L) {
  Impl& s = session(L);
  const int holder = check_holder(L, s, 1);
  const int form = check_form(L, s, 2);
  lua_pushinteger(L, s.state.holdings.total(holder, form));
  return 1;
}
int g_add(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.add");
  const int holder = check_holder(L, s, 1);
  const int kind = check_named(L, s.state.kinds, 2, "kind");
  const auto n = check_count(L, 3);
  const int form = check_form(L, s, 4);
  check_sum(L, "game.add", s.state.holdings.count(holder, form, kind), n);
  s.state.holdings.add(holder, form, kind, n);
  s.views.holding_changed(L, s.state, holder, form, kind);
  return 0;
}
int g_remove(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.remove");
  const int holder = check_holder(L, s, 1);
  const int kind = check_named(L, s.state.kinds, 2, "kind");
  const auto n = check_count(L, 3);
  const int form = check_form(L, s, 4);
  const auto have = s.state.holdings.count(holder, form, kind);
  if (have < n)
    luaL_error(L, "game.remove: holder holds %I %s, cannot remove %I",
               static_cast<lua_Integer>(have), s.state.kinds.name(kind).c_str(),
               static_cast<lua_Integer>(n));
  s.state.holdings.remove(holder, form, kind, n);
  s.views.holding_changed(L, s.state, holder, form, kind);
  return 0;
}
int g_move(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.move");
  const int from = check_holder(L, s, 1);
  const int to = check_holder(L, s, 2);
  const int kind = check_named(L, s.state.kinds, 3, "kind");
  const auto n = check_count(L, 4);
  const int form = check_form(L, s, 5);
  const auto have = s.state.holdings.count(from, form, kind);
  if (have < n)
    luaL_error(L, "game.move: the giver holds %I %s, cannot move %I",
               static_cast<lua_Integer>(have), s.state.kinds.name(kind).c_str(),
               static_cast<lua_Integer>(n));
  if (from != to) check_sum(L, "game.move", s.state.holdings.count(to, form, kind), n);
  s.state.holdings.move(from, to, form, kind, n);
  s.views.holding_changed(L, s.state, from, form, kind);
  s.views.holding_changed(L, s.state, to, form, kind);
  return 0;
}

// --- live views (views.h) ---------------------------------------------------------------------

// game.holdings_view(holder, form?): `form` may be a form name or an array of names (their
// counts are summed).
int g_holdings_view(lua_State* L) {
  Impl& s = session(L);
  const int holder = check_holder(L, s, 1);
  // Views name their forms in a 64-bit set.
  const auto bit = [L](int form) {
    if (form >= 64) luaL_argerror(L, 2, "views cover the first 64 forms only");
    return std::uint64_t{1} << form;
  };
  std::uint64_t forms = 0;
  if (lua_type(L, 2) == LUA_TTABLE) {
    const auto n = lua_rawlen(L, 2);
    if (n == 0) luaL_argerror(L, 2, "an empty list of forms");
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(n); ++i) {
      lua_rawgeti(L, 2, i);
      forms |= bit(check_named(L, s.state.forms, lua_gettop(L), "form"));
      lua_pop(L, 1);
    }
  } else {
    forms = bit(check_form(L, s, 2));
  }
  bool guarded = false;
  if (holder < s.state.players)
    for (int f = 0; f < s.state.forms.size() && f < 64; ++f)
      guarded |= (forms >> f & 1) && f < static_cast<int>(s.state.form_private.size()) &&
                 s.state.form_private[static_cast<std::size_t>(f)];
  const std::size_t before = s.views.bytes();
  s.views.push_holdings(L, s.state, holder, forms, guarded, &s);
  if (s.views.bytes() > before) s.check_memory(L);
  return 1;
}
int g_player_view(lua_State* L) {
  Impl& s = session(L);
  const std::size_t before = s.views.bytes();
  s.views.push_props(L, s.state, PropSet::Player, check_sv(L, 1));
  if (s.views.bytes() > before) s.check_memory(L);
  return 1;
}
int g_turn_view(lua_State* L) {
  Impl& s = session(L);
  s.views.push_turn(L, s.state);
  return 1;
}
int g_props_view(lua_State* L) {
  Impl& s = session(L);
  s.views.push_props(L, s.state, PropSet::Game, {});
  return 1;
}

// --- decks ----------------------------------------------------------------------------------

int g_add_deck(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.add_deck");
  const auto name = check_sv(L, 1);
  if (s.state.deck_names.find(name))
    luaL_error(L, "game.add_deck: deck '%s' already exists", std::string(name).c_str());
  engine::DeckVisibility visibility;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    visibility.hidden = lua_getfield(L, 2, "hidden") != LUA_TNIL && lua_toboolean(L, -1);
    if (lua_getfield(L, 2, "pool") != LUA_TNIL) {
      const char* pool = lua_tostring(L, -1);
      const auto form = pool ? s.state.forms.find(pool) : std::nullopt;
      if (!form) luaL_error(L, "game.add_deck: 'pool' must name a declared form");
      if (!visibility.hidden) luaL_error(L, "game.add_deck: 'pool' needs 'hidden = true'");
      visibility.pool_form = *form;
    }
    lua_pop(L, 2);
  }
  s.state.deck_names.intern(name);
  s.state.decks.add();
  s.state.deck_visibility.push_back(visibility);
  s.check_memory(L);
  return 0;
}
int g_deck_push(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.deck_push");
  const int deck = check_named(L, s.state.deck_names, 1, "deck");
  s.state.decks.push(deck, s.state.items.intern(check_sv(L, 2)));
  s.check_memory(L);
  return 0;
}
int g_deck_draw(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.deck_draw");
  const int deck = check_named(L, s.state.deck_names, 1, "deck");
  const auto item = s.state.decks.draw(deck);
  if (item)
    lua_pushstring(L, s.state.items.name(*item).c_str());
  else
    lua_pushnil(L);
  return 1;
}
int g_deck_count(lua_State* L) {
  Impl& s = session(L);
  lua_pushinteger(L, s.state.decks.count(check_named(L, s.state.deck_names, 1, "deck")));
  return 1;
}
int g_deck_shuffle(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.deck_shuffle");
  s.state.decks.shuffle(check_named(L, s.state.deck_names, 1, "deck"), s.state.rng);
  return 0;
}
int g_deck_items(lua_State* L) {
  Impl& s = session(L);
  const int deck = check_named(L, s.state.deck_names, 1, "deck");
  const std::vector<int>* shown = &s.state.decks.items(deck);
  std::vector<int> seen;
  if (const int seat = s.observing_seat(); seat >= 0) {
    try {  // what the seat may see of it
      seen = engine::SeatView(s.state, seat).deck_items(deck);
    } catch (const engine::HiddenInformation& e) {
      throw std::runtime_error(
          fmt::format("game.deck_items: agents see only what their seat may: {}", e.what()));
    }
    shown = &seen;
  }
  const auto& items = *shown;
  lua_createtable(L, static_cast<int>(items.size()), 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    lua_pushstring(L, s.state.items.name(items[i]).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// --- properties -----------------------------------------------------------------------------

int g_get(lua_State* L) {
  push_value(L, session(L).state.game_props.get(0, check_sv(L, 1)));
  return 1;
}
int g_set(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.set");
  const auto key = check_sv(L, 1);
  set_property(L, s, s.state.game_props, 0, key, 2);
  s.views.prop_changed(L, PropSet::Game, 0, key, 2, 1);
  return 0;
}
int g_player_get(lua_State* L) {
  Impl& s = session(L);
  const int seat = check_seat(L, s, 1);
  push_value(L, s.state.player_props.get(seat, check_sv(L, 2)));
  return 1;
}
int g_player_set(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("game.player_set");
  const int seat = check_seat(L, s, 1);
  const auto key = check_sv(L, 2);
  set_property(L, s, s.state.player_props, seat, key, 3);
  s.views.prop_changed(L, PropSet::Player, seat, key, 3);
  return 0;
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
                                       {"add_kind", lua::protect<g_add_kind>},
                                       {"add_form", lua::protect<g_add_form>},
                                       {"add_supply", lua::protect<g_add_supply>},
                                       {"kinds", lua::protect<g_kinds>},
                                       {"forms", lua::protect<g_forms>},
                                       {"supplies", lua::protect<g_supplies>},
                                       {"count", lua::protect<g_count>},
                                       {"total", lua::protect<g_total>},
                                       {"sum", lua::protect<g_sum>},
                                       {"add", lua::protect<g_add>},
                                       {"remove", lua::protect<g_remove>},
                                       {"move", lua::protect<g_move>},
                                       {"holdings_view", lua::protect<g_holdings_view>},
                                       {"player_view", lua::protect<g_player_view>},
                                       {"props_view", lua::protect<g_props_view>},
                                       {"turn_view", lua::protect<g_turn_view>},
                                       {"add_deck", lua::protect<g_add_deck>},
                                       {"deck_push", lua::protect<g_deck_push>},
                                       {"deck_draw", lua::protect<g_deck_draw>},
                                       {"deck_count", lua::protect<g_deck_count>},
                                       {"deck_shuffle", lua::protect<g_deck_shuffle>},
                                       {"deck_items", lua::protect<g_deck_items>},
                                       {"get", lua::protect<g_get>},
                                       {"set", lua::protect<g_set>},
                                       {"player_get", lua::protect<g_player_get>},
                                       {"player_set", lua::protect<g_player_set>},
                                       {"on", lua::protect<g_on>},
                                       {"invariant", lua::protect<g_invariant>},
                                       {"version", lua::protect<g_version>},
                                       {"event", lua::protect<g_event>},
                                       {"has_handlers", lua::protect<g_has_handlers>},
                                       {"has_event", lua::protect<g_has_event>},
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
}

}  // namespace catan::scripting
