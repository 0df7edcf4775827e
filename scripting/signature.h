#pragma once
// The fixed-seed signature (in the spirit of Stockfish's `bench`): a fixed batch of games whose
// outcomes are hashed together. Any change in game behaviour moves it; tests pin its value.

#include <cstdint>
#include <string>
#include <vector>

#include "scripting/pack_search.h"

namespace catan::scripting {

struct SignatureSpec {
  std::vector<std::string> packs;
  std::vector<std::string> agents;  // per seat; its size is the player count
  std::uint64_t seed = 1;
  int games = 200;
};

struct Signature {
  std::uint64_t hash = 0;  // FNV-1a over (winner, turns, decisions, digest) of every game
  int games = 0;
  int failures = 0;  // games that ended with an error (they hash their error text)
  std::uint64_t decisions = 0;
  double seconds = 0;  // wall time of the batch
};

// Plays games 0..games-1 of `spec.seed` on one Session and hashes their outcomes in order.
Signature compute_signature(packs::PackSearch& search, const SignatureSpec& spec);

// The batch the test suite pins: 200 three-player dice-race games, seed 1.
SignatureSpec dice_race_signature_spec();

}  // namespace catan::scripting
