#include "scripting/sandbox.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "engine/text_bounds.h"
#include "scripting/library_bounds.h"
#include "scripting/lua_state.h"
#include "scripting/ordered_pairs.h"
#include "scripting/pattern_guard.h"

namespace catan::lua {
namespace {

// Registry / metatable keys (their addresses are the keys).
char kReadOnlyMarker;  // metatable field of a read-only proxy: the proxy's name
char kGlobalsBacking;  // registry: the table behind the read-only globals proxy

// ---------------------------------------------------------------------------------------------
// Read-only proxies

// A proxy's metatable holds everything its metamethods need: __index is the backing table and
// the marker field the proxy's name. The metamethods are plain C functions shared by every proxy,
// so a proxy costs two tables (itself and its metatable) and no closure.

// The backing table of the proxy at `index` (the __index of its real metatable), pushed; raises
// when the value is not a proxy (the metamethods are never reachable from Lua, but stay safe).
void push_backing(lua_State* L, int index) {
  if (!lua_getmetatable(L, index) || lua_getfield(L, -1, "__index") != LUA_TTABLE)
    luaL_error(L, "not a read-only table");
  lua_remove(L, -2);
}

int read_only_newindex(lua_State* L) {
  const char* name = "?";
  if (lua_getmetatable(L, 1) && lua_rawgetp(L, -1, &kReadOnlyMarker) == LUA_TSTRING)
    name = lua_tostring(L, -1);  // kept alive by the metatable
  return luaL_error(L, "attempt to modify read-only table '%s'", name);
}

// __len of a proxy: the length of its backing table, so # reads a proxied list.
int read_only_len(lua_State* L) {
  push_backing(L, 1);
  lua_pushinteger(L, luaL_len(L, -1));
  return 1;
}

// __pairs of a proxy: ordered iteration over its backing table. The iterator keeps the backing
// table as its own upvalue; what pairs returns as the state is the proxy itself, so the generic
// for never hands the backing table to Lua code.
int read_only_pairs(lua_State* L) {
  push_backing(L, 1);
  push_ordered_iterator(L, lua_gettop(L));
  lua_pushvalue(L, 1);
  lua_replace(L, -3);  // iterator, proxy, nil
  return 3;
}

// ---------------------------------------------------------------------------------------------
// Catchers that must not swallow a trip

int finish_pcall(lua_State* L, int status, lua_KContext extra) {
  check_trip(L, status);
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - static_cast<int>(extra);
}

int sandbox_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);  // first result when no error
  lua_insert(L, 1);
  const int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
  return finish_pcall(L, status, 0);
}

// Message handler of xpcall: runs the user's handler (upvalue 1) unless the state is tripped.
int xpcall_handler(lua_State* L) {
  if (host_control(L).tripped()) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int sandbox_xpcall(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, xpcall_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  // first result when no error
  lua_pushvalue(L, 1);    // function
  lua_rotate(L, 3, 2);    // f, handler, true, f, args...
  const int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

// Resumes `co` with `narg` values from L. Returns the number of results moved to L, or -1 with the
// error object on top of L. A memory error in the coroutine trips the state. Raises the trip
// instead of resuming when the state is tripped.
int resume_coroutine(lua_State* L, lua_State* co, int narg) {
  if (host_control(L).tripped()) raise_trip(L);
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, narg);
  int results = 0;
  // While the coroutine runs, the watchdog's interruption must go to its thread.
  auto& executing = host_control(L).watched.executing;
  lua_State* const resumer = executing.exchange(co, std::memory_order_relaxed);
  const int status = lua_resume(co, L, narg, &results);
  executing.store(resumer, std::memory_order_relaxed);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, results + 1)) {
      lua_pop(co, results);
      lua_pushliteral(L, "too many results to resume");
      return -1;
    }
    lua_xmove(co, L, results);
    return results;
  }
  if (status == LUA_ERRMEM) trip_memory(host_control(L));
  lua_xmove(co, L, 1);
  return -1;
}

int sandbox_resume(lua_State* L) {
  lua_State* co = lua_tothread(L, 1);
  luaL_argexpected(L, co != nullptr, 1, "coroutine");
  const int results = resume_coroutine(L, co, lua_gettop(L) - 1);
  if (host_control(L).tripped()) return raise_trip(L);
  if (results < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(results + 1));
  return results + 1;
}

// lua_resetthread(co) run from L: closes the pending to-be-closed variables of `co` (running their
// __close handlers on co, which is then the thread the watchdog interrupts) and returns the
// status. Raises the trip instead when the state is tripped: a tripped state runs no handler.
int close_coroutine(lua_State* L, lua_State* co) {
  if (host_control(L).tripped()) raise_trip(L);
  auto& executing = host_control(L).watched.executing;
  lua_State* const closer = executing.exchange(co, std::memory_order_relaxed);
  const int status = lua_resetthread(co);
  executing.store(closer, std::memory_order_relaxed);
  return status;
}

