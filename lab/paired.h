// Game-by-game comparison of a configuration B with a baseline A over the same seeds (common
// random numbers): game i under A and game i under B start from the same random streams, so
// much of the luck cancels out and paired tests need far fewer games than independent samples.
//
// Like Aggregate, every field is an exact integer total, so sharded runs merge exactly. Only
// pairs where both games finished without an error count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "lab/game_record.h"
#include "lab/moments.h"

namespace catan::lab {

// A yes/no outcome observed under A and under B in the same games.
struct BinaryPairs {
  std::uint64_t n = 0;       // pairs
  std::uint64_t a_yes = 0;   // yes under A
  std::uint64_t b_yes = 0;   // yes under B
  std::uint64_t a_only = 0;  // yes under A, no under B
  std::uint64_t b_only = 0;  // yes under B, no under A
  void add(bool a, bool b);
  void merge(const BinaryPairs& o);
  bool operator==(const BinaryPairs&) const = default;
};

struct PairedAggregate {
  // Names kept in `stats` and `player`: the kMaxNames smallest, as in Aggregate::kMaxNames.
  static constexpr std::size_t kMaxNames = 256;

  int players = 0;
  std::uint64_t pairs = 0;
  std::vector<BinaryPairs> seat_win;                   // per seat: that seat won
  BinaryPairs first_player_win;                        // the first player won
  BinaryPairs no_winner;                               // the game ended without a winner
  Moments turns;                                       // B - A per pair
  std::map<std::string, Moments> stats;                // B - A, pairs where both set it
  std::map<std::string, std::vector<Moments>> player;  // B - A per seat, pairs where both set it
  // Per bot (GameRecord::seat_bots, the same under A and B): one of its seats won. Pairs whose
  // records lack the seats' bots add nothing here.
  std::map<std::string, BinaryPairs> bot_win;

  explicit PairedAggregate(int players = 0);
  // Adds game i under A (`a`) and under B (`b`); ignored unless both finished.
  void add(const GameRecord& a, const GameRecord& b);
  void merge(const PairedAggregate& other);
  bool operator==(const PairedAggregate&) const = default;
};

}  // namespace catan::lab
