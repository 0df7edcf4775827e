// Playing a game (Session::Impl, scripting/session_impl.h): a game from its load through
// game.setup, game.start and the turns to game.end, its result and failure report; and the
// public ways in: play, replay, play_fork, continuing a saved game.
#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "engine/text_bounds.h"
#include "scripting/pack_options.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

// True when `message` starts with a Lua position "FILE:LINE: ".
bool has_location(std::string_view message) {
  const auto end = message.find(": ");
  if (end == std::string_view::npos) return false;
  const auto colon = message.rfind(':', end - 1);
  if (colon == std::string_view::npos || colon + 1 == end) return false;
  for (std::size_t i = colon + 1; i < end; ++i)
    if (message[i] < '0' || message[i] > '9') return false;
  return true;
}

// The first "FILE:LINE" of a Lua traceback whose file is a .lua script (a pack's code; C
// functions and the kernel's own chunks are skipped), or "".
std::string first_pack_location(const std::string& traceback) {
  std::istringstream in(traceback);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '\t') continue;
    const auto end = line.find(": in ");
    if (end == std::string::npos) continue;
    std::string at = line.substr(1, end - 1);
    const auto colon = at.rfind(':');
    if (colon == std::string::npos || !has_location(at + ": ")) continue;
    if (!at.substr(0, colon).ends_with(".lua")) continue;
    return at;
  }
  return "";
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The game loop.

namespace {
double seconds_since(std::chrono::steady_clock::time_point& mark) {
  const auto now = std::chrono::steady_clock::now();
  const double s = std::chrono::duration<double>(now - mark).count();
  mark = now;
  return s;
}
}  // namespace

void Session::Impl::run_game(int max_turns, bool begin) {
  auto mark = std::chrono::steady_clock::now();
  if (begin) begin_game(true, &mark);
  if (check_locals && !state.over) {
    std::unordered_set<const void*> shared;
    const lua::StackGuard guard(lua.get());
    locals_check.snapshot(lua.get(), push_local_roots(shared), shared);
  }
  play_turns(max_turns);
  if (check_locals) {
    std::unordered_set<const void*> shared;
    const lua::StackGuard guard(lua.get());
    if (const auto change = locals_check.first_change(lua.get(), push_local_roots(shared), shared))
      throw std::runtime_error(*change);
  }
  times.turns += seconds_since(mark);
  if (!fork_stopped) end_game();
  times.end += seconds_since(mark);
}

void Session::Impl::begin_game(bool start, std::chrono::steady_clock::time_point* mark) {
  const int players = state.players;
  raise_kernel(ev_setup, [players](lua_State* L) {
    lua_pushinteger(L, players);
    lua_setfield(L, -2, "players");
  });
  if (mark) times.setup += seconds_since(*mark);
  if (start && !state.over) raise_kernel(ev_start, [](lua_State*) {});
  state.current = state.first_player;
  views.turn_changed(lua.get(), state, Views::kCurrent);
  if (mark) times.start += seconds_since(*mark);
}

void Session::Impl::play_turns(int max_turns, int limit) {
  for (int played = 0; !state.over && played != limit; ++played) {
    turn_mark = {state.turn, state.decisions.size()};
    // A copy passing the start of the turn it was forked in keeps a checkpoint there (fork.h).
    if (fork_request && replaying && fork_point.turn == state.turn &&
        fork_point.decisions == state.decisions.size() &&
        !(checkpoint.valid && checkpoint.at == fork_point && checkpoint.loaded == load_serial))
      save_checkpoint();
    if (fork_stop_turn >= 0 && state.turn >= fork_stop_turn) {
      fork_stopped = true;
      // As at the turn cap: the view shows the seat and round that would come next.
      views.turn_changed(lua.get(), state, Views::kCurrent | Views::kRound);
      break;
    }
    if (state.turn >= max_turns) {
      state.over = true;
      state.end_reason = fmt::format("turn cap reached ({} turns)", max_turns);
      // The turn had passed already: the view shows the seat and round that would come next.
      views.turn_changed(lua.get(), state, Views::kOver | Views::kCurrent | Views::kRound);
      break;
    }
    ++state.turn;
    if (state.round == 0) state.round = 1;
    views.turn_changed(lua.get(), state, Views::kCurrent | Views::kTurn | Views::kRound);
    if (log)
      log(fmt::format("-- turn {} (round {}): player {}", state.turn, state.round,
                      state.current + 1));
    // One payload table serves every turn of the game (handlers must not keep it).
    lua_State* L = lua.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, turn_payload_ref);
    lua_pushinteger(L, state.current + 1);
    lua_setfield(L, -2, "player");
    lua_pushinteger(L, state.turn);
    lua_setfield(L, -2, "turn");
    lua_pushinteger(L, state.round);
    lua_setfield(L, -2, "round");
    raise(ev_turn, -1, 0);
    lua_pop(L, 1);
    if (!state.over) state.advance_turn();
  }
}

