#include "scripting/manifest.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/file_io.h"
#include "engine/replay.h"
#include "scripting/pack_suggest.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

const std::vector<std::string> kTopLevelFields = {
    "name",    "version", "description",  "requires", "conflicts", "library",
    "entry",   "tests",   "test_support", "options",  "events",    "draw",
    "players", "score",   "histograms",   "metrics"};
// The keys of the "draw" object, from DrawSpec's one list of its fields.
const std::vector<std::string> kDrawKeys = [] {
  std::vector<std::string> keys;
  for_each_draw_field([&](const char* key, auto) { keys.emplace_back(key); });
  return keys;
}();
const std::vector<std::string> kPlayerFields = {"min", "max", "default"};
const std::vector<std::string> kHistogramFields = {"prefix", "label", "from", "to", "description"};
const std::vector<std::string> kMetricsFields = {"primary", "names"};
const std::vector<std::string> kMetricNameFields = {"label", "unit"};
const std::vector<std::string> kOptionFields = {"type", "default", "min",
                                                "max",  "choices", "description"};
constexpr std::string_view kOptionTypes = "boolean, integer, number or string";
const std::vector<std::string> kEventFields = {"when", "payload", "handlers", "default",
                                               "only_when_handled"};
const std::vector<std::string> kPayloadFieldFields = {"type", "description", "writable", "optional",
                                                      "min",  "max",         "choices"};
constexpr std::string_view kFieldTypes =
    "seat, integer, number, string, boolean, table, function or any";

bool is_lua_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool is_valid_event_name(std::string_view s) {
  if (s.empty() || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
  });
}

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

// How a JSON value is named in "expected X, got Y": scalars by their value, the rest by kind.
std::string describe(const json& j) {
  switch (j.type()) {
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "a list";
    case json::value_t::object:
      return "an object";
    default:
      return j.dump();
  }
}

std::string quoted_list(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += ", ";
    out += "'" + item + "'";
  }
  return out;
}

// Formats a min/max bound: as an integer for integer options, else in shortest round-trip form.
std::string format_bound(OptionType type, double bound) {
  // Integer bounds are whole numbers; the range guard keeps the cast defined for huge ones.
  if (type == OptionType::Integer && std::abs(bound) < 9.2e18) {
    return fmt::format("{}", static_cast<long long>(bound));
  }
  return fmt::format("{}", bound);
}

// The document is built by a SAX handler rather than nlohmann's DOM parser: inserting a key
// into an ordered_json object searches the object's keys, so a manifest with n events took
// n^2 / 2 comparisons (200,000 events: over 30 s). Here each key is appended, and duplicates
// are found with a hash set per object, so parsing is linear in the text.
//
// Duplicate-key detection: one frame per open object or array, tracking where we are so the
// message can name the repeated field by its full path.
struct Frame {
  json* value = nullptr;  // the object or array being filled
  std::unordered_set<std::string> keys;
  std::string last_key;   // objects: the key whose value is being read
  std::size_t index = 0;  // arrays: number of finished elements
};
struct DocumentBuilder final : nlohmann::json_sax<json> {
  json root;
  std::vector<Frame> frames;
  std::string duplicate;  // path of the first repeated key
  std::size_t error_byte = 0;
  std::string error;
  bool error_is_range = false;  // a number outside the double range, not a syntax error

  // Places `v` where the document expects the next value; returns where it now lives.
  json* place(json&& v) {
    if (frames.empty()) {
      root = std::move(v);
      return &root;
    }
    Frame& top = frames.back();
    if (top.value->is_array()) {
      auto& array = top.value->get_ref<json::array_t&>();
      array.push_back(std::move(v));
      ++top.index;
      return &array.back();
    }
    // An object: the key was appended by key(); its value is the last element.
    auto& object = top.value->get_ref<json::object_t&>();
    object.back().second = std::move(v);
    return &object.back().second;
  }
  bool null() override { return place(json(nullptr)), true; }
  bool boolean(bool v) override { return place(json(v)), true; }
  bool number_integer(number_integer_t v) override { return place(json(v)), true; }
  bool number_unsigned(number_unsigned_t v) override { return place(json(v)), true; }
  bool number_float(number_float_t v, const string_t&) override { return place(json(v)), true; }
  bool string(string_t& v) override { return place(json(std::move(v))), true; }
  bool binary(binary_t& v) override { return place(json::binary(std::move(v))), true; }
  bool start_object(std::size_t) override {
    frames.push_back(Frame{place(json::object()), {}, {}, 0});
    return true;
  }
  bool start_array(std::size_t) override {
    frames.push_back(Frame{place(json::array()), {}, {}, 0});
    return true;
  }
  bool end_object() override { return end_container(); }
  bool end_array() override { return end_container(); }
  // place() counted a container as an element of its parent array when it began (so an open
  // element of an array is at index - 1).
  bool end_container() {
    frames.pop_back();
    return true;
  }
  bool key(string_t& k) override {
    Frame& top = frames.back();
    if (!top.keys.insert(k).second) {
      if (duplicate.empty()) {
        for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
          if (frames[i].value->is_array()) {
            duplicate += fmt::format("[{}]", frames[i].index - 1);
          } else {
            if (!duplicate.empty()) duplicate += '.';
            duplicate += frames[i].last_key;
          }
        }
        if (!duplicate.empty()) duplicate += '.';
        duplicate += k;
      }
      // The repeated key gets an entry of its own below; the file is refused after parsing.
    }
    top.last_key = k;
    // ordered_map's own insertion searches the keys: append through the vector it is.
    auto& object = top.value->get_ref<json::object_t&>();
    static_cast<json::object_t::Container&>(object).emplace_back(std::move(k), nullptr);
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    error_byte = position;
    error = e.what();
    error_is_range = dynamic_cast<const json::out_of_range*>(&e) != nullptr;
    return false;
  }
};

