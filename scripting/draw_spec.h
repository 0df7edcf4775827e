// How a pack's state draws: the "draw" object of pack.json. Renderers (the text board of
// `catan play`, the SVG board of `catan view`) read the kernel state through it and know nothing
// about any pack. Every field names kernel state (a property or a value of one), so a variant
// makes its pieces appear by declaring them, without touching a renderer.
//
// Fields (all optional; see docs/authoring.md, "Watching a game"):
//   tile_terrain  tile prop whose value is the hex's terrain (its colour); a board is drawn as
//                 hexes (board.hex coordinates) only when this is set
//   tile_label    tile prop shown in the hex (falls back to the terrain when unset)
//   tile_number   tile prop shown as the hex's number token
//   robber        game prop holding the robber's tile
//   node_owner    node prop holding the seat (1-based) of the piece on a node
//   node_piece    node prop naming that piece ("settlement", "city", ...)
//   harbor        node prop naming a harbor ("any" is 3:1, anything else 2:1 of that resource)
//   path_owner    path prop holding the seat of the road on a path
//   pieces        {piece name: symbol}: one printable ASCII character per piece name
//   marks         {node prop: symbol}: a node prop holding a seat, drawn beside the node's piece
//                 (a wall under a city); the prop's name is a Lua identifier (letters, digits,
//                 '_', not starting with a digit), since the viewer names an attribute after it
//   tile_counts   {tile prop: symbol}: a tile prop holding an integer, drawn on the hex as the
//                 symbol and the value ("T3": three tokens left on the hex); named like a mark
//   sheet         true: the text the pack shows (game.show) is its picture (the dice game)
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace catan::packs {

struct Manifest;

struct DrawSpec {
  std::string tile_terrain, tile_label, tile_number, robber;
  std::string node_owner, node_piece, harbor, path_owner;
  std::vector<std::pair<std::string, char>> pieces;        // declaration order
  std::vector<std::pair<std::string, std::string>> marks;  // node prop, symbol (one character)
  std::vector<std::pair<std::string, std::string>> tile_counts;  // tile prop, symbol
  bool sheet = false;

  // True when nothing is declared (renderers fall back to a table of the state).
  bool empty() const;
  // True when the board draws as hexes.
  bool hexes() const { return !tile_terrain.empty(); }
  // The symbol of `piece`, '?' when undeclared.
  char piece_symbol(std::string_view piece) const;
  // `other` laid over this spec: its set fields replace these, its pieces, marks and tile counts
  // are added (replacing ones of the same name).
  void merge(const DrawSpec& other);
};

// The packs' specs merged in load order (a variant's declarations extend the base's).
DrawSpec merged_draw_spec(const std::vector<const Manifest*>& packs);

}  // namespace catan::packs
