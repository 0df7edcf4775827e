// How a pack's state draws: the "draw" object of pack.json. Renderers (the text board of
// `catan play`, the SVG board of `catan view`) read the kernel state through it and know nothing
// about any pack. Every field names kernel state (a property or a value of one), so a variant
// makes its pieces appear by declaring them, without touching a renderer.
//
// Fields (all optional; see docs/authoring.md, "Watching a game"):
//   tile_terrain  tile prop whose value is the hex's terrain (its colour); a board is drawn as
//                 hexes (board.hex coordinates) only when this is set
//   terrain_colours {terrain: colour}: the hex colours (others get a colour made from the name)
//   tile_label    tile prop shown in the hex (falls back to the terrain when unset)
//   tile_number   tile prop shown as the hex's number token
//   number_dots   "2d6": a number token carries one dot per way two six-sided dice roll it
//   robber        game prop holding the robber's tile
//   tile_tokens   {game prop: {symbol, colour}}: a game prop holding a tile, drawn as a token on
//                 it (C&K's merchant)
//   node_owner    node prop holding the seat (1-based) of the piece on a node
//   node_piece    node prop naming that piece ("settlement", "city", ...)
//   node_labels   {node prop: colour}: a node prop whose value is written beside the node (the
//                 numbers of Fishermen's fishing grounds)
//   harbor        node prop naming a harbor
//   harbor_labels {harbor value or "*": label}: the text a harbor is drawn with; "{}" in a label
//                 is the value ("*" labels the values not listed; undeclared: the value itself)
//   path_owner    path prop holding the seat of the road on a path
//   pieces        {piece name: symbol or {symbol, shape, filled_by}}: one printable ASCII
//                 character per piece; the shape the board draws it as (kPieceShapes); a node
//                 prop that, when not true, draws the piece hollow (an inactive knight)
//   marks         {node prop: symbol or {symbol, shape}}: a node prop holding a seat, drawn
//                 beside the node's piece as a frame of its shape (kMarkShapes) and its symbol
//                 (a wall under a city); the prop's name is a Lua identifier (letters, digits,
//                 '_', not starting with a digit), since the viewer names an attribute after it
//   dice          [{prop, colour, faces}]: game props holding the last roll's dice, drawn as
//                 dice: a number as pips, any other value as its name on a face coloured by
//                 faces[value] (C&K's event die)
//   tracks        [{prop, length, label}]: game props holding a position on a track whose
//                 length is the game prop `length` (C&K's barbarians)
//   tile_counts   {tile prop: symbol}: a tile prop holding an integer, drawn on the hex as the
//                 symbol and the value ("T3": three tokens left on the hex); named like a mark
//   points        {total, sources}: player prop `total` holds a seat's points and the player props
//                 named `sources` followed by a source's name hold what that source gives
//                 (base: "vp" and "points.", so points.cities = 4); drawn as a seat's points
//                 by source
//   sheet         true: the text the pack shows (game.show) is its picture (the dice game)
// Colours are "#rgb", "#rrggbb" or a CSS colour name.
#pragma once

#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace catan::packs {

struct Manifest;

inline constexpr const char* kPieceShapes[] = {"circle", "square", "house", "city", "shield"};
inline constexpr const char* kMarkShapes[] = {"square", "ring"};

struct PieceLook {
  char symbol = '?';
  std::string shape;      // one of kPieceShapes; empty: a circle
  std::string filled_by;  // node prop; empty: always filled
};
struct MarkLook {
  std::string symbol;  // one character
  std::string shape;   // one of kMarkShapes; empty: a square
};
struct TileToken {
  char symbol = '?';
  std::string colour;
};
struct DieLook {
  std::string prop, colour;                                // colour empty: white
  std::vector<std::pair<std::string, std::string>> faces;  // value, colour
};
struct TrackLook {
  std::string prop, length, label;
};
struct PointsLook {
  std::string total;   // player prop; empty: not declared
  std::string prefix;  // player props `prefix` + source name
};

