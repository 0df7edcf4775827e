// Decisions and agents (Session::Impl, scripting/session_impl.h): binding each seat's agent
// (random, a registered factory, a pack's Lua agent), asking a decision (replayed, steered by a
// fork, or answered by the agent) and logging it with its option's id.
#include <algorithm>

#include <fmt/format.h>

#include "engine/seat_view.h"
#include "engine/text_bounds.h"
#include "scripting/agent_registry.h"
#include "scripting/lua_agent.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

std::shared_ptr<const search::ValueModel> Session::Impl::value_model(const std::string& eval,
                                                                     const GameConfig& config) {
  const EvaluationFinder& find = evaluation_finder();
  if (!find) return nullptr;
  GameConfiguration configuration;
  for (const packs::Manifest* m : order) {
    configuration.packs.push_back(m->name);
    configuration.pack_dirs.push_back(m->dir);
  }
  configuration.options = config.options.empty() ? default_option_strings : config.options;
  configuration.players = config.players;
  return find(eval, configuration, value_models);
}

AgentSetup Session::Impl::agent_setup(const std::string& spec, const GameConfig& config) {
  AgentSetup setup;
  setup.spec = spec;
  setup.rollout_agent = rollout_agent;
  setup.learned_evaluation = [this, &config](const std::string& eval) {
    return value_model(eval, config);
  };
  return setup;
}

std::shared_ptr<const search::ValueModel> Session::value_model(const std::string& eval,
                                                               const GameConfig& config) {
  return impl_->value_model(eval, config);
}

void Session::Impl::bind_agents(const GameConfig& config) {
  agents.assign(static_cast<std::size_t>(state.players), nullptr);
  agent_names.assign(static_cast<std::size_t>(state.players), "random");
  for (int seat = 0; seat < state.players; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    if (i < config.agent_objects.size() && config.agent_objects[i]) {
      agents[i] = config.agent_objects[i];
    } else {
      const std::string name = i < config.agents.size() ? config.agents[i] : "random";
      if (name == "random") {
        agents[i] = std::make_shared<engine::RandomAgent>();
      } else if (const AgentFactory* make = find_agent(name)) {
        try {
          agents[i] = (*make)(agent_setup(name, config));
        } catch (const std::exception& e) {
          throw std::runtime_error(fmt::format("player {}: {}", seat + 1, e.what()));
        }
      } else {
        lua_State* L = lua.get();
        push_game_table("agents");
        const bool known = lua_getfield(L, -1, name.c_str()) == LUA_TFUNCTION;
        std::vector<std::string> names{"random"};
        lua_pop(L, 1);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          names.push_back(lua_tostring(L, -2));
          lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (!known) {
          for (std::string& registered : registered_agents())
            names.push_back(std::move(registered));
          std::sort(names.begin() + 1, names.end());
          throw std::runtime_error(fmt::format("unknown agent '{}' for player {} (known: {})", name,
                                               seat + 1, fmt::join(names, ", ")));
        }
        agents[i] = std::make_shared<LuaAgent>(*this, name);
      }
    }
    agent_names[i] = agents[i]->name();
    agents[i]->begin_game(state.seed, state.game_index, seat);
  }
}

int Session::Impl::decide(int player, std::string_view kind, int options_index, int kind_index,
                          const char* api) {
  lua_State* L = lua.get();
  const int count = count_options(options_index, kind, api);
  options_index = lua_absindex(L, options_index);
  if (!invariants.empty()) check_invariants(fmt::format("decision {}", kind));
  if (check_options) check_option_ids(L, options_index, kind, count, api);
  DecisionContext ctx{this, L, options_index, kind_index != 0 ? lua_absindex(L, kind_index) : 0,
                      kind};
  engine::Decision d{player, kind, count, &identify_lua_option, &describe_lua_option, &ctx};
  int choice = 0;
  bool logged_before = false;  // the options are in decision_options already (pack tests)
  if (fork_request && replaying && replay_pos == replaying->decisions.size()) start_fork();
  if (continuing && replaying && replay_pos == replaying->decisions.size()) replaying = nullptr;
  const engine::Replay::Decision* recorded = nullptr;
  if (replaying) {
    recorded = &replayed_decision(player, kind, count);
    choice = recorded->choice;
  } else {
    choice = agent_choice(d, options_index, logged_before);
  }
  log_choice(d, options_index, kind_index, choice, recorded, api);
  if (log_options && !logged_before) log_decision_options(kind, options_index, count);
  return choice;
}

