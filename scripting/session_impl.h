#pragma once
// Internals of Session (scripting/session.h), shared by the files that implement it and by the
// files that bind the kernel to Lua. Not part of the public interface. One object holds the
// state, its fields grouped by lifetime (fixed for the Session's life, per game, per fork); its
// methods are grouped below by part, each part implemented in its own file:
//   pack loading and environments   session_loading.cpp
//   playing a game                  session_game.cpp
//   event dispatch                  session_events.cpp
//   decisions and agents            session_decisions.cpp (agents from outside: agent_registry.h)
//   forks and checkpoints           fork.cpp (fork.h, storage_snapshot.h)
//   checks of pack state            session_checks.cpp (local_state_check.h)
//   shared by the API functions     session.cpp
// Views (views.h) and the Lua API (api_game.h, api_board.h, api_values.h, options.h,
// pack_library.h, test_harness.h) have their own headers, included at the end.

#include <array>
#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "scripting/agent_registry.h"
#include "scripting/fork.h"
#include "scripting/local_state_check.h"
#include "scripting/sandbox.h"
#include "scripting/session.h"
#include "scripting/storage_snapshot.h"
#include "scripting/views.h"

namespace catan::scripting {

// What the kernel is doing in Lua right now, for error reports.
struct Frame {
  int event = -1;                // -1: loading a pack or calling an agent
  int pack = -1;                 // load index of the pack whose code runs, -1 if unknown
  const char* what = "handler";  // "handler", "default action", "load", "agent", "test"
};

struct Session::Impl {
  Impl(packs::PackSearch& search, lua::Limits limits) : search(search), lua(limits) {}

  // --- fixed for the Session's life ---
  packs::PackSearch& search;
  std::vector<std::string> requested;
  std::vector<const packs::Manifest*> order;
  // What replays record: `requested` with each pack given by path replaced by its name, and the
  // loaded packs with version, content hash and folder (a hint for finding them again).
  std::vector<std::string> requested_names;
  std::vector<engine::Replay::PackRef> pack_refs;
  packs::ResolvedOptions default_options;
  std::vector<std::string> default_option_strings;
  lua::State lua;
  struct Chunk {
    int ref = LUA_NOREF;  // compiled entry script (registry)
    std::string file;
  };
  struct Pack {
    const packs::Manifest* manifest = nullptr;
    std::vector<Chunk> chunks;
    std::vector<Chunk> library_chunks;  // compiled "library" scripts, run before `chunks`
    int exports_ref = LUA_NOREF;   // this game's exports: what require(name) returns (registry)
    std::vector<int> reachable;    // load indices this pack may require: itself and its requires
    int env_ref = LUA_NOREF;       // this game's environment: the pack's globals (registry)
    int snapshot_ref = LUA_NOREF;  // a copy of them as loading left them (check_globals)
    int copies_ref = LUA_NOREF;    // this game's library copies (push_environment, check_globals)
    int globals_size = 64;         // entries of the globals after the last load (presizing)
    int storage_size = 16;         // fields of `storage` at the last game's end (presizing)
    int options_ref = LUA_NOREF;   // the read-only `options` of the last game (registry)
    std::vector<std::pair<std::string, packs::OptionValue>> option_values;  // its values
  };
  std::vector<Pack> packs;
  // Template of pack environments (sandbox globals, libraries, game, board) as a flat array
  // {name1, value1, ...}, each library itself a flat array of its fields (push_environment).
  int base_ref = LUA_NOREF;
  // Under the sandbox: {[name] = metatable} for each table of the template, the metatable every
  // copy of it gets (new keys raise "attempt to modify read-only table 'name'", locked, marked
  // read-only for the sandbox's rawset). LUA_NOREF without the sandbox (writable libraries).
  int library_meta_ref = LUA_NOREF;
  int listening_ref = LUA_NOREF;      // {now = {[event name or id] = has handlers}} for game.raise
  int listening_now_ref = LUA_NOREF;  // the last `now` table made (registry) and its answers
  std::vector<bool> listening_flags;
  int handler_count = 0;  // handlers registered by the last game's packs (presizing)
  // The adjacency lists of the hex board of radius shared_radius, kept from game to game since
  // board.hex of one radius always gives the same board (building them is a large part of a
  // game's setup): a registry table {[relation key] = array of lists}. lists_shared says this
  // game uses them; verify_board_lists() then checks them when the game ends.
  int shared_radius = -1;
  int shared_lists_ref = LUA_NOREF;
  bool lists_shared = false;
  // Bits by relation (api_board.cpp): the shared lists of a relation are all built (board.adjacency
  // then returns them as they are); lists of a relation were handed to Lua since the last
  // verification (only those are verified; completeness is not trusted while any are pending).
  unsigned shared_lists_complete = 0;
  unsigned lists_handed_out = 0;

