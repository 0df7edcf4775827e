// The reading of a pack.json shared by the files that make up load_manifest (scripting/
// manifest.h is the interface): the JSON document (manifest_json.cpp), the Checker every field is
// validated through (manifest_parse.cpp), and the parsers of the manifest's parts (options in
// manifest_options.cpp, "draw" in manifest_draw.cpp, "events" in manifest_events.cpp, "score",
// "histograms" and "metrics" in manifest_measures.cpp). Each parser throws PackError through
// Checker::fail, naming the pack and the field, at the first problem it finds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "scripting/manifest.h"

namespace catan::packs::manifest_parse {

using json = nlohmann::ordered_json;

// Reads JSON with comments. Files above engine::kMaxManifestBytes (checked before reading),
// syntax errors, numbers outside the double range (1e999) and duplicate keys are reported against
// `file`.
json parse_json_file(const std::filesystem::path& file);

// How a JSON value is named in "expected X, got Y": scalars by their value, the rest by kind.
std::string describe(const json& j);

// True if `s` is a Lua identifier: letters, digits and '_', not starting with a digit.
bool is_lua_identifier(std::string_view s);

// object[key], or nullptr when `object` has no such field.
const json* member(const json& object, const char* key);

// Validation context: every failure names the pack (or the file) and the field.
class Checker {
 public:
  explicit Checker(std::string where) : where_(std::move(where)) {}
  // What failures name from now on: the file until the pack's name is read, then the pack.
  void set_where(std::string where) { where_ = std::move(where); }

  // Throws PackError "<where>: field '<field>': <what>".
  [[noreturn]] void fail(std::string_view field, std::string_view what) const;

  // `j` as a string; fails when it is not one.
  const std::string& string_value(const std::string& field, const json& j) const;

  // `j` as a string that is not empty or all white space.
  std::string non_empty_string(const std::string& field, const json& j) const;

  // `j` as an integer in the 64-bit signed range.
  std::int64_t integer(const std::string& field, const json& j) const;

  // `j` as a number (integer or not).
  double number(const std::string& field, const json& j) const;

  // Fails on the first field of `object` not in `known` (named prefix + key), with a suggestion
  // or the list of known fields.
  void no_unknown_fields(const std::string& prefix, const json& object,
                         const std::vector<std::string>& known) const;

 private:
  std::string where_;
};

// One entry of "options": the option `key` declared by `spec_json` (manifest_options.cpp).
OptionSpec parse_option(const Checker& check, const std::string& key, const json& spec_json);

// The "draw" object (scripting/draw_spec.h): property names, looks, the sheet flag
// (manifest_draw.cpp).
DrawSpec parse_draw(const Checker& check, const json& draw);

// One entry of "events": a string (when it is raised) or a declaration object
// (scripting/event_spec.h; manifest_events.cpp).
EventSpec parse_event(const Checker& check, const std::string& name, const json& spec);

// "score", "histograms" and "metrics" of the manifest `root` (scripting/measure_spec.h;
// manifest_measures.cpp).
MeasureSpec parse_measures(const Checker& check, const json& root);

}  // namespace catan::packs::manifest_parse
