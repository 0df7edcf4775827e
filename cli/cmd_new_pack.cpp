// `catan new-pack NAME [--for PACK] [--dir DIR]`: scaffolds a house-rule pack for a game pack
// (default base): a manifest requiring it, an entry script with one example rule on an event the
// game declares, a test file that plays a whole game and passes as generated, and the LuaLS
// editor configuration pointing at the API definitions in docs/lua. The base game has templates
// of its own (a rule on base.roll, a test of scripted answers to base's decisions); any other
// game gets the general ones below.
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "scripting/pack_resolver.h"

namespace catan::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kManifest = R"json({
  // The manifest of @NAME@ (reference: docs/lua-api.md, "Packs and their manifest").
  "name": "@NAME@",
  "version": "0.1.0",
  "description": "@NAME@: a house rule for the base game (describe it in one line).",
  "requires": ["base"],
  "entry": ["main.lua"],
  "tests": ["tests/main_test.lua"],
  // Every number of the rule should be an option with a range: --option @NAME@.KEY=VALUE.
  "options": {
    "every": {"type": "integer", "default": 1, "min": 1, "max": 100,
              "description": "The example rule counts every this many 7s"}
  }
}
)json";

constexpr const char* kEntry = R"lua(-- @NAME@: a house rule for the base game.
--
-- A rule is a set of handlers of the events the base pack raises (docs/base-rules.md lists them
-- with their payloads; docs/authoring.md walks through writing one). Keep game state in the
-- kernel (game.set, game.player_set, holdings) or in `storage`, never in globals or upvalues.
--
-- A choice the rule offers a player ("may", "choose", "instead") is a decision, answered by that
-- player's agent: never pick for the player. Options are records with a stable id and fields
-- that say what they do; people see the text a describer makes from the fields (else the id):
--
--   local choice = game.decide(p, "@NAME@.swap", {
--     { id = "keep", swap = false }, { id = "swap", swap = true } })
--   if choice.swap then ... end
--   game.describe("@NAME@.swap", function(o) return o.swap and "swap the card" or "keep it" end)
--   game.extend_agent("heuristic", "@NAME@.swap", function(p, kind, opts) return 1 end)
--
-- The example below only counts the 7s rolled, in game property "@NAME@.sevens" (shown in the
-- game summary); replace it with your rule.

game.on("base.roll", function(e)
  if e.total ~= 7 then return end
  storage.sevens = (storage.sevens or 0) + 1
  if storage.sevens % options.every == 0 then
    game.set("@NAME@.sevens", (game.get("@NAME@.sevens") or 0) + 1)
  end
end)
)lua";

constexpr const char* kTest =
    R"lua(-- Tests of @NAME@, run by `catan test` (docs/lua-api.md, "Test harness").

test("@NAME@: a whole game plays to its end with every base invariant checked", function(t)
  t.start { players = 4, seed = 1, options = { "base.check=true" },
            agents = { "heuristic", "heuristic", "random", "random" } }
  local result = t.play()
  t.ok(result.winner ~= nil, result.reason)
  t.eq(game.get("@NAME@.sevens") or 0, game.get("dice_histogram.7"))
end)

test("@NAME@: scripted answers name the options by id", function(t)
  -- Seat 1 answers the robber's decision with the ore 8 hex (the base pack's options are
  -- {id = "tile:12", tile = 12}, ...; docs/base-rules.md lists every decision).
  t.start { players = 4, seed = 1, start = false, answers = { [1] = { "tile:12" } } }
  t.env("base").move_robber(1)
  t.eq(game.get("robber"), 12)
  t.eq(t.decisions()[1].id, "tile:12")
end)

test("@NAME@: the example counts every second 7 with every = 2", function(t)
  t.start { players = 4, seed = 1, start = false, options = { "@NAME@.every=2" } }
  for _ = 1, 5 do game.raise("base.roll", { player = 1, dice = { 3, 4 }, total = 7 }) end
  t.eq(game.get("@NAME@.sevens"), 2)
end)
)lua";

