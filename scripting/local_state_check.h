// Finds top-level locals that hold game state: upvalues of the packs' handlers (and of the Lua
// functions those reach through their upvalues) whose value changes during a game. Pack code
// keeps changing data in `storage`, holdings and properties (docs/lua-api.md, "No state between
// calls outside the kernel"): a local is invisible to the agents' views of the game, to the
// replay digest and to tests that build a position, so a rule that keeps its state there works
// by accident. Values a script derives once while the game is set up (a compiled table, a
// lookup) are fine: the fingerprints are taken after game.start.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

struct lua_State;

namespace catan::scripting {

class LocalStateCheck {
 public:
  // A function to start from: the Lua function at stack index `index` and its pack's name.
  struct Root {
    int index = 0;
    std::string pack;
  };

  // Copies every upvalue reachable from `roots` (tables entry by entry), except _ENV, functions
  // (followed instead), the tables in `shared` (storage tables, environments, options, exports:
  // state the kernel already sees, or read-only data) and read-only library tables (locked
  // metatables). The copies live in the Lua registry until release() or the next snapshot.
  void snapshot(lua_State* L, const std::vector<Root>& roots,
                const std::unordered_set<const void*>& shared);

  // The first local that no longer holds what the snapshot copied (a value reassigned, a table
  // entry changed or removed; entries added are fine), as one line naming the pack, the local
  // and the function holding it; nullopt when none changed. Call with the same roots and shared
  // tables as snapshot.
  std::optional<std::string> first_change(lua_State* L, const std::vector<Root>& roots,
                                          const std::unordered_set<const void*>& shared) const;

  // Drops the snapshot's copies.
  void release(lua_State* L);

 private:
  struct Local {
    const void* id = nullptr;  // lua_upvalueid: one entry per local, however many closures share it
    int copy = 0;              // its copy, in the copies table
    std::string text;          // "pack 'p': the local 'name' (an upvalue of the function at f:l)"
  };
  // Calls visit(id, text) for each local to check, with its value on top of the stack.
  using Visit = std::function<void(const void*, std::string)>;
  static void walk(lua_State* L, const std::vector<Root>& roots,
                   const std::unordered_set<const void*>& shared, const Visit& visit);

  std::vector<Local> locals_;
  int copies_ref_ = -2;  // LUA_NOREF
};

}  // namespace catan::scripting
