#pragma once
// Replays: the inputs of one game (packs and options, seed, seats) plus every decision taken and
// the recorded outcome. Replaying feeds the decisions back and must reproduce the outcome.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace catan::engine {

struct Replay {
  // Format 2 records each decision's chosen option id; files of format 1 (without ids) are refused
  // with a message saying so.
  static constexpr int kFormat = 2;
  // Bounds the reader enforces (the CLI's --players and --max-turns ranges).
  static constexpr int kMaxPlayers = 16;
  static constexpr int kMaxTurns = 1000000;

  // A loaded pack. hash and path are empty in files written before they were recorded.
  struct PackRef {
    std::string name;
    std::string version;
    std::string hash;  // packs::content_hash: 16 lowercase hex digits
    std::string path;  // the folder it was loaded from: a hint when the name is not found
  };
  struct Decision {
    int player = 0;  // 0-based seat
    std::string kind;
    int count = 0;
    int choice = 0;  // 0-based
    std::string id;  // the chosen option's id (engine::Decision), checked when replayed
  };
  struct Outcome {
    std::optional<int> winner;  // 0-based seat
    std::string reason;
    int turns = 0;
    std::uint64_t digest = 0;  // GameState::digest() at the end
  };

  std::vector<std::string> requested;  // packs as asked for, by name (older files: or a path)
  std::vector<PackRef> loaded;         // load order with versions and hashes, for mismatch warnings
  std::vector<std::string> options;    // PACK.KEY=VALUE assignments
  std::uint64_t seed = 0;
  std::uint64_t game_index = 0;
  int players = 0;
  std::vector<std::string> agents;  // per seat
  int max_turns = 0;
  std::vector<Decision> decisions;
  Outcome outcome;
  // Set for a game the lab abandoned at its hard deadline ("abandoned": the error, in JSON): the
  // inputs are exact but no decision or outcome was recorded, and replaying plays the game again
  // with the recorded agents instead of feeding decisions back.
  std::string abandoned;
  // Set for a game that failed while a seat's agent chose the decision after the recorded ones
  // (a search agent whose copies all failed, an agent choosing an option that does not exist):
  // the seat (0-based), the decision's kind and the agent's error. Replaying feeds the recorded
  // decisions back and stops at that decision with this error, as the game did, since the agent
  // is not asked again.
  struct AgentFailure {
    int player = 0;
    std::string kind;
    std::string error;
  };
  std::optional<AgentFailure> agent_failure;
};

// The error a replay stops with at decision `decision` (1-based), the one whose agent failed in
// the recorded game: "player 1's agent failed choosing 'base.action' at decision 37, as the
// replay records: ERROR".
std::string agent_failure_error(const Replay::AgentFailure& failure, std::size_t decision);

// True if `s` is a pack version: MAJOR.MINOR.PATCH (numbers without leading zeros), then
// optionally "-prerelease" and/or "+build", each a non-empty run of [0-9A-Za-z.-].
bool is_pack_version(std::string_view s);

// Why `replayed`, the outcome of a replay's game played again, is not the `recorded` one, as one
// line: "replay diverged: recorded winner player 2 after 40 turns (digest 00000000000000ab),
// replayed no winner after 41 turns (digest ...)"; empty when the winner, the turns, the digest
// and the reason (as written in JSON: as_written_in_json) are the same.
std::string outcome_divergence(const Replay::Outcome& recorded, const Replay::Outcome& replayed);

nlohmann::json to_json(const Replay& replay);
// Throws std::runtime_error "replay FILE: field 'decisions[3][3]': expected an integer". Every
// integer is range-checked, never truncated (players 1..kMaxPlayers, max_turns 1..kMaxTurns,
// a decision's player 1..players, option count >= 1, choice 1..count, outcome.turns
// 0..max_turns); every option id is a valid id (engine::option_id_problem); "loaded" lists at
// least one pack, each with a well-formed version and, when present, a hash of 16 hex digits.
Replay replay_from_json(const nlohmann::json& json, const std::string& source);

// Writes through write_output_file (engine/file_io.h); invalid UTF-8 in any string is written as
// U+FFFD. Throws engine::FileError.
void save_replay(const Replay& replay, const std::filesystem::path& file);
// Throws std::runtime_error naming the file for unreadable, non-regular, oversized (above
// kMaxReplayBytes, checked before reading) or malformed files.
Replay load_replay(const std::filesystem::path& file);

}  // namespace catan::engine