// Throws the PackError of a document `b` failed to parse: a number out of range, or a syntax
// error located by line and column in `text`.
[[noreturn]] void throw_parse_error(const fs::path& file, const std::string& text,
                                    const DocumentBuilder& b) {
  if (b.error_is_range) {
    // Not a syntax error: a number out of range ("number overflow parsing '1e999'").
    std::string reason = b.error;
    const std::size_t bracket = reason.find("] ");
    if (bracket != std::string::npos) reason = reason.substr(bracket + 2);
    std::replace(reason.begin(), reason.end(), '\n', ' ');
    throw PackError(fmt::format("{}: {}", file.string(), reason));
  }
  // nlohmann's own line/column is off when a token ends a line, so locate the error from the
  // byte offset (1-based index of the last character read) and keep only nlohmann's reason.
  const std::size_t pos =
      std::min<std::size_t>(b.error_byte > 0 ? b.error_byte - 1 : 0, text.size());
  const std::size_t line = 1 + std::count(text.begin(), text.begin() + pos, '\n');
  const std::size_t line_start = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  const std::size_t column =
      pos == 0 || line_start == std::string::npos ? pos + 1 : pos - line_start;
  std::string reason = b.error;
  const std::size_t column_text = reason.find(", column ");
  const std::size_t colon = reason.find(": ", column_text == std::string::npos ? 0 : column_text);
  reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
  std::replace(reason.begin(), reason.end(), '\n', ' ');
  throw PackError(fmt::format("{}: line {}, column {}: {}", file.string(), line, column, reason));
}

// Reads JSON with comments. Files above engine::kMaxManifestBytes (checked before reading),
// syntax errors, numbers outside the double range (1e999) and duplicate keys are reported against
// `file`.
json parse_json_file(const fs::path& file) {
  std::string text;
  try {
    text = engine::read_bounded_file(file, engine::kMaxManifestBytes, "a manifest");
  } catch (const engine::FileError& e) {
    throw PackError(e.what());
  }
  DocumentBuilder builder;
  if (!json::sax_parse(text, &builder, json::input_format_t::json, /*strict=*/true,
                       /*ignore_comments=*/true))
    throw_parse_error(file, text, builder);
  const std::string& duplicate = builder.duplicate;
  json root = std::move(builder.root);
  if (!duplicate.empty()) {
    throw PackError(
        fmt::format("{}: field '{}': appears twice in the same object", file.string(), duplicate));
  }
  return root;
}

// Validation context: every failure names the pack (or the file) and the field.
class Checker {
 public:
  explicit Checker(std::string where) : where_(std::move(where)) {}
  void set_where(std::string where) { where_ = std::move(where); }

  [[noreturn]] void fail(std::string_view field, std::string_view what) const {
    throw PackError(fmt::format("{}: field '{}': {}", where_, field, what));
  }

  const std::string& string_value(const std::string& field, const json& j) const {
    if (!j.is_string()) fail(field, "expected a string, got " + describe(j));
    return j.get_ref<const std::string&>();
  }

  std::string non_empty_string(const std::string& field, const json& j) const {
    const std::string& s = string_value(field, j);
    if (is_blank(s)) fail(field, "must not be empty");
    return s;
  }

  std::int64_t integer(const std::string& field, const json& j) const {
    if (!j.is_number_integer()) fail(field, "expected an integer, got " + describe(j));
    if (j.is_number_unsigned() &&
        j.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      fail(field, j.dump() + " is outside the 64-bit integer range");
    }
    return j.get<std::int64_t>();
  }

  double number(const std::string& field, const json& j) const {
    if (!j.is_number()) fail(field, "expected a number, got " + describe(j));
    return j.get<double>();
  }

  // The first field of `object` not in `known`, reported with a suggestion.
  void no_unknown_fields(const std::string& prefix, const json& object,
                         const std::vector<std::string>& known) const {
    for (const auto& [key, value] : object.items()) {
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      std::string hint = did_you_mean(key, known);
      if (hint.empty()) {
        std::string all;
        for (const std::string& k : known) all += (all.empty() ? "" : ", ") + k;
        hint = " (known fields: " + all + ")";
      }
      fail(prefix + key, "unknown field" + hint);
    }
  }

 private:
  std::string where_;
};

