#include "scripting/lua_agent.h"

#include <fmt/format.h>

namespace catan::scripting {

void LuaAgent::push_answering_function(lua_State* L, std::string_view kind) const {
  session_.push_game_table("agent_extensions");
  const std::string key = fmt::format("{}\n{}", name_, kind);
  if (lua_getfield(L, -1, key.c_str()) != LUA_TFUNCTION) {
    lua_pop(L, 2);
    session_.push_game_table("agents");
    lua_getfield(L, -1, name_.c_str());
  }
  if (!lua_isfunction(L, -1))
    throw std::runtime_error(fmt::format("agent '{}' is not registered in this game", name_));
  lua_remove(L, -2);
}

int LuaAgent::choose(const engine::Decision& decision) {
  const auto* ctx = static_cast<const DecisionContext*>(decision.context);
  lua_State* L = ctx->L;
  // No StackGuard here: when a Lua error unwinds through this frame, its error object sits on top
  // of the stack and must stay there.
  const int top = lua_gettop(L);
  const int functions = top + 1, kind = top + 2;
  session_.push_game_table(functions_.c_str());
  if (ctx->kind_index != 0)
    lua_pushvalue(L, ctx->kind_index);
  else
    lua_pushlstring(L, decision.kind.data(), decision.kind.size());
  lua_pushvalue(L, kind);
  if (lua_rawget(L, functions) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    push_answering_function(L, decision.kind);
    lua_pushvalue(L, kind);
    lua_pushvalue(L, -2);
    lua_rawset(L, functions);
  }
  lua_pushinteger(L, decision.player + 1);
  lua_pushvalue(L, kind);
  lua_pushvalue(L, ctx->options_index);
  if (owner_ == kOwnerUnknown) {
    const auto owner = session_.agent_packs.find(name_);
    owner_ = owner == session_.agent_packs.end() ? -1 : owner->second;
  }
  FrameGuard frame(session_, Frame{-1, owner_, "agent"});
  session_.guard_views();
  session_.call(3, 1);
  int isnum = 0;
  const lua_Integer choice = lua_tointegerx(L, -1, &isnum);
  if (!isnum || choice < 1 || choice > decision.count) {
    throw std::runtime_error(fmt::format(
        "agent '{}' answered {} to decision '{}' of player {}; expected an option index 1..{}",
        name_, luaL_tolstring(L, -1, nullptr), decision.kind, decision.player + 1, decision.count));
  }
  lua_settop(L, top);
  return static_cast<int>(choice - 1);
}

std::string identify_lua_option(const void* context, int option) {
  const auto* ctx = static_cast<const DecisionContext*>(context);
  lua_State* L = ctx->L;
  lua::StackGuard guard(L);
  ctx->session->guard_views();  // a lazy option list runs pack code for the agent
  lua_geti(L, ctx->options_index, option + 1);
  std::string id(push_option_id(L, -1, ctx->kind, option));
  if (const auto problem = engine::option_id_problem(id); !problem.empty())
    throw std::runtime_error(
        fmt::format("the id of option {} of decision '{}' {}", option + 1, ctx->kind, problem));
  return id;
}

std::string describe_lua_option(const void* context, int option) {
  const auto* ctx = static_cast<const DecisionContext*>(context);
  lua_State* L = ctx->L;
  lua::StackGuard guard(L);
  if (ctx->kind_index != 0)
    lua_pushvalue(L, ctx->kind_index);
  else
    lua_pushlstring(L, ctx->kind.data(), ctx->kind.size());
  ctx->session->guard_views();
  lua_geti(L, ctx->options_index, option + 1);
  push_option_label(L, *ctx->session, -2, -1, option);
  std::size_t n = 0;
  const char* text = lua_tolstring(L, -1, &n);
  return {text, n};
}

}  // namespace catan::scripting
