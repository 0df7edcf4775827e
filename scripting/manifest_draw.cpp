// The "draw" object of a manifest (scripting/draw_spec.h, scripting/manifest_parse.h): the
// property names a renderer reads, the looks of pieces, marks, dice, tracks and tokens, the
// points line and the sheet flag.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "scripting/manifest_parse.h"

namespace catan::packs::manifest_parse {
namespace {

// The keys of the "draw" object, from DrawSpec's one list of its fields.
const std::vector<std::string> kDrawKeys = [] {
  std::vector<std::string> keys;
  for_each_draw_field([&](const char* key, auto) { keys.emplace_back(key); });
  return keys;
}();

// One printable ASCII character other than a space: a piece's or a mark's symbol.
char symbol(const Checker& check, const std::string& field, const json& j) {
  const std::string& s = check.string_value(field, j);
  if (s.size() != 1 || s[0] <= ' ' || s[0] > '~')
    check.fail(field, "expected one printable ASCII character, got " + j.dump());
  return s[0];
}

// A colour for a renderer: "#rgb", "#rrggbb" or a CSS colour name (letters only).
std::string colour(const Checker& check, const std::string& field, const json& j) {
  const std::string& s = check.string_value(field, j);
  const bool hex = (s.size() == 4 || s.size() == 7) && s[0] == '#' &&
                   std::all_of(s.begin() + 1, s.end(), [](char c) { return std::isxdigit(c); });
  const bool named = !s.empty() && s.size() <= 32 &&
                     std::all_of(s.begin(), s.end(), [](char c) { return std::isalpha(c); });
  if (!hex && !named)
    check.fail(field,
               "expected a colour (\"#rgb\", \"#rrggbb\" or a CSS colour name), got " + j.dump());
  return s;
}

// One of `names`, or a failure listing them.
template <std::size_t N>
std::string one_of(const Checker& check, const std::string& field, const json& j,
                   const char* const (&names)[N]) {
  const std::string& s = check.string_value(field, j);
  std::string all;
  for (const char* n : names) {
    if (s == n) return s;
    all += (all.empty() ? "" : ", ") + std::string(n);
  }
  check.fail(field, "expected one of " + all + ", got " + j.dump());
}

// `j` as an object whose fields are among `known`.
const json& object_of(const Checker& check, const std::string& field, const json& j,
                      const std::vector<std::string>& known, const char* what) {
  if (!j.is_object()) check.fail(field, std::string("expected ") + what + ", got " + describe(j));
  check.no_unknown_fields(field + ".", j, known);
  return j;
}

// A name the viewer makes an attribute of (data-mark-NAME): a Lua identifier.
void attribute_name(const Checker& check, const std::string& field, const std::string& k,
                    const char* what) {
  if (!is_lua_identifier(k))
    check.fail(field, "'" + k + "' is not a valid " + what +
                          " name (letters, digits and '_', not starting with a digit)");
}

// The symbol field of the look object `j`, required.
char required_symbol(const Checker& check, const std::string& field, const json& j) {
  const json* sym = member(j, "symbol");
  if (!sym) check.fail(field + ".symbol", "is required");
  return symbol(check, field + ".symbol", *sym);
}

PieceLook parse_piece(const Checker& check, const std::string& field, const json& j) {
  PieceLook look;
  if (j.is_string()) {
    look.symbol = symbol(check, field, j);
    return look;
  }
  object_of(check, field, j, {"symbol", "shape", "filled_by"},
            "a symbol or an object {symbol, shape, filled_by}");
  look.symbol = required_symbol(check, field, j);
  if (const json* v = member(j, "shape"))
    look.shape = one_of(check, field + ".shape", *v, kPieceShapes);
  if (const json* v = member(j, "filled_by"))
    look.filled_by = check.non_empty_string(field + ".filled_by", *v);
  return look;
}

MarkLook parse_mark(const Checker& check, const std::string& field, const json& j) {
  MarkLook look;
  if (j.is_string()) {
    look.symbol = std::string(1, symbol(check, field, j));
    return look;
  }
  object_of(check, field, j, {"symbol", "shape"}, "a symbol or an object {symbol, shape}");
  look.symbol = std::string(1, required_symbol(check, field, j));
  if (const json* v = member(j, "shape"))
    look.shape = one_of(check, field + ".shape", *v, kMarkShapes);
  return look;
}

DieLook parse_die(const Checker& check, const std::string& field, const json& j) {
  object_of(check, field, j, {"prop", "colour", "faces"}, "an object {prop, colour, faces}");
  DieLook die;
  const json* prop = member(j, "prop");
  if (!prop) check.fail(field + ".prop", "is required");
  die.prop = check.non_empty_string(field + ".prop", *prop);
  if (const json* v = member(j, "colour")) die.colour = colour(check, field + ".colour", *v);
  if (const json* faces = member(j, "faces")) {
    if (!faces->is_object())
      check.fail(field + ".faces",
                 "expected an object mapping faces to colours, got " + describe(*faces));
    for (const auto& [k, v] : faces->items())
      die.faces.emplace_back(k, colour(check, field + ".faces." + k, v));
  }
  return die;
}

TrackLook parse_track(const Checker& check, const std::string& field, const json& j) {
  object_of(check, field, j, {"prop", "length", "label"}, "an object {prop, length, label}");
  TrackLook track;
  for (const auto& [key, to] : {std::pair<const char*, std::string*>{"prop", &track.prop},
                                {"length", &track.length},
                                {"label", &track.label}}) {
    const json* v = member(j, key);
    if (!v) check.fail(field + "." + key, "is required");
    *to = check.non_empty_string(field + "." + key, *v);
  }
  return track;
}

// The property names: "tile_terrain" .. "path_owner", and "number_dots".
void parse_draw_names(const Checker& check, const json& draw, DrawSpec& spec) {
  const auto name = [&](const char* key, std::string& to) {
    if (const json* v = member(draw, key))
      to = check.non_empty_string(std::string("draw.") + key, *v);
  };
  name("tile_terrain", spec.tile_terrain);
  name("tile_label", spec.tile_label);
  name("tile_number", spec.tile_number);
  name("robber", spec.robber);
  name("node_owner", spec.node_owner);
  name("node_piece", spec.node_piece);
  name("harbor", spec.harbor);
  name("path_owner", spec.path_owner);
  if (const json* v = member(draw, "number_dots")) {
    static constexpr const char* kDots[] = {"2d6"};
    spec.number_dots = one_of(check, "draw.number_dots", *v, kDots);
  }
}

// Calls each(field, name, value) for every entry of the object draw[key], if present; fails
// naming `what` when it is not an object.
template <class Each>
void for_each_entry(const Checker& check, const json& draw, const char* key, const char* what,
                    Each&& each) {
  const json* t = member(draw, key);
  if (t == nullptr) return;
  const std::string field = std::string("draw.") + key;
  if (!t->is_object()) check.fail(field, std::string("expected ") + what + ", got " + describe(*t));
  for (const auto& [k, v] : t->items()) each(field + "." + k, k, v);
}

// The objects mapping names to looks: colours, pieces, marks, harbor labels, tile counts and
// tile tokens.
void parse_draw_looks(const Checker& check, const json& draw, DrawSpec& spec) {
  const auto colours = [&](const char* key, const char* what, auto& to) {
    for_each_entry(check, draw, key, what,
                   [&](const std::string& field, const std::string& k, const json& v) {
                     to.emplace_back(k, colour(check, field, v));
                   });
  };
  colours("terrain_colours", "an object mapping terrains to colours", spec.terrain_colours);
  colours("node_labels", "an object mapping node props to colours", spec.node_labels);
  for_each_entry(check, draw, "pieces", "an object mapping piece names to symbols",
                 [&](const std::string& field, const std::string& k, const json& v) {
                   spec.pieces.emplace_back(k, parse_piece(check, field, v));
                 });
  for_each_entry(check, draw, "marks", "an object mapping node props to symbols",
                 [&](const std::string& field, const std::string& k, const json& v) {
                   attribute_name(check, field, k, "mark");
                   spec.marks.emplace_back(k, parse_mark(check, field, v));
                 });
  for_each_entry(check, draw, "harbor_labels", "an object mapping harbor values to labels",
                 [&](const std::string& field, const std::string& k, const json& v) {
                   spec.harbor_labels.emplace_back(k, check.non_empty_string(field, v));
                 });
  for_each_entry(check, draw, "tile_counts", "an object mapping tile props to symbols",
                 [&](const std::string& field, const std::string& k, const json& v) {
                   attribute_name(check, field, k, "count");
                   spec.tile_counts.emplace_back(k, std::string(1, symbol(check, field, v)));
                 });
  for_each_entry(check, draw, "tile_tokens", "an object mapping game props to {symbol, colour}",
                 [&](const std::string& field, const std::string& k, const json& v) {
                   object_of(check, field, v, {"symbol", "colour"}, "an object {symbol, colour}");
                   TileToken token;
                   token.symbol = required_symbol(check, field, v);
                   if (const json* c = member(v, "colour"))
                     token.colour = colour(check, field + ".colour", *c);
                   spec.tile_tokens.emplace_back(k, token);
                 });
}

// The lists "dice" and "tracks".
void parse_draw_lists(const Checker& check, const json& draw, DrawSpec& spec) {
  for (const char* key : {"dice", "tracks"}) {
    const json* list = member(draw, key);
    if (list == nullptr) continue;
    const std::string field = std::string("draw.") + key;
    if (!list->is_array()) check.fail(field, "expected a list, got " + describe(*list));
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string at = fmt::format("{}[{}]", field, i);
      if (key == std::string_view("dice"))
        spec.dice.push_back(parse_die(check, at, (*list)[i]));
      else
        spec.tracks.push_back(parse_track(check, at, (*list)[i]));
    }
  }
}

// "points": {total, sources}, both required.
void parse_draw_points(const Checker& check, const json& draw, DrawSpec& spec) {
  const json* v = member(draw, "points");
  if (v == nullptr) return;
  object_of(check, "draw.points", *v, {"total", "sources"}, "an object {total, sources}");
  for (const auto& [key, to] : {std::pair<const char*, std::string*>{"total", &spec.points.total},
                                {"sources", &spec.points.prefix}}) {
    const json* s = member(*v, key);
    if (!s) check.fail(std::string("draw.points.") + key, "is required");
    *to = check.non_empty_string(std::string("draw.points.") + key, *s);
  }
}

}  // namespace

DrawSpec parse_draw(const Checker& check, const json& draw) {
  if (!draw.is_object())
    check.fail("draw",
               "expected an object saying how the pack's state draws, got " + describe(draw));
  check.no_unknown_fields("draw.", draw, kDrawKeys);
  DrawSpec spec;
  parse_draw_names(check, draw, spec);
  parse_draw_looks(check, draw, spec);
  parse_draw_lists(check, draw, spec);
  parse_draw_points(check, draw, spec);
  if (const json* v = member(draw, "sheet")) {
    if (!v->is_boolean()) check.fail("draw.sheet", "expected true or false, got " + describe(*v));
    spec.sheet = v->get<bool>();
  }
  return spec;
}

}  // namespace catan::packs::manifest_parse
