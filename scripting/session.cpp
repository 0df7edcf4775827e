#include "scripting/session.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "engine/seat_view.h"
#include "engine/text_bounds.h"
#include "engine/visibility.h"
#include "scripting/agent_registry.h"
#include "scripting/lua_agent.h"
#include "scripting/measure_spec.h"
#include "scripting/pack_hash.h"
#include "scripting/pack_resolver.h"
#include "scripting/pack_suggest.h"
#include "scripting/payload_check.h"
#include "scripting/sandbox.h"
#include "scripting/session_impl.h"
#include "scripting/test_harness.h"

namespace catan::scripting {

Session::~Session() = default;

const std::vector<const packs::Manifest*>& Session::packs() const noexcept {
  return impl_->order;
}
void Session::set_limits(const lua::Limits& limits) {
  impl_->lua.set_limits(limits);
}
lua::State& Session::lua() {
  return impl_->lua;
}
const engine::GameState& Session::state() const noexcept {
  return impl_->state;
}
const PhaseTimes& Session::phase_times() const noexcept {
  return impl_->times;
}
void Session::set_log(std::function<void(std::string_view)> sink) {
  impl_->lua.set_print(sink);
  impl_->log = std::move(sink);
}

void Session::set_log_reader(int reader) {
  impl_->log_reader = reader;
}
void Session::set_view(std::function<void(std::string_view)> sink) {
  impl_->view = std::move(sink);
}

void Session::set_event_tap(std::function<void(const engine::EventInfo&)> tap) {
  impl_->event_tap = std::move(tap);
}

// ---------------------------------------------------------------------------------------------
// Shared by the API functions: the per-game table, limits and read-only rules.

void Session::Impl::push_game_table(const char* name) {
  lua_State* L = lua.get();
  lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref);
  if (lua_getfield(L, -1, name) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
  }
  lua_remove(L, -2);
}

void Session::Impl::check_memory(lua_State* L, std::size_t pending) {
  const std::size_t cap = lua.limits().memory_bytes;
  const std::size_t held = kernel_bytes();
  if (held > cap || pending > cap - held) {
    lua::trip_memory(lua::host_control(L));
    lua::raise_trip(L);
  }
  if (lua.memory_used() <= cap - held - pending) return;
  // Lua's share may be garbage: collect it first, as Lua's allocator does before it fails.
  lua_gc(L, LUA_GCCOLLECT);
  if (lua.memory_used() > cap - held - pending) {
    lua::trip_memory(lua::host_control(L));
    lua::raise_trip(L);
  }
}

void Session::Impl::require_visible(const char* function, int holder, int form) const {
  const int seat = observing_seat();
  if (seat < 0 || holder == seat || holder >= state.players) return;
  const auto f = static_cast<std::size_t>(form);
  if (f >= state.form_private.size() || !state.form_private[f]) return;
  throw std::runtime_error(fmt::format(
      "{}: agents see only what their seat may: seat {} may not read the kinds of player {}'s "
      "holdings in private form '{}' (their count is public: game.total)",
      function, seat + 1, holder + 1, state.forms.name(form)));
}

void Session::Impl::require_mutable(const char* function) {
  if (agent_depth > 0)
    throw std::runtime_error(fmt::format("{}: {} may read the game but not change it", function,
                                         describing > 0        ? "describers"
                                         : checking_invariants ? "invariant checks"
                                                               : "agents"));
  ++state.version;
}

ForkFingerprint Session::fork_fingerprint() const noexcept {
  return {impl_->fork_digest, impl_->fork_storage_digest, impl_->fork_replayed};
}

std::vector<double> Session::scores(Scoring scoring) {
  Impl& s = *impl_;
  const engine::GameState& st = s.state;
  const auto players = static_cast<std::size_t>(st.players);
  std::vector<double> out(players, players ? 1.0 / static_cast<double>(players) : 0.0);
  if (st.over) {
    if (st.winner) {
      std::fill(out.begin(), out.end(), 0.0);
      out[static_cast<std::size_t>(*st.winner)] = 1.0;
    }
    return out;
  }
  lua_State* L = s.lua.get();
  if (s.evaluator_pack >= 0 && scoring == Scoring::evaluator) {
    const lua::StackGuard guard(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s.game_ref);
    const int game = lua_gettop(L);
    for (std::size_t seat = 0; seat < players; ++seat) {
      lua_getfield(L, game, "evaluator");
      lua_pushinteger(L, static_cast<lua_Integer>(seat) + 1);
      FrameGuard frame(s, Frame{-1, s.evaluator_pack, "evaluator"});
      s.call(1, 1);
      int isnum = 0;
      const double v = lua_tonumberx(L, -1, &isnum);
      if (!isnum || !(v >= 0.0 && v <= 1.0))
        throw std::runtime_error(fmt::format(
            "pack '{}': the evaluator returned {} for player {}; expected a number in [0, 1]",
            s.pack_name(s.evaluator_pack), luaL_tolstring(L, -1, nullptr), seat + 1));
      out[seat] = v;
      lua_settop(L, game);
    }
    return out;
  }
  if (s.score_property.empty()) return out;
  double sum = 0;
  std::vector<double> values(players, 0.0);
  for (std::size_t seat = 0; seat < players; ++seat) {
    const engine::Value& v = st.player_props.get(static_cast<int>(seat), s.score_property);
    if (const auto* i = std::get_if<std::int64_t>(&v)) values[seat] = static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&v)) values[seat] = *d;
    values[seat] = std::max(values[seat], 0.0);
    sum += values[seat];
  }
  if (sum > 0)
    for (std::size_t seat = 0; seat < players; ++seat) out[seat] = values[seat] / sum;
  return out;
}

std::vector<HandlerInfo> Session::handlers() {
  Impl& s = *impl_;
  if (s.game_ref == LUA_NOREF) s.load_game(1, 0, 2, s.default_options);
  std::vector<std::pair<int, HandlerInfo>> by_seq;  // in registration order
  const auto& events = s.state.events;
  for (int e = 0; e < events.size(); ++e) {
    for (const auto& spans : {events.before(e), events.after(e)})
      for (const auto& h : spans)
        by_seq.push_back({h.seq, HandlerInfo{s.pack_name(h.pack), events.info(e).name, h.priority,
                                             h.after, s.handler_where(h)}});
  }
  std::sort(by_seq.begin(), by_seq.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<HandlerInfo> out;
  for (auto& [seq, info] : by_seq) out.push_back(std::move(info));
  return out;
}

std::optional<std::vector<std::string>> Session::agent_names() {
  Impl& s = *impl_;
  if (s.game_ref == LUA_NOREF) {
    try {
      s.load_game(1, 0, 2, s.default_options);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  lua_State* L = s.lua.get();
  s.push_game_table("agents");
  std::vector<std::string> names;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::sort(names.begin(), names.end());
  return names;
}

std::pair<int, int> Session::run_tests(const std::string& pack_name,
                                       const std::vector<std::string>& files,
                                       std::function<void(std::string_view)> out,
                                       const std::string& filter) {
  return run_pack_tests(*impl_, pack_name, files, out, filter);
}

}  // namespace catan::scripting