const json* member(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

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

// The "draw" object (scripting/draw_spec.h): property names, looks, the sheet flag.
DrawSpec parse_draw(const Checker& check, const json& draw) {
  if (!draw.is_object())
    check.fail("draw",
               "expected an object saying how the pack's state draws, got " + describe(draw));
  check.no_unknown_fields("draw.", draw, kDrawKeys);
  DrawSpec spec;
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
  // The objects mapping names to looks.
  const auto table = [&](const char* key, const char* what, auto&& each) {
    const json* t = member(draw, key);
    if (t == nullptr) return;
    const std::string field = std::string("draw.") + key;
    if (!t->is_object())
      check.fail(field, std::string("expected ") + what + ", got " + describe(*t));
    for (const auto& [k, v] : t->items()) each(field + "." + k, k, v);
  };
  const auto colours = [&](const char* key, const char* what, auto& to) {
    table(key, what, [&](const std::string& field, const std::string& k, const json& v) {
      to.emplace_back(k, colour(check, field, v));
    });
  };
  colours("terrain_colours", "an object mapping terrains to colours", spec.terrain_colours);
  colours("node_labels", "an object mapping node props to colours", spec.node_labels);
  table("pieces", "an object mapping piece names to symbols",
        [&](const std::string& field, const std::string& k, const json& v) {
          spec.pieces.emplace_back(k, parse_piece(check, field, v));
        });
  table("marks", "an object mapping node props to symbols",
        [&](const std::string& field, const std::string& k, const json& v) {
          attribute_name(check, field, k, "mark");
          spec.marks.emplace_back(k, parse_mark(check, field, v));
        });
  table("harbor_labels", "an object mapping harbor values to labels",
        [&](const std::string& field, const std::string& k, const json& v) {
          spec.harbor_labels.emplace_back(k, check.non_empty_string(field, v));
        });
  table("tile_counts", "an object mapping tile props to symbols",
        [&](const std::string& field, const std::string& k, const json& v) {
          attribute_name(check, field, k, "count");
          spec.tile_counts.emplace_back(k, std::string(1, symbol(check, field, v)));
        });
  table("tile_tokens", "an object mapping game props to {symbol, colour}",
        [&](const std::string& field, const std::string& k, const json& v) {
          object_of(check, field, v, {"symbol", "colour"}, "an object {symbol, colour}");
          TileToken token;
          token.symbol = required_symbol(check, field, v);
          if (const json* c = member(v, "colour"))
            token.colour = colour(check, field + ".colour", *c);
          spec.tile_tokens.emplace_back(k, token);
        });
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
  if (const json* v = member(draw, "points")) {
    object_of(check, "draw.points", *v, {"total", "sources"}, "an object {total, sources}");
    for (const auto& [key, to] : {std::pair<const char*, std::string*>{"total", &spec.points.total},
                                  {"sources", &spec.points.prefix}}) {
      const json* s = member(*v, key);
      if (!s) check.fail(std::string("draw.points.") + key, "is required");
      *to = check.non_empty_string(std::string("draw.points.") + key, *s);
    }
  }
  if (const json* v = member(draw, "sheet")) {
    if (!v->is_boolean()) check.fail("draw.sheet", "expected true or false, got " + describe(*v));
    spec.sheet = v->get<bool>();
  }
  return spec;
}

// The "players" object: {"min": M, "max": N, "default": D}, min and max required.
PlayerCounts parse_players(const Checker& check, const json& players) {
  if (!players.is_object())
    check.fail("players",
               "expected an object with min, max and default (e.g. {\"min\": 3, \"max\": 4, "
               "\"default\": 4}), got " +
                   describe(players));
  check.no_unknown_fields("players.", players, kPlayerFields);
  const auto count = [&](const char* key, const char* what) -> std::optional<int> {
    const json* v = member(players, key);
    if (v == nullptr) {
      if (what == nullptr) return std::nullopt;
      check.fail(std::string("players.") + key, fmt::format("missing ({})", what));
    }
    const std::string field = std::string("players.") + key;
    const std::int64_t n = check.integer(field, *v);
    if (n < kMinPlayers || n > kMaxPlayers)
      check.fail(field,
                 fmt::format("{} is not a player count ({} to {})", n, kMinPlayers, kMaxPlayers));
    return static_cast<int>(n);
  };
  PlayerCounts counts;
  counts.min = *count("min", "the fewest players the pack supports");
  counts.max = *count("max", "the most players the pack supports");
  if (counts.min > counts.max)
    check.fail("players", fmt::format("min {} is above max {}", counts.min, counts.max));
  counts.default_count = count("default", nullptr);
  if (counts.default_count &&
      (*counts.default_count < counts.min || *counts.default_count > counts.max))
    check.fail("players.default", fmt::format("{} is outside the range {} to {}",
                                              *counts.default_count, counts.min, counts.max));
  return counts;
}

// A "score" or a histogram's prefix: a non-empty property name of at most kMaxMeasureNameBytes.
std::string measure_name(const Checker& check, const std::string& field, const json& j,
                         std::string_view what) {
  if (!j.is_string()) check.fail(field, fmt::format("expected {}, got {}", what, describe(j)));
  const std::string name = check.non_empty_string(field, j);
  if (name.size() > kMaxMeasureNameBytes)
    check.fail(field, fmt::format("longer than {} bytes", kMaxMeasureNameBytes));
  return name;
}

bool is_valid_histogram_name(std::string_view s) {
  if (s.empty() || s.size() > kMaxMeasureNameBytes || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// One entry of "histograms": {"prefix", "label", "from", "to", "description"?}.
HistogramSpec parse_histogram(const Checker& check, const std::string& name, const json& spec) {
  const std::string field = "histograms." + name;
  if (!is_valid_histogram_name(name))
    check.fail(field, fmt::format("'{}' is not a valid histogram name (lowercase letters, digits "
                                  "and '_', starting with a letter, at most {} bytes)",
                                  name, kMaxMeasureNameBytes));
  if (!spec.is_object())
    check.fail(field, "expected an object with prefix, label, from and to, got " + describe(spec));
  check.no_unknown_fields(field + ".", spec, kHistogramFields);
  const auto required = [&](const char* key, const char* what) -> const json& {
    const json* v = member(spec, key);
    if (v == nullptr) check.fail(field + "." + key, fmt::format("missing ({})", what));
    return *v;
  };
  HistogramSpec h;
  h.name = name;
  h.prefix = measure_name(check, field + ".prefix",
                          required("prefix",
                                   "the start of the names of the game properties that "
                                   "hold the counts, e.g. \"dice_histogram.\""),
                          "a property name prefix");
  h.label =
      check.non_empty_string(field + ".label", required("label", "a short title for reports"));
  constexpr std::int64_t kLimit = 1'000'000'000;
  const auto key = [&](const char* which, const char* what) {
    const std::string key_field = field + "." + which;
    const std::int64_t k = check.integer(key_field, required(which, what));
    if (k < -kLimit || k > kLimit)
      check.fail(key_field, fmt::format("{} is outside -{} .. {}", k, kLimit, kLimit));
    return static_cast<int>(k);
  };
  h.from = key("from", "the smallest key counted");
  h.to = key("to", "the largest key counted");
  if (h.from > h.to) check.fail(field, fmt::format("from {} is above to {}", h.from, h.to));
  if (h.to - h.from >= kMaxHistogramKeys)
    check.fail(field, fmt::format("{} .. {} is {} keys, above the limit of {}", h.from, h.to,
                                  h.to - h.from + 1, kMaxHistogramKeys));
  if (const json* d = member(spec, "description"))
    h.description = check.non_empty_string(field + ".description", *d);
  return h;
}

// One payload field of an event: {"type", "description", "writable"?, "optional"?, "min"?,
// "max"?, "choices"?}.
PayloadField parse_payload_field(const Checker& check, const std::string& field,
                                 const std::string& name, const json& spec) {
  if (!is_lua_identifier(name))
    check.fail(field, "'" + name + "' is not a valid field name (a Lua identifier)");
  if (!spec.is_object())
    check.fail(field, "expected an object with type and description, got " + describe(spec));
  check.no_unknown_fields(field + ".", spec, kPayloadFieldFields);
  PayloadField f;
  f.name = name;
  const json* type = member(spec, "type");
  if (type == nullptr) check.fail(field + ".type", fmt::format("missing (one of {})", kFieldTypes));
  const auto parsed = field_type_named(check.string_value(field + ".type", *type));
  if (!parsed)
    check.fail(field + ".type", fmt::format("'{}' is not a field type (one of {})",
                                            type->get_ref<const std::string&>(), kFieldTypes));
  f.type = *parsed;
  const json* description = member(spec, "description");
  if (description == nullptr) check.fail(field + ".description", "missing (what the field holds)");
  f.description = check.non_empty_string(field + ".description", *description);
  for (const auto& [key, to] : {std::pair{"writable", &f.writable}, {"optional", &f.optional}}) {
    if (const json* v = member(spec, key)) {
      if (!v->is_boolean())
        check.fail(field + "." + key, "expected true or false, got " + describe(*v));
      *to = v->get<bool>();
    }
  }
  const bool numeric = f.type == FieldType::Integer || f.type == FieldType::Number;
  for (const auto& [key, to] : {std::pair{"min", &f.min}, {"max", &f.max}}) {
    if (const json* v = member(spec, key)) {
      if (!numeric) check.fail(field + "." + key, "only integer and number fields have a range");
      *to = check.number(field + "." + key, *v);
    }
  }
  if (f.min && f.max && *f.min > *f.max)
    check.fail(field, fmt::format("min {} is above max {}", *f.min, *f.max));
  if (const json* choices = member(spec, "choices")) {
    if (f.type != FieldType::String)
      check.fail(field + ".choices", "only string fields have choices");
    if (!choices->is_array() || choices->empty())
      check.fail(field + ".choices",
                 "expected a non-empty list of strings, got " + describe(*choices));
    for (std::size_t i = 0; i < choices->size(); ++i)
      f.choices.push_back(
          check.string_value(fmt::format("{}.choices[{}]", field, i), (*choices)[i]));
  }
  return f;
}

// One entry of "events": a string (when it is raised) or a declaration object
// (scripting/event_spec.h).
EventSpec parse_event(const Checker& check, const std::string& name, const json& spec) {
  const std::string field = "events." + name;
  if (!is_valid_event_name(name))
    check.fail(field, "'" + name + "' is not a valid event name (must match [a-z][a-z0-9_.]*)");
  for (const KernelEvent& kernel : kKernelEvents)
    if (name == kernel.name)
      check.fail(field, "'" + name +
                            "' is an event of the kernel, which declares it: handle it with "
                            "game.on, do not declare it");
  EventSpec e;
  e.name = name;
  if (spec.is_string()) {
    e.when = check.non_empty_string(field, spec);
    return e;
  }
  if (!spec.is_object())
    check.fail(field, "expected a declaration {when, payload, ...} or a description, got " +
                          describe(spec));
  check.no_unknown_fields(field + ".", spec, kEventFields);
  e.structured = true;
  const json* when = member(spec, "when");
  if (when == nullptr) check.fail(field + ".when", "missing (when the event is raised)");
  e.when = check.non_empty_string(field + ".when", *when);
  const json* payload = member(spec, "payload");
  if (payload == nullptr)
    check.fail(field + ".payload", "missing (the payload's fields; {} when it has none)");
  if (!payload->is_object())
    check.fail(field + ".payload",
               "expected an object mapping field names to their specs, got " + describe(*payload));
  for (const auto& [key, value] : payload->items())
    e.payload.push_back(parse_payload_field(check, field + ".payload." + key, key, value));
  if (const json* v = member(spec, "handlers"))
    e.handlers = check.non_empty_string(field + ".handlers", *v);
  if (const json* v = member(spec, "default"))
    e.deflt = check.non_empty_string(field + ".default", *v);
  if (const json* v = member(spec, "only_when_handled")) {
    if (!v->is_boolean())
      check.fail(field + ".only_when_handled", "expected true or false, got " + describe(*v));
    e.only_when_handled = v->get<bool>();
  }
  return e;
}

// A metric id: lowercase letters, digits, '_' and '.', not starting or ending with '.', at most
// kMaxMeasureNameBytes.
void check_metric_id(const Checker& check, const std::string& field, const std::string& id) {
  const bool ok = !id.empty() && id.size() <= kMaxMeasureNameBytes && id.front() != '.' &&
                  id.back() != '.' && std::all_of(id.begin(), id.end(), [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
                  });
  if (!ok)
    check.fail(field, fmt::format("'{}' is not a metric id (lowercase letters, digits, '_' and "
                                  "'.', at most {} bytes; e.g. \"turns\", \"stats.sevens\")",
                                  id, kMaxMeasureNameBytes));
}

// A string of 1 to `limit` bytes.
std::string bounded_string(const Checker& check, const std::string& field, const json& j,
                           std::size_t limit) {
  const std::string s = check.non_empty_string(field, j);
  if (s.size() > limit) check.fail(field, fmt::format("longer than {} bytes", limit));
  return s;
}

// "metrics": {"primary": [id, ...], "names": {id: {"label", "unit"?}}}.
void parse_metrics(const Checker& check, const json& metrics, MeasureSpec& spec) {
  if (!metrics.is_object())
    check.fail("metrics", "expected an object with primary and names, got " + describe(metrics));
  check.no_unknown_fields("metrics.", metrics, kMetricsFields);
  if (const json* primary = member(metrics, "primary")) {
    if (!primary->is_array())
      check.fail("metrics.primary", "expected a list of metric ids, got " + describe(*primary));
    for (std::size_t i = 0; i < primary->size(); ++i) {
      const std::string field = fmt::format("metrics.primary[{}]", i);
      const json& entry = (*primary)[i];
      if (!entry.is_string()) check.fail(field, "expected a metric id, got " + describe(entry));
      const std::string id = entry.get<std::string>();
      check_metric_id(check, field, id);
      if (std::find(spec.primary.begin(), spec.primary.end(), id) != spec.primary.end())
        check.fail(field, fmt::format("'{}' is listed twice", id));
      spec.primary.push_back(id);
    }
  }
  if (const json* names = member(metrics, "names")) {
    if (!names->is_object())
      check.fail("metrics.names",
                 "expected an object mapping metric ids to {label, unit}, got " + describe(*names));
    for (const auto& [id, name] : names->items()) {
      const std::string field = "metrics.names." + id;
      check_metric_id(check, field, id);
      if (!name.is_object())
        check.fail(field, "expected {\"label\": ..., \"unit\": ...}, got " + describe(name));
      check.no_unknown_fields(field + ".", name, kMetricNameFields);
      const json* label = member(name, "label");
      if (label == nullptr) check.fail(field + ".label", "missing (the name a report shows)");
      MetricName m;
      m.label = bounded_string(check, field + ".label", *label, kMaxMetricLabelBytes);
      if (const json* unit = member(name, "unit"))
        m.unit = bounded_string(check, field + ".unit", *unit, kMaxMetricUnitBytes);
      spec.names[id] = std::move(m);
    }
  }
}

// "score", "histograms" and "metrics" (scripting/measure_spec.h).
MeasureSpec parse_measures(const Checker& check, const json& root) {
  MeasureSpec spec;
  if (const json* score = member(root, "score"))
    spec.score =
        measure_name(check, "score", *score, "the name of a player property (e.g. \"vp\")");
  if (const json* histograms = member(root, "histograms")) {
    if (!histograms->is_object())
      check.fail("histograms", "expected an object mapping histogram names to their specs, got " +
                                   describe(*histograms));
    for (const auto& [name, spec_json] : histograms->items())
      spec.histograms.push_back(parse_histogram(check, name, spec_json));
  }
  if (const json* metrics = member(root, "metrics")) parse_metrics(check, *metrics, spec);
  return spec;
}

// The pack names in root[key]; messages name the field as prefix + key.
std::vector<std::string> pack_name_list(const Checker& check, const json& root, const char* key,
                                        const std::string& self, std::string_view self_verb,
                                        const std::string& prefix = "") {
  std::vector<std::string> names;
  const std::string field = prefix + key;
  const json* list = member(root, key);
  if (list == nullptr) return names;
  if (!list->is_array()) check.fail(field, "expected a list of pack names, got " + describe(*list));
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string item_field = fmt::format("{}[{}]", field, i);
    const json& item = (*list)[i];
    if (!item.is_string()) check.fail(item_field, "expected a pack name, got " + describe(item));
    const std::string& name = item.get_ref<const std::string&>();
    if (!is_valid_pack_name(name)) {
      check.fail(item_field, "'" + name +
                                 "' is not a valid pack name (lowercase letters, digits and '-', "
                                 "starting with a letter or digit)");
    }
    if (name == self) check.fail(field, fmt::format("a pack cannot {} itself", self_verb));
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      check.fail(field, "'" + name + "' is listed twice");
    }
    names.push_back(name);
  }
  return names;
}

// Checks one script path `text` of a manifest list (field `item_field`) and returns it: relative,
// a .lua file that exists inside `dir` (also after following symlinks), not already in `seen`
// (normalized paths, to which it is added).
std::string script_path(const Checker& check, const std::string& item_field, const json& item,
                        const fs::path& dir, std::vector<fs::path>& seen) {
  if (!item.is_string()) {
    check.fail(item_field, "expected a script path, got " + describe(item));
  }
  const std::string& text = item.get_ref<const std::string&>();
  if (text.empty()) check.fail(item_field, "must not be empty");
  const fs::path relative(text);
  const std::string quoted = "'" + text + "'";
  if (relative.has_root_path()) {
    check.fail(item_field, quoted + " must be relative to the pack directory");
  }
  const fs::path norm = relative.lexically_normal();
  if (*norm.begin() == "..") check.fail(item_field, quoted + " escapes the pack directory");
  if (norm.extension() != ".lua") {
    check.fail(item_field, quoted + " is not a Lua script (expected a .lua file)");
  }
  std::error_code ec;
  const fs::path full = dir / norm;
  const fs::file_status status = fs::status(full, ec);
  if (!fs::exists(status)) check.fail(item_field, quoted + " not found in " + dir.string());
  if (!fs::is_regular_file(status)) check.fail(item_field, quoted + " is not a regular file");
  const fs::path real = fs::canonical(full, ec);
  const fs::path inside = real.lexically_relative(dir);
  if (ec || inside.empty() || *inside.begin() == "..") {
    check.fail(item_field, quoted + " escapes the pack directory through a symbolic link");
  }
  if (std::find(seen.begin(), seen.end(), norm) != seen.end()) {
    check.fail(item_field, quoted + " is listed twice");
  }
  seen.push_back(norm);
  return text;
}

// The list of scripts in `field` (absent: empty, or an error when required). Paths already in
// `seen` are refused, so one file cannot serve two roles (entry and library, test and support).
std::vector<std::string> script_list(const Checker& check, const json& root, const char* field,
                                     const fs::path& dir, bool required,
                                     std::vector<fs::path>& seen) {
  static constexpr std::string_view kWhat = "a non-empty list of Lua scripts";
  std::vector<std::string> scripts;
  const json* list = member(root, field);
  if (list == nullptr) {
    if (required) check.fail(field, fmt::format("missing ({})", kWhat));
    return scripts;
  }
  if (!list->is_array()) {
    check.fail(field, fmt::format("expected {}, got {}", kWhat, describe(*list)));
  }
  if (required && list->empty()) check.fail(field, fmt::format("must not be empty ({})", kWhat));
  for (std::size_t i = 0; i < list->size(); ++i)
    scripts.push_back(script_path(check, fmt::format("{}[{}]", field, i), (*list)[i], dir, seen));
  return scripts;
}

// The "tests" list: each item a script path, or {"file": path, "with": [pack names]} for a test
// file that runs with more packs loaded beside the pack under test.
std::vector<TestScript> test_list(const Checker& check, const json& root, const fs::path& dir,
                                  const std::string& self, std::vector<fs::path>& seen) {
  std::vector<TestScript> tests;
  const json* list = member(root, "tests");
  if (list == nullptr) return tests;
  if (!list->is_array()) {
    check.fail("tests", "expected a list of test scripts, got " + describe(*list));
  }
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string item_field = fmt::format("tests[{}]", i);
    const json& item = (*list)[i];
    TestScript test;
    if (item.is_object()) {
      check.no_unknown_fields(item_field + ".", item, {"file", "with"});
      const json* file = member(item, "file");
      if (file == nullptr) check.fail(item_field + ".file", "missing (the test script)");
      test.file = script_path(check, item_field + ".file", *file, dir, seen);
      test.with = pack_name_list(check, item, "with", self, "load with", item_field + ".");
      if (test.with.empty()) {
        check.fail(item_field + ".with", "missing or empty (the packs to load with this file)");
      }
    } else {
      test.file = script_path(check, item_field, item, dir, seen);
    }
    tests.push_back(std::move(test));
  }
  return tests;
}

