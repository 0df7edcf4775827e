// A rule pack's manifest (scripting/manifest.h): load_manifest reads pack.json in named steps
// (the file, the identity, the pack lists, the script lists, the declarations, "draw", "players"
// and the measures) and the player range of a set of packs. The JSON document, the Checker and
// the parsers of options, "draw", "events" and measures are in the files named in
// scripting/manifest_parse.h.
#include "scripting/manifest.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "engine/replay.h"
#include "scripting/manifest_parse.h"

namespace catan::packs {
namespace {

namespace fs = std::filesystem;
using manifest_parse::Checker;
using manifest_parse::describe;
using manifest_parse::json;
using manifest_parse::member;
using manifest_parse::parse_draw;
using manifest_parse::parse_event;
using manifest_parse::parse_json_file;
using manifest_parse::parse_measures;
using manifest_parse::parse_option;

const std::vector<std::string> kTopLevelFields = {
    "name",    "version", "description",  "requires", "conflicts", "library",
    "entry",   "tests",   "test_support", "options",  "events",    "draw",
    "players", "score",   "histograms",   "metrics"};
const std::vector<std::string> kPlayerFields = {"min", "max", "default"};

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
}  // namespace catan::packs
