#include "scripting/fork.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "engine/rng.h"
#include "engine/text_bounds.h"
#include "engine/visibility.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

namespace {

// How the value under the key at `key` (stack index) is reached from its table, for messages:
// ".name", "[3]", "[(table key)]".
std::string segment(lua_State* L, int key) {
  if (lua_type(L, key) == LUA_TNUMBER) {
    lua_pushvalue(L, key);
    std::string text = fmt::format("[{}]", lua_tostring(L, -1));
    lua_pop(L, 1);
    return text;
  }
  if (lua_type(L, key) == LUA_TSTRING) return std::string(".") + lua_tostring(L, key);
  return fmt::format("[({} key)]", luaL_typename(L, key));
}

// A table met by the walk, for the path of a refusal: the table it was found in and how.
struct Step {
  std::size_t parent;
  std::string segment;
};
constexpr std::size_t kRoot = static_cast<std::size_t>(-1);

// A refusal names at most this much of the path (storage may nest a million deep).
constexpr std::size_t kMaxPathBytes = 256;

// The path of `last` below the step `from` (kRoot: the storage itself): "a.b[3]".
std::string path_of(const std::vector<Step>& steps, std::size_t from, std::string last) {
  std::vector<const std::string*> parts{&last};
  for (std::size_t at = from; at != kRoot; at = steps[at].parent)
    parts.push_back(&steps[at].segment);
  std::string path;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) path += **it;
  if (!path.empty() && path[0] == '.') path.erase(0, 1);
  return path;
}

// The first value below the table at `index` (through keys and values, at any depth) that is not
// plain data: its path ("a.b[3]", when `paths`) and what it is. The tables still to look at wait
// in a Lua array, not on the C stack, so storage nested to any depth is walked; a path is made only
// for the value refused, from the steps that lead to it, so a deep walk costs linear time.
std::optional<std::pair<std::string, std::string>> find_non_plain(lua_State* L, int index,
                                                                  bool paths) {
  index = lua_absindex(L, index);
  std::unordered_set<const void*> seen;
  std::vector<Step> steps;           // with `paths`: every table met but the storage itself
  std::vector<std::size_t> step_of;  // with `paths`: the step of each pending table
  lua_newtable(L);
  const int work = lua_gettop(L);
  lua_Integer pending = 0;
  const auto enqueue = [&](int at, std::size_t parent, int key) {
    at = lua_absindex(L, at);
    // A board list is the board's own data, frozen; a metatable is the pack's own constant,
    // made when its scripts load (a copy loads them too), so neither is walked.
    if (!seen.insert(lua_topointer(L, at)).second || is_board_list(L, at)) return;
    if (paths) {
      if (key == 0) {
        step_of.push_back(kRoot);
      } else {
        steps.push_back({parent, segment(L, key)});
        step_of.push_back(steps.size() - 1);
      }
    }
    lua_pushvalue(L, at);
    lua_rawseti(L, work, ++pending);
  };
  enqueue(index, kRoot, 0);
  std::optional<std::pair<std::string, std::string>> found;
  while (pending > 0 && !found) {
    lua_rawgeti(L, work, pending);
    lua_pushnil(L);
    lua_rawseti(L, work, pending--);
    std::size_t step = kRoot;
    if (paths) {
      step = step_of.back();
      step_of.pop_back();
    }
    const int table = lua_gettop(L);
    luaL_checkstack(L, 4, "fork: checking storage");
    lua_pushnil(L);
    while (lua_next(L, table)) {
      const int key = lua_gettop(L) - 1;
      if (lua_type(L, key) == LUA_TTABLE) enqueue(key, step, key);
      const int type = lua_type(L, -1);
      if (type == LUA_TTABLE) {
        enqueue(-1, step, key);
      } else if (type != LUA_TSTRING && type != LUA_TNUMBER && type != LUA_TBOOLEAN) {
        found.emplace(paths ? path_of(steps, step, segment(L, key)) : std::string(),
                      fmt::format("a {}", luaL_typename(L, -1)));
        lua_pop(L, 2);
        break;
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return found;
}

}  // namespace

void check_plain_storage(lua_State* L, int index, const std::string& pack) {
  if (!find_non_plain(L, index, false)) return;  // the common case builds no path
  const auto [where, what] = *find_non_plain(L, index, true);
  throw std::runtime_error(fmt::format(
      "fork: pack '{}': storage{} holds {}; storage must be plain data (tables, strings, "
      "numbers, booleans) so that a game can be copied",
      pack, where.empty() ? "" : " key '" + engine::cut_text(where, kMaxPathBytes) + "'", what));
}

// ---------------------------------------------------------------------------------------------
// Checkpoints (in the copy's Session).

bool Session::Impl::checkpoint_serves(const ForkPoint& at, std::size_t prefix_size) const {
  return checkpoint.valid && checkpoint.loaded == load_serial && checkpoint.at.game == at.game &&
         checkpoint.at.turn <= at.turn && checkpoint.at.decisions <= prefix_size;
}

std::uint64_t Session::Impl::storage_digest_now() {
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  std::uint64_t h = 0;
  for (const auto& pack : packs) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
    lua_getfield(L, -1, "storage");
    h = h * 1099511628211ull ^ storage_digest(L, -1);
    lua_pop(L, 2);
  }
  return h;
}

void Session::Impl::save_checkpoint() {
  lua_State* L = lua.get();
  const lua::StackGuard guard(L);
  checkpoint.valid = false;
  checkpoint.storage.begin(L);
  const auto kernel_data = [this](lua_State* L, int index) {
    return is_board_list(L, index) || views.is_view(L, index);
  };
  for (const auto& pack : packs) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
    if (lua_getfield(L, -1, "storage") == LUA_TTABLE)
      checkpoint.storage.add(L, -1, pack.manifest->name, kernel_data);
    lua_pop(L, 2);
  }
  checkpoint.state = state;
  // The logged names only grow within a loaded game, and the decision records hold their ids:
  // restore keeps the current tables, so the checkpoint needs none.
  checkpoint.state.option_ids.clear();
  checkpoint.state.decision_kinds.clear();
  checkpoint.at = fork_point;
  checkpoint.loaded = load_serial;
  checkpoint.valid = true;
}

