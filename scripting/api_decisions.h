#pragma once
// The decisions part of the `game` API packs call (docs/lua-api.md, "Game"): decisions, agents,
// randomness, forks and searches, bound to one Session.

#include "scripting/lua_state.h"
#include "scripting/session.h"

namespace catan::scripting {

// Installs these `game` API functions into the table on top of the stack (open_game_api does).
void open_decisions_api(lua_State* L, Session::Impl& s);

}  // namespace catan::scripting
