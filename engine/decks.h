#pragma once
// Ordered decks of items (card names interned as ids). The top of a deck is its last element.

#include <optional>
#include <vector>

#include "engine/rng.h"

namespace catan::engine {

// Who may see a deck (engine/visibility.h). Public by default: everyone sees its items in order.
struct DeckVisibility {
  bool hidden = false;  // nobody sees the order of its items
  // With `hidden`: the private form (id) whose holdings share the deck's unknown items (the
  // development deck and the development cards in hands): a player knows only what the deck
  // and the other players' holdings in that form hold together. -1: the items are known.
  int pool_form = -1;
};

// A set of decks indexed by id. Items are ids from the game's item NameTable.
class Decks {
 public:
  // Adds an empty deck and returns its id.
  int add();
  void clear() {
    decks_.clear();
    items_ = 0;
  }
  int size() const noexcept { return static_cast<int>(decks_.size()); }

  // Puts `item` on top of deck `deck`.
  void push(int deck, int item) {
    at(deck).push_back(item);
    ++items_;
  }
  // Removes and returns the top item, or nullopt when the deck is empty.
  std::optional<int> draw(int deck);
  // Number of items in deck `deck`.
  int count(int deck) const { return static_cast<int>(at(deck).size()); }
  // Items from bottom (index 0) to top.
  const std::vector<int>& items(int deck) const { return at(deck); }
  // Shuffles deck `deck` uniformly with `rng` (Fisher-Yates).
  void shuffle(int deck, Rng& rng);
  // Replaces the items of deck `deck` by `items` (bottom to top) of the same number.
  void replace(int deck, const std::vector<int>& items) { at(deck) = items; }
  // An estimate of the heap bytes held: a vector per deck and an int per item in them.
  std::size_t bytes() const noexcept {
    return decks_.size() * sizeof(std::vector<int>) + items_ * sizeof(int);
  }

 private:
  std::vector<int>& at(int deck);
  const std::vector<int>& at(int deck) const;
  std::vector<std::vector<int>> decks_;
  std::size_t items_ = 0;  // items in all decks
};

}  // namespace catan::engine
