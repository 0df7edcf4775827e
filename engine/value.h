#pragma once
// A scalar value a pack may attach to a game element: nil, boolean, integer, number or string.

#include <cstdint>
#include <string>
#include <variant>

namespace catan::engine {

using Value = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

inline bool is_nil(const Value& v) noexcept {
  return std::holds_alternative<std::monostate>(v);
}

// The value as Lua would print it: nil, true/false, the number or the string itself.
std::string value_text(const Value& v);

}  // namespace catan::engine