void Session::Impl::end_game() {
  raise_kernel(ev_end, [this](lua_State* L) {
    if (state.winner) {
      lua_pushinteger(L, *state.winner + 1);
      lua_setfield(L, -2, "winner");
    }
    lua_pushstring(L, state.end_reason.c_str());
    lua_setfield(L, -2, "reason");
  });
}

void Session::Impl::fail(GameResult& result, const std::string& message,
                         const std::string& traceback) {
  result.ok = false;
  if (!divergence.empty()) {
    result.error = divergence;
    result.error_report = divergence;
    return;
  }
  std::string where;
  if (error_frame) {
    const Frame& f = *error_frame;
    if (f.event >= 0) {
      where = fmt::format("pack '{}', {} of event '{}'", pack_name(f.pack), f.what,
                          state.events.info(f.event).name);
    } else {
      where = fmt::format("pack '{}', {}", pack_name(f.pack), f.what);
    }
  }
  // Errors raised inside C functions (e.g. ipairs(nil)) carry no position: take it from the
  // traceback, so the one-line message still says which pack line failed.
  std::string located = message;
  const bool invariant = error_frame && std::string_view(error_frame->what) == "invariant";
  if (invariant) {
    // The invariant's own line says nothing; the handler that ran last is where to look.
    if (last_handler)
      located += fmt::format(" (the last handler to run: pack '{}' at {})",
                             pack_name(last_handler->pack), handler_where(*last_handler));
  } else if (!traceback.empty() && !has_location(message)) {
    if (const std::string at = first_pack_location(traceback); !at.empty())
      located = at + ": " + message;
  }
  result.error = where.empty() ? located : fmt::format("{}: {}", where, located);
  result.error_report = result.error;
  if (!traceback.empty()) result.error_report += "\n" + traceback;
}

GameResult Session::Impl::finish_result(const GameConfig& config, bool decisions) {
  GameResult r;
  r.winner = state.winner;
  r.reason = state.end_reason;
  r.turns = state.turn;
  r.rounds = state.round;
  r.decisions = static_cast<int>(state.decisions.size());
  r.digest = state.digest();
  // A copy's result is read for its outcome only (Forks::fork reads the rest from its state).
  if (fork_request) return r;
  for (int seat = 0; seat < state.players; ++seat) {
    PlayerSummary p;
    p.seat = seat;
    p.agent = static_cast<std::size_t>(seat) < agent_names.size()
                  ? agent_names[static_cast<std::size_t>(seat)]
                  : "";
    const auto& props = state.player_props;
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& v = props.column(k)[static_cast<std::size_t>(seat)];
      if (!engine::is_nil(v)) p.properties.emplace_back(props.keys().name(k), v);
    }
    r.players.push_back(std::move(p));
  }
  const auto& game_props = state.game_props;
  for (int k = 0; k < game_props.keys().size(); ++k) {
    const auto& v = game_props.column(k)[0];
    if (!engine::is_nil(v)) r.properties.emplace_back(game_props.keys().name(k), v);
  }
  auto& rp = r.replay;
  rp.requested = requested_names;
  rp.loaded = pack_refs;
  rp.options = config.options.empty() ? default_option_strings : config.options;
  rp.seed = state.seed;
  rp.game_index = state.game_index;
  rp.players = state.players;
  rp.agents = agent_names;
  rp.agents.resize(static_cast<std::size_t>(state.players), "random");
  rp.max_turns = config.max_turns;
  if (decisions) {
    rp.decisions.reserve(state.decisions.size());
    for (const auto& d : state.decisions)
      rp.decisions.push_back({d.player, state.decision_kinds.name(d.kind), d.count, d.choice,
                              state.option_ids.name(d.option)});
  }
  rp.outcome = {r.winner, r.reason, r.turns, r.digest};
  return r;
}