// The function returned by coroutine.wrap; upvalue 1 = the coroutine.
int wrapped_coroutine(lua_State* L) {
  lua_State* co = lua_tothread(L, lua_upvalueindex(1));
  const int results = resume_coroutine(L, co, lua_gettop(L));
  if (host_control(L).tripped()) return raise_trip(L);
  if (results >= 0) return results;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) {  // the coroutine died: close its variables
    status = close_coroutine(L, co);
    lua_xmove(co, L, 1);
  }
  check_trip(L, status);
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

int sandbox_wrap(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State* co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, wrapped_coroutine, 1);
  return 1;
}

int sandbox_close(lua_State* L) {
  lua_State* co = lua_tothread(L, 1);
  luaL_argexpected(L, co != nullptr, 1, "coroutine");
  const char* refusal = nullptr;
  if (co == L) {
    refusal = "running";
  } else if (lua_status(co) == LUA_OK) {
    lua_Debug ar;
    if (lua_getstack(co, 0, &ar)) refusal = "normal";
  }
  if (refusal != nullptr) return luaL_error(L, "cannot close a %s coroutine", refusal);
  const int status = close_coroutine(L, co);
  check_trip(L, status);
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);
  return 2;
}

// ---------------------------------------------------------------------------------------------
// Other replaced base functions

// print: tostring of each argument joined by tabs, sent to the host's sink (cut to
// engine::kMaxShownBytes).
int print_line(lua_State* L) {
  HostControl& control = host_control(L);
  if (!control.print) return 0;
  const int n = lua_gettop(L);
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  for (int i = 1; i <= n; ++i) {
    if (i > 1) luaL_addchar(&buffer, '\t');
    luaL_tolstring(L, i, nullptr);
    luaL_addvalue(&buffer);
  }
  luaL_pushresult(&buffer);
  std::size_t length = 0;
  const char* text = lua_tolstring(L, -1, &length);
  if (length <= engine::kMaxShownBytes)
    control.print(std::string_view(text, length));
  else
    control.print(engine::cut_text(std::string_view(text, length), engine::kMaxShownBytes));
  return 0;
}

// Name of the read-only proxy at `index`, or nullptr when it is not one. Leaves the stack as is.
const char* read_only_name(lua_State* L, int index) {
  if (!lua_getmetatable(L, index)) return nullptr;
  const char* name = nullptr;
  if (lua_rawgetp(L, -1, &kReadOnlyMarker) == LUA_TSTRING) name = lua_tostring(L, -1);
  lua_pop(L, 2);  // the name stays alive in the metatable
  return name;
}

// rawset that refuses read-only proxies; upvalue 1 = the standard rawset.
int sandbox_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (const char* name = read_only_name(L, 1)) {
    return luaL_error(L, "attempt to modify read-only table '%s'", name);
  }
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// setmetatable that refuses finalizers; upvalue 1 = the standard setmetatable.
int sandbox_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    const bool has_gc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (has_gc) {
      return luaL_error(L, "setmetatable: __gc metamethods are not allowed in the sandbox");
    }
  }
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// Stack slot where the reader-based load keeps the last piece alive while Lua parses it.
constexpr int kReaderSlot = 5;

// The parser gets a chunk's text in slices of at most this many bytes, each charged to the call
// (one unit per byte: parsing costs tens of nanoseconds a byte) before it is handed over, so that
// the instruction budget and the time limit stop the parsing of a long chunk.
constexpr std::size_t kLoadSlice = 64 * 1024;

// What the lua_Reader of load hands out: the rest of the text, or of the last piece the
// reader function (stack index 1) returned.
struct ChunkReader {
  bool from_function = false;
  const char* rest = nullptr;
  std::size_t remaining = 0;
};

const char* read_slice(lua_State* L, void* data, std::size_t* size) {
  auto& reader = *static_cast<ChunkReader*>(data);
  *size = 0;
  if (reader.remaining == 0) {
    if (!reader.from_function) return nullptr;
    charge(L, 1, "load");  // a call of the reader function (a C function runs no instruction)
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      return nullptr;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, kReaderSlot);
    reader.rest = lua_tolstring(L, kReaderSlot, &reader.remaining);
    if (reader.remaining == 0) return nullptr;  // an empty piece ends the chunk
  }
  const std::size_t slice = std::min(reader.remaining, kLoadSlice);
  charge(L, slice, "load");
  const char* piece = reader.rest;
  reader.rest += slice;
  reader.remaining -= slice;
  *size = slice;
  return piece;
}