// The option's "type".
OptionType parse_option_type(const Checker& check, const std::string& field,
                             const json& spec_json) {
  const json* type = member(spec_json, "type");
  if (type == nullptr) {
    check.fail(field + ".type", fmt::format("missing (one of {})", kOptionTypes));
  }
  const std::string& type_name = check.string_value(field + ".type", *type);
  if (type_name == "boolean") return OptionType::Boolean;
  if (type_name == "integer") return OptionType::Integer;
  if (type_name == "number") return OptionType::Number;
  if (type_name == "string") return OptionType::String;
  check.fail(field + ".type",
             fmt::format("'{}' is not an option type (one of {})", type_name, kOptionTypes));
}

// The option's "default", of its type (range and choices are checked once they are read).
void parse_option_default(const Checker& check, const std::string& field, const json& spec_json,
                          OptionSpec& spec) {
  const std::string default_field = field + ".default";
  const json* def = member(spec_json, "default");
  if (def == nullptr) {
    check.fail(default_field, "missing (the value used when no --option sets it)");
  }
  switch (spec.type) {
    case OptionType::Boolean:
      if (!def->is_boolean()) {
        check.fail(default_field, "expected a boolean, got " + describe(*def));
      }
      spec.default_value = def->get<bool>();
      break;
    case OptionType::Integer:
      spec.default_value = check.integer(default_field, *def);
      break;
    case OptionType::Number:
      spec.default_value = check.number(default_field, *def);
      break;
    case OptionType::String:
      spec.default_value = check.string_value(default_field, *def);
      break;
  }
}