void Session::Impl::restore_checkpoint() {
  lua_State* L = lua.get();
  lua_settop(L, 0);
  frames.clear();
  error_frame.reset();
  divergence.clear();
  last_handler = nullptr;
  agent_depth = 0;
  describing = 0;
  checking_invariants = false;
  deciding = nullptr;
  engine::NameTable ids = std::move(state.option_ids);
  engine::NameTable kinds = std::move(state.decision_kinds);
  state = checkpoint.state;
  state.option_ids = std::move(ids);
  state.decision_kinds = std::move(kinds);
  checkpoint.storage.restore(L);
  views.refresh(L, state);
  turn_mark = {checkpoint.at.turn, checkpoint.at.decisions};
}

Forks::~Forks() = default;

engine::ForkResult Forks::fork(const engine::ForkRequest& request) {
  Session::Impl& g = game_;
  if (!g.playing) throw std::runtime_error("fork: no game is being played");
  if (depth_ >= kMaxDepth)
    throw std::runtime_error(fmt::format("fork: forks nest at most {} deep", kMaxDepth));
  // An agent's copy is the game as its seat sees it: anything else would show it hidden cards.
  if (const int seat = g.observing_seat(); seat >= 0 && request.seen_by != seat)
    throw std::runtime_error(fmt::format(
        "fork: agents see only what their seat may: an agent of seat {} forks the game as seat {} "
        "sees it (seen_by = {}), not {}",
        seat + 1, seat + 1, seat + 1,
        request.seen_by ? fmt::format("as seat {} sees it", *request.seen_by + 1)
                        : std::string("knowing everything")));
  lua_State* L = g.lua.get();
  const ForkPoint at{g.game_serial, g.turn_mark.turn, g.turn_mark.decisions};
  // Storage is checked once per turn: the copy's checkpoint at the turn's start copies it then.
  if (!(at == checked_)) {
    const lua::StackGuard guard(L);
    for (const auto& pack : g.packs) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, pack.env_ref);
      if (lua_getfield(L, -1, "storage") == LUA_TTABLE)
        check_plain_storage(L, -1, pack.manifest->name);
      lua_pop(L, 2);
    }
    checked_ = at;
  }

  // The game so far, as the copy will feed it back: the decisions since the last fork of the
  // same game are added to the ones it had.
  if (prefix_game_ != g.game_serial || prefix_.decisions.size() > g.state.decisions.size()) {
    prefix_.decisions.clear();
    prefix_game_ = g.game_serial;
  }
  prefix_.decisions.reserve(g.state.decisions.size());
  for (std::size_t i = prefix_.decisions.size(); i < g.state.decisions.size(); ++i) {
    const auto& d = g.state.decisions[i];
    prefix_.decisions.push_back({d.player, g.state.decision_kinds.name(d.kind), d.count, d.choice,
                                 g.state.option_ids.name(d.option)});
  }

  if (!copy_)
    copy_ =
        std::make_unique<Session>(g.search, g.requested, g.default_option_strings, g.lua.limits());
  GameConfig config;
  config.seed = g.state.seed;
  config.game_index = g.state.game_index;
  config.players = g.state.players;
  config.max_turns = g.playing->max_turns;
  config.options = g.playing->options;
  config.agents_see_all = g.playing->agents_see_all;
  config.agents = request.agents;
  config.agent_objects = request.agent_objects;
  config.record_decisions = false;
  const GameResult r = copy_->play_fork(config, prefix_, request, depth_ + 1, at);

  engine::ForkResult out;
  out.ok = r.ok;
  out.error = r.error;
  out.state = &copy_->state();
  out.over = r.ok && out.state->over;
  out.winner = r.winner;
  out.reason = r.reason;
  out.turns = r.turns;
  out.digest = r.digest;
  const ForkFingerprint at_fork = copy_->fork_fingerprint();
  out.replayed = at_fork.replayed;
  if (request.fingerprint) {
    out.fork_digest = at_fork.digest;
    out.fork_storage_digest = at_fork.storage_digest;
  }
  if (out.ok) {
    try {
      out.scores = request.evaluate && !out.over
                       ? request.evaluate(*out.state)
                       : copy_->scores(request.score_share ? Session::Scoring::score_share
                                                           : Session::Scoring::evaluator);
    } catch (const std::exception& e) {
      out.ok = false;
      out.error = std::string("fork: ") + e.what();
    }
  }
  return out;
}

