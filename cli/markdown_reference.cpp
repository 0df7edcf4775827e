#include "cli/markdown_reference.h"

#include "engine/file_io.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

namespace catan::cli {

namespace {

bool is_ascii_punctuation(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

// Manifest text as Markdown inline text on one line, which no text can turn into HTML or into
// more than the cell or line it is given: line breaks become spaces; outside code spans '&' and
// '<' become "&amp;" and "&lt;" ("\<" and "\&" too); code spans (CommonMark's: a run of N
// backticks up to the next run of exactly N) are copied as written, since they show their text
// as it is; in a table cell (`in_table`) every '|' becomes "\|", inside code spans too (GFM
// finds a row's cells before reading the spans in them). Other backslash escapes are kept.
std::string inline_text(std::string_view text, bool in_table) {
  std::string out;
  const auto put = [&](char c, bool raw) {
    if (c == '\n' || c == '\r')
      out += ' ';
    else if (c == '|' && in_table)
      out += "\\|";
    else if (c == '&' && !raw)
      out += "&amp;";
    else if (c == '<' && !raw)
      out += "&lt;";
    else
      out += c;
  };
  const auto run_at = [&](std::size_t i) {
    std::size_t n = 0;
    while (i + n < text.size() && text[i + n] == '`') ++n;
    return n;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && is_ascii_punctuation(text[i + 1])) {
      const char next = text[i + 1];
      if (next == '<' || next == '&' || (next == '|' && in_table)) {
        put(next, false);  // "&lt;", "&amp;", "\|": what the escape shows
      } else {
        out += c;
        out += next;
      }
      i += 2;
      continue;
    }
    if (c != '`') {
      put(c, false);
      ++i;
      continue;
    }
    const std::size_t open = run_at(i);
    std::size_t close = i + open;
    while (close < text.size()) {
      if (text[close] != '`') {
        ++close;
        continue;
      }
      const std::size_t n = run_at(close);
      if (n == open) break;
      close += n;
    }
    if (close >= text.size()) {  // no closing run: the backticks are text
      out.append(open, '`');
      i += open;
      continue;
    }
    for (std::size_t k = i; k < close + open; ++k) put(text[k], true);
    i = close + open;
  }
  return out;
}

// Text fit for one table cell ("—" when empty).
std::string cell(std::string_view text) {
  std::string out = inline_text(text, true);
  return out.empty() ? "—" : out;
}

// `text` as one code span in a table cell, whatever backticks it holds (a fence one longer than
// its longest run, with spaces inside when it holds any), line breaks as spaces, '|' as "\|".
std::string code(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string body;
  for (const char c : text) {
    if (c == '\n' || c == '\r')
      body += ' ';
    else if (c == '|')
      body += "\\|";
    else
      body += c;
  }
  const std::string fence(longest + 1, '`');
  return longest == 0 ? fence + body + fence : fence + " " + body + " " + fence;
}

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

// `text` as a Lua string literal: "..." with '"', '\' and control bytes escaped.
std::string lua_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\{:03d}", u);
    else
      out += c;
  }
  return out + "\"";
}

// True when `s` is a Lua name: letters, digits and '_', not starting with a digit, and not a
// reserved word (so `t.s` reads field s).
bool is_lua_name(std::string_view s) {
  static constexpr std::string_view kReserved[] = {
      "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
      "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
      "repeat",   "return", "then", "true", "until",  "while"};
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return std::find(std::begin(kReserved), std::end(kReserved), s) == std::end(kReserved);
}

// Lua for field `key` of `table`: table.key for a Lua name, else table["key"] (escaped).
std::string lua_field(std::string_view table, std::string_view key) {
  return is_lua_name(key) ? fmt::format("{}.{}", table, key)
                          : fmt::format("{}[{}]", table, lua_string(key));
}

std::string range_text(std::optional<double> min, std::optional<double> max,
                       const std::vector<std::string>& choices) {
  if (!choices.empty()) {
    std::string out;
    for (const auto& c : choices) out += (out.empty() ? "" : ", ") + code(c);
    return out;
  }
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
  for (const auto& o : m.options) {
    const std::string deflt = packs::to_string(o.default_value);
    const std::string range = range_text(o.min, o.max, o.choices);
    out += fmt::format("| `{}` | {} | {} | {} | {} |\n", o.key, packs::to_string(o.type),
                       deflt.empty() ? "—" : code(deflt), range.empty() ? "—" : range,
                       cell(o.description));
  }
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
    out += "When: " + sentence(inline_text(e.when, false));
    if (e.only_when_handled) out += " Raised only while the event has handlers.";
    out += '\n';
    if (!e.handlers.empty())
      out += "Handlers may: " + sentence(inline_text(e.handlers, false)) + '\n';
    out += "Default: " +
           (e.deflt.empty() ? std::string("none.") : sentence(inline_text(e.deflt, false))) + '\n';
    if (e.payload.empty()) {
      out += "\nThe payload is empty.\n";
      continue;
    }
    out += "\n| field | type | handlers | description |\n|---|---|---|---|\n";
    for (const auto& f : e.payload)
      out += fmt::format("| `{}` | {} | {} | {} |\n", f.name, field_type_text(f),
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
          type += lua_string(c);
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

// The lines of the script `file` as Lua numbers them ("\n", "\r", "\r\n" and "\n\r" each end a
// line), so no line holds a line break; empty when it cannot be read.
std::vector<std::string> script_lines(const std::string& file) {
  std::vector<std::string> all;
  try {
    const std::string text = engine::read_bounded_file(file, engine::kMaxReplayBytes, "a script");
    std::size_t at = 0;
    while (at <= text.size()) {
      const auto end = text.find_first_of("\r\n", at);
      all.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
      if (end == std::string::npos) break;
      at = end + 1;
      // A pair of different break characters is one break.
      if (at < text.size() && (text[at] == '\r' || text[at] == '\n') && text[at] != text[end]) ++at;
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
      out += fmt::format("\n---@type {}\n{} = nil\n", e.type, lua_field("exports", e.name));
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
    if (is_lua_name(e.name))
      out += fmt::format("function exports.{}({}) end\n", e.name, fmt::join(params, ", "));
    else
      out += fmt::format("exports[{}] = function({}) end\n", lua_string(e.name),
                         fmt::join(params, ", "));
  }
  out += "\nreturn exports\n";
  return out;
}

}  // namespace catan::cli