// At most this many compiled chunks of texts up to kCompiledText bytes are kept per state.
constexpr std::size_t kCompiledChunks = 32;
constexpr std::size_t kCompiledText = 8192;

int dump_piece(lua_State*, const void* piece, std::size_t size, void* out) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(piece), size);
  return 0;
}

// luaL_loadbufferx of a text chunk, undumping the compiled code kept from an earlier load of the
// same text and chunk name (HostControl::compiled) instead of parsing it again.
int load_text(lua_State* L, const char* text, std::size_t length, const char* chunkname) {
  auto& compiled = host_control(L).compiled;
  if (length > kCompiledText) return luaL_loadbufferx(L, text, length, chunkname, "t");
  std::string key(chunkname);
  key.push_back('\0');
  key.append(text, length);
  if (const auto it = compiled.find(key); it != compiled.end())
    return luaL_loadbufferx(L, it->second.data(), it->second.size(), chunkname, "b");
  const int status = luaL_loadbufferx(L, text, length, chunkname, "t");
  if (status != LUA_OK) return status;
  std::string code;
  if (lua_dump(L, dump_piece, &code, 0) == 0) {
    if (compiled.size() >= kCompiledChunks) compiled.clear();
    compiled.emplace(std::move(key), std::move(code));
  }
  return status;
}

// load(chunk [, chunkname [, mode [, env]]]) for text only. The mode argument is ignored (always
// "t"); without env the chunk's _ENV is the sandbox globals. Unlike the standard load, a budget or
// memory trip while reading or parsing is re-raised instead of being returned as nil, message.
int sandbox_load(lua_State* L) {
  const bool has_env = !lua_isnone(L, 4);
  std::size_t length = 0;
  const char* text = lua_tolstring(L, 1, &length);
  int status;
  if (text != nullptr) {
    if (length > 0 && text[0] == LUA_SIGNATURE[0]) {
      lua_pushnil(L);
      lua_pushliteral(L, "binary chunks are not allowed");
      return 2;
    }
    const char* chunkname = luaL_optstring(L, 2, text);
    if (length <= kLoadSlice) {
      charge(L, length, "load");
      status = load_text(L, text, length, chunkname);
    } else {
      ChunkReader reader{false, text, length};
      status = lua_load(L, read_slice, &reader, chunkname, "t");
    }
  } else {
    const char* chunkname = luaL_optstring(L, 2, "=(load)");
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, kReaderSlot);
    ChunkReader reader{true};
    status = lua_load(L, read_slice, &reader, chunkname, "t");
  }
  check_trip(L, status);
  // The parser runs on after the last slice is charged (and charges are checked only every
  // kMeterInterval units): a limit that ran out meanwhile stops the call here, named as load's.
  check_library_limits(L, "load");
  if (status != LUA_OK) {
    // A reader may still deliver a binary chunk; report it like a binary string.
    if (lua_type(L, -1) == LUA_TSTRING &&
        std::strcmp(lua_tostring(L, -1), "attempt to load a binary chunk (mode is 't')") == 0) {
      lua_pop(L, 1);
      lua_pushliteral(L, "binary chunks are not allowed");
    }
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (has_env) {
    lua_pushvalue(L, 4);
  } else {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  }
  if (lua_setupvalue(L, -2, 1) == nullptr) lua_pop(L, 1);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// Construction

constexpr const char* kBaseAllowed[] = {
    "assert", "error",    "ipairs",   "next", "rawequal",     "rawget",   "rawlen",
    "select", "tonumber", "tostring", "type", "getmetatable", "_VERSION",
};

struct Replacement {
  const char* name;
  lua_CFunction function;
  bool wraps_original;  // the standard function becomes upvalue 1
};

struct Library {
  const char* name;
  lua_CFunction open;
  std::vector<const char*> removed;
  std::vector<Replacement> replaced;
};

// Copies the library `lib` (stack index) into a new backing table, applying the spec, and pushes
// the backing table.
void push_library_copy(lua_State* L, int lib, const Library& spec) {
  lib = lua_absindex(L, lib);
  lua_newtable(L);
  const int backing = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, lib) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, backing);
  }
  for (const char* name : spec.removed) {
    lua_pushnil(L);
    lua_setfield(L, backing, name);
  }
  for (const Replacement& r : spec.replaced) {
    if (r.wraps_original) {
      lua_getfield(L, lib, r.name);
      lua_pushcclosure(L, r.function, 1);
    } else {
      lua_pushcfunction(L, r.function);
    }
    lua_setfield(L, backing, r.name);
  }
}

}  // namespace