// The option's "min" and "max" (numeric options only).
void parse_option_bounds(const Checker& check, const std::string& field, const json& spec_json,
                         OptionSpec& spec) {
  const bool numeric = spec.type == OptionType::Integer || spec.type == OptionType::Number;
  for (const char* bound : {"min", "max"}) {
    const json* value = member(spec_json, bound);
    if (value == nullptr) continue;
    const std::string bound_field = field + "." + bound;
    if (!numeric) {
      check.fail(bound_field, fmt::format("only integer and number options take '{}'", bound));
    }
    const double v = spec.type == OptionType::Integer
                         ? static_cast<double>(check.integer(bound_field, *value))
                         : check.number(bound_field, *value);
    (std::string_view(bound) == "min" ? spec.min : spec.max) = v;
  }
  if (spec.min && spec.max && *spec.min > *spec.max) {
    check.fail(field, fmt::format("min {} is above max {}", format_bound(spec.type, *spec.min),
                                  format_bound(spec.type, *spec.max)));
  }
}

// The option's "choices" (string options only).
void parse_option_choices(const Checker& check, const std::string& field, const json& spec_json,
                          OptionSpec& spec) {
  const json* choices = member(spec_json, "choices");
  if (choices == nullptr) return;
  const std::string choices_field = field + ".choices";
  if (spec.type != OptionType::String) {
    check.fail(choices_field, "only string options take 'choices'");
  }
  if (!choices->is_array() || choices->empty()) {
    check.fail(choices_field, "expected a non-empty list of strings, got " + describe(*choices));
  }
  for (std::size_t i = 0; i < choices->size(); ++i) {
    const std::string item_field = fmt::format("{}[{}]", choices_field, i);
    const std::string& choice = check.string_value(item_field, (*choices)[i]);
    if (std::find(spec.choices.begin(), spec.choices.end(), choice) != spec.choices.end()) {
      check.fail(item_field, "'" + choice + "' is listed twice");
    }
    spec.choices.push_back(choice);
  }
}

