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

namespace catan::scripting {

namespace {

// Entry chunks are compiled once with kChunkPrefix on their first line, so every run of a chunk
// gets its environment as a fresh local: closures of one game never share an upvalue with the
// closures of another (swapping a shared _ENV upvalue would leak state between games).

// Declares the kernel's events, then every event the packs' manifests declare, in load order.
// Throws when a pack declares a kernel event or an event another pack declares.
void declare_events(engine::EventRegistry& events,
                    const std::vector<const packs::Manifest*>& order) {
  for (const packs::KernelEvent& kernel : packs::kKernelEvents)
    events.declare(kernel.name, kernel.when, "kernel");
  for (const auto* m : order)
    for (const auto& e : m->events) events.declare(e.name, e.when, m->name);
}

// __newindex of a loaded pack's globals; upvalue 1: the pack's name.
int global_assignment(lua_State* L) {
  return luaL_error(L,
                    "pack '%s' assigns global '%s' after loading; keep game state in storage or "
                    "kernel properties",
                    lua_tostring(L, lua_upvalueindex(1)), luaL_tolstring(L, 2, nullptr));
}

// __newindex of a pack's copy of a library table (or of game, board); upvalue 1: its name.
int library_assignment(lua_State* L) {
  return luaL_error(L, "attempt to modify read-only table '%s'",
                    lua_tostring(L, lua_upvalueindex(1)));
}

// Freezes a pack's environment (its globals table, which the chunks see directly) once its entry
// chunks have run: creating a global raises global_assignment, the sandbox's rawset refuses the
// table and its metatable is locked. Reassigning a global defined during the load is caught by
// check_globals. Game state belongs in storage or the kernel.
void freeze_env(lua_State* L, int env_ref, const std::string& pack) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, env_ref);
  lua_createtable(L, 0, 3);
  lua_pushstring(L, pack.c_str());
  lua_pushcclosure(L, global_assignment, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua::mark_read_only(L, -1, fmt::format("globals of pack {}", pack).c_str());
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

// The number of fields of the `storage` table in the globals table `env_ref` (registry).
int storage_fields(lua_State* L, int env_ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, env_ref);
  int fields = 0;
  if (lua_getfield(L, -1, "storage") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      ++fields;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
  return fields;
}

// __index of the table behind a pack's `options`: reading a key the manifest does not declare is
// an author's mistake (usually a misspelling), so it raises "pack 'P' has no option 'k' (did you
// mean 'key'?)" instead of reading nil. Upvalue 1: the pack's Manifest.
int unknown_option(lua_State* L) {
  const auto* manifest =
      static_cast<const packs::Manifest*>(lua_touserdata(L, lua_upvalueindex(1)));
  const std::string key = luaL_tolstring(L, 2, nullptr);
  std::vector<std::string> keys;
  for (const auto& option : manifest->options) keys.push_back(option.key);
  throw std::runtime_error(fmt::format("pack '{}' has no option '{}'{}", manifest->name, key,
                                       packs::did_you_mean(key, keys)));
}

// game.raise is a Lua function in front of the C dispatcher: when the per-game table `listening`
// says a declared event has no handlers, it runs the default action itself and never crosses into
// C, so an unhandled hook point costs a table lookup. Everything else goes to the dispatcher.
constexpr std::string_view kRaiseFastPath = R"lua(
local dispatch, listening = ...
return function(event, payload, default)
  if listening.now[event] == false and payload ~= nil then
    if default ~= nil then default(payload) end
    return "done"
  end
  return dispatch(event, payload, default)
end
)lua";

void install_raise_fast_path(Session::Impl& s, int api) {
  lua_State* L = s.lua.get();
  s.lua.load(kRaiseFastPath, "=game.raise");
  lua_getfield(L, api, "raise");
  lua_newtable(L);
  lua_newtable(L);
  lua_setfield(L, -2, "now");
  lua_pushvalue(L, -1);
  s.listening_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  s.lua.call(2, 1);
  lua_setfield(L, api, "raise");
}

// Pushes the entries of the table at `index` as a flat array {k1, v1, k2, v2, ...} in
// traversal order; with `nested`, table values are replaced by their own flat arrays.
void push_flat(lua_State* L, int index, bool nested) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, index)) {
    lua_pushvalue(L, -2);
    lua_rawseti(L, -4, ++n);
    if (nested && lua_istable(L, -1)) {
      push_flat(L, -1, false);
      lua_replace(L, -2);
    }
    lua_rawseti(L, -3, ++n);
  }
}

}  // namespace

std::string read_script(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw packs::PackError(fmt::format("cannot read {}", file.string()));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace {

// True when `message` starts with a Lua position "FILE:LINE: ".
bool has_location(std::string_view message) {
  const auto end = message.find(": ");
  if (end == std::string_view::npos) return false;
  const auto colon = message.rfind(':', end - 1);
  if (colon == std::string_view::npos || colon + 1 == end) return false;
  for (std::size_t i = colon + 1; i < end; ++i)
    if (message[i] < '0' || message[i] > '9') return false;
  return true;
}

// The first "FILE:LINE" of a Lua traceback whose file is a .lua script (a pack's code; C
// functions and the kernel's own chunks are skipped), or "".
std::string first_pack_location(const std::string& traceback) {
  std::istringstream in(traceback);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '\t') continue;
    const auto end = line.find(": in ");
    if (end == std::string::npos) continue;
    std::string at = line.substr(1, end - 1);
    const auto colon = at.rfind(':');
    if (colon == std::string::npos || !has_location(at + ": ")) continue;
    if (!at.substr(0, colon).ends_with(".lua")) continue;
    return at;
  }
  return "";
}

// Throws PackError when `order` holds library packs only: no pack of it plays a game.
//   "pack 'dice-kit' is a library, not a game: load a pack that requires it (dice-game, ...)"
void refuse_libraries_alone(packs::PackSearch& search,
                            const std::vector<const packs::Manifest*>& order) {
  if (order.empty() ||
      !std::all_of(order.begin(), order.end(), [](const auto* m) { return m->is_library(); }))
    return;
  const std::string& name = order.back()->name;
  std::vector<std::string> users;
  for (const auto* m : search.all())
    if (std::find(m->requires_.begin(), m->requires_.end(), name) != m->requires_.end())
      users.push_back(m->name);
  throw packs::PackError(
      fmt::format("pack '{}' is a library, not a game: load a pack that requires it{}", name,
                  users.empty() ? "" : fmt::format(" ({})", fmt::join(users, ", "))));
}

}  // namespace

std::string display_path(const std::filesystem::path& file) {
  std::error_code ec;
  const auto rel = std::filesystem::relative(file, std::filesystem::current_path(ec), ec);
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return file.generic_string();
}

// ---------------------------------------------------------------------------------------------
// Construction: resolve packs, compile their entry scripts once.