  // --- per game ---
  engine::GameState state;
  PhaseTimes times;
  Views views;                   // live views of holdings and properties handed to packs this game
  int game_ref = LUA_NOREF;      // per-game Lua table: handlers, agents, board adjacency cache
  int handlers_ref = LUA_NOREF;  // its "handlers" field (callbacks by reference), for dispatch
  int turn_payload_ref = LUA_NOREF;  // the payload of every `turn` event of this game
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
  const engine::Replay* replaying = nullptr;
  std::size_t replay_pos = 0;
  std::string divergence;  // set when a replay diverged (the Lua error carries the same text)
  // Set when a seat's agent failed to choose (it threw, or chose an option that does not exist):
  // copied into a failed game's replay (engine::Replay::agent_failure).
  std::optional<engine::Replay::AgentFailure> agent_failure;
  int loading_pack = -1;        // load index while a pack's entry chunks run
  int agent_depth = 0;          // > 0 while an agent chooses: the game state is read-only
  int describing = 0;           // > 0 while a describer runs (read-only, and no random numbers)
  bool check_options = false;   // check every option id of every decision (pack tests)
  bool check_payloads = false;  // hold raises and handlers to the declared payloads (pack tests)
  bool check_locals = false;    // fail a game whose handlers' upvalues change (catan check)
  LocalStateCheck locals_check;
  // The declaration of each event id, nullptr for kernel events and one-string declarations.
  std::vector<const packs::EventSpec*> event_specs;
  // Pack tests only: die faces game.roll returns, in order, before it draws again (t.roll).
  std::deque<int> scripted_dice;
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
  // Pack tests only: the game t.start{search = true} began, as a real game's configuration. While
  // t.turn and t.play run it is `playing`, so that agents may fork it and search (game.search,
  // the mcts agent); the copies replay its decisions from its start.
  std::optional<GameConfig> test_game;
  engine::Agent* acting_agent = nullptr;  // the agent choosing now (its stream serves game.random)
  int deciding_seat = -1;                 // its seat (0-based), while it chooses
  int lua_depth = 0;  // > 0 while the kernel is inside a protected call into Lua
  std::vector<Frame> frames;
  std::optional<Frame> error_frame;  // innermost frame when an error unwound
  // In checked games (invariants registered): the handler that ran last, named in an invariant
  // failure as the likeliest culprit. Handlers are fixed while a game runs.
  const engine::Handler* last_handler = nullptr;
  std::function<void(std::string_view)> log;
  int log_reader = Session::kLogEverything;    // Session::set_log_reader
  std::function<void(std::string_view)> view;  // game.show() text, when someone watches
  std::function<void(const engine::EventInfo&)>
      event_tap;                                        // every dispatched event (set_event_tap)
  std::map<std::string, int, std::less<>> agent_packs;  // agent name -> registering pack
  int ev_setup = -1, ev_start = -1, ev_turn = -1, ev_end = -1;
  // Invariants registered by game.invariant for this game (callbacks in the per-game table
  // "handlers"); checked after every dispatched event and before every decision.
  struct Invariant {
    int callback = LUA_NOREF;
    int pack = -1;
  };
  std::vector<Invariant> invariants;
  bool checking_invariants = false;  // an invariant runs now (no nested checks)
  // Bytes held outside GameState and the views for this game: agent names and invariants.
  std::size_t session_bytes = 0;

