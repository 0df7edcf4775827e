#include "scripting/views.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

const char* set_name(PropSet set) {
  switch (set) {
    case PropSet::Tile:
      return "board.tile_view";
    case PropSet::Node:
      return "board.node_view";
    case PropSet::Path:
      return "board.path_view";
    case PropSet::Player:
      return "game.player_view";
    case PropSet::Game:
      return "game.props_view";
  }
  return "?";
}

// True when the Lua value at `index` equals the kernel value `v` (same type and value).
bool same(lua_State* L, int index, const engine::Value& v) {
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return engine::is_nil(v);
    case LUA_TBOOLEAN: {
      const auto* b = std::get_if<bool>(&v);
      return b && *b == static_cast<bool>(lua_toboolean(L, index));
    }
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) {
        const auto* i = std::get_if<std::int64_t>(&v);
        return i && *i == lua_tointeger(L, index);
      } else {
        const auto* d = std::get_if<double>(&v);
        return d && *d == lua_tonumber(L, index);
      }
    case LUA_TSTRING: {
      const auto* s = std::get_if<std::string>(&v);
      std::size_t n = 0;
      const char* p = lua_tolstring(L, index, &n);
      return s && std::string_view(p, n) == *s;
    }
    default:
      return false;
  }
}

// Guarded holdings views (push_holdings). Upvalues: 1 the owning Session::Impl, 2 the table of
// counts, 3 the holder (0-based), 4 what the view shows, for the error ("player 2's holdings in
// private form 'card'"). No C++ object lives across a Lua error here.
void check_observer(lua_State* L) {
  const auto& s = *static_cast<const Session::Impl*>(lua_touserdata(L, lua_upvalueindex(1)));
  const int seat = s.observing_seat();
  if (seat >= 0 && seat != static_cast<int>(lua_tointeger(L, lua_upvalueindex(3))))
    luaL_error(L,
               "agents see only what their seat may: seat %d may not read the kinds of %s "
               "(their count is public: game.total)",
               seat + 1, lua_tostring(L, lua_upvalueindex(4)));
}
int guarded_index(lua_State* L) {
  check_observer(L);
  lua_settop(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  return 1;
}
int raw_next(lua_State* L) {
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}
int guarded_pairs(lua_State* L) {
  check_observer(L);
  lua_pushcfunction(L, raw_next);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushnil(L);
  return 3;
}
int read_only_view(lua_State* L) {
  return luaL_error(L, "views are read-only: %s", lua_tostring(L, lua_upvalueindex(1)));
}

}  // namespace

const engine::Properties& Views::props_of(const engine::GameState& state, PropSet set) {
  switch (set) {
    case PropSet::Tile:
      return state.tile_props;
    case PropSet::Node:
      return state.node_props;
    case PropSet::Path:
      return state.path_props;
    case PropSet::Player:
      return state.player_props;
    case PropSet::Game:
      break;
  }
  return state.game_props;
}

void Views::reset(lua_State* L) {
  for (auto& views : holdings_)
    for (const auto& v : views)
      for (const int ref : {v.ref, v.proxy_ref, v.meta_ref, v.check_ref})
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
  any_guarded_ = false;
  guarded_seat_ = -1;
  holdings_.clear();
  viewed_kinds_ = 0;
  any_holdings_ = false;
  for (auto& views : props_) {
    for (const auto& v : views) luaL_unref(L, LUA_REGISTRYINDEX, v.ref);
    views.clear();
  }
  any_props_ = false;
  bytes_ = 0;
  if (turn_ref_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, turn_ref_);
  turn_ref_ = LUA_NOREF;
  tables_.clear();
}

void Views::push_turn(lua_State* L, const engine::GameState& state) {
  if (turn_ref_ == LUA_NOREF) {
    lua_createtable(L, 0, 8);
    tables_.insert(lua_topointer(L, -1));
    turn_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    write_turn(L, state, kAllTurnFields);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, turn_ref_);
}

