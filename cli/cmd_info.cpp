// `catan info PACK`: a pack's manifest, options and the events it declares and handles; with
// --markdown, one section of its reference as the docs include it.
#include <algorithm>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/markdown_reference.h"
#include "engine/file_io.h"
#include "scripting/pack_resolver.h"
#include "scripting/session.h"

namespace catan::cli {

namespace {

std::string range_text(const packs::OptionSpec& o) {
  if (!o.choices.empty()) return fmt::format("one of: {}", fmt::join(o.choices, ", "));
  if (o.min && o.max) return fmt::format("{} .. {}", *o.min, *o.max);
  if (o.min) return fmt::format(">= {}", *o.min);
  if (o.max) return fmt::format("<= {}", *o.max);
  return "";
}

class InfoCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "info", "Show a pack's manifest, options, and the events it declares and handles");
    sub->add_option("pack", pack_, "Pack name or path")->required();
    sub->add_option("--markdown", markdown_,
                    "Print one section of the pack's reference as Markdown, made from its "
                    "manifest (the docs' tables are these): options, events (one row each) or "
                    "payloads (each event's fields)")
        ->check(CLI::IsMember(
            std::vector<std::string>(std::begin(kMarkdownSections), std::end(kMarkdownSections))));
    sub->add_flag("--luals", luals_,
                  "Print LuaLS definitions of the payloads of the events the pack declares (a "
                  "class per event, for ---@param e base.roll in a handler)");
    sub->add_flag("--luals-library", luals_library_,
                  "Print LuaLS definitions of what the pack's library exports (the table "
                  "require(PACK) returns, each function with the comment above it), for a "
                  "definitions file named PACK.lua");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    auto search = search_.make();
    const auto& m = search.find(pack_);
    if (luals_) {
      fmt::print("{}", luals_definitions(m));
      return kOk;
    }
    if (luals_library_) {
      scripting::Session session(search, {pack_}, {}, limits_.make());
      fmt::print("{}", luals_library(m, session.exports(m.name)));
      return kOk;
    }
    if (!markdown_.empty()) {
      fmt::print("{}", markdown_ == "options"  ? options_markdown(m)
                       : markdown_ == "events" ? events_markdown(m)
                                               : payloads_markdown(m));
      return kOk;
    }
    print_description(m);
    print_players_and_measures(search, m);
    print_options(m);
    print_declared_events(m);
    print_handled_events(search, m);
    return kOk;
  }

 private:
  // Name, version, description, where it is, what it requires and runs.
  static void print_description(const packs::Manifest& m) {
    fmt::print("{} {}\n{}\n", m.name, m.version, engine::terminal_safe(m.description));
    fmt::print("location: {}\n", m.dir.string());
    if (!m.requires_.empty()) fmt::print("requires: {}\n", fmt::join(m.requires_, ", "));
    if (!m.conflicts.empty()) fmt::print("conflicts: {}\n", fmt::join(m.conflicts, ", "));
    fmt::print("entry scripts: {}\n", fmt::join(m.entry, ", "));
    if (!m.library.empty()) fmt::print("library: {}\n", fmt::join(m.library, ", "));
    if (!m.tests.empty()) {
      std::vector<std::string> tests;
      for (const auto& test : m.tests)
        tests.push_back(test.with.empty()
                            ? test.file
                            : fmt::format("{} (with {})", test.file, fmt::join(test.with, ", ")));
      fmt::print("tests: {}\n", fmt::join(tests, ", "));
    }
    if (!m.test_support.empty()) fmt::print("test support: {}\n", fmt::join(m.test_support, ", "));
  }

  // The counts a game of the pack (with what it requires) supports, and what it measures.
  void print_players_and_measures(packs::PackSearch& search, const packs::Manifest& m) const {
    // The counts a game of this pack (with what it requires) supports, and what it measures.
    const auto order = packs::resolve(search, {pack_});
    const auto range = packs::player_range(order);
    fmt::print("players: {} to {}{}{}\n", range.min, range.max,
               range.default_count ? fmt::format(", default {}", *range.default_count) : "",
               m.players                 ? ""
               : range.stated_by.empty() ? " (not stated)"
                                         : " (from the packs it requires)");
    const auto measures = packs::merged_measure_spec(order);
    if (!measures.score.empty())
      fmt::print("score: {}{}\n", engine::terminal_safe(measures.score),
                 m.measures.score.empty() ? " (from the packs it requires)" : "");
    for (const auto& h : measures.histograms)
      fmt::print("histogram {}: {} ({}K for K = {} .. {})\n", h.name,
                 engine::terminal_safe(h.label), engine::terminal_safe(h.prefix), h.from, h.to);
    if (!measures.primary.empty())
      fmt::print("primary metrics: {}\n",
                 engine::terminal_safe(fmt::format("{}", fmt::join(measures.primary, ", "))));
    if (!measures.names.empty())
      fmt::print("metric names: {} (the lab's reports show them)\n", measures.names.size());
  }

  static void print_options(const packs::Manifest& m) {
    fmt::print("\noptions (set with --option {}.KEY=VALUE):\n", m.name);
    if (m.options.empty()) fmt::print("  (none)\n");
    std::size_t key_width = 8;
    for (const auto& o : m.options) key_width = std::max(key_width, o.key.size());
    for (const auto& o : m.options) {
      fmt::print("  {:<{}} {:<8} default {:<8} {}\n", o.key, key_width, packs::to_string(o.type),
                 engine::terminal_safe(packs::to_string(o.default_value)),
                 engine::terminal_safe(range_text(o)));
      if (!o.description.empty())
        fmt::print("  {:<{}} {}\n", "", key_width, engine::terminal_safe(o.description));
    }
  }

  static void print_declared_events(const packs::Manifest& m) {
    fmt::print("\nevents declared:\n");
    if (m.events.empty()) fmt::print("  (none)\n");
    for (const auto& e : m.events) {
      fmt::print("  {:<20} {}\n", e.name, engine::terminal_safe(e.when));
      std::vector<std::string> fields;
      for (const auto& f : e.payload)
        fields.push_back(
            fmt::format("{}{}{}", f.name, f.optional ? "?" : "", f.writable ? "*" : ""));
      if (e.structured)
        fmt::print("  {:<20} payload {{{}}}{}\n", "", fmt::join(fields, ", "),
                   fields.empty() ? "" : " (*: handlers may change it)");
    }
  }

  // The handlers the pack registers, from a session of it.
  void print_handled_events(packs::PackSearch& search, const packs::Manifest& m) const {
    scripting::Session session(search, {pack_}, {}, limits_.make());
    fmt::print("\nevents handled:\n");
    int shown = 0;
    for (const auto& h : session.handlers()) {
      if (h.pack != m.name) continue;
      ++shown;
      fmt::print("  {:<20} priority {:>3}{}  {}\n", h.event, h.priority, h.after ? " (after)" : "",
                 h.where);
    }
    if (shown == 0) fmt::print("  (none)\n");
  }

  std::string pack_;
  std::string markdown_;  // a section of kMarkdownSections, or empty
  bool luals_ = false;
  bool luals_library_ = false;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_info_command() {
  return std::make_unique<InfoCommand>();
}

}  // namespace catan::cli
