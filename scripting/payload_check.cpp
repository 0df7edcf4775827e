#include "scripting/payload_check.h"

#include <stdexcept>

#include <fmt/format.h>
#include <lua.hpp>

#include "engine/name_table.h"
#include "scripting/lua_state.h"

namespace catan::scripting {

namespace {

// The value of the field on top of the stack, summarised for packs::field_value_problem.
packs::FieldValue summarise(lua_State* L) {
  packs::FieldValue v;
  v.lua_type = luaL_typename(L, -1);
  if (lua_type(L, -1) == LUA_TNUMBER) {
    v.number = lua_tonumber(L, -1);
    v.is_integer = lua_isinteger(L, -1) != 0;
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    v.text = std::string_view(s, n);
  }
  return v;
}

PayloadCheck::Snapshot::Value value_of_top(lua_State* L) {
  PayloadCheck::Snapshot::Value v;
  v.lua_type = lua_type(L, -1);
  switch (v.lua_type) {
    case LUA_TNUMBER:
      v.number = lua_tonumber(L, -1);
      break;
    case LUA_TBOOLEAN:
      v.boolean = lua_toboolean(L, -1) != 0;
      break;
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, -1, &n);
      v.text.assign(s, n);
      break;
    }
    default:
      v.pointer = lua_topointer(L, -1);
  }
  return v;
}

// Checks every declared field's value; `where` begins each message.
void check_types(lua_State* L, const packs::EventSpec& spec, int payload, int players,
                 std::string_view where) {
  for (const packs::PayloadField& field : spec.payload) {
    lua_getfield(L, payload, field.name.c_str());
    const auto problem = packs::field_value_problem(field, summarise(L), players);
    lua_pop(L, 1);
    if (problem)
      throw std::runtime_error(
          fmt::format("{}: payload field '{}': {}", where, field.name, *problem));
  }
}

}  // namespace

void PayloadCheck::check_raise(lua_State* L, const packs::EventSpec& spec, int payload, int players,
                               std::string_view raiser) {
  const lua::StackGuard guard(L);
  payload = lua_absindex(L, payload);
  const std::string where = fmt::format("event '{}' raised by {}", spec.name, raiser);
  lua_pushnil(L);
  while (lua_next(L, payload) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      throw std::runtime_error(
          fmt::format("{}: the payload has a {} key; declared payloads have named fields only",
                      where, luaL_typename(L, -1)));
    }
    const std::string_view key = lua_tostring(L, -1);
    if (spec.field(key) == nullptr) {
      std::vector<std::string> names;
      for (const auto& f : spec.payload) names.push_back(f.name);
      const std::string hint = engine::closest_name(key, names);
      throw std::runtime_error(
          fmt::format("{}: payload field '{}' is not declared in the manifest{}", where, key,
                      hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
    }
  }
  check_types(L, spec, payload, players, where);
}

std::optional<std::string> PayloadCheck::writable_problem(lua_State* L,
                                                          const packs::EventSpec& spec, int payload,
                                                          int players) {
  payload = lua_absindex(L, payload);
  for (const packs::PayloadField& field : spec.payload) {
    if (!field.writable) continue;
    lua_getfield(L, payload, field.name.c_str());
    auto problem = packs::field_value_problem(field, summarise(L), players);
    lua_pop(L, 1);
    if (problem) return fmt::format("payload field '{}': {}", field.name, *problem);
  }
  return std::nullopt;
}

PayloadCheck::Snapshot PayloadCheck::snapshot(lua_State* L, const packs::EventSpec& spec,
                                              int payload) {
  Snapshot s;
  payload = lua_absindex(L, payload);
  for (const packs::PayloadField& field : spec.payload) {
    if (field.writable) continue;
    lua_getfield(L, payload, field.name.c_str());
    s.values.push_back(value_of_top(L));
    lua_pop(L, 1);
  }
  return s;
}

void PayloadCheck::check_handler(lua_State* L, const packs::EventSpec& spec, int payload,
                                 int players, const Snapshot& before, std::string_view who) {
  const lua::StackGuard guard(L);
  payload = lua_absindex(L, payload);
  const std::string where = fmt::format("event '{}': {}", spec.name, who);
  std::size_t i = 0;
  for (const packs::PayloadField& field : spec.payload) {
    if (field.writable) continue;
    lua_getfield(L, payload, field.name.c_str());
    const bool same = value_of_top(L) == before.values[i++];
    lua_pop(L, 1);
    if (!same)
      throw std::runtime_error(
          fmt::format("{} changed payload field '{}', which the declaration makes read-only", where,
                      field.name));
  }
  check_types(L, spec, payload, players, where);
}

}  // namespace catan::scripting