namespace {

// Session::play, and a fork's play from its checkpoint when `resume` (Session::play_fork).
GameResult play_game(Session::Impl& s, const GameConfig& config, bool resume) {
  s.playing = &config;
  ++s.game_serial;
  packs::ResolvedOptions options;
  try {
    if (!resume)
      options = config.options.empty() ? s.default_options
                                       : packs::resolve_options(s.order, config.options);
  } catch (const packs::PackError& e) {
    GameResult r;
    r.ok = false;
    r.error = r.error_report = e.what();
    s.playing = nullptr;
    return r;
  }
  std::string message, traceback;
  bool failed = false;
  try {
    if (config.players < 1)
      throw std::runtime_error(
          fmt::format("a game needs at least one player, not {}", config.players));
    // A game starts from a collected heap after a failed game, or one that left much garbage.
    // Lua collects before it refuses an allocation, but the library's buffers (luaL_Buffer, used
    // by string.rep, table.concat, string.format, ...) grow without that emergency collection,
    // so how near the cap such a buffer may come would otherwise depend on earlier games.
    if (s.collect_before_next || s.lua.memory_used() > s.lua.limits().memory_bytes / 4) {
      lua_gc(s.lua.get(), LUA_GCCOLLECT);
      s.collect_before_next = false;
    }
    auto mark = std::chrono::steady_clock::now();
    ++s.times.games;
    s.check_payloads = config.check_payloads;  // before load_game: it dispatches every event
    if (resume)
      s.restore_checkpoint();
    else
      s.load_game(config.seed, config.game_index, config.players, options);
    s.check_options = config.check_options;
    s.check_locals = config.check_locals;
    if (!s.replaying || s.fork_request || s.continuing)
      s.bind_agents(config);
    else
      s.agent_names = s.replaying->agents;
    s.times.load += seconds_since(mark);
    s.run_game(config.max_turns, !resume);
    mark = std::chrono::steady_clock::now();
    // A copy's views are rewritten when the next fork restores its checkpoint; the real game
    // checks them.
    if (s.fork_depth == 0)
      if (const auto problem = s.views.verify(s.lua.get(), s.state))
        throw std::runtime_error(*problem);
    if (const auto problem = verify_board_lists(s)) throw std::runtime_error(*problem);
    s.check_globals();
    s.times.end += seconds_since(mark);
  } catch (const lua::ScriptError& e) {
    failed = true;
    // A Lua error's text is cut where it leaves the state (to kMaxErrorBytes, plus its
    // position); the cut here bounds text C++ made from pack strings too.
    message = engine::cut_text(e.what(), 2 * engine::kMaxErrorBytes);
    traceback = engine::cut_text(e.traceback(), 2 * engine::kMaxErrorBytes);
  } catch (const std::exception& e) {
    failed = true;
    message = engine::cut_text(e.what(), 2 * engine::kMaxErrorBytes);
  }
  // A failed game may have changed shared board lists before its error: they are verified (and
  // dropped when changed) so that the next game never reads them.
  if (failed) (void)verify_board_lists(s);
  GameResult r = s.finish_result(config, failed || config.record_decisions);
  if (failed) s.fail(r, message, traceback);
  if (failed && s.agent_failure && !s.replaying) {
    // The agent is not asked again when the replay is played: it records the failure.
    r.replay.agent_failure = s.agent_failure;
    if (r.replay.agent_failure->error.empty()) r.replay.agent_failure->error = r.error;
  }
  s.collect_before_next = failed;
  lua_settop(s.lua.get(), 0);
  s.playing = nullptr;
  return r;
}

}  // namespace

engine::Replay Session::replay_so_far(const GameConfig& config) {
  engine::Replay replay = impl_->finish_result(config, true).replay;
  replay.outcome = {};
  return replay;
}

GameResult Session::play(const GameConfig& config) {
  Impl& s = *impl_;
  if (!config.continue_from) return play_game(s, config, false);
  s.replaying = config.continue_from;
  s.replay_pos = 0;
  s.continuing = true;
  GameResult r = play_game(s, config, false);
  s.replaying = nullptr;
  s.continuing = false;
  return r;
}

