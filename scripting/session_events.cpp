// Event dispatch (Session::Impl, scripting/session_impl.h): calls into Lua, raising an event
// through its before-handlers, default action and after-handlers, and the invariant checks.
#include <fmt/format.h>

#include "engine/text_bounds.h"
#include "scripting/payload_check.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

void Session::Impl::call(int nargs, int nresults) {
  if (lua_depth > 0) {
    lua_call(lua.get(), nargs, nresults);
    return;
  }
  struct Depth {
    int& d;
    explicit Depth(int& d) : d(d) { ++d; }
    ~Depth() { --d; }
  } depth(lua_depth);
  lua.call(nargs, nresults);
}

const char* Session::Impl::raise(int event, int payload_index, int default_index) {
  const char* verdict = dispatch(event, payload_index, default_index);
  if (!invariants.empty()) check_invariants(state.events.info(event).name);
  return verdict;
}

void Session::Impl::check_invariants(std::string_view where) {
  if (invariants.empty() || checking_invariants) return;
  lua_State* L = lua.get();
  checking_invariants = true;
  ++agent_depth;  // read-only, as for agents
  struct Restore {
    Impl& s;
    ~Restore() {
      s.checking_invariants = false;
      --s.agent_depth;
    }
  } restore{*this};
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  const int handlers = lua_gettop(L);
  for (const Invariant& inv : invariants) {
    FrameGuard frame(*this, Frame{-1, inv.pack, "invariant"});
    lua_rawgeti(L, handlers, inv.callback);
    lua_pushlstring(L, where.data(), where.size());
    call(1, 0);
  }
  lua_settop(L, handlers - 1);
}

namespace {

// Checked games: holds the payload at `payload_index` of a raise of `spec` to its declaration,
// naming the raising pack and its line (the innermost Lua function loaded from a file: game.raise
// itself is a kernel chunk).
void check_raise(Session::Impl& s, const packs::EventSpec& spec, int payload_index, int raiser) {
  lua_State* L = s.lua.get();
  std::string where;
  lua_Debug ar;
  for (int level = 1; where.empty() && lua_getstack(L, level, &ar) != 0; ++level)
    if (lua_getinfo(L, "Sl", &ar) != 0 && ar.source[0] == '@' && ar.currentline > 0)
      where = fmt::format("{}:{}", ar.short_src, ar.currentline);
  PayloadCheck::check_raise(
      L, spec, payload_index, s.state.players,
      fmt::format("pack '{}'{}", s.pack_name(raiser), where.empty() ? "" : " at " + where));
}

// Calls the default action at `default_index` with the payload, as pack `raiser`'s code.
void run_default_action(Session::Impl& s, int event, int raiser, int default_index,
                        int payload_index) {
  lua_State* L = s.lua.get();
  FrameGuard frame(s, Frame{event, raiser, "default action"});
  lua_pushvalue(L, default_index);
  lua_pushvalue(L, payload_index);
  s.call(1, 0);
}

// Calls handler `h` (its callback in the table at `handlers`) with the payload and checks what it
// did: the payload against `spec` in checked games, else its writable fields against `declared`.
// Returns "vetoed", "replaced" or null (the handler returned nothing).
const char* run_handler(Session::Impl& s, const engine::Handler& h, int event, int handlers,
                        int payload_index, const packs::EventSpec* spec,
                        const packs::EventSpec* declared) {
  lua_State* L = s.lua.get();
  FrameGuard frame(s, Frame{event, h.pack, "handler"});
  if (!s.invariants.empty()) s.last_handler = &h;
  PayloadCheck::Snapshot before;
  if (spec) before = PayloadCheck::snapshot(L, *spec, payload_index);
  lua_rawgeti(L, handlers, h.callback);
  lua_pushvalue(L, payload_index);
  s.call(1, 1);
  if (spec) {
    PayloadCheck::check_handler(
        L, *spec, payload_index, s.state.players, before,
        fmt::format("the handler at {} (pack '{}')", s.handler_where(h), s.pack_name(h.pack)));
  } else if (declared) {
    if (const auto problem =
            PayloadCheck::writable_problem(L, *declared, payload_index, s.state.players))
      throw std::runtime_error(fmt::format("event '{}': the handler at {} (pack '{}'): {}",
                                           declared->name, s.handler_where(h), s.pack_name(h.pack),
                                           *problem));
  }
  const char* verdict = nullptr;
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char* text = lua_tostring(L, -1);
    if (std::string_view(text) == "veto")
      verdict = "vetoed";
    else if (std::string_view(text) == "replace")
      verdict = "replaced";
  }
  if (!verdict && !lua_isnil(L, -1)) {
    throw std::runtime_error(fmt::format(
        "handler of event '{}' registered at {} returned {}; expected nothing, game.VETO or "
        "game.REPLACE",
        s.state.events.info(event).name, s.handler_where(h), luaL_typename(L, -1)));
  }
  lua_pop(L, 1);
  return verdict;
}

}  // namespace

const char* Session::Impl::dispatch(int event, int payload_index, int default_index) {
  if (event_tap) event_tap(state.events.info(event));
  lua_State* L = lua.get();
  payload_index = lua_absindex(L, payload_index);
  if (default_index != 0) default_index = lua_absindex(L, default_index);
  const auto& events = state.events;
  // The default action belongs to the pack whose code raised the event.
  const int raiser = frames.empty() ? loading_pack : frames.back().pack;
  // Every game checks a declared event's writable fields after each handler; checked games
  // (`spec` set) also check the raise and the read-only fields.
  const packs::EventSpec* declared = event_specs[static_cast<std::size_t>(event)];
  const packs::EventSpec* spec = check_payloads ? declared : nullptr;
  if (spec) check_raise(*this, *spec, payload_index, raiser);
  if (!events.has_handlers(event)) {
    if (default_index != 0) run_default_action(*this, event, raiser, default_index, payload_index);
    return "done";
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  const int handlers = lua_gettop(L);
  bool replaced = false;
  // Handlers cannot be added while a game runs, so the spans stay valid during dispatch.
  for (const auto& h : events.before(event)) {
    const char* verdict = run_handler(*this, h, event, handlers, payload_index, spec, declared);
    if (verdict && verdict[0] == 'v') {
      lua_settop(L, handlers - 1);
      return "vetoed";
    }
    if (verdict) replaced = true;
  }
  if (!replaced && default_index != 0)
    run_default_action(*this, event, raiser, default_index, payload_index);
  for (const auto& h : events.after(event))
    run_handler(*this, h, event, handlers, payload_index, spec, declared);
  lua_settop(L, handlers - 1);
  return replaced ? "replaced" : "done";
}

void Session::Impl::raise_kernel(int event, const std::function<void(lua_State*)>& fill) {
  lua_State* L = lua.get();
  lua_newtable(L);
  fill(L);
  raise(event, -1, 0);
  lua_pop(L, 1);
}

std::string Session::Impl::handler_where(const engine::Handler& h) {
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  lua_rawgeti(L, -1, static_cast<lua_Integer>(h.callback));
  lua_Debug ar;
  if (!lua_isfunction(L, -1) || lua_getinfo(L, ">S", &ar) == 0) return "?";
  return fmt::format("{}:{}", ar.short_src, ar.linedefined);
}

}  // namespace catan::scripting
