#pragma once
// Decisions and agents: the part of a Session (scripting/session_impl.h) that asks decisions:
// each seat's agent, the decision being answered, the replay being fed back, the strings the
// decision log interns, and what pack tests record of the decisions they reach. Renewed by
// load_game and bind_agents for every game; implemented by Session::Impl's decision methods
// (session_decisions.cpp). Agents from outside the scripting layer come through
// scripting/agent_registry.h.
// Invariants: agents and agent_names have one entry per seat once bound; agent_depth > 0 while
// an agent chooses, a describer runs or an invariant is checked (the game is then read-only);
// replay_pos never exceeds the replay's decisions.

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "engine/agent.h"
#include "engine/decision.h"
#include "engine/replay.h"
#include "scripting/agent_registry.h"

namespace catan::scripting {

struct DecisionState {
  static constexpr lua_Integer kMaxOptions = 1'000'000'000;

  // The strings a game logs with each decision (its kind and the chosen option's id), found
  // cheaply when they repeat: a per-game table {[string] = its id in the state's NameTable}, which
  // also keeps the strings alive for the game, and a direct-mapped memo of it by the address of a
  // string's characters. Only strings Lua interns (short ones: one object per text) enter the
  // memo, so while the table keeps one alive its address stands for its text, and a repeated
  // kind or id costs an array probe.
  struct LoggedStrings {
    struct Memo {
      const char* data = nullptr;
      int id = 0;
    };
    int table_ref = LUA_NOREF;
    std::array<Memo, 256> memo{};
  };
  LoggedStrings logged_kinds, logged_ids;
  int id_key_ref = LUA_NOREF;  // the string "id" (registry): read options' ids without making it

  std::vector<std::string> agent_names;
  std::vector<std::shared_ptr<engine::Agent>> agents;
  std::map<std::string, int, std::less<>> agent_packs;  // agent name -> registering pack
  engine::Agent* acting_agent = nullptr;  // the agent choosing now (its stream serves game.random)
  int deciding_seat = -1;                 // its seat (0-based), while it chooses
  // The decision being answered while an agent chooses (for game.search), else null.
  const engine::Decision* deciding = nullptr;
  int agent_depth = 0;  // > 0 while an agent chooses: the game state is read-only
  int describing = 0;   // > 0 while a describer runs (read-only, and no random numbers)
  // Set when a seat's agent failed to choose (it threw, or chose an option that does not exist):
  // copied into a failed game's replay (engine::Replay::agent_failure).
  std::optional<engine::Replay::AgentFailure> agent_failure;

  // Replays: the decisions fed back (null: none) and the next one's index.
  const engine::Replay* replaying = nullptr;
  std::size_t replay_pos = 0;
  std::string divergence;  // set when a replay diverged (the Lua error carries the same text)
  // GameConfig::continue_from: once `replaying` has fed back its last decision, the game goes on
  // with the config's agents.
  bool continuing = false;

  // What searches score a game by: the score property the manifests declare
  // (packs::merged_measure_spec), and the pack whose evaluator (game.evaluator, registered while
  // packs load) the game table holds as "evaluator" (-1: none).
  std::string score_property;
  int evaluator_pack = -1;
  // The agent a search's copies are played by by default (game.rollout_agent; "" = random).
  std::string rollout_agent;
  // Learned evaluations the registered finder (agent_registry.h) loaded for this Session's
  // agents, by the finder's keys; null: none found.
  LearnedEvaluations value_models;

  bool check_options = false;  // check every option id of every decision (pack tests)
  // Pack tests only: the options (id, label) of each decision, parallel to state.decisions.
  bool log_options = false;
  std::vector<std::vector<std::pair<std::string, std::string>>> decision_options;
  // Pack tests only: the decisions asked whose agent gave no answer (scripted answers that ran out
  // or named no option, an agent's error), each with the number of answered decisions before it,
  // so that t.decisions lists every decision reached in order.
  struct Unanswered {
    std::size_t after = 0;  // state.decisions.size() when it was asked
    int player = 0;
    std::string kind;
    int count = 0;
    std::string error;  // the agent's message
    std::vector<std::pair<std::string, std::string>> options;
  };
  std::vector<Unanswered> unanswered;
};

}  // namespace catan::scripting