void Session::pause_clock() noexcept {
  impl_->lua.pause_clock();
}

void Session::resume_clock() noexcept {
  impl_->lua.resume_clock();
}

GameResult Session::play_fork(const GameConfig& config, const engine::Replay& prefix,
                              const engine::ForkRequest& request, int depth, const ForkPoint& at) {
  Impl& s = *impl_;
  s.fork_depth = depth;
  s.fork_request = &request;
  s.fork_stop_turn = -1;
  s.fork_stopped = false;
  s.fork_point = at;
  const bool resume = !request.from_start && s.checkpoint_serves(at, prefix.decisions.size());
  s.replaying = &prefix;
  s.replay_pos = resume ? s.checkpoint.at.decisions : 0;
  s.fork_replayed = prefix.decisions.size() - s.replay_pos;
  GameResult r = play_game(s, config, resume);
  // A failed copy may have left more than its storage changed (a global, a shared list): the
  // next fork starts from a fresh load.
  if (!r.ok) s.checkpoint.valid = false;
  const bool reached = s.replaying == nullptr;
  s.replaying = nullptr;
  s.fork_request = nullptr;
  if (!r.ok) {
    r.error = "fork: " + r.error;
    r.error_report = "fork: " + r.error_report;
  } else if (!reached) {
    r.ok = false;
    r.error = r.error_report = fmt::format(
        "fork: the copy ended after {} of the game's {} decisions without reaching the decision "
        "being asked (a pack keeps game state outside its storage and the kernel)",
        s.replay_pos, prefix.decisions.size());
  } else if (s.fork_stopped) {
    r.reason = fmt::format("fork stopped after {} turns", request.turns);
  }
  return r;
}

engine::Replay Session::abandoned_replay(const GameConfig& config, const std::string& error) const {
  const Impl& s = *impl_;
  engine::Replay rp;
  rp.requested = s.requested_names;
  rp.loaded = s.pack_refs;
  rp.options = config.options.empty() ? s.default_option_strings : config.options;
  rp.seed = config.seed;
  rp.game_index = config.game_index;
  rp.players = config.players;
  for (int seat = 0; seat < config.players; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    rp.agents.push_back(i < config.agent_objects.size() && config.agent_objects[i]
                            ? config.agent_objects[i]->name()
                        : i < config.agents.size() ? config.agents[i]
                                                   : "random");
  }
  rp.max_turns = config.max_turns;
  rp.outcome.reason = error;
  rp.abandoned = error;
  return rp;
}

GameResult Session::replay(const engine::Replay& replay) {
  Impl& s = *impl_;
  GameConfig config;
  config.seed = replay.seed;
  config.game_index = replay.game_index;
  config.players = replay.players;
  config.agents = replay.agents;
  config.max_turns = replay.max_turns;
  config.options = replay.options;
  if (!replay.abandoned.empty()) {
    // Agents are deterministic given the seed: playing again retraces the abandoned game.
    GameResult r = play(config);
    if (r.ok) {
      r.ok = false;
      r.error = r.error_report = fmt::format(
          "replay diverged: the recorded game was abandoned ({}), the replayed one ended after "
          "{} turns",
          replay.abandoned, r.turns);
    }
    return r;
  }
  s.replaying = &replay;
  s.replay_pos = 0;
  GameResult r = play(config);
  s.replaying = nullptr;
  std::string version_note;
  for (const auto& ref : replay.loaded)
    for (const auto* m : s.order)
      if (m->name == ref.name && m->version != ref.version)
        version_note +=
            fmt::format(" (note: pack '{}' is version {}, the replay was recorded with {})",
                        ref.name, m->version, ref.version);
  if (!r.ok) {
    r.error += version_note;
    return r;
  }
  std::string problem;
  if (s.replay_pos != replay.decisions.size()) {
    problem =
        fmt::format("replay diverged: the game ended after {} decisions but the replay has {}",
                    s.replay_pos, replay.decisions.size());
  } else {
    problem = engine::outcome_divergence(replay.outcome, {r.winner, r.reason, r.turns, r.digest});
  }
  if (!problem.empty()) {
    r.ok = false;
    r.error = r.error_report = problem + version_note;
  }
  return r;
}

}  // namespace catan::scripting
