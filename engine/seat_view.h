#pragma once
// What one seat may see of a game (engine/visibility.h): the read-only window the kernel gives a
// native agent instead of the game's state. Everything public reads through; another player's
// holdings in a private form show their count and never their kinds, a hidden deck shows its
// size and never its order, and the game's random stream is not reachable at all (it would tell
// the coming dice). Lua agents meet the same rules in the game API (docs/lua-api.md).

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game_state.h"

namespace catan::engine {

// Thrown when an agent asks for what its seat may not see; the message names what and why.
class HiddenInformation : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SeatView {
 public:
  // A view of `state` as `seat` (0-based) sees it. With `sees_all` (a host's test or benchmark
  // observing the game through an agent, GameConfig::agents_see_all) nothing is hidden and
  // omniscient() gives the whole state.
  SeatView(const GameState& state, int seat, bool sees_all = false)
      : state_(state), seat_(seat), sees_all_(sees_all) {}

  int seat() const noexcept { return seat_; }
  int players() const noexcept { return state_.players; }
  int current() const noexcept { return state_.current; }
  int turn() const noexcept { return state_.turn; }
  int round() const noexcept { return state_.round; }
  const std::string& phase() const noexcept { return state_.phase; }
  bool over() const noexcept { return state_.over; }
  // Every decision answered so far (who chose what is public).
  const std::vector<DecisionRecord>& decisions() const noexcept { return state_.decisions; }
  const NameTable& decision_kinds() const noexcept { return state_.decision_kinds; }
  const NameTable& option_ids() const noexcept { return state_.option_ids; }

  // The catalogue and the public parts of the state.
  const NameTable& kinds() const noexcept { return state_.kinds; }
  const NameTable& forms() const noexcept { return state_.forms; }
  const NameTable& supplies() const noexcept { return state_.supplies; }
  const NameTable& items() const noexcept { return state_.items; }
  const NameTable& deck_names() const noexcept { return state_.deck_names; }
  const Board& board() const noexcept { return state_.board; }
  const Properties& tile_props() const noexcept { return state_.tile_props; }
  const Properties& node_props() const noexcept { return state_.node_props; }
  const Properties& path_props() const noexcept { return state_.path_props; }
  const Properties& player_props() const noexcept { return state_.player_props; }
  const Properties& game_props() const noexcept { return state_.game_props; }
  int holder_of_supply(int supply) const noexcept { return state_.holder_of_supply(supply); }

  // Whether this seat may see the kinds of `holder`'s holdings in `form`: its own, a supply's
  // and a public form's, yes; another player's in a private form, no.
  bool sees_kinds(int holder, int form) const noexcept;
  // `holder`'s count of `kind` in `form`. Throws HiddenInformation when !sees_kinds.
  std::int64_t count(int holder, int form, int kind) const;
  // `holder`'s count over every kind in `form` (always visible).
  std::int64_t total(int holder, int form) const { return state_.holdings.total(holder, form); }
  // The number of items in deck `deck` (always visible).
  int deck_size(int deck) const { return state_.decks.count(deck); }
  // Deck `deck`'s items: bottom to top for a public deck; sorted by item id for a hidden deck
  // whose items are known (its order is not). Throws HiddenInformation for a hidden deck that
  // pools with a private form (its items are not known either).
  std::vector<int> deck_items(int deck) const;

  // The whole state, only when the host let agents see everything; null otherwise.
  const GameState* omniscient() const noexcept { return sees_all_ ? &state_ : nullptr; }

 private:
  const GameState& state_;
  int seat_;
  bool sees_all_;
};

}  // namespace catan::engine