void Views::write_turn(lua_State* L, const engine::GameState& state, unsigned fields) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, turn_ref_);
  const auto integer = [&](unsigned bit, const char* name, lua_Integer value) {
    if (!(fields & bit)) return;
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
  };
  integer(kCurrent, "current", state.current + 1);
  integer(kFirstPlayer, "first_player", state.first_player + 1);
  integer(kTurn, "turn", state.turn);
  integer(kRound, "round", state.round);
  if (fields & kPhase) {
    lua_pushlstring(L, state.phase.data(), state.phase.size());
    lua_setfield(L, -2, "phase");
  }
  if (fields & kOver) {
    lua_pushboolean(L, state.over);
    lua_setfield(L, -2, "over");
  }
  if (fields & kWinner) {
    if (state.winner)
      lua_pushinteger(L, *state.winner + 1);
    else
      lua_pushnil(L);
    lua_setfield(L, -2, "winner");
  }
  lua_pop(L, 1);
}

void Views::phase_changed(lua_State* L, int value_index) {
  if (turn_ref_ == LUA_NOREF) return;
  value_index = lua_absindex(L, value_index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, turn_ref_);
  lua_pushvalue(L, value_index);
  lua_setfield(L, -2, "phase");
  lua_pop(L, 1);
}

std::int64_t Views::holding_sum(const engine::GameState& state, int holder, std::uint64_t forms,
                                int kind) {
  std::int64_t n = 0;
  for (int f = 0; forms != 0; ++f, forms >>= 1)
    if (forms & 1) n += state.holdings.count(holder, f, kind);
  return n;
}

void Views::push_holdings(lua_State* L, const engine::GameState& state, int holder,
                          std::uint64_t forms, bool guarded, void* session) {
  const auto h = static_cast<std::size_t>(holder);
  if (holdings_.size() <= h) holdings_.resize(h + 1);
  for (const auto& v : holdings_[h]) {
    if (v.forms == forms) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.proxy_ref != LUA_NOREF ? v.proxy_ref : v.ref);
      return;
    }
  }
  if (!any_holdings_) viewed_kinds_ = state.kinds.size();
  kinds_changed(L, state);  // every view has the same kinds
  const int kinds = state.kinds.size();
  lua_createtable(L, 0, kinds);
  for (int k = 0; k < kinds; ++k) {
    lua_pushinteger(L, holding_sum(state, holder, forms, k));
    lua_setfield(L, -2, state.kinds.name(k).c_str());
  }
  lua_pushvalue(L, -1);
  tables_.insert(lua_topointer(L, -1));
  HoldingsView view{forms, luaL_ref(L, LUA_REGISTRYINDEX)};
  bytes_ += sizeof(HoldingsView);
  any_holdings_ = true;
  if (guarded) {
    const int counts = lua_gettop(L);
    std::vector<std::string> names;
    for (int f = 0; f < state.forms.size(); ++f)
      if (forms & (std::uint64_t{1} << f)) names.push_back(state.forms.name(f));
    const std::string what =
        fmt::format("player {}'s holdings in form{} '{}' (private)", holder + 1,
                    names.size() == 1 ? "" : "s", fmt::join(names, "', '"));
    lua_newtable(L);  // the proxy
    const int proxy = lua_gettop(L);
    lua_createtable(L, 0, 4);  // its metatable
    const int meta = proxy + 1;
    const auto push_closure = [&](lua_CFunction f) {
      lua_pushlightuserdata(L, session);
      lua_pushvalue(L, counts);
      lua_pushinteger(L, holder);
      lua_pushlstring(L, what.data(), what.size());
      lua_pushcclosure(L, f, 4);
    };
    push_closure(guarded_index);
    view.check_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    push_closure(guarded_pairs);
    lua_setfield(L, meta, "__pairs");
    lua_pushlstring(L, what.data(), what.size());
    lua_pushcclosure(L, read_only_view, 1);
    lua_setfield(L, meta, "__newindex");
    lua_pushliteral(L, "holdings view");
    lua_setfield(L, meta, "__metatable");
    lua_pushvalue(L, meta);
    view.meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setmetatable(L, proxy);
    tables_.insert(lua_topointer(L, proxy));
    lua_pushvalue(L, proxy);
    view.proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    set_guarded_index(L, view, guarded_seat_ >= 0 && holder != guarded_seat_);
    lua_replace(L, counts);
    lua_settop(L, counts);
    any_guarded_ = true;
  }
  holdings_[h].push_back(view);
}

