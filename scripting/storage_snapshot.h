#pragma once
// A copy of the packs' storage at one moment of a game, put back in place later: the storage half
// of a fork's checkpoint (scripting/fork.h; the kernel half is a copy of engine::GameState).
//
// Restoring keeps every table's identity. Each table storage reached when the copy was taken gets
// back exactly the entries and the metatable it had then, so whatever refers to it (another
// storage table, a view of it a pack keeps in a local) sees the copy's contents; tables made
// since are no longer referred to by storage. A table whose entries are unchanged is only read,
// not rewritten, so a restore costs little more than reading the tables a game changes.
//
// Copied are tables, strings, numbers and booleans (the plain data storage may hold, scripting/
// fork.h); tables the caller marks as kernel data (views, board lists) are neither copied nor
// restored: the kernel keeps them current itself.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct lua_State;

namespace catan::scripting {

class StorageSnapshot {
 public:
  // Whether the table at stack index `index` is kernel data, left out of the copy.
  using IsKernelData = std::function<bool(lua_State*, int)>;

  // Drops the previous copy and starts an empty one.
  void begin(lua_State* L);
  // Adds the storage table at stack index `index` of pack `pack` (with everything it reaches).
  // Throws std::runtime_error, as check_plain_storage does, naming the first value that is not
  // plain data; the snapshot is then empty.
  void add(lua_State* L, int index, const std::string& pack, const IsKernelData& kernel_data);
  // Puts back every table added since begin() as it was when added.
  void restore(lua_State* L) const;
  // Drops the copy (its tables become garbage).
  void release(lua_State* L);

 private:
  // Registry references to three parallel arrays: the tables copied, their copies (same keys,
  // same values) and their metatables (`false` where a table has none).
  // Pushes the three arrays; returns the stack index of the first (the others follow).
  int push_arrays(lua_State* L) const;
  int tables_ref_ = -2;  // LUA_NOREF
  int copies_ref_ = -2;
  int metas_ref_ = -2;
  std::vector<int> counts_;       // entries of each table copied
  std::vector<bool> metatabled_;  // whether it had a metatable
};

// A digest of the plain data below the table at stack index `index` (tests comparing two copies
// of a game's storage): equal for tables with equal entries, whatever their order or layout.
// Below 100 levels of nesting a table counts by its size only; a table met again counts as
// the first time (a table met inside itself, as a fixed mark).
std::uint64_t storage_digest(lua_State* L, int index);

}  // namespace catan::scripting
