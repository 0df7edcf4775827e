// Pack loading and environments (Session::Impl, scripting/session_impl.h): the Session's
// construction (resolve packs, compile their scripts once, make the environment template) and
// load_game, which resets the kernel and runs every pack's library and entry chunks in a fresh,
// frozen environment; after the game, the checks that packs left their globals, library copies
// and top-level locals alone.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "scripting/measure_spec.h"
#include "scripting/pack_hash.h"
#include "scripting/pack_resolver.h"
#include "scripting/pack_suggest.h"
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

std::string read_script(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw packs::PackError(fmt::format("cannot read {}", file.string()));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string display_path(const std::filesystem::path& file) {
  std::error_code ec;
  const auto rel = std::filesystem::relative(file, std::filesystem::current_path(ec), ec);
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return file.generic_string();
}

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

  s.compile_packs();
  s.make_environment_template(limits.sandbox);
  lua_pushliteral(L, "id");
  s.id_key_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

Session::Impl::Chunk Session::Impl::compile(const packs::Manifest& m, const std::string& script) {
  const auto file = m.dir / script;
  const std::string source = std::string(kChunkPrefix) + read_script(file);
  Chunk chunk;
  chunk.file = display_path(file);
  lua.load(source, "@" + chunk.file);
  chunk.ref = luaL_ref(lua.get(), LUA_REGISTRYINDEX);
  return chunk;
}

void Session::Impl::compile_packs() {
  for (const auto* m : order) {
    Pack pack;
    pack.manifest = m;
    for (const auto& script : m->library) pack.library_chunks.push_back(compile(*m, script));
    for (const auto& script : m->entry) pack.chunks.push_back(compile(*m, script));
    // What it may require: itself, and what the packs it requires may (loaded before it).
    pack.reachable.push_back(static_cast<int>(packs.size()));
    for (const auto& needed : m->requires_)
      for (const auto& earlier : packs)
        if (earlier.manifest->name == needed)
          pack.reachable.insert(pack.reachable.end(), earlier.reachable.begin(),
                                earlier.reachable.end());
    std::sort(pack.reachable.begin(), pack.reachable.end());
    pack.reachable.erase(std::unique(pack.reachable.begin(), pack.reachable.end()),
                         pack.reachable.end());
    packs.push_back(std::move(pack));
  }
}

void Session::Impl::make_environment_template(bool sandbox) {
  lua_State* L = lua.get();
  // The template every pack environment is copied from: the sandbox's globals with its
  // libraries unwrapped (the full standard library without the sandbox), plus the game and board
  // APIs (see push_environment).
  lua_newtable(L);
  const int base = lua_gettop(L);
  if (sandbox)
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
  open_game_api(L, *this);
  install_raise_fast_path(*this, lua_gettop(L));
  lua_setfield(L, base, "game");
  lua_newtable(L);
  open_board_api(L, *this);
  lua_setfield(L, base, "board");
  if (sandbox) {
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
    library_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  push_flat(L, base, true);
  base_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
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

void Session::Impl::load_game(std::uint64_t seed, std::uint64_t game_index, int players,
                              const packs::ResolvedOptions& options) {
  reset_game(seed, game_index, players);
  declare_events_once();
  make_game_tables();
  for (std::size_t i = 0; i < packs.size(); ++i) load_pack(i, options);
  publish_listening();
}

void Session::Impl::reset_game(std::uint64_t seed, std::uint64_t game_index, int players) {
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
}

void Session::Impl::declare_events_once() {
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
}

void Session::Impl::make_game_tables() {
  lua_State* L = lua.get();
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
}

void Session::Impl::load_pack(std::size_t i, const packs::ResolvedOptions& options) {
  lua_State* L = lua.get();
  Pack& pack = packs[i];
  const auto& name = pack.manifest->name;
  // The pack's globals, which are the chunks' environment, and its storage: both made with
  // room for as many entries as the last game's had, so they do not grow step by step.
  if (pack.env_ref != LUA_NOREF) pack.storage_size = storage_fields(L, pack.env_ref);
  push_environment(pack.globals_size, &pack.copies_ref);
  const int globals = lua_gettop(L);
  lua_createtable(L, 0, pack.storage_size);
  lua_setfield(L, globals, "storage");
  push_pack_options(pack, options);
  lua_setfield(L, globals, "options");
  lua_pushstring(L, name.c_str());
  lua_setfield(L, globals, "PACK");
  push_require(*this, static_cast<int>(i));
  lua_setfield(L, globals, "require");
  // The chunks see the globals table itself as their environment: a global read is one table
  // lookup (a proxy with __index would add a metamethod call to every read).
  if (pack.env_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pack.env_ref);
  pack.env_ref = luaL_ref(L, LUA_REGISTRYINDEX);

  loading_pack = static_cast<int>(i);
  load_library(*this, i);
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

void Session::Impl::push_pack_options(Pack& pack, const packs::ResolvedOptions& options) {
  lua_State* L = lua.get();
  static const std::vector<std::pair<std::string, packs::OptionValue>> kNoOptions;
  const auto& values = [&]() -> const std::vector<std::pair<std::string, packs::OptionValue>>& {
    for (const auto& [pack_name, kv] : options.packs)
      if (pack_name == pack.manifest->name) return kv;
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
}

void Session::Impl::publish_listening() {
  lua_State* L = lua.get();
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

}  // namespace catan::scripting