void Views::set_guarded_index(lua_State* L, const HoldingsView& v, bool check) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, v.meta_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, check ? v.check_ref : v.ref);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}

void Views::guard(lua_State* L, int seat) {
  if (!any_guarded_ || guarded_seat_ == seat) return;
  for (std::size_t h = 0; h < holdings_.size(); ++h)
    for (const auto& v : holdings_[h])
      if (v.proxy_ref != LUA_NOREF) set_guarded_index(L, v, static_cast<int>(h) != seat);
  guarded_seat_ = seat;
}

void Views::unguard(lua_State* L) {
  if (guarded_seat_ < 0) return;
  for (std::size_t h = 0; h < holdings_.size(); ++h)
    for (const auto& v : holdings_[h])
      if (v.proxy_ref != LUA_NOREF && static_cast<int>(h) != guarded_seat_)
        set_guarded_index(L, v, false);
  guarded_seat_ = -1;
}

void Views::update_holding(lua_State* L, const engine::GameState& state, int holder, int form,
                           int kind) {
  const auto h = static_cast<std::size_t>(holder);
  if (h >= holdings_.size()) return;
  const std::uint64_t bit = std::uint64_t{1} << form;
  for (const auto& v : holdings_[h]) {
    if (!(v.forms & bit)) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
    lua_pushinteger(L, v.forms == bit ? state.holdings.count(holder, form, kind)
                                      : holding_sum(state, holder, v.forms, kind));
    lua_setfield(L, -2, state.kinds.name(kind).c_str());
    lua_pop(L, 1);
  }
}

void Views::kinds_changed(lua_State* L, const engine::GameState& state) {
  const int kinds = state.kinds.size();
  if (kinds == viewed_kinds_) return;
  for (const auto& views : holdings_) {
    for (const auto& v : views) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      for (int k = viewed_kinds_; k < kinds; ++k) {
        lua_pushinteger(L, 0);
        lua_setfield(L, -2, state.kinds.name(k).c_str());
      }
      lua_pop(L, 1);
    }
  }
  viewed_kinds_ = kinds;
}

void Views::push_props(lua_State* L, const engine::GameState& state, PropSet set,
                       std::string_view key) {
  auto& views = props_[static_cast<std::size_t>(set)];
  if (set == PropSet::Game) key = {};
  for (const auto& v : views) {
    if (v.key == key) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      return;
    }
  }
  const engine::Properties& props = props_of(state, set);
  if (set == PropSet::Game) {
    lua_createtable(L, 0, props.keys().size());
    for (int k = 0; k < props.keys().size(); ++k) {
      push_value(L, props.column(k)[0]);
      lua_setfield(L, -2, props.keys().name(k).c_str());
    }
  } else {
    lua_createtable(L, props.elements(), 0);
    if (const auto k = props.keys().find(key)) {
      const auto& column = props.column(*k);
      for (std::size_t id = 0; id < column.size(); ++id) {
        if (engine::is_nil(column[id])) continue;
        push_value(L, column[id]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(id + 1));
      }
    }
  }
  lua_pushvalue(L, -1);
  tables_.insert(lua_topointer(L, -1));
  views.push_back({std::string(key), luaL_ref(L, LUA_REGISTRYINDEX)});
  bytes_ += sizeof(PropView) + key.size();
  any_props_ = true;
}

void Views::update_prop(lua_State* L, PropSet set, int id, std::string_view key, int value_index,
                        int key_index) {
  const auto& views = props_[static_cast<std::size_t>(set)];
  value_index = lua_absindex(L, value_index);
  if (key_index != 0) key_index = lua_absindex(L, key_index);
  for (const auto& v : views) {
    if (set == PropSet::Game) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      if (key_index != 0)
        lua_pushvalue(L, key_index);
      else
        lua_pushlstring(L, key.data(), key.size());
      lua_pushvalue(L, value_index);
      lua_rawset(L, -3);
      lua_pop(L, 1);
      return;
    }
    if (v.key != key) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
    lua_pushvalue(L, value_index);
    lua_rawseti(L, -2, id + 1);
    lua_pop(L, 1);
    return;
  }
}

