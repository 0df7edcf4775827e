// Live views: kernel state mirrored into plain Lua tables, so that pack code reads holdings,
// properties and the turn structure with a table index instead of a call into the kernel (a C
// call costs 40-100 ns; a table read a few ns, and hot rule code reads the state hundreds of
// times per turn).
//
// A view is created on first request and then kept current by the kernel: every API function
// that changes a viewed holding or property writes the new value into the view as well. Views
// belong to one game (the session drops them when the next game loads). Packs only read them;
// the kernel compares every view with its own state when the game ends (verify()), so a pack
// that writes into one fails its game with a message naming the view.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <lua.hpp>

#include "engine/game_state.h"

namespace catan::scripting {

// The property sets a view can mirror.
enum class PropSet { Tile, Node, Path, Player, Game };

class Views {
 public:
  // A new game: forgets every view (releasing the Lua tables).
  void reset(lua_State* L);

  // Pushes the view of `holder`'s holdings in the forms of `forms` (bit f = form id f):
  // view[kind name] = the count summed over those forms, for every declared kind (0 when none).
  // A guarded view (a player's view that includes a private form) is an empty table whose
  // metatable reads the counts: while an agent of another seat runs Lua code (guard()), reading
  // or iterating it raises an error naming what is hidden; otherwise it reads like a plain view.
  // `session` is the owning Session::Impl, which says who is observing (a guarded read asks it).
  void push_holdings(lua_State* L, const engine::GameState& state, int holder, std::uint64_t forms,
                     bool guarded, void* session);
  // Makes every guarded view of a holder other than `seat` (0-based) check who reads it, until
  // unguard(): a plain table read stays the fast path for everything else. Cheap when called
  // again for the same seat.
  void guard(lua_State* L, int seat);
  void unguard(lua_State* L);
  // Pushes the view of property `key` of `set`: view[id] = value (1-based element ids; seats
  // for PropSet::Player), nil where unset. For PropSet::Game the view holds every game
  // property by name instead, and `key` is ignored.
  void push_props(lua_State* L, const engine::GameState& state, PropSet set, std::string_view key);

  // Writes holdings cell (holder, form, kind) into every view of the holder that includes the
  // form, if any. Call after changing it.
  void holding_changed(lua_State* L, const engine::GameState& state, int holder, int form,
                       int kind) {
    if (any_holdings_) update_holding(L, state, holder, form, kind);
  }
  // Adds kinds declared since the views were made to every holdings view (value 0).
  void kinds_changed(lua_State* L, const engine::GameState& state);
  // Writes the Lua value at `value_index` as property `key` of element `id` (0-based) of `set`
  // into its view, if viewed. Call after changing the kernel's property. `key_index`, when not
  // 0, is a stack index holding `key` as a Lua string (saves interning it again).
  void prop_changed(lua_State* L, PropSet set, int id, std::string_view key, int value_index,
                    int key_index = 0) {
    if (any_props_) update_prop(L, set, id, key, value_index, key_index);
  }

  // Pushes the view of the turn structure: current, first_player, turn, round, phase, over and
  // winner (nil while there is none), as game.current() and the others return them.
  void push_turn(lua_State* L, const engine::GameState& state);
  // Fields of the turn view, for turn_changed.
  enum TurnField : unsigned {
    kCurrent = 1,
    kFirstPlayer = 2,
    kTurn = 4,
    kRound = 8,
    kPhase = 16,
    kOver = 32,
    kWinner = 64,
    kAllTurnFields = 127
  };
  // Rewrites `fields` (TurnField bits) of the turn view, if any, after they changed.
  void turn_changed(lua_State* L, const engine::GameState& state, unsigned fields) {
    if (turn_ref_ != LUA_NOREF) write_turn(L, state, fields);
  }
  // Writes the Lua string at `value_index`, the new phase, into the turn view, if any.
  void phase_changed(lua_State* L, int value_index);

  // An estimate of the heap bytes the kernel keeps for the views of this game (their Lua tables
  // are Lua memory): an entry per view and the key of each property view.
  std::size_t bytes() const noexcept { return bytes_; }

  // Rewrites every view from `state` (a state put back by a fork's checkpoint, scripting/fork.h):
  // each view then holds what a view made now would, and keeps its identity.
  void refresh(lua_State* L, const engine::GameState& state);
  // Whether the table at stack index `index` is one of the views (kernel data: a fork's
  // checkpoint does not copy it, since refresh() rewrites it).
  bool is_view(lua_State* L, int index) const {
    return !tables_.empty() && tables_.count(lua_topointer(L, index)) != 0;
  }

  // Compares every view with the kernel state; returns the first difference as a message
  // ("pack code wrote into the view ...") or nothing when they all agree.
  std::optional<std::string> verify(lua_State* L, const engine::GameState& state) const;

 private:
  // verify()'s parts, in its order: the holdings views, the property views, game.turn_view. Each
  // returns the first difference found and leaves the stack as it found it.
  std::optional<std::string> verify_holdings(lua_State* L, const engine::GameState& state) const;
  std::optional<std::string> verify_properties(lua_State* L, const engine::GameState& state) const;
  std::optional<std::string> verify_turn(lua_State* L, const engine::GameState& state) const;
  struct PropView {
    std::string key;
    int ref;
  };
  void update_holding(lua_State* L, const engine::GameState& state, int holder, int form, int kind);
  void update_prop(lua_State* L, PropSet set, int id, std::string_view key, int value_index,
                   int key_index);
  static const engine::Properties& props_of(const engine::GameState& state, PropSet set);
  void write_turn(lua_State* L, const engine::GameState& state, unsigned fields);

  struct HoldingsView {
    std::uint64_t forms;  // bit f: form f is summed
    int ref;              // the table of counts the kernel writes
    // Guarded views: the table pack code holds (empty), its metatable and the checking
    // __index closure; LUA_NOREF otherwise.
    int proxy_ref = LUA_NOREF;
    int meta_ref = LUA_NOREF;
    int check_ref = LUA_NOREF;
  };
  // Points the __index of guarded view `v` of `holder` at its counts (fast) or its check.
  void set_guarded_index(lua_State* L, const HoldingsView& v, bool check) const;
  // sum of holdings of `kind` in the forms of `forms`.
  static std::int64_t holding_sum(const engine::GameState& state, int holder, std::uint64_t forms,
                                  int kind);
  // holdings_[holder]: the views of that holder's holdings.
  std::vector<std::vector<HoldingsView>> holdings_;
  int viewed_kinds_ = 0;  // kinds present in every holdings view
  bool any_holdings_ = false;
  std::array<std::vector<PropView>, 5> props_;  // by PropSet
  bool any_props_ = false;
  int turn_ref_ = LUA_NOREF;
  std::unordered_set<const void*> tables_;  // every view's table (is_view)
  bool any_guarded_ = false;
  int guarded_seat_ = -1;  // the seat guard() serves (-1: unguarded)
  std::size_t bytes_ = 0;
};

}  // namespace catan::scripting