Session::Session(packs::PackSearch& search, const std::vector<std::string>& requested,
                 const std::vector<std::string>& options, lua::Limits limits)
    : impl_(std::make_unique<Impl>(search, limits)) {
  Impl& s = *impl_;
  s.requested = requested;
  s.order = packs::resolve(search, requested);
  refuse_libraries_alone(search, s.order);
  for (const std::string& ref : requested) s.requested_names.push_back(search.find(ref).name);
  for (const auto* m : s.order)
    s.pack_refs.push_back({m->name, m->version, packs::content_hash(*m), m->dir.string()});
  s.default_options = packs::resolve_options(s.order, options);
  s.default_option_strings = options;
  s.score_property = packs::merged_measure_spec(s.order).score;
  lua_State* L = s.lua.get();
  {  // A pack declaring a kernel event, or two packs declaring one event, is a conflict: report
     // it now, not mid-game.
    engine::EventRegistry events;
    declare_events(events, s.order);
  }

  const auto compile = [&](const packs::Manifest& m, const std::string& script) {
    const auto file = m.dir / script;
    const std::string source = std::string(kChunkPrefix) + read_script(file);
    Impl::Chunk chunk;
    chunk.file = display_path(file);
    s.lua.load(source, "@" + chunk.file);
    chunk.ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return chunk;
  };
  for (const auto* m : s.order) {
    Impl::Pack pack;
    pack.manifest = m;
    for (const auto& script : m->library) pack.library_chunks.push_back(compile(*m, script));
    for (const auto& script : m->entry) pack.chunks.push_back(compile(*m, script));
    // What it may require: itself, and what the packs it requires may (loaded before it).
    pack.reachable.push_back(static_cast<int>(s.packs.size()));
    for (const auto& needed : m->requires_)
      for (const auto& earlier : s.packs)
        if (earlier.manifest->name == needed)
          pack.reachable.insert(pack.reachable.end(), earlier.reachable.begin(),
                                earlier.reachable.end());
    std::sort(pack.reachable.begin(), pack.reachable.end());
    pack.reachable.erase(std::unique(pack.reachable.begin(), pack.reachable.end()),
                         pack.reachable.end());
    s.packs.push_back(std::move(pack));
  }

  // The template every pack environment is copied from: the sandbox's globals with its
  // libraries unwrapped (the full standard library without the sandbox), plus the game and board
  // APIs (see push_environment).
  lua_newtable(L);
  const int base = lua_gettop(L);
  if (limits.sandbox)
    lua::push_sandbox_globals_backing(L);
  else
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    // A library is a read-only proxy; the template holds the table behind it.
    if (lua_istable(L, -1) && lua_getmetatable(L, -1)) {
      if (lua_getfield(L, -1, "__index") == LUA_TTABLE)
        lua_replace(L, -3);
      else
        lua_pop(L, 1);
      lua_pop(L, 1);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, base);
  }
  lua_pop(L, 1);
  lua_newtable(L);
  open_game_api(L, s);
  install_raise_fast_path(s, lua_gettop(L));
  lua_setfield(L, base, "game");
  lua_newtable(L);
  open_board_api(L, s);
  lua_setfield(L, base, "board");
  if (limits.sandbox) {
    // One metatable per table of the template, shared by all its copies: new keys raise,
    // getmetatable says "locked" and the sandbox's rawset refuses the copy. Reads of present
    // keys never look at it. Changing a present field is caught by check_globals.
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, base)) {
      if (lua_istable(L, -1) && lua_type(L, -2) == LUA_TSTRING) {
        lua_createtable(L, 0, 2);
        lua_pushvalue(L, -3);
        lua_pushcclosure(L, library_assignment, 1);
        lua_setfield(L, -2, "__newindex");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua::mark_read_only(L, -1, lua_tostring(L, -3));
        lua_pushvalue(L, -3);
        lua_insert(L, -2);
        lua_rawset(L, -5);
      }
      lua_pop(L, 1);
    }
    s.library_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  push_flat(L, base, true);
  s.base_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  lua_pushliteral(L, "id");
  s.id_key_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

// Pushes a new environment table: every entry of the template, with each table entry (the
// libraries, game, board) copied one level deep. Packs therefore read any global in one lookup
// and cannot change a table another pack or game sees.
void Session::Impl::push_environment(int size, int* copies_ref) {
  lua_State* L = lua.get();
  lua_rawgeti(L, LUA_REGISTRYINDEX, base_ref);
  const int base = lua_gettop(L);
  int meta = 0, copies = 0;
  if (library_meta_ref != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, library_meta_ref);
    meta = lua_gettop(L);
    if (copies_ref != nullptr) {
      lua_createtable(L, 8, 0);
      copies = lua_gettop(L);
    }
  }
  const auto entries = static_cast<lua_Integer>(lua_rawlen(L, base));
  lua_createtable(L, 0, std::max(size, static_cast<int>(entries / 2)));
  const int env = lua_gettop(L);
  for (lua_Integer i = 1; i < entries; i += 2) {
    lua_rawgeti(L, base, i);
    if (lua_rawgeti(L, base, i + 1) == LUA_TTABLE) {
      const auto fields = static_cast<lua_Integer>(lua_rawlen(L, -1));
      lua_createtable(L, 0, static_cast<int>(fields / 2));
      for (lua_Integer j = 1; j < fields; j += 2) {
        lua_rawgeti(L, -2, j);
        lua_rawgeti(L, -3, j + 1);
        lua_rawset(L, -3);
      }
      if (meta != 0) {
        lua_pushvalue(L, -3);
        lua_rawget(L, meta);
        lua_setmetatable(L, -2);
      }
      if (copies != 0) {
        lua_pushvalue(L, -1);
        lua_rawseti(L, copies, (i + 1) / 2);
      }
      lua_replace(L, -2);
    }
    lua_rawset(L, env);
  }
  if (copies != 0) {
    lua_pushvalue(L, copies);
    if (*copies_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, *copies_ref);
    *copies_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_replace(L, base);
  lua_settop(L, base);
}

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
// Calls into Lua.

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

// ---------------------------------------------------------------------------------------------
// Loading a game: reset the kernel, re-run every pack's entry chunks with fresh environments.

