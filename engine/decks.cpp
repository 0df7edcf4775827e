#include "engine/decks.h"

#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

int Decks::add() {
  decks_.emplace_back();
  return size() - 1;
}

std::optional<int> Decks::draw(int deck) {
  auto& d = at(deck);
  if (d.empty()) return std::nullopt;
  const int item = d.back();
  d.pop_back();
  --items_;
  return item;
}

void Decks::shuffle(int deck, Rng& rng) {
  auto& d = at(deck);
  rng.shuffle(d.begin(), d.end());
}

std::vector<int>& Decks::at(int deck) {
  if (deck < 0 || deck >= size()) throw std::out_of_range(fmt::format("unknown deck {}", deck));
  return decks_[static_cast<std::size_t>(deck)];
}

const std::vector<int>& Decks::at(int deck) const {
  if (deck < 0 || deck >= size()) throw std::out_of_range(fmt::format("unknown deck {}", deck));
  return decks_[static_cast<std::size_t>(deck)];
}

}  // namespace catan::engine