void Views::refresh(lua_State* L, const engine::GameState& state) {
  const int top = lua_gettop(L);
  const int kinds = state.kinds.size();
  for (std::size_t h = 0; h < holdings_.size(); ++h) {
    for (const auto& v : holdings_[h]) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      if (kinds != viewed_kinds_) lua::clear_table(L, -1);  // kinds declared since: none left
      for (int k = 0; k < kinds; ++k) {
        lua_pushinteger(L, holding_sum(state, static_cast<int>(h), v.forms, k));
        lua_setfield(L, -2, state.kinds.name(k).c_str());
      }
      lua_settop(L, top);
    }
  }
  viewed_kinds_ = kinds;
  for (std::size_t s = 0; s < props_.size(); ++s) {
    const auto set = static_cast<PropSet>(s);
    const engine::Properties& props = props_of(state, set);
    for (const auto& v : props_[s]) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      const int view = lua_gettop(L);
      if (set == PropSet::Game) {
        lua::clear_table(L, view);
        for (int k = 0; k < props.keys().size(); ++k) {
          push_value(L, props.column(k)[0]);
          lua_setfield(L, view, props.keys().name(k).c_str());
        }
      } else {
        // Every element the view may hold an entry for: the board's and the column's.
        const auto k = props.keys().find(v.key);
        const std::vector<engine::Value>* column = k ? &props.column(*k) : nullptr;
        const std::size_t ids =
            std::max(static_cast<std::size_t>(props.elements()), column ? column->size() : 0);
        for (std::size_t id = 0; id < ids; ++id) {
          if (column && id < column->size())
            push_value(L, (*column)[id]);
          else
            lua_pushnil(L);
          lua_rawseti(L, view, static_cast<lua_Integer>(id + 1));
        }
      }
      lua_settop(L, top);
    }
  }
  if (turn_ref_ != LUA_NOREF) write_turn(L, state, kAllTurnFields);
}

std::optional<std::string> Views::verify(lua_State* L, const engine::GameState& state) const {
  const int top = lua_gettop(L);
  std::optional<std::string> problem = verify_holdings(L, state);
  if (!problem) problem = verify_properties(L, state);
  if (!problem) problem = verify_turn(L, state);
  lua_settop(L, top);
  return problem;
}

std::optional<std::string> Views::verify_holdings(lua_State* L,
                                                  const engine::GameState& state) const {
  const int top = lua_gettop(L);
  std::optional<std::string> problem;
  const auto fail = [&](std::string text) {
    if (!problem) problem = std::move(text);
  };
  for (std::size_t h = 0; h < holdings_.size() && !problem; ++h) {
    for (const auto& v : holdings_[h]) {
      if (problem) break;
      const int holder = static_cast<int>(h);
      const std::string who =
          holder < state.players ? fmt::format("player {}", holder + 1)
                                 : fmt::format("'{}'", state.supplies.name(holder - state.players));
      std::vector<std::string> names;
      for (int f = 0; f < state.forms.size(); ++f)
        if (v.forms & (std::uint64_t{1} << f)) names.push_back(state.forms.name(f));
      const std::string forms =
          fmt::format("form{} '{}'", names.size() == 1 ? "" : "s", fmt::join(names, "', '"));
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      int entries = 0;
      lua_pushnil(L);
      while (!problem && lua_next(L, -2)) {
        ++entries;
        const char* kind = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : nullptr;
        const auto k = kind ? state.kinds.find(kind) : std::nullopt;
        if (!k || *k >= viewed_kinds_ || !lua_isinteger(L, -1) ||
            lua_tointeger(L, -1) != holding_sum(state, holder, v.forms, *k)) {
          fail(fmt::format("pack code wrote into the holdings view of {} ({}): views are read-only",
                           who, forms));
        }
        lua_pop(L, 1);
      }
      if (!problem && v.proxy_ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, v.proxy_ref);
        lua_pushnil(L);
        if (lua_next(L, -2))
          fail(fmt::format("pack code wrote into the holdings view of {} ({}): views are read-only",
                           who, forms));
        lua_settop(L, top);
      }
      if (!problem && entries != viewed_kinds_)
        fail(fmt::format(
            "pack code removed entries from the holdings view of {} ({}): views are read-only", who,
            forms));
      lua_settop(L, top);
    }
  }
  lua_settop(L, top);
  return problem;
}

