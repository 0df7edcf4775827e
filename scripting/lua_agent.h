#pragma once
// An agent written in Lua: a function a pack registered with game.agent(name, fn), called as
// fn(player, kind, options) and returning the chosen option's index (1-based).

#include <string>

#include "engine/agent.h"
#include "scripting/session_impl.h"

namespace catan::scripting {

// Where the options of the decision being asked sit on the Lua stack (Decision::context).
struct DecisionContext {
  lua_State* L = nullptr;
  int options_index = 0;
};

// Calls the registered Lua function for each decision. The game state is read-only meanwhile.
class LuaAgent final : public engine::Agent {
 public:
  LuaAgent(Session::Impl& session, std::string name) : session_(session), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  int choose(const engine::Decision& decision) override;

 private:
  Session::Impl& session_;
  std::string name_;
};

// Describes option `option` of a decision whose context is a DecisionContext: the option's
// `label` field when it is a table that has one, otherwise tostring(option).
std::string describe_lua_option(const void* context, int option);

}  // namespace catan::scripting