  // Forks (scripting/fork.h). `forks` serves the decisions of this Session's games (made on
  // first use); `playing` is the game being played (null between games); fork_depth counts the
  // forks this Session's games are copies in (0: a real game).
  std::unique_ptr<Forks> forks;
  const GameConfig* playing = nullptr;
  // The next game starts with a full collection (Session::play): set after a failed game.
  bool collect_before_next = false;
  int fork_depth = 0;
  // While this Session plays a fork: the request (null otherwise), the turn after which the
  // copy stops (-1: none) and whether it stopped there.
  const engine::ForkRequest* fork_request = nullptr;
  // GameConfig::continue_from: once `replaying` has fed back its last decision, the game goes on
  // with the config's agents.
  bool continuing = false;
  int fork_stop_turn = -1;
  bool fork_stopped = false;
  // The decision being answered while an agent chooses (for game.search), else null.
  const engine::Decision* deciding = nullptr;
  // What searches score a game by: the score property the manifests declare
  // (packs::merged_measure_spec), and the pack whose evaluator (game.evaluator, registered while
  // packs load) the game table holds as "evaluator" (-1: none).
  std::string score_property;
  // The agent a search's copies are played by by default (game.rollout_agent; "" = random).
  std::string rollout_agent;
  int evaluator_pack = -1;
  // Learned evaluations the registered finder (agent_registry.h) loaded for this Session's
  // agents, by the finder's keys; null: none found.
  LearnedEvaluations value_models;

  // Checkpoints (scripting/fork.h). game_serial changes with every game this Session plays or
  // resumes, load_serial with every load_game; turn_mark is the start of the turn being played.
  std::uint64_t game_serial = 0;
  std::uint64_t load_serial = 0;
  struct TurnMark {
    int turn = -1;  // state.turn before the turn began (-1: before the first turn)
    std::size_t decisions = 0;
  };
  TurnMark turn_mark;
  // While this Session plays a fork: where it was forked (the checkpoint to take on the way).
  ForkPoint fork_point;
  // A copy's state at fork_point's turn start, for the next fork of the same game.
  struct Checkpoint {
    ForkPoint at;              // the fork point it was taken for
    std::uint64_t loaded = 0;  // load_serial then: the environments and handlers it belongs to
    engine::GameState state;   // without its option_ids and decision_kinds (kept, see restore)
    StorageSnapshot storage;
    bool valid = false;
  };
  Checkpoint checkpoint;
  // With ForkRequest::fingerprint: the digests of the kernel and of every pack's storage at the
  // fork point (start_fork), for ForkResult.
  std::uint64_t fork_digest = 0;
  std::uint64_t fork_storage_digest = 0;
  std::size_t fork_replayed = 0;  // decisions fed back by the last fork (ForkResult::replayed)

  static constexpr lua_Integer kMaxOptions = 1'000'000'000;
  static constexpr std::size_t kMemoryCheckDecisions = 1024;

