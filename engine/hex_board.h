// Builders for boards of pointy-top hexagons in axial coordinates (q, r), r growing downwards.
//
// Numbering (deterministic, part of the contract):
// - Tiles are sorted into rows top to bottom (r ascending), left to right within a row
//   (q ascending); tile ids follow that order.
// - Each tile's corners are visited clockwise from the top: 0 = top, 1 = upper-right,
//   2 = lower-right, 3 = bottom, 4 = lower-left, 5 = upper-left. Side i joins corner i and
//   corner (i + 1) % 6, so side 0 is the upper-right edge and side 5 the upper-left edge.
// - Visiting tiles in id order, node ids are given to corners in order of first appearance
//   (corners 0..5 of each tile), and path ids to sides in order of first appearance (sides 0..5
//   of each tile). A corner or side shared by neighbouring hexes gets one id.
//
// Shared corners are identified exactly with integer geometry: the centre of hex (q, r) is
// (2q + r, 3r) on a lattice whose x unit is half a hex width and y unit half a side length, and
// its corners are the centre plus (0,-2), (1,-1), (1,1), (0,2), (-1,1), (-1,-1).
#pragma once

#include <span>

#include "engine/board.h"

namespace catan::engine {

// The finalized hexagonal board of every hex at axial distance <= radius from (0, 0):
// 3r(r+1)+1 tiles (radius 2 is the 19-hex base-game island). Throws std::invalid_argument if
// radius < 0.
Board make_hex_board(int radius);

// The finalized board of exactly the given hexes, in any order (they are renumbered as above);
// shapes need not be convex or connected. Throws std::invalid_argument on a repeated hex.
Board make_hex_board(std::span<const Axial> hexes);

}  // namespace catan::engine