int Session::Impl::count_options(int options_index, std::string_view kind, const char* api) {
  lua_State* L = lua.get();
  // The length honours __len: an option list may be a lazy table that makes its entries when they
  // are read (agents that never look at them, like the random agent, never make them). Without a
  // metatable it is the raw length (the same value, without a metamethod lookup).
  lua_Integer length = 0;
  if (lua_getmetatable(L, options_index)) {
    lua_pop(L, 1);
    length = luaL_len(L, options_index);
  } else {
    length = static_cast<lua_Integer>(lua_rawlen(L, options_index));
  }
  if (length > kMaxOptions)
    throw std::runtime_error(fmt::format("{}: decision '{}' has {} options, over the limit of {}",
                                         api, kind, length, kMaxOptions));
  const int count = static_cast<int>(length);
  if (count < 1) throw std::runtime_error(fmt::format("decision '{}' has no options", kind));
  return count;
}

const engine::Replay::Decision& Session::Impl::replayed_decision(int player, std::string_view kind,
                                                                 int count) {
  if (replay_pos >= replaying->decisions.size() && replaying->agent_failure &&
      replaying->agent_failure->player == player && replaying->agent_failure->kind == kind)
    throw std::runtime_error(
        engine::agent_failure_error(*replaying->agent_failure, replay_pos + 1));
  if (replay_pos >= replaying->decisions.size()) {
    divergence = fmt::format(
        "replay diverged at decision {}: the game asks player {} for '{}' among {} options, "
        "but the replay has no decisions left",
        replay_pos + 1, player + 1, kind, count);
    throw std::runtime_error(divergence);
  }
  const engine::Replay::Decision* recorded = &replaying->decisions[replay_pos];
  if (recorded->player != player || recorded->kind != kind || recorded->count != count) {
    divergence = fmt::format(
        "replay diverged at decision {}: the replay has player {} choosing '{}' among {} "
        "options, the game asks player {} for '{}' among {}",
        replay_pos + 1, recorded->player + 1, recorded->kind, recorded->count, player + 1, kind,
        count);
    throw std::runtime_error(divergence);
  }
  ++replay_pos;
  return *recorded;
}

int Session::Impl::agent_choice(engine::Decision& d, int options_index, bool& logged_before) {
  const int player = d.player;
  const std::string_view kind = d.kind;
  const int count = d.count;
  int choice = -1;
  engine::Agent& agent = *agents[static_cast<std::size_t>(player)];
  struct ReadOnly {
    Impl& s;
    ReadOnly(Impl& s, engine::Agent* a, int seat) : s(s) {
      ++s.agent_depth;
      s.acting_agent = a;
      s.deciding_seat = seat;
    }
    ~ReadOnly() {
      s.views.unguard(s.lua.get());
      s.deciding = nullptr;
      --s.agent_depth;
      s.acting_agent = nullptr;
      s.deciding_seat = -1;
    }
  } read_only(*this, &agent, player);
  if (!forks) forks = std::make_unique<Forks>(*this, fork_depth);
  d.forker = forks.get();
  const engine::SeatView view(state, player, playing && playing->agents_see_all);
  d.view = &view;
  deciding = &d;
  if (fork_depth == 0 && playing && playing->check_forks > 0 &&
      state.decisions.size() % static_cast<std::size_t>(playing->check_forks) == 0)
    check_fork(d);
  if (fork_request && fork_request->steer) {
    choice = fork_request->steer(d);
    if (choice < -1 || choice >= count)
      throw std::runtime_error(fmt::format("fork: the steering chose option {} of {} for '{}'",
                                           choice + 1, count, kind));
  }
  if (choice < 0) {
    // Pack tests log the options before the agent answers, so that a decision it fails to
    // answer is listed too (t.decisions); describers only read, so the game is the same.
    const bool logging = log_options && agent_depth == 1 && fork_depth == 0;
    if (logging) log_decision_options(kind, options_index, count);
    try {
      choice = agent.choose(d);
      if (choice < 0 || choice >= count)
        throw std::runtime_error(fmt::format("agent '{}' chose option {} of {} for '{}'",
                                             agent.name(), choice + 1, count, kind));
    } catch (const std::exception& e) {
      if (agent_depth == 1 && fork_depth == 0)
        agent_failure = engine::Replay::AgentFailure{player, std::string(kind), e.what()};
      if (logging) set_unanswered(player, kind, count, e.what());
      throw;
    } catch (...) {  // a Lua agent's error: its text becomes the game's error
      if (agent_depth == 1 && fork_depth == 0)
        agent_failure = engine::Replay::AgentFailure{player, std::string(kind), ""};
      if (logging) set_unanswered(player, kind, count, "");
      throw;
    }
    logged_before = logging;
  }
  deciding = nullptr;
  return choice;
}