void Session::Impl::load_game(std::uint64_t seed, std::uint64_t game_index, int players,
                              const packs::ResolvedOptions& options) {
  lua_State* L = lua.get();
  // A test may start games from inside Lua: then its frames and stack are live and stay.
  if (lua_depth == 0) {
    lua_settop(L, 0);
    frames.clear();
  }
  state.reset(seed, game_index, players);
  ++load_serial;
  turn_mark = {};
  last_handler = nullptr;
  views.reset(L);
  session_bytes = 0;
  lists_shared = false;
  error_frame.reset();
  divergence.clear();
  agent_failure.reset();
  invariants.clear();
  checking_invariants = false;
  agent_packs.clear();
  agent_depth = 0;
  rollout_agent.clear();
  scripted_dice.clear();
  decision_options.clear();
  unanswered.clear();
  if (evaluator_pack >= 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, game_ref);
    lua_pushnil(L);
    lua_setfield(L, -2, "evaluator");
    lua_pop(L, 1);
    evaluator_pack = -1;
  }

  // The declared events depend only on the packs: declared for the first game, they stay (the
  // state's reset drops only the handlers).
  if (state.events.size() == 0) {
    declare_events(state.events, order);
    ev_setup = state.events.find("game.setup");
    ev_start = state.events.find("game.start");
    ev_turn = state.events.find("turn");
    ev_end = state.events.find("game.end");
    event_specs.assign(static_cast<std::size_t>(state.events.size()), nullptr);
    for (const auto& p : packs)
      for (const auto& e : p.manifest->events)
        if (e.structured) event_specs[static_cast<std::size_t>(state.events.find(e.name))] = &e;
  }

  for (int* ref : {&game_ref, &handlers_ref, &turn_payload_ref, &logged_kinds.table_ref,
                   &logged_ids.table_ref})
    if (*ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, *ref);
  lua_newtable(L);
  lua_createtable(L, handler_count, 0);
  lua_pushvalue(L, -1);
  handlers_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_setfield(L, -2, "handlers");
  game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 3);
  turn_payload_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  for (LoggedStrings* strings : {&logged_kinds, &logged_ids}) {
    lua_createtable(L, 0, 32);
    strings->table_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    strings->memo.fill({});
  }
  // While packs load, game.raise knows nothing about handlers yet: an empty table.
  lua_rawgeti(L, LUA_REGISTRYINDEX, listening_ref);
  lua_createtable(L, 0, 0);
  lua_setfield(L, -2, "now");
  lua_pop(L, 1);

  for (std::size_t i = 0; i < packs.size(); ++i) {
    Pack& pack = packs[i];
    const auto& name = pack.manifest->name;
    // The pack's globals, which are the chunks' environment, and its storage: both made with
    // room for as many entries as the last game's had, so they do not grow step by step.
    if (pack.env_ref != LUA_NOREF) pack.storage_size = storage_fields(L, pack.env_ref);
    push_environment(pack.globals_size, &pack.copies_ref);
    const int globals = lua_gettop(L);
    lua_createtable(L, 0, pack.storage_size);
    lua_setfield(L, globals, "storage");
    static const std::vector<std::pair<std::string, packs::OptionValue>> kNoOptions;
    const auto& values = [&]() -> const std::vector<std::pair<std::string, packs::OptionValue>>& {
      for (const auto& [pack_name, kv] : options.packs)
        if (pack_name == name) return kv;
      return kNoOptions;
    }();
    // The options table is a read-only proxy whose backing table errors on unknown keys. Nothing
    // can change it (the proxy is empty and locked, the backing unreachable), so games with the
    // same values share it.
    if (pack.options_ref == LUA_NOREF || pack.option_values != values) {
      lua_createtable(L, 0, static_cast<int>(values.size()));
      for (const auto& [key, value] : values) {
        push_option(L, value);
        lua_setfield(L, -2, key.c_str());
      }
      lua_createtable(L, 0, 1);
      lua_pushlightuserdata(L, const_cast<packs::Manifest*>(pack.manifest));
      lua_pushcclosure(L, lua::protect<unknown_option>, 1);
      lua_setfield(L, -2, "__index");
      lua_setmetatable(L, -2);
      lua::push_read_only(L, -1, "options");
      lua_remove(L, -2);
      if (pack.options_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pack.options_ref);
      pack.options_ref = luaL_ref(L, LUA_REGISTRYINDEX);
      pack.option_values = values;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.options_ref);
    lua_setfield(L, globals, "options");
    lua_pushstring(L, name.c_str());
    lua_setfield(L, globals, "PACK");
    push_require(static_cast<int>(i));
    lua_setfield(L, globals, "require");
    // The chunks see the globals table itself as their environment: a global read is one table
    // lookup (a proxy with __index would add a metamethod call to every read).
    if (pack.env_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pack.env_ref);
    pack.env_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    loading_pack = static_cast<int>(i);
    load_library(i);
    for (const auto& chunk : pack.chunks) {
      FrameGuard frame(*this, Frame{-1, static_cast<int>(i), "load"});
      lua_rawgeti(L, LUA_REGISTRYINDEX, chunk.ref);
      lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
      call(1, 0);
    }
    loading_pack = -1;

    freeze_env(L, pack.env_ref, name);
    // The globals as loaded, {name1, value1, ...}, for check_globals at the end of the game.
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
    push_flat(L, -1, false);
    pack.globals_size = static_cast<int>(lua_rawlen(L, -1) / 2);
    if (pack.snapshot_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pack.snapshot_ref);
    pack.snapshot_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);
  }

  // Handlers are fixed from here on: tell game.raise which events have none. With invariants,
  // payload checks or an event tap, every event goes through the dispatcher, which checks them
  // (or reports it).
  // The table only the kernel sees is kept while the answers stay the same.
  handler_count = 0;
  std::vector<bool> listening(static_cast<std::size_t>(state.events.size()));
  for (int e = 0; e < state.events.size(); ++e) {
    handler_count += static_cast<int>(state.events.before(e).size() + state.events.after(e).size());
    listening[static_cast<std::size_t>(e)] =
        !invariants.empty() || event_tap || check_payloads || state.events.has_handlers(e);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, listening_ref);
  if (listening_now_ref == LUA_NOREF || listening != listening_flags) {
    lua_createtable(L, state.events.size(), state.events.size());
    for (int e = 0; e < state.events.size(); ++e) {
      const bool has = listening[static_cast<std::size_t>(e)];
      lua_pushboolean(L, has);
      lua_setfield(L, -2, state.events.info(e).name.c_str());
      lua_pushboolean(L, has);
      lua_rawseti(L, -2, e + 1);
    }
    if (listening_now_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, listening_now_ref);
    listening_now_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    listening_flags = std::move(listening);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, listening_now_ref);
  lua_setfield(L, -2, "now");
  lua_pop(L, 1);
}

void Session::Impl::check_fork(const engine::Decision& d) {
  engine::ForkRequest request;
  request.seed =
      engine::Rng::for_stream(state.seed, state.game_index, state.decisions.size()).next();
  request.agents.assign(static_cast<std::size_t>(state.players), "random");
  request.turns = 1;
  request.seen_by = d.player;
  const engine::ForkResult r = d.forker->fork(request);
  if (!r.ok)
    throw std::runtime_error(fmt::format(
        "fork check: a copy of the game at decision {} ('{}' of player {}), as that player sees "
        "it, failed: {} (state kept across decisions that a redeal of the other players' hidden "
        "holdings breaks: docs/authoring.md, \"State a fork deals again\")",
        state.decisions.size() + 1, d.kind, d.player + 1, r.error));
}

std::shared_ptr<const search::ValueModel> Session::Impl::value_model(const std::string& eval,
                                                                     const GameConfig& config) {
  const EvaluationFinder& find = evaluation_finder();
  if (!find) return nullptr;
  GameConfiguration configuration;
  for (const packs::Manifest* m : order) {
    configuration.packs.push_back(m->name);
    configuration.pack_dirs.push_back(m->dir);
  }
  configuration.options = config.options.empty() ? default_option_strings : config.options;
  configuration.players = config.players;
  return find(eval, configuration, value_models);
}

AgentSetup Session::Impl::agent_setup(const std::string& spec, const GameConfig& config) {
  AgentSetup setup;
  setup.spec = spec;
  setup.rollout_agent = rollout_agent;
  setup.learned_evaluation = [this, &config](const std::string& eval) {
    return value_model(eval, config);
  };
  return setup;
}

std::shared_ptr<const search::ValueModel> Session::value_model(const std::string& eval,
                                                               const GameConfig& config) {
  return impl_->value_model(eval, config);
}

