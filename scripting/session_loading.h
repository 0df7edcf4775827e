#pragma once
// Pack loading and environments: the part of a Session (scripting/session_impl.h) that holds its
// packs in load order, their compiled scripts, the template every pack environment is copied
// from, and the board lists kept from game to game. Fixed for the Session's life once the
// constructor has compiled the packs, except the per-game references load_game renews.
// Implemented by Session::Impl's loading methods (session_loading.cpp).
// Invariants: packs[i] is pack order[i]; every `*_ref` is a Lua registry reference or LUA_NOREF;
// after load_game, each pack's env_ref, exports_ref and options_ref belong to the game being
// played.

#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "engine/replay.h"
#include "scripting/lua_state.h"
#include "scripting/manifest.h"
#include "scripting/pack_options.h"
#include "scripting/pack_search.h"

namespace catan::scripting {

struct LoadedPacks {
  LoadedPacks(packs::PackSearch& search, lua::Limits limits) : search(search), lua(limits) {}

  packs::PackSearch& search;
  std::vector<std::string> requested;
  std::vector<const packs::Manifest*> order;
  // What replays record: `requested` with each pack given by path replaced by its name, and the
  // loaded packs with version, content hash and folder (a hint for finding them again).
  std::vector<std::string> requested_names;
  std::vector<engine::Replay::PackRef> pack_refs;
  packs::ResolvedOptions default_options;
  std::vector<std::string> default_option_strings;
  // The Lua state every game of this Session runs in. Declared first among the parts' fields so
  // that it is destroyed last: the other parts hold registry references into it.
  lua::State lua;
  struct Chunk {
    int ref = LUA_NOREF;  // compiled entry script (registry)
    std::string file;
  };
  struct Pack {
    const packs::Manifest* manifest = nullptr;
    std::vector<Chunk> chunks;
    std::vector<Chunk> library_chunks;  // compiled "library" scripts, run before `chunks`
    int exports_ref = LUA_NOREF;   // this game's exports: what require(name) returns (registry)
    std::vector<int> reachable;    // load indices this pack may require: itself and its requires
    int env_ref = LUA_NOREF;       // this game's environment: the pack's globals (registry)
    int snapshot_ref = LUA_NOREF;  // a copy of them as loading left them (check_globals)
    int copies_ref = LUA_NOREF;    // this game's library copies (push_environment, check_globals)
    int globals_size = 64;         // entries of the globals after the last load (presizing)
    int storage_size = 16;         // fields of `storage` at the last game's end (presizing)
    int options_ref = LUA_NOREF;   // the read-only `options` of the last game (registry)
    std::vector<std::pair<std::string, packs::OptionValue>> option_values;  // its values
  };
  std::vector<Pack> packs;
  int loading_pack = -1;  // load index while a pack's entry chunks run
  // Template of pack environments (sandbox globals, libraries, game, board) as a flat array
  // {name1, value1, ...}, each library itself a flat array of its fields (push_environment).
  int base_ref = LUA_NOREF;
  // Under the sandbox: {[name] = metatable} for each table of the template, the metatable every
  // copy of it gets (new keys raise "attempt to modify read-only table 'name'", locked, marked
  // read-only for the sandbox's rawset). LUA_NOREF without the sandbox (writable libraries).
  int library_meta_ref = LUA_NOREF;
  // The adjacency lists of the hex board of radius shared_radius, kept from game to game since
  // board.hex of one radius always gives the same board (building them is a large part of a
  // game's setup): a registry table {[relation key] = array of lists}. lists_shared says this
  // game uses them; verify_board_lists() then checks them when the game ends.
  int shared_radius = -1;
  int shared_lists_ref = LUA_NOREF;
  bool lists_shared = false;
  // Bits by relation (api_board.cpp): the shared lists of a relation are all built (board.adjacency
  // then returns them as they are); lists of a relation were handed to Lua since the last
  // verification (only those are verified; completeness is not trusted while any are pending).
  unsigned shared_lists_complete = 0;
  unsigned lists_handed_out = 0;
};

}  // namespace catan::scripting
