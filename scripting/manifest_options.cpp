// Pack options (scripting/manifest.h): the "options" declarations of a manifest, each read in
// named steps (type, default, bounds, choices, description; scripting/manifest_parse.h), and the
// checks and text forms of option values.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "scripting/manifest_parse.h"

namespace catan::packs {
namespace {

// The items quoted and separated by commas: "'a', 'b', 'c'".
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

}  // namespace

namespace manifest_parse {
namespace {

const std::vector<std::string> kOptionFields = {"type", "default", "min",
                                                "max",  "choices", "description"};
constexpr std::string_view kOptionTypes = "boolean, integer, number or string";

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

}  // namespace

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

}  // namespace manifest_parse

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
