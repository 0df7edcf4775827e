#pragma once
// The board drawn as text, for people at a terminal (`catan play`, and a human seat before each
// of its decisions). It reads the kernel state through the packs' merged draw spec
// (scripting/draw_spec.h) and knows nothing about any pack.
//
// Layout: each hex of a board.hex board is 9 columns by 9 lines; its corners (nodes) show the
// piece there as the piece's symbol followed by the owner's seat ("s1", "C2"), with the symbols
// of marks before it ("WC2": a walled city); an empty corner is ".". Its sides (paths) are "/",
// "\" and "|", or the seat of the road's owner. Inside the hex: the tile id ("#7"), the label
// (resource or terrain), the number token, and "ROBBER". Harbors are named outside the coast
// ("3:1", "2:1 ore"). With `colour`, seats' pieces and roads are coloured with ANSI escapes; no
// other control byte is written (pack texts are drawn with printable ASCII only).
#include <set>
#include <string>

#include "engine/game_state.h"
#include "scripting/draw_spec.h"

namespace catan::view {

// Board places to show by their ids (0-based here, drawn 1-based), for a person choosing among
// them: a numbered corner shows its node id instead of its piece, a numbered side its path id
// instead of its line or road.
struct NumberedPlaces {
  std::set<int> nodes, paths;
  bool empty() const noexcept { return nodes.empty() && paths.empty(); }
};

// The board as lines of text ending in '\n', then a legend line. Empty when the spec does not
// draw hexes or the board is not one of hexes (tiles without 6 corners).
std::string text_board(const engine::GameState& state, const packs::DrawSpec& spec, bool colour,
                       const NumberedPlaces& numbered = {});

// True when text written to stdout may carry colour: a terminal, NO_COLOR unset or empty, TERM
// not "dumb".
bool stdout_wants_colour();

}  // namespace catan::view
