// The vocabulary the manifest's parsers share (scripting/manifest_parse.h): how a JSON value is
// named in a message, field lookup, and the Checker's typed reads and failures.
#include "scripting/manifest_parse.h"

#include <algorithm>
#include <cctype>
#include <limits>

#include <fmt/format.h>

#include "scripting/pack_suggest.h"

namespace catan::packs::manifest_parse {
namespace {

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

}  // namespace

bool is_lua_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

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

const json* member(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

void Checker::fail(std::string_view field, std::string_view what) const {
  throw PackError(fmt::format("{}: field '{}': {}", where_, field, what));
}

const std::string& Checker::string_value(const std::string& field, const json& j) const {
  if (!j.is_string()) fail(field, "expected a string, got " + describe(j));
  return j.get_ref<const std::string&>();
}

std::string Checker::non_empty_string(const std::string& field, const json& j) const {
  const std::string& s = string_value(field, j);
  if (is_blank(s)) fail(field, "must not be empty");
  return s;
}

std::int64_t Checker::integer(const std::string& field, const json& j) const {
  if (!j.is_number_integer()) fail(field, "expected an integer, got " + describe(j));
  if (j.is_number_unsigned() &&
      j.get<std::uint64_t>() >
          static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    fail(field, j.dump() + " is outside the 64-bit integer range");
  }
  return j.get<std::int64_t>();
}

double Checker::number(const std::string& field, const json& j) const {
  if (!j.is_number()) fail(field, "expected a number, got " + describe(j));
  return j.get<double>();
}

void Checker::no_unknown_fields(const std::string& prefix, const json& object,
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

}  // namespace catan::packs::manifest_parse
