#pragma once
// A Session is one Lua state with a resolved set of rule packs compiled into it. It plays any
// number of games, one at a time; each game starts from a freshly reset kernel state and re-runs
// the packs' compiled entry chunks, so nothing a pack did in one game can reach the next.
// One Session per worker thread; a Session is not thread-safe.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/replay.h"
#include "scripting/lua_state.h"
#include "scripting/manifest.h"
#include "scripting/pack_options.h"
#include "scripting/pack_search.h"

namespace catan::search {
class ValueModel;
}

namespace catan::scripting {

struct ForkPoint;

// How to set up one game.
struct GameConfig {
  std::uint64_t seed = 1;
  std::uint64_t game_index = 0;
  int players = 2;
  // Agent name per seat: "random", or the name of an agent a loaded pack registered. Missing
  // seats default to "random".
  std::vector<std::string> agents;
  // Ready-made agents per seat (e.g. engine::ScriptedAgent in tests); a non-null entry wins over
  // `agents` for its seat.
  std::vector<std::shared_ptr<engine::Agent>> agent_objects;
  int max_turns = 1000;
  // PACK.KEY=VALUE assignments for this game; when empty, the Session's options apply.
  std::vector<std::string> options;
  // Check that every option of every decision has a valid id and that no decision offers an id
  // twice (a game asking a decision that breaks the rule fails). Reads every option of every
  // decision, lazy lists included, so it is for tests (pack tests always check).
  bool check_options = false;
  // Hold every raise of a declared event, and every handler of one, to the payload its manifest
  // declares (scripting/payload_check.h): an undeclared or mistyped field, or a handler writing a
  // read-only field, fails the game. Every event is then dispatched, handled or not, so it is for
  // tests (pack tests always check).
  bool check_payloads = false;
  // Fail the game when a top-level local of a pack (an upvalue of a handler, or of a function a
  // handler reaches) changes between the end of game.start and the last turn: game state kept
  // outside storage (scripting/local_state_check.h). Walks every handler's upvalues twice a
  // game, so it is for `catan check`.
  bool check_locals = false;
  // When above 0: at every decision whose index (0-based, in the game's log) is a multiple of
  // this, before the seat's agent chooses, fork the game as that seat sees it (the other seats'
  // hidden holdings dealt again) and play the copy to the end of the next turn with random
  // agents; a copy that fails fails the game ("fork check: ..."). Finds game state that a redeal
  // breaks (a pending trade of a card the copy no longer deals to its holder). For `catan check`.
  int check_forks = 0;
  // Copy the decision log into GameResult::replay when the game ends well. A failed game's replay
  // always holds its decisions. Batches that keep only failed games' replays turn it off and
  // read GameResult::decisions (a game's log is a few thousand kinds and ids to copy).
  bool record_decisions = true;
  // Let agents see everything: their SeatView is omniscient, Lua agents read every holding and
  // deck, and their forks may know the whole game (ForkRequest::seen_by unset). For a host's
  // tests and benchmarks that observe hidden state through an agent; a game played by the lab,
  // the CLI or a fork's copy of an honest game never sets it (engine/seat_view.h).
  bool agents_see_all = false;
  // When set: the game is this replay's game played on. Its decisions are fed back first (the
  // game fails at the first one that differs, as a replay does), then this config's agents
  // answer from the next decision on; a failure the replay recorded is not asked again. For
  // undoing a person's move and resuming a saved game. Must outlive play().
  const engine::Replay* continue_from = nullptr;
};

// One player's line in a summary: seat (0-based), agent name and the player's properties.
struct PlayerSummary {
  int seat = 0;
  std::string agent;
  std::vector<std::pair<std::string, engine::Value>> properties;
};

// What a finished (or failed) game produced.
struct GameResult {
  bool ok = true;            // false when a script error, agent error or replay divergence ended it
  std::string error;         // one line: what went wrong and where
  std::string error_report;  // the full report: pack, event, file:line, traceback
  std::optional<int> winner;  // 0-based seat
  std::string reason;
  int turns = 0;
  int rounds = 0;
  int decisions = 0;  // decisions answered (replay.decisions holds them unless not recorded)
  std::uint64_t digest = 0;
  std::vector<PlayerSummary> players;
  // Game-level properties at the end (game.set), in order of first use.
  std::vector<std::pair<std::string, engine::Value>> properties;
  // Inputs and decisions (none for a game that ended well with GameConfig::record_decisions
  // off); outcome filled when ok.
  engine::Replay replay;
};

// Wall time a Session spent in each phase of its games, summed over the games played (for
// `catan bench`: where a pack's time goes, fixed cost per game against cost per turn).
struct PhaseTimes {
  double load = 0;   // kernel reset, entry scripts re-run, agents bound
  double setup = 0;  // game.setup handlers
  double start = 0;  // game.start handlers (initial placement)
  double turns = 0;  // every turn
  double end = 0;    // game.end handlers and the checks after the game
  int games = 0;
};

// A handler registration as seen by `catan info`.
struct HandlerInfo {
  std::string pack;
  std::string event;
  int priority = 0;
  bool after = false;
  std::string where;
};

// One name a pack's library exports (what require(name) returns): its Lua type; for a function,
// its parameter names (`...` last when it takes more) and where it is defined.
struct ExportInfo {
  std::string name;
  std::string type;  // "function", "table", "string", "number", "boolean"
  std::vector<std::string> params;
  std::string file;  // the script defining the function, as the pack names it
  int line = 0;      // the line of its `function` keyword
};

struct ForkFingerprint {
  std::uint64_t digest = 0;
  std::uint64_t storage_digest = 0;
  std::size_t replayed = 0;
};

class Session {
 public:
  // Resolves `requested` (names or paths) and their dependencies, validates `options`, creates
  // the Lua state with `limits` and compiles every entry script. Throws packs::PackError or
  // lua::ScriptError (syntax) with a one-line message; PackError also when every resolved pack
  // is a library pack (Manifest::is_library: nothing would play).
  Session(packs::PackSearch& search, const std::vector<std::string>& requested,
          const std::vector<std::string>& options, lua::Limits limits = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Plays one game to its end (a winner, a pack's finish, or the turn cap). Never throws for
  // script or agent errors: they end the game with ok == false and a report.
  GameResult play(const GameConfig& config);

  // While play(config) runs (from an agent's choose): the game's replay so far, its inputs and
  // every decision answered, without an outcome. A host saves it as a game goes, so that a
  // crash loses nothing: GameConfig::continue_from plays on from it.
  engine::Replay replay_so_far(const GameConfig& config);
  // While a game plays: the wait that follows (a person typing an answer) is not counted against
  // the time limit of the call into Lua it happens in (lua::State::pause_clock).
  void pause_clock() noexcept;
  void resume_clock() noexcept;
  // Replays `replay`, feeding back its decisions. ok == false with a one-line error at the first
  // divergence (a different decision asked for, decisions left over or missing, another outcome).
  // A replay marked `abandoned` has no decisions: its game is played again with its recorded
  // agents, and ok == false if it now ends, since the recorded game did not.
  GameResult replay(const engine::Replay& replay);
  // The inputs of the game `config` describes, as a replay marked abandoned with `error`: what
  // the lab saves for a game it abandoned at its hard deadline, when the thread playing it (and
  // its decisions) cannot be reached.
  engine::Replay abandoned_replay(const GameConfig& config, const std::string& error) const;
  // Plays a fork (engine/fork.h, scripting/fork.h) made at `at`: the game `config`, feeding back
  // `prefix`'s decisions (from this Session's checkpoint of the same game when it has one and
  // the request allows it), then from the next decision on with `config`'s agents, `request`'s
  // streams and turn limit. `depth` is the number of forks the copy is inside (1 for a fork of a
  // real game). ok == false when the copy fails or does not retrace its game ("fork: ...").
  GameResult play_fork(const GameConfig& config, const engine::Replay& prefix,
                       const engine::ForkRequest& request, int depth, const ForkPoint& at);

  // What the last fork this Session played says about its fork point (ForkResult's fields of the
  // same names; the digests only with ForkRequest::fingerprint).
  ForkFingerprint fork_fingerprint() const noexcept;

  // How scores() rates a game that has not ended: by the packs' evaluator when one is
  // registered (else the score share), or by the score share alone.
  enum class Scoring { evaluator, score_share };

  // Each seat's score of the game last played (or the copy a fork left), in [0, 1]: the
  // definition of engine::ForkResult::scores. Throws (a pack's error, with its name) when the
  // packs' evaluator fails or returns something outside [0, 1].
  std::vector<double> scores(Scoring scoring = Scoring::evaluator);

  // The learned evaluation a search agent with the setting `eval` (search::MctsSettings::eval)
  // uses in the game `config`: null for "pack" or when "auto" finds no model for the
  // configuration. Throws std::runtime_error (one line) for an unreadable model file, and
  // search::ModelMismatch for one trained for another configuration.
  std::shared_ptr<const search::ValueModel> value_model(const std::string& eval,
                                                        const GameConfig& config);

  // Load order.
  const std::vector<const packs::Manifest*>& packs() const noexcept;
  // Handlers registered when the packs were last loaded (loads them once if never loaded).
  std::vector<HandlerInfo> handlers();
  // Names of the agents the packs register (game.agent), sorted; "random" is built in and not
  // listed. Loads the packs once if never loaded; nullopt when they fail to load (playing a game
  // reports why).
  std::optional<std::vector<std::string>> agent_names();
  // What pack `name`'s library exports, sorted by name (empty when it has no library); a name
  // may hold any bytes. Loads the packs once if never loaded; throws when `name` is not loaded.
  std::vector<ExportInfo> exports(const std::string& name);

  // Receives game.log() lines and the kernel's turn log when verbose.
  void set_log(std::function<void(std::string_view)> sink);
  // Whose log the sink receives, for lines packs log with game.log_secret: a seat (0-based)
  // receives the secret text of lines that name it and the public text of the others;
  // kLogPublic the public text of every line; kLogEverything (the default) every secret text.
  static constexpr int kLogEverything = -2;
  static constexpr int kLogPublic = -1;
  void set_log_reader(int reader);
  // Receives game.show() text: a pack's view of the game for people watching it (catan play
  // prints it; batches leave it unset, so packs skip building it).
  void set_view(std::function<void(std::string_view)> sink);
  // Receives every event raised, before its handlers run (`catan view` records them). While it is
  // set, game.raise sends every event through the dispatcher, as it does with invariants: the
  // game played is the same.
  void set_event_tap(std::function<void(const engine::EventInfo&)> tap);
  void set_limits(const lua::Limits& limits);
  // The Lua state (profiling, limits).
  lua::State& lua();

  // The state of the current or last game (read-only use: tests and summaries).
  const engine::GameState& state() const noexcept;
  // Time spent per phase over the games played so far.
  const PhaseTimes& phase_times() const noexcept;

  // Runs the test files `files` (paths relative to the pack's folder) of pack `pack_name`, which
  // must be loaded, in one environment: first the test_support scripts of every loaded pack (in
  // load order), then the files in order. Prints one line per test to `out` and returns {passed,
  // failed}. With a non-empty `filter`, only tests whose name contains it run.
  std::pair<int, int> run_tests(const std::string& pack_name, const std::vector<std::string>& files,
                                std::function<void(std::string_view)> out,
                                const std::string& filter = "");

  struct Impl;  // the Lua bindings reach the session through this

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan::scripting