void trip_memory(HostControl& control) {
  if (control.tripped()) return;
  control.trip = Trip::Memory;
  control.trip_message = "memory cap exceeded (" + std::to_string(control.memory_cap) + " bytes)";
}

int raise_trip(lua_State* L) {
  HostControl& control = host_control(L);
  lua_sethook(L, control.watched.hook, LUA_MASKCOUNT, 1);
  if (control.main_thread != nullptr && control.main_thread != L) {
    lua_sethook(control.main_thread, control.watched.hook, LUA_MASKCOUNT, 1);
  }
  const std::string& message = control.trip_message;
  lua_pushlstring(L, message.data(), message.size());
  return lua_error(L);
}

void check_trip(lua_State* L, int status) {
  HostControl& control = host_control(L);
  if (status == LUA_ERRMEM) trip_memory(control);
  if (control.tripped()) raise_trip(L);
}

void push_read_only(lua_State* L, int backing, const char* name) {
  backing = lua_absindex(L, backing);
  lua_newtable(L);           // the proxy
  lua_createtable(L, 0, 6);  // its metatable
  lua_pushvalue(L, backing);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, read_only_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, read_only_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushcfunction(L, read_only_len);
  lua_setfield(L, -2, "__len");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  mark_read_only(L, -1, name);
  lua_setmetatable(L, -2);
}

void mark_read_only(lua_State* L, int metatable, const char* name) {
  metatable = lua_absindex(L, metatable);
  lua_pushstring(L, name);
  lua_rawsetp(L, metatable, &kReadOnlyMarker);
}

void push_sandbox_globals_backing(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kGlobalsBacking);
}

void open_sandbox(lua_State* L) {
  HostControl& control = host_control(L);
  luaL_requiref(L, LUA_GNAME, luaopen_base, 0);
  const int real_globals = lua_gettop(L);

  lua_createtable(L, 0, 32);
  const int globals = lua_gettop(L);
  for (const char* name : kBaseAllowed) {
    lua_getfield(L, real_globals, name);
    lua_setfield(L, globals, name);
  }
  lua_pushcfunction(L, ordered_pairs);
  lua_setfield(L, globals, "pairs");
  lua_pushcfunction(L, ordered_pairs);
  lua_setfield(L, globals, "opairs");
  lua_pushcfunction(L, sandbox_pcall);
  lua_setfield(L, globals, "pcall");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setfield(L, globals, "xpcall");
  lua_pushcfunction(L, &protect<print_line>);
  lua_setfield(L, globals, "print");
  lua_getfield(L, real_globals, "rawset");
  lua_pushcclosure(L, sandbox_rawset, 1);
  lua_setfield(L, globals, "rawset");
  lua_getfield(L, real_globals, "setmetatable");
  lua_pushcclosure(L, sandbox_setmetatable, 1);
  lua_setfield(L, globals, "setmetatable");
  lua_pushcfunction(L, sandbox_load);
  lua_setfield(L, globals, "load");

  const Library libraries[] = {
      {LUA_COLIBNAME,
       luaopen_coroutine,
       {},
       {{"resume", sandbox_resume, false},
        {"wrap", sandbox_wrap, false},
        {"close", sandbox_close, false}}},
      {LUA_STRLIBNAME, luaopen_string, {"dump"}, {}},
      {LUA_TABLIBNAME, luaopen_table, {}, {}},
      {LUA_MATHLIBNAME, luaopen_math, {"random", "randomseed"}, {}},
      {LUA_UTF8LIBNAME, luaopen_utf8, {}, {}},
  };
  for (const Library& library : libraries) {
    luaL_requiref(L, library.name, library.open, 0);
    push_library_copy(L, -1, library);
    install_library_bounds(L, library.name, -1, -2);
    if (std::strcmp(library.name, LUA_STRLIBNAME) == 0) {
      install_pattern_guard(L, -1, &control.pattern_cost);
      // Methods on strings use the sandbox copy; the metatable itself is hidden.
      lua_pushliteral(L, "");
      lua_getmetatable(L, -1);
      lua_pushvalue(L, -3);
      lua_setfield(L, -2, "__index");
      lua_pushliteral(L, "locked");
      lua_setfield(L, -2, "__metatable");
      lua_pop(L, 2);
    }
    push_read_only(L, -1, library.name);
    lua_setfield(L, globals, library.name);
    lua_pop(L, 2);  // backing copy, standard library table
  }

  lua_pushvalue(L, globals);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kGlobalsBacking);
  push_read_only(L, globals, "globals");
  lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_settop(L, real_globals - 1);
}

}  // namespace catan::lua