void Session::Impl::bind_agents(const GameConfig& config) {
  agents.assign(static_cast<std::size_t>(state.players), nullptr);
  agent_names.assign(static_cast<std::size_t>(state.players), "random");
  for (int seat = 0; seat < state.players; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    if (i < config.agent_objects.size() && config.agent_objects[i]) {
      agents[i] = config.agent_objects[i];
    } else {
      const std::string name = i < config.agents.size() ? config.agents[i] : "random";
      if (name == "random") {
        agents[i] = std::make_shared<engine::RandomAgent>();
      } else if (const AgentFactory* make = find_agent(name)) {
        try {
          agents[i] = (*make)(agent_setup(name, config));
        } catch (const std::exception& e) {
          throw std::runtime_error(fmt::format("player {}: {}", seat + 1, e.what()));
        }
      } else {
        lua_State* L = lua.get();
        push_game_table("agents");
        const bool known = lua_getfield(L, -1, name.c_str()) == LUA_TFUNCTION;
        std::vector<std::string> names{"random"};
        lua_pop(L, 1);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          names.push_back(lua_tostring(L, -2));
          lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (!known) {
          std::sort(names.begin() + 1, names.end());
          throw std::runtime_error(fmt::format("unknown agent '{}' for player {} (known: {})", name,
                                               seat + 1, fmt::join(names, ", ")));
        }
        agents[i] = std::make_shared<LuaAgent>(*this, name);
      }
    }
    agent_names[i] = agents[i]->name();
    agents[i]->begin_game(state.seed, state.game_index, seat);
  }
}

std::vector<LocalStateCheck::Root> Session::Impl::push_local_roots(
    std::unordered_set<const void*>& shared) {
  lua_State* L = lua.get();
  for (const Pack& pack : packs) {
    for (const int ref : {pack.env_ref, pack.options_ref, pack.exports_ref}) {
      if (ref == LUA_NOREF) continue;
      const int top = lua_gettop(L);
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
      shared.insert(lua_topointer(L, -1));
      if (ref == pack.env_ref && lua_getfield(L, -1, "storage") == LUA_TTABLE)
        shared.insert(lua_topointer(L, -1));
      lua_settop(L, top);
    }
  }
  std::vector<LocalStateCheck::Root> roots;
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  const int handlers = lua_gettop(L);
  const auto& events = state.events;
  for (int e = 0; e < events.size(); ++e) {
    for (const auto& spans : {events.before(e), events.after(e)}) {
      for (const auto& h : spans) {
        lua_rawgeti(L, handlers, h.callback);
        roots.push_back({lua_gettop(L), pack_name(h.pack)});
      }
    }
  }
  return roots;
}

void Session::Impl::check_globals() {
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  // The key's text without running metamethods (this runs outside any call, with no limit).
  const auto key_text = [&](int key) -> std::string {
    if (lua_type(L, key) == LUA_TSTRING) return lua_tostring(L, key);
    if (lua_type(L, key) == LUA_TNUMBER) {
      lua_pushvalue(L, key);
      std::string text = lua_tostring(L, -1);
      lua_pop(L, 1);
      return text;
    }
    return fmt::format("({} key)", luaL_typename(L, key));
  };
  const auto reassigned = [&](const Pack& pack, int key) {
    return std::runtime_error(fmt::format(
        "pack '{}' reassigned global '{}' during the game; keep game state in storage or kernel "
        "properties",
        pack.manifest->name, key_text(key)));
  };
  for (const Pack& pack : packs) {
    if (pack.snapshot_ref == LUA_NOREF) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
    const int env = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.snapshot_ref);
    const auto entries = static_cast<lua_Integer>(lua_rawlen(L, -1));
    lua_Integer present = 0;
    for (lua_Integer i = 1; i < entries; i += 2) {
      lua_rawgeti(L, -1, i);
      lua_rawgeti(L, -2, i + 1);
      lua_pushvalue(L, -2);
      if (lua_rawget(L, env) != LUA_TNIL) {
        if (!lua_rawequal(L, -1, -2)) throw reassigned(pack, -3);
        ++present;
      }
      lua_pop(L, 3);
    }
    const bool removed = present != entries / 2;
    // Globals cannot be created after loading: __newindex raises and the sandbox's rawset
    // refuses the table. Without the sandbox the real rawset can, so count them.
    if (!lua.limits().sandbox) {
      lua_Integer now = 0;
      lua_pushnil(L);
      while (lua_next(L, env)) {
        ++now;
        lua_pop(L, 1);
      }
      if (now > present) {
        lua_pushnil(L);
        while (lua_next(L, env)) {
          bool known = false;
          for (lua_Integer i = 1; !known && i < entries; i += 2) {
            lua_rawgeti(L, -3, i);
            known = lua_rawequal(L, -1, -3);
            lua_pop(L, 1);
          }
          if (!known) throw reassigned(pack, -2);
          lua_pop(L, 1);
        }
      }
    }
    if (removed)
      throw std::runtime_error(fmt::format(
          "pack '{}' removed a global during the game; keep game state in storage or kernel "
          "properties",
          pack.manifest->name));
    lua_pop(L, 2);
    check_library_copies(pack);
  }
}

void Session::Impl::check_library_copies(const Pack& pack) {
  if (pack.copies_ref == LUA_NOREF) return;
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, base_ref);
  const int base = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, pack.copies_ref);
  const int copies = lua_gettop(L);
  const auto entries = static_cast<lua_Integer>(lua_rawlen(L, base));
  for (lua_Integer i = 1; i < entries; i += 2) {
    if (lua_rawgeti(L, base, i + 1) != LUA_TTABLE) {
      lua_pop(L, 1);
      continue;
    }
    const int fields = lua_gettop(L);
    lua_rawgeti(L, copies, (i + 1) / 2);
    const int copy = lua_gettop(L);
    const auto count = static_cast<lua_Integer>(lua_rawlen(L, fields));
    for (lua_Integer j = 1; j < count; j += 2) {
      lua_rawgeti(L, fields, j);
      lua_rawgeti(L, fields, j + 1);
      lua_pushvalue(L, -2);
      lua_rawget(L, copy);
      if (!lua_rawequal(L, -1, -2)) {
        lua_rawgeti(L, base, i);
        throw std::runtime_error(fmt::format(
            "pack '{}' changed '{}.{}' during the game; library tables (and game, board) are "
            "read-only",
            pack.manifest->name, lua_tostring(L, -1), lua_tostring(L, -4)));
      }
      lua_pop(L, 3);
    }
    lua_pop(L, 2);
  }
}