std::optional<std::string> Views::verify_properties(lua_State* L,
                                                    const engine::GameState& state) const {
  const int top = lua_gettop(L);
  std::optional<std::string> problem;
  const auto fail = [&](std::string text) {
    if (!problem) problem = std::move(text);
  };
  for (std::size_t s = 0; s < props_.size() && !problem; ++s) {
    const auto set = static_cast<PropSet>(s);
    const engine::Properties& props = props_of(state, set);
    for (const auto& v : props_[s]) {
      if (problem) break;
      lua_rawgeti(L, LUA_REGISTRYINDEX, v.ref);
      const std::string what = set == PropSet::Game
                                   ? std::string(set_name(set))
                                   : fmt::format("{}(\"{}\")", set_name(set), v.key);
      if (set == PropSet::Game) {
        for (int k = 0; k < props.keys().size() && !problem; ++k) {
          lua_getfield(L, -1, props.keys().name(k).c_str());
          if (!same(L, -1, props.column(k)[0]))
            fail(fmt::format("pack code wrote into {}: views are read-only", what));
          lua_pop(L, 1);
        }
        lua_pushnil(L);
        while (!problem && lua_next(L, -2)) {
          if (lua_type(L, -2) != LUA_TSTRING || !props.keys().find(lua_tostring(L, -2)))
            fail(fmt::format("pack code wrote into {}: views are read-only", what));
          lua_pop(L, 1);
        }
      } else {
        const auto k = props.keys().find(v.key);
        const engine::Value nil;
        int entries = 0;
        for (int id = 0; id < props.elements() && !problem; ++id) {
          lua_rawgeti(L, -1, id + 1);
          const engine::Value& value = k ? props.column(*k)[static_cast<std::size_t>(id)] : nil;
          if (!same(L, -1, value))
            fail(fmt::format("pack code wrote into {} at {}: views are read-only", what, id + 1));
          if (!lua_isnil(L, -1)) ++entries;
          lua_pop(L, 1);
        }
        if (!problem) {
          int present = 0;
          lua_pushnil(L);
          while (lua_next(L, -2)) {
            ++present;
            lua_pop(L, 1);
          }
          if (present != entries)
            fail(fmt::format("pack code wrote into {}: views are read-only", what));
        }
      }
      lua_settop(L, top);
    }
  }
  lua_settop(L, top);
  return problem;
}

std::optional<std::string> Views::verify_turn(lua_State* L, const engine::GameState& state) const {
  const int top = lua_gettop(L);
  std::optional<std::string> problem;
  const auto fail = [&](std::string text) {
    if (!problem) problem = std::move(text);
  };
  if (turn_ref_ != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, turn_ref_);
    const std::pair<const char*, engine::Value> fields[] = {
        {"current", std::int64_t{state.current + 1}},
        {"first_player", std::int64_t{state.first_player + 1}},
        {"turn", std::int64_t{state.turn}},
        {"round", std::int64_t{state.round}},
        {"phase", state.phase},
        {"over", state.over},
        {"winner",
         state.winner ? engine::Value(std::int64_t{*state.winner + 1}) : engine::Value()}};
    int entries = 0;
    for (const auto& [name, value] : fields) {
      lua_getfield(L, -1, name);
      if (!same(L, -1, value)) fail("pack code wrote into game.turn_view: views are read-only");
      if (!lua_isnil(L, -1)) ++entries;
      lua_pop(L, 1);
    }
    int present = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      ++present;
      lua_pop(L, 1);
    }
    if (present != entries) fail("pack code wrote into game.turn_view: views are read-only");
  }
  lua_settop(L, top);
  return problem;
}

}  // namespace catan::scripting
