#include "scripting/fork.h"

#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>

#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

// The path of the value on top of the stack below `path`, for messages: "a.b", "a[3]".
std::string child_path(lua_State* L, int key, const std::string& path) {
  if (lua_type(L, key) == LUA_TNUMBER) {
    lua_pushvalue(L, key);
    std::string text = fmt::format("{}[{}]", path, lua_tostring(L, -1));
    lua_pop(L, 1);
    return text;
  }
  if (lua_type(L, key) == LUA_TSTRING)
    return path.empty() ? lua_tostring(L, key) : path + "." + lua_tostring(L, key);
  return fmt::format("{}[({} key)]", path, luaL_typename(L, key));
}

// Checks the table at `index` and everything below it; `seen` holds the tables already checked.
void check_table(lua_State* L, int index, const std::string& path, const std::string& pack,
                 std::unordered_set<const void*>& seen) {
  index = lua_absindex(L, index);
  if (!seen.insert(lua_topointer(L, index)).second) return;
  const auto refuse = [&](const std::string& where, const char* what) {
    throw std::runtime_error(fmt::format(
        "fork: pack '{}': storage{} holds {}; storage must be plain data (tables, strings, "
        "numbers, booleans) so that a game can be copied",
        pack, where.empty() ? "" : " key '" + where + "'", what));
  };
  // A metatable is the pack's own constant, made when its scripts load (the copy loads them
  // too), so it is not checked; the table's own contents are, read raw.
  if (is_board_list(L, index)) return;  // the board's own data, frozen
  luaL_checkstack(L, 4, "fork: storage nests too deep");
  lua_pushnil(L);
  while (lua_next(L, index)) {
    const int key = lua_gettop(L) - 1;
    const int type = lua_type(L, -1);
    if (lua_type(L, key) == LUA_TTABLE) check_table(L, key, child_path(L, key, path), pack, seen);
    if (type == LUA_TTABLE) {
      check_table(L, -1, child_path(L, key, path), pack, seen);
    } else if (type != LUA_TSTRING && type != LUA_TNUMBER && type != LUA_TBOOLEAN) {
      const std::string what = fmt::format("a {}", luaL_typename(L, -1));
      refuse(child_path(L, key, path), what.c_str());
    }
    lua_pop(L, 1);
  }
}

// True when the table at `index` and everything below it is plain data: check_table's walk
// without the paths, which only a refusal needs.
bool is_plain(lua_State* L, int index, std::unordered_set<const void*>& seen) {
  index = lua_absindex(L, index);
  if (!seen.insert(lua_topointer(L, index)).second || is_board_list(L, index)) return true;
  luaL_checkstack(L, 4, "fork: storage nests too deep");
  lua_pushnil(L);
  while (lua_next(L, index)) {
    const int key = lua_gettop(L) - 1;
    bool plain = true;
    if (lua_type(L, key) == LUA_TTABLE) plain = is_plain(L, key, seen);
    switch (lua_type(L, -1)) {
      case LUA_TTABLE: plain = plain && is_plain(L, -1, seen); break;
      case LUA_TSTRING:
      case LUA_TNUMBER:
      case LUA_TBOOLEAN: break;
      default: plain = false;
    }
    lua_pop(L, 1);
    if (!plain) {
      lua_pop(L, 1);
      return false;
    }
  }
  return true;
}

}  // namespace

void check_plain_storage(lua_State* L, int index, const std::string& pack) {
  std::unordered_set<const void*> seen;
  if (is_plain(L, index, seen)) return;
  seen.clear();
  check_table(L, index, "", pack, seen);
}

Forks::~Forks() = default;

engine::ForkResult Forks::fork(const engine::ForkRequest& request) {
  Session::Impl& g = game_;
  if (!g.playing) throw std::runtime_error("fork: no game is being played");
  if (depth_ >= kMaxDepth)
    throw std::runtime_error(fmt::format("fork: forks nest at most {} deep", kMaxDepth));
  lua_State* L = g.lua.get();
  {
    const lua::StackGuard guard(L);
    for (const auto& pack : g.packs) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
      if (lua_getfield(L, -1, "storage") == LUA_TTABLE)
        check_plain_storage(L, -1, pack.manifest->name);
      lua_pop(L, 2);
    }
  }

  // The game so far, as the copy will feed it back.
  prefix_.decisions.clear();
  prefix_.decisions.reserve(g.state.decisions.size());
  for (const auto& d : g.state.decisions)
    prefix_.decisions.push_back({d.player, g.state.decision_kinds.name(d.kind), d.count, d.choice,
                                 g.state.option_ids.name(d.option)});

  if (!copy_)
    copy_ =
        std::make_unique<Session>(g.search, g.requested, g.default_option_strings, g.lua.limits());
  GameConfig config;
  config.seed = g.state.seed;
  config.game_index = g.state.game_index;
  config.players = g.state.players;
  config.max_turns = g.playing->max_turns;
  config.options = g.playing->options;
  config.agents = request.agents;
  config.agent_objects = request.agent_objects;
  const GameResult r = copy_->play_fork(config, prefix_, request, depth_ + 1);

  engine::ForkResult out;
  out.ok = r.ok;
  out.error = r.error;
  out.state = &copy_->state();
  out.over = r.ok && out.state->over;
  out.winner = r.winner;
  out.reason = r.reason;
  out.turns = r.turns;
  out.digest = r.digest;
  if (out.ok) {
    try {
      out.scores = copy_->scores();
    } catch (const std::exception& e) {
      out.ok = false;
      out.error = std::string("fork: ") + e.what();
    }
  }
  return out;
}

}  // namespace catan::scripting