// ---------------------------------------------------------------------------------------------
// Events.

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
  if (spec) {
    // The raiser's line: the innermost Lua function loaded from a file (game.raise itself is a
    // kernel chunk).
    std::string where;
    lua_Debug ar;
    for (int level = 1; where.empty() && lua_getstack(L, level, &ar) != 0; ++level)
      if (lua_getinfo(L, "Sl", &ar) != 0 && ar.source[0] == '@' && ar.currentline > 0)
        where = fmt::format("{}:{}", ar.short_src, ar.currentline);
    PayloadCheck::check_raise(
        L, *spec, payload_index, state.players,
        fmt::format("pack '{}'{}", pack_name(raiser), where.empty() ? "" : " at " + where));
  }
  if (!events.has_handlers(event)) {
    if (default_index != 0) {
      FrameGuard frame(*this, Frame{event, raiser, "default action"});
      lua_pushvalue(L, default_index);
      lua_pushvalue(L, payload_index);
      call(1, 0);
    }
    return "done";
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, handlers_ref);
  const int handlers = lua_gettop(L);
  bool replaced = false;
  const auto run = [&](const engine::Handler& h) -> const char* {
    FrameGuard frame(*this, Frame{event, h.pack, "handler"});
    if (!invariants.empty()) last_handler = &h;
    PayloadCheck::Snapshot before;
    if (spec) before = PayloadCheck::snapshot(L, *spec, payload_index);
    lua_rawgeti(L, handlers, h.callback);
    lua_pushvalue(L, payload_index);
    call(1, 1);
    if (spec) {
      PayloadCheck::check_handler(
          L, *spec, payload_index, state.players, before,
          fmt::format("the handler at {} (pack '{}')", handler_where(h), pack_name(h.pack)));
    } else if (declared) {
      if (const auto problem =
              PayloadCheck::writable_problem(L, *declared, payload_index, state.players))
        throw std::runtime_error(fmt::format("event '{}': the handler at {} (pack '{}'): {}",
                                             declared->name, handler_where(h), pack_name(h.pack),
                                             *problem));
    }
    const char* verdict = nullptr;
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char* s = lua_tostring(L, -1);
      if (std::string_view(s) == "veto")
        verdict = "vetoed";
      else if (std::string_view(s) == "replace")
        verdict = "replaced";
    }
    if (!verdict && !lua_isnil(L, -1)) {
      throw std::runtime_error(fmt::format(
          "handler of event '{}' registered at {} returned {}; expected nothing, game.VETO or "
          "game.REPLACE",
          events.info(event).name, handler_where(h), luaL_typename(L, -1)));
    }
    lua_pop(L, 1);
    return verdict;
  };
  // Handlers cannot be added while a game runs, so the spans stay valid during dispatch.
  for (const auto& h : events.before(event)) {
    const char* verdict = run(h);
    if (verdict && verdict[0] == 'v') {
      lua_settop(L, handlers - 1);
      return "vetoed";
    }
    if (verdict) replaced = true;
  }
  if (!replaced && default_index != 0) {
    FrameGuard frame(*this, Frame{event, raiser, "default action"});
    lua_pushvalue(L, default_index);
    lua_pushvalue(L, payload_index);
    call(1, 0);
  }
  for (const auto& h : events.after(event)) run(h);
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

// ---------------------------------------------------------------------------------------------
// Decisions.

int Session::Impl::decide(int player, std::string_view kind, int options_index, int kind_index,
                          const char* api) {
  lua_State* L = lua.get();
  // The length honours __len: an option list may be a lazy table that makes its entries when they
  // are read (agents that never look at them, like the random agent, never make them). Without a
  // metatable it is the raw length (the same value, without a metamethod lookup).
  lua_Integer length = 0;
  if (lua_getmetatable(L, options_index)) {
    lua_pop(L, 1);
    length = luaL_len(L, options_index);
  } else {
    length = static_cast<lua_Integer>(lua_rawlen(L, options_index));
  }
  if (length > kMaxOptions)
    throw std::runtime_error(fmt::format("{}: decision '{}' has {} options, over the limit of {}",
                                         api, kind, length, kMaxOptions));
  const int count = static_cast<int>(length);
  if (count < 1) throw std::runtime_error(fmt::format("decision '{}' has no options", kind));
  options_index = lua_absindex(L, options_index);
  if (!invariants.empty()) check_invariants(fmt::format("decision {}", kind));
  if (check_options) check_option_ids(L, options_index, kind, count, api);
  DecisionContext ctx{this, L, options_index, kind_index != 0 ? lua_absindex(L, kind_index) : 0,
                      kind};
  engine::Decision d{player, kind, count, &identify_lua_option, &describe_lua_option, &ctx};
  int choice = 0;
  bool logged_before = false;  // the options are in decision_options already (pack tests)
  if (fork_request && replaying && replay_pos == replaying->decisions.size()) start_fork();
  if (continuing && replaying && replay_pos == replaying->decisions.size()) replaying = nullptr;
  const engine::Replay::Decision* recorded = nullptr;
  if (replaying) {
    if (replay_pos >= replaying->decisions.size() && replaying->agent_failure &&
        replaying->agent_failure->player == player && replaying->agent_failure->kind == kind)
      throw std::runtime_error(
          engine::agent_failure_error(*replaying->agent_failure, replay_pos + 1));
    if (replay_pos >= replaying->decisions.size()) {
      divergence = fmt::format(
          "replay diverged at decision {}: the game asks player {} for '{}' among {} options, "
          "but the replay has no decisions left",
          replay_pos + 1, player + 1, kind, count);
      throw std::runtime_error(divergence);
    }
    recorded = &replaying->decisions[replay_pos];
    if (recorded->player != player || recorded->kind != kind || recorded->count != count) {
      divergence = fmt::format(
          "replay diverged at decision {}: the replay has player {} choosing '{}' among {} "
          "options, the game asks player {} for '{}' among {}",
          replay_pos + 1, recorded->player + 1, recorded->kind, recorded->count, player + 1, kind,
          count);
      throw std::runtime_error(divergence);
    }
    choice = recorded->choice;
    ++replay_pos;
  } else {
    engine::Agent& agent = *agents[static_cast<std::size_t>(player)];
    struct ReadOnly {
      Impl& s;
      ReadOnly(Impl& s, engine::Agent* a, int seat) : s(s) {
        ++s.agent_depth;
        s.acting_agent = a;
        s.deciding_seat = seat;
      }
      ~ReadOnly() {
        s.views.unguard(s.lua.get());
        s.deciding = nullptr;
        --s.agent_depth;
        s.acting_agent = nullptr;
        s.deciding_seat = -1;
      }
    } read_only(*this, &agent, player);
    if (!forks) forks = std::make_unique<Forks>(*this, fork_depth);
    d.forker = forks.get();
    const engine::SeatView view(state, player, playing && playing->agents_see_all);
    d.view = &view;
    deciding = &d;
    if (fork_depth == 0 && playing && playing->check_forks > 0 &&
        state.decisions.size() % static_cast<std::size_t>(playing->check_forks) == 0)
      check_fork(d);
    choice = -1;
    if (fork_request && fork_request->steer) {
      choice = fork_request->steer(d);
      if (choice < -1 || choice >= count)
        throw std::runtime_error(fmt::format("fork: the steering chose option {} of {} for '{}'",
                                             choice + 1, count, kind));
    }
    if (choice < 0) {
      // Pack tests log the options before the agent answers, so that a decision it fails to
      // answer is listed too (t.decisions); describers only read, so the game is the same.
      const bool logging = log_options && agent_depth == 1 && fork_depth == 0;
      if (logging) log_decision_options(kind, options_index, count);
      try {
        choice = agent.choose(d);
        if (choice < 0 || choice >= count)
          throw std::runtime_error(fmt::format("agent '{}' chose option {} of {} for '{}'",
                                               agent.name(), choice + 1, count, kind));
      } catch (const std::exception& e) {
        if (agent_depth == 1 && fork_depth == 0)
          agent_failure = engine::Replay::AgentFailure{player, std::string(kind), e.what()};
        if (logging) set_unanswered(player, kind, count, e.what());
        throw;
      } catch (...) {  // a Lua agent's error: its text becomes the game's error
        if (agent_depth == 1 && fork_depth == 0)
          agent_failure = engine::Replay::AgentFailure{player, std::string(kind), ""};
        if (logging) set_unanswered(player, kind, count, "");
        throw;
      }
      logged_before = logging;
    }
    deciding = nullptr;
  }
  // The chosen option stays on the stack (game.decide returns it); the log keeps its id. A
  // record's id is read raw first (with the key kept in the registry), then as push_option_id
  // reads it (metamethods, errors).
  lua_geti(L, options_index, choice + 1);
  std::string_view id;
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, id_key_ref);
    if (lua_rawget(L, -2) == LUA_TSTRING) {
      std::size_t n = 0;
      const char* data = lua_tolstring(L, -1, &n);
      id = {data, n};
    } else {
      lua_pop(L, 1);
    }
  }
  if (id.data() == nullptr) id = push_option_id(L, -1, kind, choice);
  int option = logged_id(L, logged_ids, -1, id);
  if (option < 0) {
    if (const auto problem = engine::option_id_problem(id); !problem.empty())
      throw std::runtime_error(fmt::format("{}: the id of option {} of decision '{}' {}", api,
                                           choice + 1, kind, problem));
    option = state.option_ids.intern(id);
    log_string(L, logged_ids, -1, id, option);
  }
  if (recorded && recorded->id != id) {
    divergence = fmt::format(
        "replay diverged at decision {}: the replay has player {} choosing '{}' for '{}', the "
        "game's option {} there is '{}'",
        replay_pos, player + 1, recorded->id, kind, choice + 1, id);
    throw std::runtime_error(divergence);
  }
  lua_pop(L, 1);
  int kind_id = -1;
  if (kind_index != 0) kind_id = logged_id(L, logged_kinds, kind_index, kind);
  if (kind_id < 0) {
    kind_id = state.decision_kinds.intern(kind);
    if (kind_index != 0) log_string(L, logged_kinds, kind_index, kind, kind_id);
  }
  state.decisions.push_back({player, kind_id, count, choice, option});
  if (log_options && !logged_before) log_decision_options(kind, options_index, count);
  return choice;
}

