// The `board` table of the Lua API: building a board (the standard hex island or a custom graph),
// its precomputed adjacency, and per-element properties. Ids are 1-based in Lua.
#include "scripting/api_board.h"

#include <fmt/format.h>

#include "engine/hex_board.h"
#include "engine/longest_trail.h"
#include "scripting/api_args.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

using Impl = Session::Impl;
using engine::Board;

enum class Element { Tile, Node, Path };

const char* element_name(Element e) {
  return e == Element::Tile ? "tile" : e == Element::Node ? "node" : "path";
}

PropSet prop_set(Element e) {
  return e == Element::Tile ? PropSet::Tile : e == Element::Node ? PropSet::Node : PropSet::Path;
}

int element_count(const Board& b, Element e) {
  return e == Element::Tile ? b.tile_count() : e == Element::Node ? b.node_count() : b.path_count();
}

// The adjacency relations of the board API, by name.
using Relation = std::span<const int> (Board::*)(int) const;

constexpr char kTileNodes[] = "adj.tile_nodes", kTilePaths[] = "adj.tile_paths",
               kTileTiles[] = "adj.tile_tiles", kNodeTiles[] = "adj.node_tiles",
               kNodeNodes[] = "adj.node_nodes", kNodePaths[] = "adj.node_paths",
               kPathNodes[] = "adj.path_nodes", kPathTiles[] = "adj.path_tiles",
               kPathPaths[] = "adj.path_paths";

struct NamedRelation {
  const char* name;
  Element from;
  Relation rel;
  const char* key;
};
constexpr NamedRelation kRelations[] = {
    {"tile_nodes", Element::Tile, &Board::tile_nodes, kTileNodes},
    {"tile_paths", Element::Tile, &Board::tile_paths, kTilePaths},
    {"tile_tiles", Element::Tile, &Board::tile_tiles, kTileTiles},
    {"node_tiles", Element::Node, &Board::node_tiles, kNodeTiles},
    {"node_nodes", Element::Node, &Board::node_nodes, kNodeNodes},
    {"node_paths", Element::Node, &Board::node_paths, kNodePaths},
    {"path_nodes", Element::Path, &Board::path_nodes, kPathNodes},
    {"path_tiles", Element::Path, &Board::path_tiles, kPathTiles},
    {"path_paths", Element::Path, &Board::path_paths, kPathPaths},
};

const Board& finalized(lua_State* L, Impl& s) {
  if (!s.state.board.finalized())
    luaL_error(L, "the board is not built yet (board.hex or board.finalize)");
  return s.state.board;
}

int check_element(lua_State* L, Impl& s, Element e, int arg) {
  const Board& b = finalized(L, s);
  const lua_Integer id = luaL_checkinteger(L, arg);
  const int n = element_count(b, e);
  if (id < 1 || id > n)
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "%s %d does not exist (there are %d)", element_name(e),
                                  static_cast<int>(id), n));
  return static_cast<int>(id - 1);
}

void freeze_list(lua_State* L);

// After the board is fixed, every element gets its property row.
void board_built(Impl& s) {
  s.state.tile_props.resize(s.state.board.tile_count());
  s.state.node_props.resize(s.state.board.node_count());
  s.state.path_props.resize(s.state.board.path_count());
}

