#include "scripting/event_spec.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include <fmt/format.h>

namespace catan::packs {

namespace {

constexpr std::array<std::pair<FieldType, std::string_view>, 8> kTypeNames{{
    {FieldType::Any, "any"},
    {FieldType::Seat, "seat"},
    {FieldType::Integer, "integer"},
    {FieldType::Number, "number"},
    {FieldType::String, "string"},
    {FieldType::Boolean, "boolean"},
    {FieldType::Table, "table"},
    {FieldType::Function, "function"},
}};

std::string_view article(std::string_view noun) {
  return noun.find_first_of("aeiou") == 0 ? "an" : "a";
}

}  // namespace

std::string number_text(double x) {
  if (std::floor(x) == x && std::abs(x) < 1e15) return fmt::format("{}", static_cast<long long>(x));
  return fmt::format("{}", x);
}

const PayloadField* EventSpec::field(std::string_view field_name) const {
  const auto it = std::find_if(payload.begin(), payload.end(),
                               [&](const PayloadField& f) { return f.name == field_name; });
  return it == payload.end() ? nullptr : &*it;
}

std::string_view to_string(FieldType type) {
  for (const auto& [t, name] : kTypeNames)
    if (t == type) return name;
  return "any";
}

std::optional<FieldType> field_type_named(std::string_view name) {
  for (const auto& [t, n] : kTypeNames)
    if (n == name) return t;
  return std::nullopt;
}

std::optional<std::string> field_value_problem(const PayloadField& field, const FieldValue& value,
                                               int players) {
  if (value.lua_type == "nil") {
    if (field.optional) return std::nullopt;
    return std::string("missing (the declaration does not make it optional)");
  }
  const auto expected = [&](std::string_view what) {
    return fmt::format("expected {} {}, got {} {}", article(what), what, article(value.lua_type),
                       value.lua_type);
  };
  switch (field.type) {
    case FieldType::Any:
      return std::nullopt;
    case FieldType::Seat:
      if (value.lua_type != "number" || !value.is_integer) return expected("integer (a seat)");
      if (value.number < 1 || value.number > players)
        return fmt::format("{} is not a seat (players are 1..{})", number_text(value.number),
                           players);
      return std::nullopt;
    case FieldType::Integer:
    case FieldType::Number:
      if (value.lua_type != "number") return expected(to_string(field.type));
      if (field.type == FieldType::Integer && !value.is_integer)
        return fmt::format("expected an integer, got {}", number_text(value.number));
      if (field.min && value.number < *field.min)
        return fmt::format("{} is below the minimum {}", number_text(value.number),
                           number_text(*field.min));
      if (field.max && value.number > *field.max)
        return fmt::format("{} is above the maximum {}", number_text(value.number),
                           number_text(*field.max));
      return std::nullopt;
    case FieldType::String:
      if (value.lua_type != "string") return expected("string");
      if (!field.choices.empty() &&
          std::find(field.choices.begin(), field.choices.end(), value.text) == field.choices.end())
        return fmt::format("'{}' is not one of {}", value.text, fmt::join(field.choices, ", "));
      return std::nullopt;
    case FieldType::Boolean:
      if (value.lua_type != "boolean") return expected("boolean");
      return std::nullopt;
    case FieldType::Table:
      if (value.lua_type != "table") return expected("table");
      return std::nullopt;
    case FieldType::Function:
      if (value.lua_type != "function") return expected("function");
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace catan::packs
