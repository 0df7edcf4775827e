#pragma once
// The holdings part of the `game` API packs call (docs/lua-api.md, "Game"): kinds, forms,
// supplies, holdings, live views, decks and properties, bound to one Session.

#include "scripting/lua_state.h"
#include "scripting/session.h"

namespace catan::scripting {

// Installs these `game` API functions into the table on top of the stack (open_game_api does).
void open_holdings_api(lua_State* L, Session::Impl& s);

}  // namespace catan::scripting