int b_hex(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.hex");
  const lua_Integer radius = luaL_checkinteger(L, 1);
  if (radius < 0 || radius > 50) luaL_argerror(L, 1, "radius must be in 0..50");
  if (s.state.board.finalized() || s.state.board.tile_count() > 0)
    luaL_error(L, "board.hex: the board is already built");
  s.state.board = engine::make_hex_board(static_cast<int>(radius));
  board_built(s);
  s.check_memory(L);
  // This game's adjacency caches are the lists shared by every game on a board of this radius.
  if (radius != s.shared_radius) {
    if (s.shared_lists_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, s.shared_lists_ref);
    lua_createtable(L, 0, std::size(kRelations));
    for (const auto& r : kRelations) {
      lua_createtable(L, element_count(s.state.board, r.from), 0);
      freeze_list(L);
      lua_setfield(L, -2, r.key);
    }
    s.shared_lists_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    s.shared_radius = static_cast<int>(radius);
    s.shared_lists_complete = 0;
    s.lists_handed_out = 0;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.game_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.shared_lists_ref);
  for (const auto& r : kRelations) {
    lua_getfield(L, -1, r.key);
    lua_setfield(L, -3, r.key);
  }
  lua_pop(L, 2);
  s.lists_shared = true;
  // Lists handed out by a game that ended before they were verified may have lost entries.
  if (s.lists_handed_out != 0) s.shared_lists_complete = 0;
  return 0;
}

// A custom board has at most kMaxElements tiles, nodes and paths each (ids stay ints).
constexpr int kMaxElements = 1 << 24;

void check_room(lua_State* L, const char* function, int count, const char* what) {
  if (count >= kMaxElements)
    luaL_error(L, "%s: the board has %d %s, the limit", function, count, what);
}

// A tile label coordinate: an int.
int check_coord(lua_State* L, int arg) {
  const lua_Integer v = luaL_optinteger(L, arg, 0);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    luaL_argerror(L, arg, "coordinate out of range");
  return static_cast<int>(v);
}

int b_add_tile(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.add_tile");
  const int q = check_coord(L, 1);
  const int r = check_coord(L, 2);
  check_room(L, "board.add_tile", s.state.board.tile_count(), "tiles");
  lua_pushinteger(L, s.state.board.add_tile({q, r}) + 1);
  s.check_memory(L);
  return 1;
}
int b_add_node(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.add_node");
  check_room(L, "board.add_node", s.state.board.node_count(), "nodes");
  lua_pushinteger(L, s.state.board.add_node() + 1);
  s.check_memory(L);
  return 1;
}
int raw_node(lua_State* L, Impl& s, int arg) {
  const lua_Integer id = luaL_checkinteger(L, arg);
  if (id < 1 || id > s.state.board.node_count()) luaL_argerror(L, arg, "no such node");
  return static_cast<int>(id - 1);
}
int b_add_path(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.add_path");
  const int a = raw_node(L, s, 1);
  const int b = raw_node(L, s, 2);
  check_room(L, "board.add_path", s.state.board.path_count(), "paths");
  lua_pushinteger(L, s.state.board.add_path(a, b) + 1);
  s.check_memory(L);
  return 1;
}
int b_attach(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.attach");
  const lua_Integer t = luaL_checkinteger(L, 1);
  if (t < 1 || t > s.state.board.tile_count()) luaL_argerror(L, 1, "no such tile");
  s.state.board.attach(static_cast<int>(t - 1), raw_node(L, s, 2));
  s.check_memory(L);
  return 0;
}
int b_finalize(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board.finalize");
  // The relation tables can grow with the square of a degree: their size is checked first.
  if (!s.state.board.finalized()) s.check_memory(L, s.state.board.finalize_bytes());
  s.state.board.finalize();
  board_built(s);
  s.check_memory(L);
  return 0;
}
int b_is_built(lua_State* L) {
  lua_pushboolean(L, session(L).state.board.finalized());
  return 1;
}

int b_tiles(lua_State* L) {
  lua_pushinteger(L, session(L).state.board.tile_count());
  return 1;
}
int b_nodes(lua_State* L) {
  lua_pushinteger(L, session(L).state.board.node_count());
  return 1;
}
int b_paths(lua_State* L) {
  lua_pushinteger(L, session(L).state.board.path_count());
  return 1;
}