struct DrawSpec {
  std::string tile_terrain, tile_label, tile_number, number_dots, robber;
  std::string node_owner, node_piece, harbor, path_owner;
  std::vector<std::pair<std::string, std::string>> terrain_colours;  // terrain, colour
  std::vector<std::pair<std::string, TileToken>> tile_tokens;        // game prop, look
  std::vector<std::pair<std::string, std::string>> node_labels;      // node prop, colour
  std::vector<std::pair<std::string, PieceLook>> pieces;             // declaration order
  std::vector<std::pair<std::string, MarkLook>> marks;               // node prop, look
  std::vector<DieLook> dice;      // a later pack's list replaces an earlier one's
  std::vector<TrackLook> tracks;  // added to, replacing a track of the same prop
  PointsLook points;              // a later pack's replaces an earlier one's
  std::vector<std::pair<std::string, std::string>> tile_counts;    // tile prop, symbol
  std::vector<std::pair<std::string, std::string>> harbor_labels;  // value or "*", label
  bool sheet = false;

  // True when nothing is declared (renderers fall back to a table of the state).
  bool empty() const;
  // True when the board draws as hexes.
  bool hexes() const { return !tile_terrain.empty(); }
  // The symbol of `piece`, '?' when undeclared.
  char piece_symbol(std::string_view piece) const;
  // The text of a harbor whose node prop holds `value` (harbor_labels; the value itself when
  // neither it nor "*" is declared).
  std::string harbor_label(std::string_view value) const;
  // `other` laid over this spec: its set fields replace these, its named entries are added
  // (replacing ones of the same name), its dice replace these when it declares any.
  void merge(const DrawSpec& other);
};

// A field of DrawSpec and its key in the manifest's "draw" object.
template <typename T>
struct DrawField {
  const char* key;
  T DrawSpec::*member;
};
template <typename T>
DrawField(const char*, T DrawSpec::*) -> DrawField<T>;  // for compilers without aggregate CTAD

// Every field of DrawSpec, in the order `catan check` names them: the one list that
// the manifest's field check, emptiness, merging and the viewer's JSON follow, so a new field
// is declared here once (and parsed in parse_draw, and drawn by the renderers that use it).
inline constexpr std::tuple kDrawFields{
    DrawField{"tile_terrain", &DrawSpec::tile_terrain},
    DrawField{"terrain_colours", &DrawSpec::terrain_colours},
    DrawField{"tile_label", &DrawSpec::tile_label},
    DrawField{"tile_number", &DrawSpec::tile_number},
    DrawField{"number_dots", &DrawSpec::number_dots},
    DrawField{"robber", &DrawSpec::robber},
    DrawField{"tile_tokens", &DrawSpec::tile_tokens},
    DrawField{"tile_counts", &DrawSpec::tile_counts},
    DrawField{"harbor_labels", &DrawSpec::harbor_labels},
    DrawField{"node_owner", &DrawSpec::node_owner},
    DrawField{"node_piece", &DrawSpec::node_piece},
    DrawField{"node_labels", &DrawSpec::node_labels},
    DrawField{"harbor", &DrawSpec::harbor},
    DrawField{"path_owner", &DrawSpec::path_owner},
    DrawField{"pieces", &DrawSpec::pieces},
    DrawField{"marks", &DrawSpec::marks},
    DrawField{"dice", &DrawSpec::dice},
    DrawField{"tracks", &DrawSpec::tracks},
    DrawField{"points", &DrawSpec::points},
    DrawField{"sheet", &DrawSpec::sheet},
};

// Calls f(key, member) for every field of kDrawFields, in order (`spec.*member` reads it).
template <typename F>
void for_each_draw_field(F&& f) {
  std::apply([&](const auto&... field) { (f(field.key, field.member), ...); }, kDrawFields);
}

// The packs' specs merged in load order (a variant's declarations extend the base's).
DrawSpec merged_draw_spec(const std::vector<const Manifest*>& packs);

}  // namespace catan::packs
