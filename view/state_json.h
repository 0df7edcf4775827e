#pragma once
// The kernel state as the JSON the viewer's script draws (view/board_script.inc): the sections
// of a recording's step (view/game_recording.h) and the board and draw declarations it starts
// with. Used by the replay viewer and by the browser table (serve/), which shows each seat only
// what it may see.

#include <optional>

#include <nlohmann/json.hpp>

#include "engine/game_state.h"
#include "engine/value.h"
#include "scripting/draw_spec.h"

namespace catan::view {

// A property value: null, a boolean, an integer, a number or a string (cut to kMaxValueBytes).
nlohmann::json value_json(const engine::Value& v);

// {key: {id: value}} of the set values of `props` (tiles, nodes, paths; ids 0-based).
nlohmann::json props_by_key(const engine::Properties& props);

// [{key: value}] per element of `props` (player properties per seat; game properties as one).
nlohmann::json props_by_element(const engine::Properties& props, int elements);

// Per holder (the seats, then the supplies) {form: {kind: count}}, non-zero counts only. With
// `seen_by` (a 0-based seat), another player's holdings in a private form show only their total,
// as {form: {"hidden": total}} (engine/seat_view.h).
nlohmann::json hands(const engine::GameState& s, std::optional<int> seen_by = std::nullopt);

// The state sections of a step: hands, player_props, game_props, tiles, nodes, paths.
nlohmann::json state_sections(const engine::GameState& s,
                              std::optional<int> seen_by = std::nullopt);

// The packs' merged draw declaration, and the board's topology (null when it has no tiles).
nlohmann::json draw_json(const packs::DrawSpec& d);
nlohmann::json board_json(const engine::Board& b);

}  // namespace catan::view