int b_tile_coord(lua_State* L) {
  Impl& s = session(L);
  const auto c = s.state.board.tile_coord(check_element(L, s, Element::Tile, 1));
  lua_pushinteger(L, c.q);
  lua_pushinteger(L, c.r);
  return 2;
}
int b_tile_at(lua_State* L) {
  Impl& s = session(L);
  const auto t = s.state.board.tile_at(
      {static_cast<int>(luaL_checkinteger(L, 1)), static_cast<int>(luaL_checkinteger(L, 2))});
  if (t)
    lua_pushinteger(L, *t + 1);
  else
    lua_pushnil(L);
  return 1;
}
int b_path_between(lua_State* L) {
  Impl& s = session(L);
  const int a = check_element(L, s, Element::Node, 1);
  const int b = check_element(L, s, Element::Node, 2);
  const auto p = s.state.board.path_between(a, b);
  if (p)
    lua_pushinteger(L, *p + 1);
  else
    lua_pushnil(L);
  return 1;
}

// Adjacency lists are returned as Lua arrays built once per game and element, then cached in the
// per-game table (so repeated queries do not allocate). They are frozen: every list and every
// array of lists carries the locked metatable of push_list_metatable(), so a pack cannot add a
// key, set a metatable or rawset into one; only keys that exist (1..n) can still be reassigned
// or cleared, which verify_board_lists() detects.

char kListMetatable;  // registry key (light userdata) of the metatable of board lists

// __newindex of board lists: every new key is refused.
int list_newindex(lua_State* L) {
  return luaL_error(L,
                    "attempt to modify read-only table 'board list' (board lists are read-only "
                    "and shared between games: copy one before changing it)");
}

// Pushes the metatable every board list and array of lists carries: __newindex refuses new
// keys, __metatable = "locked" keeps it in place, and the sandbox's read-only marker makes
// rawset refuse the table. It has no __index or __len, so reads cost what they cost on a plain
// table.
void push_list_metatable(lua_State* L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kListMetatable) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 3);
  lua_pushcfunction(L, list_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua::mark_read_only(L, -1, "board list");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kListMetatable);
}

}  // namespace

bool is_board_list(lua_State* L, int index) {
  if (!lua_getmetatable(L, index)) return false;
  const bool list =
      lua_rawgetp(L, LUA_REGISTRYINDEX, &kListMetatable) == LUA_TTABLE && lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return list;
}