void Session::Impl::check_fork(const engine::Decision& d) {
  engine::ForkRequest request;
  request.seed =
      engine::Rng::for_stream(state.seed, state.game_index, state.decisions.size()).next();
  request.agents.assign(static_cast<std::size_t>(state.players), "random");
  request.turns = 1;
  request.seen_by = d.player;
  const engine::ForkResult r = d.forker->fork(request);
  if (!r.ok)
    throw std::runtime_error(fmt::format(
        "fork check: a copy of the game at decision {} ('{}' of player {}), as that player sees "
        "it, failed: {} (state kept across decisions that a redeal of the other players' hidden "
        "holdings breaks: docs/authoring.md, \"State a fork deals again\")",
        state.decisions.size() + 1, d.kind, d.player + 1, r.error));
}

void Session::Impl::start_fork() {
  replaying = nullptr;
  if (fork_request->fingerprint) {
    fork_digest = state.digest();
    fork_storage_digest = storage_digest_now();
  }
  state.rng = engine::Rng::for_stream(fork_request->seed, 0, 0);
  for (int seat = 0; seat < state.players; ++seat)
    agents[static_cast<std::size_t>(seat)]->begin_game(fork_request->seed, 0, seat);
  if (fork_request->turns >= 0) fork_stop_turn = state.turn + fork_request->turns;
  if (fork_request->seen_by) {
    const int seat = *fork_request->seen_by;
    if (seat < 0 || seat >= state.players)
      throw std::runtime_error(
          fmt::format("fork: seen_by seat {} of a {}-player game", seat + 1, state.players));
    lua_State* L = lua.get();
    engine::resample_unseen(state, seat, state.rng, [&](int player, int form) {
      for (int k = 0; k < state.holdings.kinds(); ++k)
        views.holding_changed(L, state, player, form, k);
    });
  }
}

}  // namespace catan::scripting