void Session::Impl::set_unanswered(int player, std::string_view kind, int count,
                                   std::string error) {
  Unanswered u;
  u.after = state.decisions.size();
  u.player = player;
  u.kind = std::string(kind);
  u.count = count;
  u.error = std::move(error);
  u.options = std::move(decision_options.back());
  decision_options.pop_back();
  unanswered.push_back(std::move(u));
}

void Session::Impl::log_decision_options(std::string_view kind, int options_index, int count) {
  lua_State* L = lua.get();
  const int top = lua_gettop(L);
  lua_pushlstring(L, kind.data(), kind.size());
  const int kind_index = lua_gettop(L);
  auto& logged = decision_options.emplace_back();
  logged.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    lua_geti(L, options_index, i + 1);
    std::string id(push_option_id(L, -1, kind, i));
    lua_pop(L, 1);
    push_option_label(L, *this, kind_index, -1, i);
    logged.emplace_back(std::move(id), lua_tostring(L, -1));
    lua_settop(L, kind_index);
  }
  lua_settop(L, top);
}

void Session::Impl::start_fork() {
  replaying = nullptr;
  if (fork_request->fingerprint) {
    fork_digest = state.digest();
    fork_storage_digest = storage_digest_now();
  }
  state.rng = engine::Rng::for_stream(fork_request->seed, 0, 0);
  for (int seat = 0; seat < state.players; ++seat)
    agents[static_cast<std::size_t>(seat)]->begin_game(fork_request->seed, 0, seat);
  if (fork_request->turns >= 0) fork_stop_turn = state.turn + fork_request->turns;
  if (fork_request->seen_by) {
    const int seat = *fork_request->seen_by;
    if (seat < 0 || seat >= state.players)
      throw std::runtime_error(
          fmt::format("fork: seen_by seat {} of a {}-player game", seat + 1, state.players));
    lua_State* L = lua.get();
    engine::resample_unseen(state, seat, state.rng, [&](int player, int form) {
      for (int k = 0; k < state.holdings.kinds(); ++k)
        views.holding_changed(L, state, player, form, k);
    });
  }
}

namespace {
// Lua interns strings up to this many bytes (LUAI_MAXSHORTLEN): one object per text.
constexpr std::size_t kInternedBytes = 40;
}  // namespace

int Session::Impl::logged_id(lua_State* L, LoggedStrings& strings, int index,
                             std::string_view text) {
  auto& memo =
      strings
          .memo[(reinterpret_cast<std::uintptr_t>(text.data()) >> 4) & (strings.memo.size() - 1)];
  if (memo.data == text.data()) return memo.id;
  index = lua_absindex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, strings.table_ref);
  lua_pushvalue(L, index);
  int id = -1;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    id = static_cast<int>(lua_tointeger(L, -1));
    if (text.size() <= kInternedBytes) memo = {text.data(), id};
  }
  lua_pop(L, 2);
  return id;
}

void Session::Impl::log_string(lua_State* L, LoggedStrings& strings, int index,
                               std::string_view text, int id) {
  index = lua_absindex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, strings.table_ref);
  lua_pushvalue(L, index);
  lua_pushinteger(L, id);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  if (text.size() <= kInternedBytes)
    strings.memo[(reinterpret_cast<std::uintptr_t>(text.data()) >> 4) & (strings.memo.size() - 1)] =
        {text.data(), id};
}

void Session::Impl::check_option_ids(lua_State* L, int options_index, std::string_view kind,
                                     int count, const char* api) {
  const lua::StackGuard guard(L);
  std::unordered_map<std::string, int> seen;
  for (int i = 0; i < count; ++i) {
    lua_geti(L, options_index, i + 1);
    std::string id(push_option_id(L, -1, kind, i));
    lua_pop(L, 2);
    if (const auto problem = engine::option_id_problem(id); !problem.empty())
      throw std::runtime_error(
          fmt::format("{}: the id of option {} of decision '{}' {}", api, i + 1, kind, problem));
    const auto [at, fresh] = seen.emplace(std::move(id), i);
    if (!fresh)
      throw std::runtime_error(
          fmt::format("{}: decision '{}' offers the id '{}' twice (options "
                      "{} and {}); ids are unique within a decision",
                      api, kind, at->first, at->second + 1, i + 1));
  }
}

// ---------------------------------------------------------------------------------------------
// The game loop.

namespace {
double seconds_since(std::chrono::steady_clock::time_point& mark) {
  const auto now = std::chrono::steady_clock::now();
  const double s = std::chrono::duration<double>(now - mark).count();
  mark = now;
  return s;
}
}  // namespace

void Session::Impl::run_game(int max_turns, bool begin) {
  auto mark = std::chrono::steady_clock::now();
  if (begin) begin_game(true, &mark);
  if (check_locals && !state.over) {
    std::unordered_set<const void*> shared;
    const lua::StackGuard guard(lua.get());
    locals_check.snapshot(lua.get(), push_local_roots(shared), shared);
  }
  play_turns(max_turns);
  if (check_locals) {
    std::unordered_set<const void*> shared;
    const lua::StackGuard guard(lua.get());
    if (const auto change = locals_check.first_change(lua.get(), push_local_roots(shared), shared))
      throw std::runtime_error(*change);
  }
  times.turns += seconds_since(mark);
  if (!fork_stopped) end_game();
  times.end += seconds_since(mark);
}