// The general templates: @PACK@ is the game, @EVENT@ the event the example handles, @WHEN@ when
// it is raised, @FIELDS@ its payload's fields, @PLAYERS@ the game's default player count.
constexpr const char* kGameManifest = R"json({
  // The manifest of @NAME@ (reference: docs/lua-api.md, "Packs and their manifest").
  "name": "@NAME@",
  "version": "0.1.0",
  "description": "@NAME@: a house rule for @PACK@ (describe it in one line).",
  "requires": ["@PACK@"],
  "entry": ["main.lua"],
  "tests": ["tests/main_test.lua"],
  // Every number of the rule should be an option with a range: --option @NAME@.KEY=VALUE.
  "options": {
    "every": {"type": "integer", "default": 1, "min": 1, "max": 100,
              "description": "The example rule counts every this many @EVENT@ events"}
  }
}
)json";

constexpr const char* kGameEntry = R"lua(-- @NAME@: a house rule for @PACK@.
--
-- A rule is a set of handlers of the events the packs raise: `catan info @PACK@` lists the
-- events @PACK@ declares with their payloads (docs/authoring.md walks through writing a rule).
-- Keep game state in the kernel (game.set, game.player_set, holdings) or in `storage`, never in
-- globals or upvalues.
--
-- A choice the rule offers a player ("may", "choose", "instead") is a decision, answered by that
-- player's agent: never pick for the player. Options are records with a stable id and fields
-- that say what they do; people see the text a describer makes from the fields (else the id):
--
--   local choice = game.decide(p, "@NAME@.swap", {
--     { id = "keep", swap = false }, { id = "swap", swap = true } })
--   if choice.swap then ... end
--   game.describe("@NAME@.swap", function(o) return o.swap and "swap it" or "keep it" end)
--
-- The example below handles @EVENT@
--   raised when: @WHEN@
--   payload: @FIELDS@
-- It counts the events in `storage.seen`, and every `options.every`-th of them in game property
-- "@NAME@.count" (shown in the game summary); replace it with your rule.

game.on("@EVENT@", function(e)
  storage.seen = (storage.seen or 0) + 1
  if storage.seen % options.every == 0 then
    game.set("@NAME@.count", (game.get("@NAME@.count") or 0) + 1)
  end
end)
)lua";

constexpr const char* kGameTest =
    R"lua(-- Tests of @NAME@, run by `catan test` (docs/lua-api.md, "Test harness").

test("@NAME@: a whole game of @PACK@ plays to its end with the rule", function(t)
  t.start { players = @PLAYERS@, seed = 1 }
  local result = t.play()
  t.ok(result.reason ~= nil, "the game ended")
  local seen = t.env().storage.seen or 0
  t.ok(seen > 0, "@EVENT@ was raised")
  t.eq(game.get("@NAME@.count") or 0, seen)
end)

test("@NAME@: the example counts every second @EVENT@ with every = 2", function(t)
  t.start { players = @PLAYERS@, seed = 1, max_turns = 30, options = { "@NAME@.every=2" } }
  t.turn(30)
  t.eq(game.get("@NAME@.count") or 0, (t.env().storage.seen or 0) // 2)
end)
)lua";

constexpr const char* kLuarc = R"json({
  "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
  "runtime.version": "Lua 5.4",
  "runtime.builtin": {
    "io": "disable",
    "os": "disable",
    "debug": "disable",
    "package": "disable"
  },
  "workspace.library": ["@LIBRARY@"],
  "workspace.checkThirdParty": false,
  "diagnostics.globals": ["game", "board", "storage", "options", "PACK", "opairs", "test"]
}
)json";

