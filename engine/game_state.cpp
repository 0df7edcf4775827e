#include "engine/game_state.h"

#include <cstring>
#include <type_traits>

namespace catan::engine {

void GameState::reset(std::uint64_t seed_, std::uint64_t game_index_, int players_) {
  seed = seed_;
  game_index = game_index_;
  rng = Rng::for_stream(seed, game_index, 0);
  players = players_;
  current = first_player = 0;
  next_override = -1;
  turn = round = 0;
  phase.clear();
  over = false;
  winner.reset();
  end_reason.clear();
  version = 0;
  board_version = 0;
  kinds.clear();
  forms.clear();
  supplies.clear();
  holdings.reshape(0, 0, 0);
  items.clear();
  deck_names.clear();
  decks.clear();
  form_private.clear();
  deck_visibility.clear();
  board = Board{};
  for (Properties* p : {&tile_props, &node_props, &path_props, &player_props, &game_props})
    p->clear();
  player_props.resize(players);
  game_props.resize(1);
  events.clear_handlers();
  decision_kinds.clear();
  option_ids.clear();
  decisions.clear();
}

std::size_t GameState::held_bytes() const noexcept {
  std::size_t n = 0;
  for (const NameTable* t :
       {&kinds, &forms, &supplies, &items, &deck_names, &decision_kinds, &option_ids})
    n += t->bytes();
  for (const Properties* p : {&tile_props, &node_props, &path_props, &player_props, &game_props})
    n += p->bytes();
  n += holdings.cells().size() * sizeof(std::int64_t) + decks.bytes() + board.bytes() +
       events.handler_bytes() + decisions.size() * sizeof(DecisionRecord) + phase.size() +
       end_reason.size();
  return n;
}

void GameState::reshape_holdings() {
  holdings.reshape(players + supplies.size(), forms.size(), kinds.size());
}

void GameState::advance_turn() {
  if (next_override >= 0) {
    // An out-of-turn seat (an extra turn, a skipped player) does not start a round.
    current = next_override;
    next_override = -1;
    return;
  }
  current = (current + 1) % players;
  if (current == first_player) ++round;
}

namespace {

class Fnv {
 public:
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      h_ ^= p[i];
      h_ *= 0x100000001b3ULL;
    }
  }
  void integer(std::int64_t v) { bytes(&v, sizeof v); }
  void string(const std::string& s) {
    integer(static_cast<std::int64_t>(s.size()));
    bytes(s.data(), s.size());
  }
  void value(const Value& v) {
    integer(static_cast<std::int64_t>(v.index()));
    std::visit(
        [this](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, bool>)
            integer(x ? 1 : 0);
          else if constexpr (std::is_same_v<T, std::int64_t>)
            integer(x);
          else if constexpr (std::is_same_v<T, double>)
            bytes(&x, sizeof x);
          else if constexpr (std::is_same_v<T, std::string>)
            string(x);
        },
        v);
  }
  void properties(const Properties& p) {
    for (int k = 0; k < p.keys().size(); ++k) {
      string(p.keys().name(k));
      for (const auto& v : p.column(k)) value(v);
    }
  }
  std::uint64_t result() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace

std::uint64_t GameState::digest() const {
  Fnv f;
  for (int v : {players, current, turn, round, over ? 1 : 0, winner.value_or(-1)}) f.integer(v);
  f.string(phase);
  for (auto c : holdings.cells()) f.integer(c);
  for (int d = 0; d < decks.size(); ++d)
    for (int item : decks.items(d)) f.integer(item);
  for (const Properties* p : {&tile_props, &node_props, &path_props, &player_props, &game_props})
    f.properties(*p);
  f.integer(static_cast<std::int64_t>(decisions.size()));
  return f.result();
}

}  // namespace catan::engine