void Session::Impl::begin_game(bool start, std::chrono::steady_clock::time_point* mark) {
  const int players = state.players;
  raise_kernel(ev_setup, [players](lua_State* L) {
    lua_pushinteger(L, players);
    lua_setfield(L, -2, "players");
  });
  if (mark) times.setup += seconds_since(*mark);
  if (start && !state.over) raise_kernel(ev_start, [](lua_State*) {});
  state.current = state.first_player;
  views.turn_changed(lua.get(), state, Views::kCurrent);
  if (mark) times.start += seconds_since(*mark);
}

void Session::Impl::play_turns(int max_turns, int limit) {
  for (int played = 0; !state.over && played != limit; ++played) {
    turn_mark = {state.turn, state.decisions.size()};
    // A copy passing the start of the turn it was forked in keeps a checkpoint there (fork.h).
    if (fork_request && replaying && fork_point.turn == state.turn &&
        fork_point.decisions == state.decisions.size() &&
        !(checkpoint.valid && checkpoint.at == fork_point && checkpoint.loaded == load_serial))
      save_checkpoint();
    if (fork_stop_turn >= 0 && state.turn >= fork_stop_turn) {
      fork_stopped = true;
      // As at the turn cap: the view shows the seat and round that would come next.
      views.turn_changed(lua.get(), state, Views::kCurrent | Views::kRound);
      break;
    }
    if (state.turn >= max_turns) {
      state.over = true;
      state.end_reason = fmt::format("turn cap reached ({} turns)", max_turns);
      // The turn had passed already: the view shows the seat and round that would come next.
      views.turn_changed(lua.get(), state, Views::kOver | Views::kCurrent | Views::kRound);
      break;
    }
    ++state.turn;
    if (state.round == 0) state.round = 1;
    views.turn_changed(lua.get(), state, Views::kCurrent | Views::kTurn | Views::kRound);
    if (log)
      log(fmt::format("-- turn {} (round {}): player {}", state.turn, state.round,
                      state.current + 1));
    // One payload table serves every turn of the game (handlers must not keep it).
    lua_State* L = lua.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, turn_payload_ref);
    lua_pushinteger(L, state.current + 1);
    lua_setfield(L, -2, "player");
    lua_pushinteger(L, state.turn);
    lua_setfield(L, -2, "turn");
    lua_pushinteger(L, state.round);
    lua_setfield(L, -2, "round");
    raise(ev_turn, -1, 0);
    lua_pop(L, 1);
    if (!state.over) state.advance_turn();
  }
}

void Session::Impl::end_game() {
  raise_kernel(ev_end, [this](lua_State* L) {
    if (state.winner) {
      lua_pushinteger(L, *state.winner + 1);
      lua_setfield(L, -2, "winner");
    }
    lua_pushstring(L, state.end_reason.c_str());
    lua_setfield(L, -2, "reason");
  });
}

void Session::Impl::fail(GameResult& result, const std::string& message,
                         const std::string& traceback) {
  result.ok = false;
  if (!divergence.empty()) {
    result.error = divergence;
    result.error_report = divergence;
    return;
  }
  std::string where;
  if (error_frame) {
    const Frame& f = *error_frame;
    if (f.event >= 0) {
      where = fmt::format("pack '{}', {} of event '{}'", pack_name(f.pack), f.what,
                          state.events.info(f.event).name);
    } else {
      where = fmt::format("pack '{}', {}", pack_name(f.pack), f.what);
    }
  }
  // Errors raised inside C functions (e.g. ipairs(nil)) carry no position: take it from the
  // traceback, so the one-line message still says which pack line failed.
  std::string located = message;
  const bool invariant = error_frame && std::string_view(error_frame->what) == "invariant";
  if (invariant) {
    // The invariant's own line says nothing; the handler that ran last is where to look.
    if (last_handler)
      located += fmt::format(" (the last handler to run: pack '{}' at {})",
                             pack_name(last_handler->pack), handler_where(*last_handler));
  } else if (!traceback.empty() && !has_location(message)) {
    if (const std::string at = first_pack_location(traceback); !at.empty())
      located = at + ": " + message;
  }
  result.error = where.empty() ? located : fmt::format("{}: {}", where, located);
  result.error_report = result.error;
  if (!traceback.empty()) result.error_report += "\n" + traceback;
}

GameResult Session::Impl::finish_result(const GameConfig& config, bool decisions) {
  GameResult r;
  r.winner = state.winner;
  r.reason = state.end_reason;
  r.turns = state.turn;
  r.rounds = state.round;
  r.decisions = static_cast<int>(state.decisions.size());
  r.digest = state.digest();
  // A copy's result is read for its outcome only (Forks::fork reads the rest from its state).
  if (fork_request) return r;
  for (int seat = 0; seat < state.players; ++seat) {
    PlayerSummary p;
    p.seat = seat;
    p.agent = static_cast<std::size_t>(seat) < agent_names.size()
                  ? agent_names[static_cast<std::size_t>(seat)]
                  : "";
    const auto& props = state.player_props;
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& v = props.column(k)[static_cast<std::size_t>(seat)];
      if (!engine::is_nil(v)) p.properties.emplace_back(props.keys().name(k), v);
    }
    r.players.push_back(std::move(p));
  }
  const auto& game_props = state.game_props;
  for (int k = 0; k < game_props.keys().size(); ++k) {
    const auto& v = game_props.column(k)[0];
    if (!engine::is_nil(v)) r.properties.emplace_back(game_props.keys().name(k), v);
  }
  auto& rp = r.replay;
  rp.requested = requested_names;
  rp.loaded = pack_refs;
  rp.options = config.options.empty() ? default_option_strings : config.options;
  rp.seed = state.seed;
  rp.game_index = state.game_index;
  rp.players = state.players;
  rp.agents = agent_names;
  rp.agents.resize(static_cast<std::size_t>(state.players), "random");
  rp.max_turns = config.max_turns;
  if (decisions) {
    rp.decisions.reserve(state.decisions.size());
    for (const auto& d : state.decisions)
      rp.decisions.push_back({d.player, state.decision_kinds.name(d.kind), d.count, d.choice,
                              state.option_ids.name(d.option)});
  }
  rp.outcome = {r.winner, r.reason, r.turns, r.digest};
  return r;
}