OptionSpec parse_option(const Checker& check, const std::string& key, const json& spec_json) {
  const std::string field = "options." + key;
  if (!is_lua_identifier(key)) {
    check.fail(field, "'" + key +
                          "' is not a valid option name (letters, digits and '_', not starting "
                          "with a digit)");
  }
  if (!spec_json.is_object()) {
    check.fail(field,
               "expected an object with type, default and description, got " + describe(spec_json));
  }
  check.no_unknown_fields(field + ".", spec_json, kOptionFields);

  OptionSpec spec;
  spec.key = key;

  spec.type = parse_option_type(check, field, spec_json);
  parse_option_default(check, field, spec_json, spec);
  parse_option_bounds(check, field, spec_json, spec);
  parse_option_choices(check, field, spec_json, spec);
  if (auto problem = option_value_problem(spec, spec.default_value)) {
    check.fail(field + ".default", *problem);
  }

  const json* description = member(spec_json, "description");
  if (description == nullptr) {
    check.fail(field + ".description", "missing (one line saying what the option changes)");
  }
  spec.description = check.non_empty_string(field + ".description", *description);
  return spec;
}

}  // namespace

bool is_valid_pack_name(std::string_view name) {
  auto allowed = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (name.empty() || !allowed(name[0])) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return allowed(c) || c == '-'; });
}