namespace {

// Freezes the table on top of the stack (see push_list_metatable).
void freeze_list(lua_State* L) {
  push_list_metatable(L);
  lua_setmetatable(L, -2);
}

// Pushes the list of element `id` (0-based) in `cache` (the table at stack index `cache`),
// building and caching it on first use.
void push_adjacent(lua_State* L, int cache, std::span<const int> span, int id) {
  if (lua_rawgeti(L, cache, id + 1) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, static_cast<int>(span.size()), 0);
  for (std::size_t i = 0; i < span.size(); ++i) {
    lua_pushinteger(L, span[i] + 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  freeze_list(L);
  lua_pushvalue(L, -1);
  lua_rawseti(L, cache, id + 1);
}

// Pushes the per-game cache of the lists of relation `key`: an array with a slot per element,
// created with room for all of them.
void push_adjacency_cache(lua_State* L, Impl& s, const char* key, int elements) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.game_ref);
  if (lua_getfield(L, -1, key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, elements, 0);
    freeze_list(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key);
  }
  lua_remove(L, -2);
}

// The bit of relation `key` in Impl::lists_handed_out and Impl::shared_lists_complete.
constexpr unsigned relation_bit(const char* key) {
  for (std::size_t i = 0; i < std::size(kRelations); ++i)
    if (kRelations[i].key == key) return 1u << i;
  return 0;
}

template <Element From, Relation Rel, const char* Key>
int adjacency(lua_State* L) {
  Impl& s = session(L);
  const int id = check_element(L, s, From, 1);
  push_adjacency_cache(L, s, Key, element_count(s.state.board, From));
  push_adjacent(L, lua_gettop(L), (s.state.board.*Rel)(id), id);
  if (s.lists_shared) s.lists_handed_out |= relation_bit(Key);
  return 1;
}

// board.adjacency(relation): the lists of every element at once: the per-game array of the same
// cached lists the per-element functions return.
int b_adjacency(lua_State* L) {
  Impl& s = session(L);
  const auto name = check_sv(L, 1);
  const NamedRelation* rel = nullptr;
  for (const auto& r : kRelations)
    if (name == r.name) rel = &r;
  if (rel == nullptr) {
    std::vector<std::string> names;
    for (const auto& r : kRelations) names.emplace_back(r.name);
    const std::string hint = engine::closest_name(name, names);
    const std::string msg =
        hint.empty() ? fmt::format("unknown relation '{}'", name)
                     : fmt::format("unknown relation '{}' (did you mean '{}'?)", name, hint);
    luaL_argerror(L, 1, lua_pushstring(L, msg.c_str()));
  }
  const Board& b = finalized(L, s);
  const int n = element_count(b, rel->from);
  push_adjacency_cache(L, s, rel->key, n);
  const unsigned bit = relation_bit(rel->key);
  if (s.lists_shared) {
    s.lists_handed_out |= bit;
    // Complete shared lists stay complete while they pass verify_board_lists.
    if (s.shared_lists_complete & bit) return 1;
  }
  const int cache = lua_gettop(L);
  for (int id = 0; id < n; ++id) {
    push_adjacent(L, cache, (b.*(rel->rel))(id), id);
    lua_pop(L, 1);
  }
  if (s.lists_shared) s.shared_lists_complete |= bit;
  return 1;  // the cache itself: every list, by element
}

engine::Properties& props(Impl& s, Element e) {
  return e == Element::Tile   ? s.state.tile_props
         : e == Element::Node ? s.state.node_props
                              : s.state.path_props;
}

template <Element E>
int get_prop(lua_State* L) {
  Impl& s = session(L);
  const int id = check_element(L, s, E, 1);
  std::size_t n = 0;
  const char* key = luaL_checklstring(L, 2, &n);
  push_value(L, props(s, E).get(id, {key, n}));
  return 1;
}

template <Element E>
int set_prop(lua_State* L) {
  Impl& s = session(L);
  s.require_mutable("board property setter");
  const int id = check_element(L, s, E, 1);
  std::size_t n = 0;
  const char* key = luaL_checklstring(L, 2, &n);
  set_property(L, s, props(s, E), id, {key, n}, 3);
  ++s.state.board_version;
  s.views.prop_changed(L, prop_set(E), id, {key, n}, 3);
  return 0;
}

int b_version(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(session(L).state.board_version));
  return 1;
}

template <Element E>
int prop_view(lua_State* L) {
  Impl& s = session(L);
  const std::size_t before = s.views.bytes();
  s.views.push_props(L, s.state, prop_set(E), check_sv(L, 1));
  if (s.views.bytes() > before) s.check_memory(L);
  return 1;
}

// board.count_<element>s(key, value [, key2, value2]): elements whose props match.
template <Element E>
int count_props(lua_State* L) {
  Impl& s = session(L);
  const auto key = check_sv(L, 1);
  luaL_checkany(L, 2);
  const engine::Value value = to_value(L, 2);
  std::string_view key2;
  engine::Value value2;
  if (!lua_isnoneornil(L, 3)) {
    key2 = check_sv(L, 3);
    luaL_checkany(L, 4);
    value2 = to_value(L, 4);
  }
  lua_pushinteger(L, props(s, E).count_where(key, value, key2, value2));
  return 1;
}