  // ---- Pack loading and environments (session_loading.cpp) ----
  // Compiles `script` of pack `m` (with kChunkPrefix) into a chunk kept in the registry; throws
  // packs::PackError for an unreadable file, lua::ScriptError for a syntax error.
  Chunk compile(const packs::Manifest& m, const std::string& script);
  // Fills `packs` from `order`: each pack's compiled library and entry chunks and the packs it
  // may require.
  void compile_packs();
  // Makes the template every pack environment is copied from (base_ref): the sandbox's globals
  // (the standard library when not `sandbox`), game and board; under the sandbox also
  // library_meta_ref.
  void make_environment_template(bool sandbox);
  // Resets the kernel state and runs every pack's entry chunks with fresh environments.
  void load_game(std::uint64_t seed, std::uint64_t game_index, int players,
                 const packs::ResolvedOptions& options);
  // load_game's steps, in order. reset_game: the kernel state and every per-game field.
  void reset_game(std::uint64_t seed, std::uint64_t game_index, int players);
  // Declares the packs' events for the Session's first game (they stay: only handlers reset).
  void declare_events_once();
  // Makes this game's Lua tables (game table, handlers, turn payload, logged strings) and tells
  // game.raise that no event has handlers while packs load.
  void make_game_tables();
  // Gives packs[i] a fresh environment (storage, options, PACK, require), runs its library and
  // entry chunks in it, freezes it and keeps a flat copy of its globals for check_globals.
  void load_pack(std::size_t i, const packs::ResolvedOptions& options);
  // Pushes pack's read-only `options` table for `options` (reused while its values stay the same).
  void push_pack_options(Pack& pack, const packs::ResolvedOptions& options);
  // Handlers are fixed once packs loaded: tells game.raise which events go to the dispatcher.
  void publish_listening();
  // Pushes a fresh copy of the environment template (make_environment_template), with room for
  // `size` entries. Under the sandbox each table in it (libraries, game, board) is a fresh copy
  // that refuses new keys; with `copies_ref`, those copies are also kept as an array in template
  // order (registry reference stored there) for check_globals.
  void push_environment(int size = 64, int* copies_ref = nullptr);

  // ---- Playing a game (session_game.cpp) ----
  // Plays from game.setup to the end: begin_game() (unless not `begin`: a game resumed at a
  // turn's start), then play_turns(), then end_game().
  void run_game(int max_turns, bool begin = true);
  // Raises game.setup and (when `start`) game.start; with `mark`, adds their times to `times`
  // (measured from *mark, which moves to the end of each phase).
  void begin_game(bool start = true, std::chrono::steady_clock::time_point* mark = nullptr);
  // Plays turns until the game is over or `max_turns` turns have been played in all; plays at
  // most `limit` turns in this call (-1: no limit).
  void play_turns(int max_turns, int limit = -1);
  // Raises game.end.
  void end_game();
  // The result of the game just played; its replay holds the decision log when `decisions`.
  GameResult finish_result(const GameConfig& config, bool decisions);
  // Marks `result` failed with `message` and the full report (pack, event, file:line,
  // `traceback`) from the innermost frame the error unwound.
  void fail(GameResult& result, const std::string& message, const std::string& traceback);

  // ---- Event dispatch (session_events.cpp) ----
  // Calls the function below nargs arguments on the stack: protected with a fresh instruction
  // budget when entered from C++, a plain lua_call when already inside Lua.
  void call(int nargs, int nresults);
  // Dispatches `event`: before-handlers, the default action (stack index, 0 = none) unless a
  // handler vetoed or replaced it, then after-handlers unless vetoed; then checks the
  // invariants. Returns "done", "replaced" or "vetoed".
  const char* raise(int event, int payload_index, int default_index);
  // raise() without the invariant check.
  const char* dispatch(int event, int payload_index, int default_index);
  // Raises a kernel event with a payload built by `fill` (which pushes nothing, sets fields of
  // the table on top).
  void raise_kernel(int event, const std::function<void(lua_State*)>& fill);
  // Runs every invariant with `where` (an event name or "decision <kind>") as argument, in
  // registration order, with the game read-only. No-op without invariants or while one runs.
  void check_invariants(std::string_view where);
  // "file:line" where handler `h`'s function is defined.
  std::string handler_where(const engine::Handler& h);

