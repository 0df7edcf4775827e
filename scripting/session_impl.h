#pragma once
// Internals of Session (scripting/session.h), shared by the files that implement it and by the
// files that bind the kernel to Lua. Not part of the public interface. Session::Impl is made of
// parts: each part's state is a struct in the part's header, with its contract and invariants;
// Impl derives from all of them, and its methods are declared below grouped by part, each part
// implemented in its own file:
//   part                           state (header)                        methods
//   pack loading and environments  LoadedPacks (session_loading.h)       session_loading.cpp
//   playing a game                 GameInPlay (session_game.h)           session_game.cpp
//   event dispatch                 EventDispatch (session_events.h)      session_events.cpp
//   decisions and agents           DecisionState (session_decisions.h)   session_decisions.cpp
//   forks and checkpoints          ForkState (fork.h)                    fork.cpp
//   checks of pack state           PackStateChecks (session_checks.h)    session_checks.cpp
//   shared by the API functions    -                                     session.cpp
// A method may read and write every part (a decision reads the game and the replay, a fork
// restores the game): the parts divide ownership of the state, not access to it. LoadedPacks
// comes first so that the Lua state outlives the references the other parts hold into it.
// Views (views.h) and the Lua API (api_game.h, api_board.h, api_values.h, options.h,
// pack_library.h, test_harness.h) have their own headers, included at the end.

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scripting/fork.h"
#include "scripting/sandbox.h"
#include "scripting/session.h"
#include "scripting/session_checks.h"
#include "scripting/session_decisions.h"
#include "scripting/session_events.h"
#include "scripting/session_game.h"
#include "scripting/session_loading.h"

namespace catan::scripting {

struct Session::Impl : LoadedPacks,
                       GameInPlay,
                       EventDispatch,
                       DecisionState,
                       ForkState,
                       PackStateChecks {
  Impl(packs::PackSearch& search, lua::Limits limits) : LoadedPacks(search, limits) {}

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
