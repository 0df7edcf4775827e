#pragma once
// Replays: the inputs of one game (packs and options, seed, seats) plus every decision taken and
// the recorded outcome. Replaying feeds the decisions back and must reproduce the outcome.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace catan::engine {

struct Replay {
  static constexpr int kFormat = 1;

  struct PackRef {
    std::string name;
    std::string version;
  };
  struct Decision {
    int player = 0;  // 0-based seat
    std::string kind;
    int count = 0;
    int choice = 0;  // 0-based
  };
  struct Outcome {
    std::optional<int> winner;  // 0-based seat
    std::string reason;
    int turns = 0;
    std::uint64_t digest = 0;  // GameState::digest() at the end
  };

  std::vector<std::string> requested;  // packs as asked for (names or paths)
  std::vector<PackRef> loaded;         // load order with versions, for mismatch warnings
  std::vector<std::string> options;    // PACK.KEY=VALUE assignments
  std::uint64_t seed = 0;
  std::uint64_t game_index = 0;
  int players = 0;
  std::vector<std::string> agents;  // per seat
  int max_turns = 0;
  std::vector<Decision> decisions;
  Outcome outcome;
};

nlohmann::json to_json(const Replay& replay);
// Throws std::runtime_error "replay FILE: field 'decisions[3].choice': expected an integer".
Replay replay_from_json(const nlohmann::json& json, const std::string& source);

void save_replay(const Replay& replay, const std::filesystem::path& file);
// Throws std::runtime_error naming the file for unreadable or malformed files.
Replay load_replay(const std::filesystem::path& file);

}  // namespace catan::engine