// board.longest_trail(edge_key, edge_value, block_key): the longest trail over the paths whose
// prop edge_key equals edge_value, not passing nodes whose prop block_key is set to another value.
int longest_trail(lua_State* L) {
  Impl& s = session(L);
  const auto edge_key = check_sv(L, 1);
  luaL_checkany(L, 2);
  const engine::Value owner = to_value(L, 2);
  const auto block_key = check_sv(L, 3);
  const Board& b = finalized(L, s);
  std::vector<char> chosen(static_cast<std::size_t>(b.path_count()), 0);
  std::vector<char> blocked(static_cast<std::size_t>(b.node_count()), 0);
  // Owners are usually seats: compare integers without going through the variant.
  const auto* seat = std::get_if<std::int64_t>(&owner);
  if (const auto k = s.state.path_props.keys().find(edge_key)) {
    const auto& column = s.state.path_props.column(*k);
    for (std::size_t p = 0; p < chosen.size(); ++p) {
      const auto* v = std::get_if<std::int64_t>(&column[p]);
      chosen[p] = seat && v ? *v == *seat : column[p] == owner;
    }
  }
  if (const auto k = s.state.node_props.keys().find(block_key)) {
    const auto& column = s.state.node_props.column(*k);
    for (std::size_t n = 0; n < blocked.size(); ++n) {
      const auto* v = std::get_if<std::int64_t>(&column[n]);
      blocked[n] = seat && v ? *v != *seat : !engine::is_nil(column[n]) && column[n] != owner;
    }
  }
  int length = 0;
  try {
    length = engine::longest_trail(b, chosen, blocked);
  } catch (const std::length_error& e) {
    luaL_error(L, "board.longest_trail: %s", e.what());
  }
  lua_pushinteger(L, length);
  return 1;
}

}  // namespace

namespace {

// Whether the table at `index` is frozen with the board lists' metatable (at stack index
// `metatable`); a replacement table is not.
bool frozen(lua_State* L, int index, int metatable) {
  if (lua_getmetatable(L, index) == 0) return false;
  const bool same = lua_rawequal(L, -1, metatable);
  lua_pop(L, 1);
  return same;
}

// The integer value of the number at `index`, if it is one.
std::optional<lua_Integer> integer_at(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TNUMBER) return std::nullopt;
  int is_integer = 0;
  const lua_Integer v = lua_tointegerx(L, index, &is_integer);
  return is_integer ? std::optional(v) : std::nullopt;
}

// Whether the list at `index` holds exactly `span` (1-based ids) and nothing else, and is
// frozen. Visits every key.
bool list_intact(lua_State* L, int index, int metatable, std::span<const int> span) {
  if (lua_type(L, index) != LUA_TTABLE || !frozen(L, index, metatable)) return false;
  const int top = lua_gettop(L);
  std::size_t entries = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const auto i = integer_at(L, -2);
    const auto v = integer_at(L, -1);
    if (!i || !v || *i < 1 || *i > static_cast<lua_Integer>(span.size()) ||
        *v != span[static_cast<std::size_t>(*i - 1)] + 1) {
      lua_settop(L, top);
      return false;
    }
    ++entries;
    lua_pop(L, 1);
  }
  return entries == span.size();
}

// Whether the array of lists of relation `r` at `index` is frozen, has keys 1..n only (all of
// them when `complete`), and every list in it is intact.
bool lists_intact(lua_State* L, int index, int metatable, const Board& b, const NamedRelation& r,
                  bool complete) {
  if (lua_type(L, index) != LUA_TTABLE || !frozen(L, index, metatable)) return false;
  const int n = element_count(b, r.from);
  const int top = lua_gettop(L);
  int lists = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const auto id = integer_at(L, -2);
    if (!id || *id < 1 || *id > n ||
        !list_intact(L, lua_gettop(L), metatable, (b.*(r.rel))(static_cast<int>(*id - 1)))) {
      lua_settop(L, top);
      return false;
    }
    ++lists;
    lua_pop(L, 1);
  }
  return !complete || lists == n;
}

}  // namespace