namespace {

// Session::play, and a fork's play from its checkpoint when `resume` (Session::play_fork).
GameResult play_game(Session::Impl& s, const GameConfig& config, bool resume) {
  s.playing = &config;
  ++s.game_serial;
  packs::ResolvedOptions options;
  try {
    if (!resume)
      options = config.options.empty() ? s.default_options
                                       : packs::resolve_options(s.order, config.options);
  } catch (const packs::PackError& e) {
    GameResult r;
    r.ok = false;
    r.error = r.error_report = e.what();
    s.playing = nullptr;
    return r;
  }
  std::string message, traceback;
  bool failed = false;
  try {
    if (config.players < 1)
      throw std::runtime_error(
          fmt::format("a game needs at least one player, not {}", config.players));
    // A game starts from a collected heap after a failed game, or one that left much garbage.
    // Lua collects before it refuses an allocation, but the library's buffers (luaL_Buffer, used
    // by string.rep, table.concat, string.format, ...) grow without that emergency collection,
    // so how near the cap such a buffer may come would otherwise depend on earlier games.
    if (s.collect_before_next || s.lua.memory_used() > s.lua.limits().memory_bytes / 4) {
      lua_gc(s.lua.get(), LUA_GCCOLLECT);
      s.collect_before_next = false;
    }
    auto mark = std::chrono::steady_clock::now();
    ++s.times.games;
    s.check_payloads = config.check_payloads;  // before load_game: it dispatches every event
    if (resume)
      s.restore_checkpoint();
    else
      s.load_game(config.seed, config.game_index, config.players, options);
    s.check_options = config.check_options;
    s.check_locals = config.check_locals;
    if (!s.replaying || s.fork_request || s.continuing)
      s.bind_agents(config);
    else
      s.agent_names = s.replaying->agents;
    s.times.load += seconds_since(mark);
    s.run_game(config.max_turns, !resume);
    mark = std::chrono::steady_clock::now();
    // A copy's views are rewritten when the next fork restores its checkpoint; the real game
    // checks them.
    if (s.fork_depth == 0)
      if (const auto problem = s.views.verify(s.lua.get(), s.state))
        throw std::runtime_error(*problem);
    if (const auto problem = verify_board_lists(s)) throw std::runtime_error(*problem);
    s.check_globals();
    s.times.end += seconds_since(mark);
  } catch (const lua::ScriptError& e) {
    failed = true;
    // A Lua error's text is cut where it leaves the state (to kMaxErrorBytes, plus its
    // position); the cut here bounds text C++ made from pack strings too.
    message = engine::cut_text(e.what(), 2 * engine::kMaxErrorBytes);
    traceback = engine::cut_text(e.traceback(), 2 * engine::kMaxErrorBytes);
  } catch (const std::exception& e) {
    failed = true;
    message = engine::cut_text(e.what(), 2 * engine::kMaxErrorBytes);
  }
  // A failed game may have changed shared board lists before its error: they are verified (and
  // dropped when changed) so that the next game never reads them.
  if (failed) (void)verify_board_lists(s);
  GameResult r = s.finish_result(config, failed || config.record_decisions);
  if (failed) s.fail(r, message, traceback);
  if (failed && s.agent_failure && !s.replaying) {
    // The agent is not asked again when the replay is played: it records the failure.
    r.replay.agent_failure = s.agent_failure;
    if (r.replay.agent_failure->error.empty()) r.replay.agent_failure->error = r.error;
  }
  s.collect_before_next = failed;
  lua_settop(s.lua.get(), 0);
  s.playing = nullptr;
  return r;
}

}  // namespace

engine::Replay Session::replay_so_far(const GameConfig& config) {
  engine::Replay replay = impl_->finish_result(config, true).replay;
  replay.outcome = {};
  return replay;
}

GameResult Session::play(const GameConfig& config) {
  Impl& s = *impl_;
  if (!config.continue_from) return play_game(s, config, false);
  s.replaying = config.continue_from;
  s.replay_pos = 0;
  s.continuing = true;
  GameResult r = play_game(s, config, false);
  s.replaying = nullptr;
  s.continuing = false;
  return r;
}

void Session::pause_clock() noexcept {
  impl_->lua.pause_clock();
}

void Session::resume_clock() noexcept {
  impl_->lua.resume_clock();
}

GameResult Session::play_fork(const GameConfig& config, const engine::Replay& prefix,
                              const engine::ForkRequest& request, int depth, const ForkPoint& at) {
  Impl& s = *impl_;
  s.fork_depth = depth;
  s.fork_request = &request;
  s.fork_stop_turn = -1;
  s.fork_stopped = false;
  s.fork_point = at;
  const bool resume = !request.from_start && s.checkpoint_serves(at, prefix.decisions.size());
  s.replaying = &prefix;
  s.replay_pos = resume ? s.checkpoint.at.decisions : 0;
  s.fork_replayed = prefix.decisions.size() - s.replay_pos;
  GameResult r = play_game(s, config, resume);
  // A failed copy may have left more than its storage changed (a global, a shared list): the
  // next fork starts from a fresh load.
  if (!r.ok) s.checkpoint.valid = false;
  const bool reached = s.replaying == nullptr;
  s.replaying = nullptr;
  s.fork_request = nullptr;
  if (!r.ok) {
    r.error = "fork: " + r.error;
    r.error_report = "fork: " + r.error_report;
  } else if (!reached) {
    r.ok = false;
    r.error = r.error_report = fmt::format(
        "fork: the copy ended after {} of the game's {} decisions without reaching the decision "
        "being asked (a pack keeps game state outside its storage and the kernel)",
        s.replay_pos, prefix.decisions.size());
  } else if (s.fork_stopped) {
    r.reason = fmt::format("fork stopped after {} turns", request.turns);
  }
  return r;
}

ForkFingerprint Session::fork_fingerprint() const noexcept {
  return {impl_->fork_digest, impl_->fork_storage_digest, impl_->fork_replayed};
}

std::vector<double> Session::scores() {
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
  if (s.evaluator_pack >= 0) {
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

engine::Replay Session::abandoned_replay(const GameConfig& config, const std::string& error) const {
  const Impl& s = *impl_;
  engine::Replay rp;
  rp.requested = s.requested_names;
  rp.loaded = s.pack_refs;
  rp.options = config.options.empty() ? s.default_option_strings : config.options;
  rp.seed = config.seed;
  rp.game_index = config.game_index;
  rp.players = config.players;
  for (int seat = 0; seat < config.players; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    rp.agents.push_back(i < config.agent_objects.size() && config.agent_objects[i]
                            ? config.agent_objects[i]->name()
                        : i < config.agents.size() ? config.agents[i]
                                                   : "random");
  }
  rp.max_turns = config.max_turns;
  rp.outcome.reason = error;
  rp.abandoned = error;
  return rp;
}

GameResult Session::replay(const engine::Replay& replay) {
  Impl& s = *impl_;
  GameConfig config;
  config.seed = replay.seed;
  config.game_index = replay.game_index;
  config.players = replay.players;
  config.agents = replay.agents;
  config.max_turns = replay.max_turns;
  config.options = replay.options;
  if (!replay.abandoned.empty()) {
    // Agents are deterministic given the seed: playing again retraces the abandoned game.
    GameResult r = play(config);
    if (r.ok) {
      r.ok = false;
      r.error = r.error_report = fmt::format(
          "replay diverged: the recorded game was abandoned ({}), the replayed one ended after "
          "{} turns",
          replay.abandoned, r.turns);
    }
    return r;
  }
  s.replaying = &replay;
  s.replay_pos = 0;
  GameResult r = play(config);
  s.replaying = nullptr;
  std::string version_note;
  for (const auto& ref : replay.loaded)
    for (const auto* m : s.order)
      if (m->name == ref.name && m->version != ref.version)
        version_note +=
            fmt::format(" (note: pack '{}' is version {}, the replay was recorded with {})",
                        ref.name, m->version, ref.version);
  if (!r.ok) {
    r.error += version_note;
    return r;
  }
  std::string problem;
  if (s.replay_pos != replay.decisions.size()) {
    problem =
        fmt::format("replay diverged: the game ended after {} decisions but the replay has {}",
                    s.replay_pos, replay.decisions.size());
  } else {
    problem = engine::outcome_divergence(replay.outcome, {r.winner, r.reason, r.turns, r.digest});
  }
  if (!problem.empty()) {
    r.ok = false;
    r.error = r.error_report = problem + version_note;
  }
  return r;
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

}  // namespace catan::scripting
