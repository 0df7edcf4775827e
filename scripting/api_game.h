#pragma once
// The `game` API packs call (docs/lua-api.md, "Game"): events, decisions, holdings, players,
// agents, forks and logs, bound to one Session.

#include "scripting/lua_state.h"
#include "scripting/session.h"

namespace catan::scripting {

// Installs the `game` API functions into the table on top of the stack.
void open_game_api(lua_State* L, Session::Impl& s);

}  // namespace catan::scripting
