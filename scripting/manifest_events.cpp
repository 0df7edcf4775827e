// The "events" of a manifest (scripting/event_spec.h, scripting/manifest_parse.h): each event a
// description of when it is raised, or a declaration of its payload fields, handlers, default
// action and whether it is raised only when handled.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "scripting/manifest_parse.h"

namespace catan::packs::manifest_parse {
namespace {

const std::vector<std::string> kEventFields = {"when", "payload", "handlers", "default",
                                               "only_when_handled"};
const std::vector<std::string> kPayloadFieldFields = {"type", "description", "writable", "optional",
                                                      "min",  "max",         "choices"};
constexpr std::string_view kFieldTypes =
    "seat, integer, number, string, boolean, table, function or any";

// An event name: [a-z][a-z0-9_.]*.
bool is_valid_event_name(std::string_view s) {
  if (s.empty() || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
  });
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

}  // namespace

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

}  // namespace catan::packs::manifest_parse