std::string substitute(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

// The event a new rule for the game `order.back()` handles: the first event the game declares with
// a seat field "player" (raised during play, for a player), else the first such event of a pack
// it requires (nearest first), else the kernel's "turn".
packs::EventSpec example_event(const std::vector<const packs::Manifest*>& order) {
  for (auto pack = order.rbegin(); pack != order.rend(); ++pack)
    for (const auto& event : (*pack)->events)
      if (const auto* player = event.field("player");
          player && player->type == packs::FieldType::Seat)
        return event;
  packs::EventSpec turn;
  turn.name = "turn";
  turn.when = "a player's turn begins";
  for (const char* name : {"player", "turn", "round"}) {
    packs::PayloadField field;
    field.name = name;
    turn.payload.push_back(std::move(field));
  }
  return turn;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw std::runtime_error(fmt::format("{}: cannot write the file", path.string()));
}

class NewPackCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "new-pack", "Create a house-rule pack for a game: manifest, rules, tests, editor settings");
    sub->add_option("name", name_, "Pack name: lowercase letters, digits and '-'")->required();
    sub->add_option("--for", for_,
                    "The game pack the rule is for (catan packs lists them; not a library)")
        ->type_name("PACK")
        ->capture_default_str();
    sub->add_option("--dir", dir_, "Folder to create the pack in (created if missing)")
        ->type_name("DIR")
        ->capture_default_str();
    search_.add_to(*sub);
    return sub;
  }

  int run() override {
    if (!packs::is_valid_pack_name(name_))
      throw UsageError(fmt::format(
          "invalid pack name '{}': use lowercase letters, digits and '-', starting with a "
          "letter or digit (e.g. my-robber)",
          name_));
    auto search = search_.make();
    const auto order = packs::resolve(search, {for_});
    const packs::Manifest& game = *order.back();
    if (game.is_library())
      throw UsageError(
          fmt::format("pack '{}' is a library, not a game: --for names a game pack (catan packs "
                      "lists them; a library is marked '(library)')",
                      game.name));
    const bool base = game.name == "base" && order.size() == 1;
    const fs::path pack = fs::path(dir_) / name_;
    std::error_code ec;
    if (fs::exists(pack, ec))
      throw std::runtime_error(
          fmt::format("{} already exists; pick another name or --dir", pack.string()));
    fs::create_directories(pack / "tests", ec);
    if (ec)
      throw std::runtime_error(fmt::format("{}: cannot create: {}", pack.string(), ec.message()));

    const auto event = example_event(order);
    std::vector<std::string> fields;
    for (const auto& field : event.payload) fields.push_back(field.name);
    const auto range = packs::player_range(order);
    const auto fill = [&](std::string text) {
      for (const auto& [key, value] :
           {std::pair<std::string_view, std::string>{"@PACK@", game.name},
            {"@EVENT@", event.name},
            {"@WHEN@", event.when},
            {"@FIELDS@",
             fields.empty() ? "none declared" : fmt::format("{}", fmt::join(fields, ", "))},
            {"@PLAYERS@", std::to_string(range.default_count.value_or(range.min))},
            {"@NAME@", name_}})
        text = substitute(std::move(text), key, value);
      return text;
    };
    write_file(pack / "pack.json", fill(base ? kManifest : kGameManifest));
    write_file(pack / "main.lua", fill(base ? kEntry : kGameEntry));
    write_file(pack / "tests" / "main_test.lua", fill(base ? kTest : kGameTest));
    write_file(pack / ".luarc.json", substitute(kLuarc, "@LIBRARY@", library_path()));

    fmt::print("created {}/\n", pack.string());
    fmt::print("  pack.json            the manifest: name, requirements, options, tests\n");
    fmt::print("  main.lua             the rule: a handler of {} (an event of {})\n", event.name,
               base ? "the base game" : game.name);
    fmt::print("  tests/main_test.lua  its tests, run by catan test\n");
    fmt::print("  .luarc.json          LuaLS editor settings (the API definitions in docs/lua)\n");
    if (const auto* other = search.find_name(name_))
      fmt::print(
          "note: a pack named '{}' already exists in {}; by name, the first folder on the pack "
          "path wins (use --pack-path {} or the pack's path)\n",
          name_, other->dir.string(), dir_);
    const std::string ref = (pack.is_absolute() || dir_.starts_with('.'))
                                ? pack.string()
                                : (fs::path(".") / pack).string();
    if (base)
      fmt::print(
          "next:\n  catan test {}\n  catan play --rules base --variant {} --bots human,heuristic\n",
          ref, ref);
    else
      fmt::print("next:\n  catan test {}\n  catan play {} --bots human,random\n", ref, ref);
    return kOk;
  }

 private:
  // docs/lua of the source tree, relative to the new pack's folder when both are known.
  // The definitions folder (docs/lua) as an absolute path, so the editor finds it wherever the
  // pack folder is moved to on this machine.
  static std::string library_path() {
    const auto builtin = builtin_pack_dirs();
    fs::path docs =
        builtin.empty() ? fs::path("docs/lua") : builtin.front().parent_path() / "docs" / "lua";
    std::error_code ec;
    const fs::path absolute = fs::canonical(docs, ec);
    return (ec ? fs::absolute(docs) : absolute).generic_string();
  }

  std::string name_;
  std::string dir_ = ".";
  std::string for_ = "base";
  SearchOptions search_;
};

}  // namespace

std::unique_ptr<Command> make_new_pack_command() {
  return std::make_unique<NewPackCommand>();
}

}  // namespace catan::cli
