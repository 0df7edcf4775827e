#pragma once
// The `board` API packs call (docs/lua-api.md, "Board"): hexes, corners, edges, their
// properties and adjacency lists, bound to one Session.

#include <optional>
#include <string>

#include "scripting/lua_state.h"
#include "scripting/session.h"

namespace catan::scripting {

// Installs the `board` API functions into the table on top of the stack.
void open_board_api(lua_State* L, Session::Impl& s);

// Whether the table at `index` is a board list or array of lists (api_board.cpp): kernel data,
// frozen and verified, that packs may keep in storage.
bool is_board_list(lua_State* L, int index);

// Checks that this game's shared adjacency lists (Impl::lists_shared) still match the board; on
// a difference, drops them (the next game builds new ones) and returns a message.
std::optional<std::string> verify_board_lists(Session::Impl& s);

}  // namespace catan::scripting
