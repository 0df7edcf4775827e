#include "cli/markdown_reference.h"

#include "engine/file_io.h"

#include <cmath>
#include <map>

#include <fmt/format.h>

namespace catan::cli {

namespace {

// Text fit for one table cell: no line breaks, pipes escaped.
std::string cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out.empty() ? "—" : out;
}

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

std::string range_text(std::optional<double> min, std::optional<double> max,
                       const std::vector<std::string>& choices) {
  if (!choices.empty()) return fmt::format("`{}`", fmt::join(choices, "`, `"));
  if (min && max)
    return fmt::format("{} .. {}", packs::number_text(*min), packs::number_text(*max));
  if (min) return fmt::format("≥ {}", packs::number_text(*min));
  if (max) return fmt::format("≤ {}", packs::number_text(*max));
  return "";
}

std::string field_type_text(const packs::PayloadField& f) {
  std::string text(packs::to_string(f.type));
  const std::string range = range_text(f.min, f.max, f.choices);
  if (!range.empty()) text += (f.choices.empty() ? " " : ": ") + range;
  if (f.optional) text += ", or nil";
  return text;
}

// `player`, **`total`**, `tile`? : the payload's fields, bold when handlers may change them.
std::string payload_summary(const packs::EventSpec& e) {
  if (!e.structured) return "(not declared)";
  if (e.payload.empty()) return "(empty)";
  std::string out;
  for (const auto& f : e.payload) {
    if (!out.empty()) out += ", ";
    const std::string name = fmt::format("`{}`{}", f.name, f.optional ? "?" : "");
    out += f.writable ? "**" + name + "**" : name;
  }
  return out;
}

// "The dice were rolled." from "the dice were rolled".
std::string sentence(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 32);
  if (!out.empty() && out.back() != '.') out += '.';
  return out;
}

}  // namespace

std::string options_markdown(const packs::Manifest& m) {
  std::string out = "| option | type | default | range | description |\n|---|---|---|---|---|\n";
  for (const auto& o : m.options)
    out += fmt::format("| `{}` | {} | `{}` | {} | {} |\n", o.key, packs::to_string(o.type),
                       cell(packs::to_string(o.default_value)),
                       cell(range_text(o.min, o.max, o.choices)), cell(o.description));
  return out;
}

std::string events_markdown(const packs::Manifest& m) {
  std::string out =
      "| event | when | payload (**bold**: handlers may change it; ?: may be nil) | handlers may "
      "| default |\n|---|---|---|---|---|\n";
  for (const auto& e : m.events) {
    std::string when = e.when;
    if (e.only_when_handled) when += " (raised only while handled)";
    out += fmt::format("| `{}` | {} | {} | {} | {} |\n", e.name, cell(when), payload_summary(e),
                       cell(e.handlers), cell(e.deflt));
  }
  return out;
}

std::string payloads_markdown(const packs::Manifest& m) {
  std::string out;
  for (const auto& e : m.events) {
    if (!e.structured) continue;
    if (!out.empty()) out += '\n';
    out += fmt::format("#### `{}`\n\n", e.name);
    out += "When: " + sentence(e.when);
    if (e.only_when_handled) out += " Raised only while the event has handlers.";
    out += '\n';
    if (!e.handlers.empty()) out += "Handlers may: " + sentence(e.handlers) + '\n';
    out += "Default: " + (e.deflt.empty() ? std::string("none.") : sentence(e.deflt)) + '\n';
    if (e.payload.empty()) {
      out += "\nThe payload is empty.\n";
      continue;
    }
    out += "\n| field | type | handlers | description |\n|---|---|---|---|\n";
    for (const auto& f : e.payload)
      out += fmt::format("| `{}` | {} | {} | {} |\n", f.name, cell(field_type_text(f)),
                         f.writable ? "may change" : "read", cell(f.description));
  }
  return out;
}

std::string luals_definitions(const packs::Manifest& m) {
  std::string out;
  for (const auto& e : m.events) {
    if (!e.structured) continue;
    out += fmt::format("\n---Payload of `{}` (pack {}): {}.\n---@class {}\n", e.name, m.name,
                       one_line(e.when), e.name);
    for (const auto& f : e.payload) {
      std::string type;
      if (!f.choices.empty()) {
        for (const auto& c : f.choices) {
          if (!type.empty()) type += '|';
          type += fmt::format("\"{}\"", c);
        }
      } else {
        switch (f.type) {
          case packs::FieldType::Seat:
            type = "catan.Seat";
            break;
          case packs::FieldType::Any:
            type = "any";
            break;
          default:
            type = std::string(packs::to_string(f.type));
        }
      }
      out += fmt::format("---@field {}{} {} {}{}\n", f.name, f.optional ? "?" : "", type,
                         one_line(f.description), f.writable ? " (handlers may change it)" : "");
    }
  }
  return out;
}

namespace {

// The lines of the script `file`; empty when it cannot be read.
std::vector<std::string> script_lines(const std::string& file) {
  std::vector<std::string> all;
  try {
    const std::string text = engine::read_bounded_file(file, engine::kMaxReplayBytes, "a script");
    std::size_t at = 0;
    while (at <= text.size()) {
      const auto end = text.find('\n', at);
      all.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
      if (end == std::string::npos) break;
      at = end + 1;
    }
  } catch (const std::exception&) {
    all.clear();
  }
  return all;
}

// The `--` comment lines of `lines` right above line `line` (1-based; the export's
// documentation), without their dashes, oldest first.
std::vector<std::string> comment_above(const std::vector<std::string>& lines, int line) {
  std::vector<std::string> out;
  for (int i = line - 2; i >= 0 && static_cast<std::size_t>(i) < lines.size(); --i) {
    std::string_view l = lines[static_cast<std::size_t>(i)];
    const auto first = l.find_first_not_of(" \t");
    if (first == std::string_view::npos || l.substr(first, 2) != "--") break;
    l.remove_prefix(first + 2);
    if (!l.empty() && l.front() == ' ') l.remove_prefix(1);
    out.emplace(out.begin(), l);
  }
  return out;
}

}  // namespace

std::string luals_library(const packs::Manifest& m,
                          const std::vector<scripting::ExportInfo>& exports) {
  std::string out = fmt::format(
      "\n---What pack `{}` exports: `require(\"{}\")` returns this table (read-only).\n"
      "---@class {}.exports\nlocal exports = {{}}\n",
      m.name, m.name, m.name);
  std::map<std::string, std::vector<std::string>> scripts;  // each script read once
  for (const auto& e : exports) {
    if (e.type != "function") {
      out += fmt::format("\n---@type {}\nexports.{} = nil\n", e.type, e.name);
      continue;
    }
    out += '\n';
    auto [it, fresh] = scripts.try_emplace(e.file);
    if (fresh) it->second = script_lines(e.file);
    for (const auto& l : comment_above(it->second, e.line)) out += fmt::format("---{}\n", l);
    std::vector<std::string> params;
    for (const auto& p : e.params) {
      if (p != "...") out += fmt::format("---@param {} any\n", p);
      params.push_back(p);
    }
    out += fmt::format("function exports.{}({}) end\n", e.name, fmt::join(params, ", "));
  }
  out += "\nreturn exports\n";
  return out;
}

}  // namespace catan::cli
