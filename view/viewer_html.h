#pragma once
// The replay viewer: one self-contained HTML page (no network, no libraries) holding a game's
// recording (view/game_recording.h) and the script that draws it: the board as SVG (or the
// pack's sheet, or tables of the state for packs that declare no drawing), a timeline to step
// through decisions and turns, each player's holdings and properties, the options offered and
// the one chosen, the log (dice rolls among it) and the events raised with their packs.
// The page opens at the step named by its URL's "#step=N" (0-based), and keeps it there.
// The recording is embedded as JSON with every '<' written "\u003c": no text a pack logs, shows
// or stores can end the data's <script> element or start a comment in it.
#include <string>

#include <nlohmann/json.hpp>

namespace catan::view {

std::string viewer_html(const nlohmann::json& recording);

}  // namespace catan::view