const OptionSpec* Manifest::find_option(std::string_view key) const {
  for (const OptionSpec& option : options) {
    if (option.key == key) return &option;
  }
  return nullptr;
}

namespace {

// The pack.json of the pack folder `dir`, read as JSON with m.dir set to the folder's canonical
// path; a PackError names what is missing or malformed.
json read_manifest_file(const fs::path& dir, Manifest& m) {
  std::error_code ec;
  const fs::file_status dir_status = fs::status(dir, ec);
  if (!fs::exists(dir_status)) {
    throw PackError(fmt::format("{}: no such pack directory", dir.string()));
  }
  if (!fs::is_directory(dir_status)) {
    throw PackError(
        fmt::format("{}: not a directory (a pack is a directory with a pack.json)", dir.string()));
  }
  m.dir = fs::canonical(dir, ec);
  if (ec) throw PackError(fmt::format("{}: {}", dir.string(), ec.message()));
  const fs::path file = m.dir / "pack.json";
  const fs::file_status file_status = fs::status(file, ec);
  if (!fs::exists(file_status)) {
    throw PackError(
        fmt::format("{}: not found (every rule pack needs a pack.json manifest)", file.string()));
  }
  if (!fs::is_regular_file(file_status)) {
    throw PackError(fmt::format("{}: not a regular file", file.string()));
  }

  const json root = parse_json_file(file);
  if (!root.is_object()) {
    throw PackError(fmt::format("{}: expected a JSON object at the top level, got {}",
                                file.string(), describe(root)));
  }

  return root;
}

// "name", "version" and "description"; from the name on, failures name the pack.
void parse_identity(Checker& check, const json& root, Manifest& m) {
  const json* name = member(root, "name");
  if (name == nullptr) check.fail("name", "missing (the pack's name, e.g. \"city-walls\")");
  m.name = check.string_value("name", *name);
  if (!is_valid_pack_name(m.name)) {
    check.fail("name", "'" + m.name +
                           "' is not a valid pack name (lowercase letters, digits and '-', "
                           "starting with a letter or digit)");
  }
  check.set_where("pack '" + m.name + "'");

  check.no_unknown_fields("", root, kTopLevelFields);

  const json* version = member(root, "version");
  if (version == nullptr) check.fail("version", "missing (MAJOR.MINOR.PATCH, e.g. \"1.0.0\")");
  m.version = check.string_value("version", *version);
  if (!engine::is_pack_version(m.version)) {
    check.fail("version",
               "'" + m.version + "' is not a MAJOR.MINOR.PATCH version (e.g. \"1.0.0\")");
  }

  const json* description = member(root, "description");
  if (description == nullptr) {
    check.fail("description", "missing (one line saying what the pack does)");
  }
  m.description = check.non_empty_string("description", *description);
}

// "options" and "events": the pack's options and the events it declares.
void parse_declarations(const Checker& check, const json& root, Manifest& m) {
  if (const json* options = member(root, "options")) {
    if (!options->is_object()) {
      check.fail("options", "expected an object mapping option names to their specs, got " +
                                describe(*options));
    }
    for (const auto& [key, spec] : options->items()) {
      m.options.push_back(parse_option(check, key, spec));
    }
  }

  if (const json* events = member(root, "events")) {
    if (!events->is_object()) {
      check.fail("events", "expected an object mapping event names to their declarations, got " +
                               describe(*events));
    }
    for (const auto& [event, spec] : events->items())
      m.events.push_back(parse_event(check, event, spec));
  }
}

}  // namespace