std::optional<std::string> verify_board_lists(Impl& s) {
  if (!s.lists_shared) return std::nullopt;
  lua_State* L = s.lua.get();
  const lua::StackGuard guard(L);
  push_list_metatable(L);
  const int metatable = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.shared_lists_ref);
  for (const auto& r : kRelations) {
    // Only lists handed out to Lua since the last verification can have changed.
    const unsigned bit = relation_bit(r.key);
    if (!(s.lists_handed_out & bit)) continue;
    lua_getfield(L, -1, r.key);
    const bool ok =
        lists_intact(L, lua_gettop(L), metatable, s.state.board, r, s.shared_lists_complete & bit);
    lua_pop(L, 1);
    if (!ok) {
      luaL_unref(L, LUA_REGISTRYINDEX, s.shared_lists_ref);
      s.shared_lists_ref = LUA_NOREF;
      s.shared_radius = -1;
      s.shared_lists_complete = 0;
      s.lists_handed_out = 0;
      return fmt::format(
          "pack code modified board.{} lists (they are shared and read-only: copy before "
          "changing)",
          r.name);
    }
  }
  s.lists_handed_out = 0;
  return std::nullopt;
}

void open_board_api(lua_State* L, Session::Impl& s) {
  static const luaL_Reg functions[] = {
      {"hex", lua::protect<b_hex>},
      {"add_tile", lua::protect<b_add_tile>},
      {"add_node", lua::protect<b_add_node>},
      {"add_path", lua::protect<b_add_path>},
      {"attach", lua::protect<b_attach>},
      {"finalize", lua::protect<b_finalize>},
      {"is_built", lua::protect<b_is_built>},
      {"tiles", lua::protect<b_tiles>},
      {"nodes", lua::protect<b_nodes>},
      {"paths", lua::protect<b_paths>},
      {"tile_coord", lua::protect<b_tile_coord>},
      {"tile_at", lua::protect<b_tile_at>},
      {"path_between", lua::protect<b_path_between>},
      {"tile_nodes", lua::protect<adjacency<Element::Tile, &Board::tile_nodes, kTileNodes>>},
      {"tile_paths", lua::protect<adjacency<Element::Tile, &Board::tile_paths, kTilePaths>>},
      {"tile_tiles", lua::protect<adjacency<Element::Tile, &Board::tile_tiles, kTileTiles>>},
      {"node_tiles", lua::protect<adjacency<Element::Node, &Board::node_tiles, kNodeTiles>>},
      {"node_nodes", lua::protect<adjacency<Element::Node, &Board::node_nodes, kNodeNodes>>},
      {"node_paths", lua::protect<adjacency<Element::Node, &Board::node_paths, kNodePaths>>},
      {"path_nodes", lua::protect<adjacency<Element::Path, &Board::path_nodes, kPathNodes>>},
      {"path_tiles", lua::protect<adjacency<Element::Path, &Board::path_tiles, kPathTiles>>},
      {"path_paths", lua::protect<adjacency<Element::Path, &Board::path_paths, kPathPaths>>},
      {"adjacency", lua::protect<b_adjacency>},
      {"longest_trail", lua::protect<longest_trail>},
      {"count_tiles", lua::protect<count_props<Element::Tile>>},
      {"count_nodes", lua::protect<count_props<Element::Node>>},
      {"count_paths", lua::protect<count_props<Element::Path>>},
      {"tile_get", lua::protect<get_prop<Element::Tile>>},
      {"tile_set", lua::protect<set_prop<Element::Tile>>},
      {"node_get", lua::protect<get_prop<Element::Node>>},
      {"node_set", lua::protect<set_prop<Element::Node>>},
      {"path_get", lua::protect<get_prop<Element::Path>>},
      {"path_set", lua::protect<set_prop<Element::Path>>},
      {"version", lua::protect<b_version>},
      {"tile_view", lua::protect<prop_view<Element::Tile>>},
      {"node_view", lua::protect<prop_view<Element::Node>>},
      {"path_view", lua::protect<prop_view<Element::Path>>},
      {nullptr, nullptr}};
  lua_pushlightuserdata(L, &s);
  luaL_setfuncs(L, functions, 1);
}

}  // namespace catan::scripting
