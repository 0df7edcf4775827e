#pragma once
// An agent written in Lua: a function a pack registered with game.agent(name, fn), called as
// fn(player, kind, options) and returning the chosen option's index (1-based).

#include <string>

#include "engine/agent.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

// The decision being asked (Decision::context): its session, where its options sit on the Lua
// stack, its kind, and the kind as a Lua string when the caller passed one (0: not on the stack).
struct DecisionContext {
  Session::Impl* session = nullptr;
  lua_State* L = nullptr;
  int options_index = 0;
  int kind_index = 0;
  std::string_view kind;
};

// Calls the registered Lua function for each decision. The game state is read-only meanwhile.
// One LuaAgent serves one seat for one game (bind_agents); agents and their extensions are
// registered only while packs load, so the function answering a kind is looked up once per game
// and kept in the game table `agent_fns\n<name>`, keyed by kind.
class LuaAgent final : public engine::Agent {
 public:
  LuaAgent(Session::Impl& session, std::string name)
      : session_(session), name_(std::move(name)), functions_("agent_fns\n" + name_) {}
  std::string name() const override { return name_; }
  int choose(const engine::Decision& decision) override;

 private:
  // Pushes the function answering `kind`: the extension registered for it, else the agent.
  void push_answering_function(lua_State* L, std::string_view kind) const;

  static constexpr int kOwnerUnknown = -2;
  Session::Impl& session_;
  std::string name_;
  std::string functions_;      // name of the per-game table of answering functions
  int owner_ = kOwnerUnknown;  // the pack that registered the agent (-1: none), once known
};

// Decision::identify and Decision::describe for a decision whose context is a DecisionContext:
// option `option`'s id (checked with engine::option_id_problem) and its label (push_option_label).
std::string identify_lua_option(const void* context, int option);
std::string describe_lua_option(const void* context, int option);

}  // namespace catan::scripting
