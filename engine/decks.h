#pragma once
// Ordered decks of items (card names interned as ids). The top of a deck is its last element.

#include <optional>
#include <vector>

#include "engine/rng.h"

namespace catan::engine {

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