  // ---- Decisions and agents (session_decisions.cpp) ----
  // Binds agents per seat after load (Lua agents exist only once packs have loaded).
  void bind_agents(const GameConfig& config);
  // The learned evaluation a search agent's `eval` setting names for the game `config`: null for
  // "pack" or when "auto" finds no model file for the configuration in the packs' models/
  // folders. Throws std::runtime_error (one line) for a model file that cannot be read or was
  // trained for another configuration.
  std::shared_ptr<const search::ValueModel> value_model(const std::string& eval,
                                                        const GameConfig& config);
  // What a registered agent factory (scripting/agent_registry.h) gets for the agent `spec` in
  // the game `config`, which must outlive the setup.
  AgentSetup agent_setup(const std::string& spec, const GameConfig& config);
  // Chooses an option index (0-based) for a decision whose options table is at `options_index`;
  // `kind_index`, when not 0, holds `kind` as a Lua string (Lua agents then reuse it).
  // `api` names the calling function in errors. Refuses more than kMaxOptions options. Leaves the
  // chosen option on the stack, and logs the decision with the option's id (checked against the
  // replay when replaying). With check_options, first checks that every option has a valid id
  // and no two the same (reading every option of a lazy list).
  int decide(int player, std::string_view kind, int options_index, int kind_index = 0,
             const char* api = "game.decide");
  // decide's steps. count_options: the options' count (honouring __len); throws for none or
  // more than kMaxOptions.
  int count_options(int options_index, std::string_view kind, const char* api);
  // While replaying: the recorded decision for this one (advancing replay_pos); throws, setting
  // `divergence`, when the replay has none left or a different one.
  const engine::Replay::Decision& replayed_decision(int player, std::string_view kind, int count);
  // Asks the fork's steering, else the seat's agent, with the game read-only and the views held
  // to the seat; checks the answer. Sets `logged_before` when the options were logged first
  // (pack tests). Records an agent's failure (agent_failure) before rethrowing it.
  int agent_choice(engine::Decision& d, int options_index, bool& logged_before);
  // Pushes the chosen option (it stays on the stack) and appends the decision to the log with
  // its option's id; throws for an invalid id or one that differs from `recorded`.
  void log_choice(const engine::Decision& d, int options_index, int kind_index, int choice,
                  const engine::Replay::Decision* recorded, const char* api);
  // Throws unless each of the `count` options at `options_index` has a valid id and no two the
  // same (decide() with check_options).
  void check_option_ids(lua_State* L, int options_index, std::string_view kind, int count,
                        const char* api);
  // The id `strings` knows for the string at stack index `index` (its characters `text`), or -1
  // when this game has not logged it yet.
  int logged_id(lua_State* L, LoggedStrings& strings, int index, std::string_view text);
  // Records that the string at stack index `index` (characters `text`) has id `id`.
  void log_string(lua_State* L, LoggedStrings& strings, int index, std::string_view text, int id);
  // Appends the id and label of each of the `count` options at `options_index` to
  // decision_options (pack tests, log_options).
  void log_decision_options(std::string_view kind, int options_index, int count);
  // Moves the options just logged for a decision nobody answered to `unanswered` (pack tests).
  void set_unanswered(int player, std::string_view kind, int count, std::string error);

  // ---- Forks and checkpoints (fork.cpp) ----
  // GameConfig::check_forks at decision `d` (being asked, with its forker set): throws
  // std::runtime_error "fork check: ..." when the copy fails.
  void check_fork(const engine::Decision& d);
  // At the fork point (the first decision past the replayed ones): stop replaying, reseed the
  // game's and the agents' streams from the request and arm its turn limit.
  void start_fork();
  // A digest of every pack's storage (storage_digest over the packs in load order).
  std::uint64_t storage_digest_now();
  // Whether checkpoint can start a fork at `at` with `prefix_size` decisions to feed back.
  bool checkpoint_serves(const ForkPoint& at, std::size_t prefix_size) const;
  // Saves the state at the top of the turn loop into checkpoint (throws for storage that is not
  // plain data).
  void save_checkpoint();
  // Puts the game back to checkpoint: kernel state, every pack's storage, the views.
  void restore_checkpoint();