Manifest load_manifest(const fs::path& dir) {
  Manifest m;
  const json root = read_manifest_file(dir, m);
  Checker check((m.dir / "pack.json").string());
  parse_identity(check, root, m);
  m.requires_ = pack_name_list(check, root, "requires", m.name, "require");
  m.conflicts = pack_name_list(check, root, "conflicts", m.name, "conflict with");
  for (const std::string& conflict : m.conflicts) {
    if (std::find(m.requires_.begin(), m.requires_.end(), conflict) != m.requires_.end()) {
      check.fail("conflicts", "'" + conflict + "' is also listed in 'requires'");
    }
  }

  std::vector<fs::path> scripts;
  m.library = script_list(check, root, "library", m.dir, /*required=*/false, scripts);
  // A pack with a library may leave out "entry": it is a library pack, code for other packs.
  m.entry = script_list(check, root, "entry", m.dir, /*required=*/m.library.empty(), scripts);
  m.test_support = script_list(check, root, "test_support", m.dir, /*required=*/false, scripts);
  m.tests = test_list(check, root, m.dir, m.name, scripts);

  parse_declarations(check, root, m);
  if (const json* draw = member(root, "draw")) m.draw = parse_draw(check, *draw);
  if (const json* players = member(root, "players")) m.players = parse_players(check, *players);
  m.measures = parse_measures(check, root);
  return m;
}

std::string PlayerRange::describe() const {
  std::string names;
  for (const std::string& name : stated_by) names += (names.empty() ? "" : " + ") + name;
  if (names.empty()) return fmt::format("the packs support {} to {} players", min, max);
  return fmt::format("{} {} {} to {} players", names,
                     stated_by.size() == 1 ? "supports" : "together support", min, max);
}

PlayerRange player_range(const std::vector<const Manifest*>& order) {
  PlayerRange range;
  std::string ranges;  // "'base' (3 to 4) and 'duel' (2 to 2)", for the error
  for (const Manifest* m : order) {
    if (!m->players) continue;
    range.min = std::max(range.min, m->players->min);
    range.max = std::min(range.max, m->players->max);
    if (m->players->default_count) range.default_count = m->players->default_count;
    range.stated_by.push_back(m->name);
    ranges += fmt::format("{}'{}' ({} to {})", ranges.empty() ? "" : " and ", m->name,
                          m->players->min, m->players->max);
  }
  if (range.min > range.max)
    throw PackError(fmt::format("packs {} have no player count in common", ranges));
  if (range.default_count)
    range.default_count = std::clamp(*range.default_count, range.min, range.max);
  return range;
}

std::string to_string(const OptionValue& value) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return fmt::format("{}", d); }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, value);
}

std::string_view to_string(OptionType type) {
  switch (type) {
    case OptionType::Boolean:
      return "boolean";
    case OptionType::Integer:
      return "integer";
    case OptionType::Number:
      return "number";
    case OptionType::String:
      return "string";
  }
  return "unknown";
}

std::optional<std::string> option_value_problem(const OptionSpec& spec, const OptionValue& value) {
  // long double holds every int64 exactly on the targets we build for, so integer comparisons
  // against the double bounds are exact.
  long double v = 0;
  switch (spec.type) {
    case OptionType::Boolean:
      return std::nullopt;
    case OptionType::Integer:
      v = static_cast<long double>(std::get<std::int64_t>(value));
      break;
    case OptionType::Number:
      v = std::get<double>(value);
      break;
    case OptionType::String: {
      const std::string& s = std::get<std::string>(value);
      if (spec.choices.empty() ||
          std::find(spec.choices.begin(), spec.choices.end(), s) != spec.choices.end()) {
        return std::nullopt;
      }
      return fmt::format("'{}' is not one of the choices {}", s, quoted_list(spec.choices));
    }
  }
  if (spec.min && v < static_cast<long double>(*spec.min)) {
    return fmt::format("{} is below the minimum {}", to_string(value),
                       format_bound(spec.type, *spec.min));
  }
  if (spec.max && v > static_cast<long double>(*spec.max)) {
    return fmt::format("{} is above the maximum {}", to_string(value),
                       format_bound(spec.type, *spec.max));
  }
  return std::nullopt;
}

}  // namespace catan::packs
