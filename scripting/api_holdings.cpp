// The holdings part of the `game` table (docs/lua-api.md, "Game"): the catalogue of kinds, forms
// and supplies, holdings and their moves, live views, decks and properties. Seats and kinds'
// positions are 1-based in Lua. Every function reaches the session through upvalue 1.
#include "scripting/api_holdings.h"

#include <fmt/format.h>

#include "engine/seat_view.h"
#include "scripting/api_args.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;

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

}  // namespace

void open_holdings_api(lua_State* L, Session::Impl& s) {
  static const luaL_Reg functions[] = {{"add_kind", lua::protect<g_add_kind>},
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
                                       {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  luaL_setfuncs(L, functions, 1);
}

}  // namespace catan::scripting
