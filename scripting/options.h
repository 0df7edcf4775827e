#pragma once
// Options of decisions (docs/lua-api.md, "Options"): their ids and the labels people read,
// made by the describers packs register (game.describe, game.label).

#include <string_view>

#include "scripting/lua_state.h"
#include "scripting/session.h"

namespace catan::scripting {

// Adds game.describe and game.label (scripting/options.cpp) to the `game` table on top.
void open_option_api(lua_State* L, Session::Impl& s);

// Pushes the id of the decision option at stack index `index`: the option itself when it is a
// string, else its field `id` (read with lua_getfield). Returns the pushed characters, valid while
// they stay on the stack. Throws std::runtime_error naming option `option` (0-based; -1: unknown)
// of decision `kind` when the id is not a string. Does not check the id's characters
// (engine::option_id_problem): the kernel checks each id the first time a game logs it.
std::string_view push_option_id(lua_State* L, int index, std::string_view kind, int option);
// Pushes the label of the option at stack index `option_index` (option number `option`, 0-based,
// -1: unknown) of the decision kind at stack index `kind_index`: the first string a describer
// returns (game.describe; those of the kind, then those of every kind, each list from the last
// registered), else the option's id. Describers run with the game read-only and no random
// numbers. Throws when a describer fails or returns something other than a string or nil.
void push_option_label(lua_State* L, Session::Impl& s, int kind_index, int option_index,
                       int option);

}  // namespace catan::scripting