  // ---- Checks that packs keep their state where it belongs (session_checks.cpp) ----
  // Throws std::runtime_error naming the first pack global that differs from what loading left.
  void check_globals();
  // With check_locals: push every handler's function (roots) and collect the tables a local may
  // hold without being game state of its own (environments, storage, options, exports).
  std::vector<LocalStateCheck::Root> push_local_roots(std::unordered_set<const void*>& shared);
  // Fails the game when a field of one of `pack`'s library copies (push_environment) differs
  // from the template: "pack 'P' changed 'string.format' during the game; ...".
  void check_library_copies(const Pack& pack);

  // ---- Shared by the API functions (session.cpp) ----
  std::string pack_name(int index) const {
    return index >= 0 ? packs[static_cast<std::size_t>(index)].manifest->name : "kernel";
  }
  // Kernel memory (docs/lua-api.md, "Kernel limits"): what pack calls made the kernel hold for
  // this game, an estimate kept by the containers themselves.
  std::size_t kernel_bytes() const noexcept {
    return state.held_bytes() + views.bytes() + session_bytes;
  }
  // Raises the memory trip ("memory cap exceeded (N bytes)", lua::trip_memory) unless Lua's
  // memory plus kernel_bytes() plus `pending` (bytes about to be allocated) fits in
  // Limits::memory_bytes. API functions call it after a call that grew the kernel's state, or
  // before one whose allocation is large compared to its arguments (a pending estimate).
  void check_memory(lua_State* L, std::size_t pending = 0);
  // Throws std::runtime_error unless game state may be changed now; otherwise bumps
  // state.version (every mutating API function calls it before changing anything).
  void require_mutable(const char* function);
  // The seat whose view reads are held to (engine/seat_view.h): while an agent chooses, or a
  // describer or option list runs for it, the deciding seat; -1 while rule code runs or when the
  // host lets agents see everything (GameConfig::agents_see_all).
  int observing_seat() const {
    return agent_depth > 0 && !checking_invariants && deciding_seat >= 0 &&
                   !(playing && playing->agents_see_all)
               ? deciding_seat
               : -1;
  }
  // Throws std::runtime_error, naming `function`, when the observing seat may not see the kinds
  // of `holder`'s holdings in `form`.
  void require_visible(const char* function, int holder, int form) const;
  // Before Lua code runs for an agent: holds the guarded holdings views to the observing seat
  // (Views::guard). The decision's end unguards them.
  void guard_views() {
    if (const int seat = observing_seat(); seat >= 0) views.guard(lua.get(), seat);
  }
  // Pushes the per-game table field `name` (creating it).
  void push_game_table(const char* name);
};

// Keeps `frame` on the stack of frames while in scope; when an error unwinds through it, the
// innermost frame is remembered for the error report.
class FrameGuard {
 public:
  FrameGuard(Session::Impl& s, Frame f) : s_(s), exceptions_(std::uncaught_exceptions()) {
    s_.error_frame.reset();  // running new code: any earlier error was caught
    s_.frames.push_back(f);
  }
  ~FrameGuard() {
    if (std::uncaught_exceptions() > exceptions_ && !s_.error_frame)
      s_.error_frame = s_.frames.back();
    s_.frames.pop_back();
  }
  FrameGuard(const FrameGuard&) = delete;
  FrameGuard& operator=(const FrameGuard&) = delete;

 private:
  Session::Impl& s_;
  int exceptions_;
};

// The text of a pack's script file; throws packs::PackError naming the file when unreadable.
std::string read_script(const std::filesystem::path& file);
// The name a script has in messages: relative to the working directory when it lies below it.
std::string display_path(const std::filesystem::path& file);
// Prefix of every compiled pack chunk: the chunk receives its environment as a fresh local.
inline constexpr std::string_view kChunkPrefix = "local _ENV <const> = ...; ";

}  // namespace catan::scripting

// The functions the API files offer each other (each file's own header).
#include "scripting/api_board.h"
#include "scripting/api_game.h"
#include "scripting/api_values.h"
#include "scripting/options.h"
#include "scripting/pack_library.h"
