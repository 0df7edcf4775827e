#pragma once
// The whole state of one game, owned by the kernel. Rule packs read and change it only through
// the scripting API; nothing about a game lives in Lua between calls except per-game storage,
// which the scripting layer creates fresh for each game.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/decision.h"
#include "engine/decks.h"
#include "engine/events.h"
#include "engine/holdings.h"
#include "engine/name_table.h"
#include "engine/properties.h"
#include "engine/rng.h"

namespace catan::engine {

// Everything one game consists of. reset() returns it to the empty state of a new game while
// keeping allocated capacity, so a worker can play many games without reallocating.
struct GameState {
  // Identity.
  std::uint64_t seed = 0;
  std::uint64_t game_index = 0;
  Rng rng;  // the game's stream: (seed, game_index, 0)

  // Players and turn structure. Seats are 0-based here (1-based in Lua).
  int players = 0;
  int current = 0;         // whose turn it is
  int first_player = 0;    // a round starts when the turn returns to this seat
  int next_override = -1;  // when >= 0, the seat that plays next instead of current + 1
  int turn = 0;            // turns started so far
  int round = 0;           // completed rounds + 1 once the first turn has begun
  std::string phase;       // free text owned by the packs
  bool over = false;
  std::optional<int> winner;
  std::string end_reason;
  // Changes whenever a pack changes the state through the API (the scripting layer bumps it in
  // every mutating call); lets read-only checks skip work when nothing changed.
  std::uint64_t version = 0;
  // Changes whenever a board property changes (a subset of `version`): caches derived from the
  // board (legal spots, owned pieces) stay valid while it is unchanged.
  std::uint64_t board_version = 0;

  // Catalogue of what can be held, and who holds it.
  NameTable kinds;     // e.g. "brick"
  NameTable forms;     // e.g. "card", "token"
  NameTable supplies;  // e.g. "bank"; holder id = players + supply id
  Holdings holdings;

  // Decks of named items.
  NameTable items;
  NameTable deck_names;
  Decks decks;

  // What each seat may see (engine/visibility.h): form_private[f] != 0 when a player's holdings
  // in form f show their count to everyone and their kinds to the owner only (forms without an
  // entry are public); deck_visibility by deck id.
  std::vector<char> form_private;
  std::vector<DeckVisibility> deck_visibility;

  // Topology and per-element properties.
  Board board;
  Properties tile_props, node_props, path_props, player_props, game_props;

  // Events and the decision log (each record names its kind and the chosen option's id by their
  // ids in these tables).
  EventRegistry events;
  NameTable decision_kinds;
  NameTable option_ids;
  std::vector<DecisionRecord> decisions;

  // Starts a new, empty game: no kinds, forms, supplies, decks, board, properties or handlers.
  // Event declarations stay (they depend on the packs, not on the game).
  void reset(std::uint64_t seed, std::uint64_t game_index, int players);

  int holder_of_supply(int supply) const { return players + supply; }
  // Grows the holdings table after a kind, form or supply was added.
  void reshape_holdings();
  // Advances `current` to the next seat, or to the override. A round begins when the normal
  // rotation comes back to first_player; an override never begins one.
  void advance_turn();

  // An estimate of the heap bytes this game's state holds beyond an empty game: names, holdings
  // cells, decks, board, properties, handlers registered, the decision log and the turn texts.
  // Every part is kept by its container or read from a size, so this costs a few dozen loads.
  // Event declarations are excluded (they depend on the packs, not on the game).
  std::size_t held_bytes() const noexcept;

  // A 64-bit FNV-1a digest of the observable state: turn structure, holdings, decks, board
  // properties and player properties. Two runs of the same game end with the same digest.
  std::uint64_t digest() const;
};

}  // namespace catan::engine