void Session::Impl::log_choice(const engine::Decision& d, int options_index, int kind_index,
                               int choice, const engine::Replay::Decision* recorded,
                               const char* api) {
  lua_State* L = lua.get();
  const int player = d.player;
  const std::string_view kind = d.kind;
  const int count = d.count;
  // The chosen option stays on the stack (game.decide returns it); the log keeps its id. A
  // record's id is read raw first (with the key kept in the registry), then as push_option_id
  // reads it (metamethods, errors).
  lua_geti(L, options_index, choice + 1);
  std::string_view id;
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, id_key_ref);
    if (lua_rawget(L, -2) == LUA_TSTRING) {
      std::size_t n = 0;
      const char* data = lua_tolstring(L, -1, &n);
      id = {data, n};
    } else {
      lua_pop(L, 1);
    }
  }
  if (id.data() == nullptr) id = push_option_id(L, -1, kind, choice);
  int option = logged_id(L, logged_ids, -1, id);
  if (option < 0) {
    if (const auto problem = engine::option_id_problem(id); !problem.empty())
      throw std::runtime_error(fmt::format("{}: the id of option {} of decision '{}' {}", api,
                                           choice + 1, kind, problem));
    option = state.option_ids.intern(id);
    log_string(L, logged_ids, -1, id, option);
  }
  if (recorded && recorded->id != id) {
    divergence = fmt::format(
        "replay diverged at decision {}: the replay has player {} choosing '{}' for '{}', the "
        "game's option {} there is '{}'",
        replay_pos, player + 1, recorded->id, kind, choice + 1, id);
    throw std::runtime_error(divergence);
  }
  lua_pop(L, 1);
  int kind_id = -1;
  if (kind_index != 0) kind_id = logged_id(L, logged_kinds, kind_index, kind);
  if (kind_id < 0) {
    kind_id = state.decision_kinds.intern(kind);
    if (kind_index != 0) log_string(L, logged_kinds, kind_index, kind, kind_id);
  }
  state.decisions.push_back({player, kind_id, count, choice, option});
}

void Session::Impl::set_unanswered(int player, std::string_view kind, int count,
                                   std::string error) {
  Unanswered u;
  u.after = state.decisions.size();
  u.player = player;
  u.kind = std::string(kind);
  u.count = count;
  u.error = std::move(error);
  u.options = std::move(decision_options.back());
  decision_options.pop_back();
  unanswered.push_back(std::move(u));
}

void Session::Impl::log_decision_options(std::string_view kind, int options_index, int count) {
  lua_State* L = lua.get();
  const int top = lua_gettop(L);
  lua_pushlstring(L, kind.data(), kind.size());
  const int kind_index = lua_gettop(L);
  auto& logged = decision_options.emplace_back();
  logged.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    lua_geti(L, options_index, i + 1);
    std::string id(push_option_id(L, -1, kind, i));
    lua_pop(L, 1);
    push_option_label(L, *this, kind_index, -1, i);
    logged.emplace_back(std::move(id), lua_tostring(L, -1));
    lua_settop(L, kind_index);
  }
  lua_settop(L, top);
}

namespace {
// Lua interns strings up to this many bytes (LUAI_MAXSHORTLEN): one object per text.
constexpr std::size_t kInternedBytes = 40;
}  // namespace

int Session::Impl::logged_id(lua_State* L, LoggedStrings& strings, int index,
                             std::string_view text) {
  auto& memo =
      strings
          .memo[(reinterpret_cast<std::uintptr_t>(text.data()) >> 4) & (strings.memo.size() - 1)];
  if (memo.data == text.data()) return memo.id;
  index = lua_absindex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, strings.table_ref);
  lua_pushvalue(L, index);
  int id = -1;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    id = static_cast<int>(lua_tointeger(L, -1));
    if (text.size() <= kInternedBytes) memo = {text.data(), id};
  }
  lua_pop(L, 2);
  return id;
}

void Session::Impl::log_string(lua_State* L, LoggedStrings& strings, int index,
                               std::string_view text, int id) {
  index = lua_absindex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, strings.table_ref);
  lua_pushvalue(L, index);
  lua_pushinteger(L, id);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  if (text.size() <= kInternedBytes)
    strings.memo[(reinterpret_cast<std::uintptr_t>(text.data()) >> 4) & (strings.memo.size() - 1)] =
        {text.data(), id};
}

void Session::Impl::check_option_ids(lua_State* L, int options_index, std::string_view kind,
                                     int count, const char* api) {
  const lua::StackGuard guard(L);
  std::unordered_map<std::string, int> seen;
  for (int i = 0; i < count; ++i) {
    lua_geti(L, options_index, i + 1);
    std::string id(push_option_id(L, -1, kind, i));
    lua_pop(L, 2);
    if (const auto problem = engine::option_id_problem(id); !problem.empty())
      throw std::runtime_error(
          fmt::format("{}: the id of option {} of decision '{}' {}", api, i + 1, kind, problem));
    const auto [at, fresh] = seen.emplace(std::move(id), i);
    if (!fresh)
      throw std::runtime_error(
          fmt::format("{}: decision '{}' offers the id '{}' twice (options "
                      "{} and {}); ids are unique within a decision",
                      api, kind, at->first, at->second + 1, i + 1));
  }
}

}  // namespace catan::scripting
