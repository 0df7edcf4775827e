#include "engine/value.h"

#include <fmt/format.h>

namespace catan::engine {

std::string value_text(const Value& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>)
          return "nil";
        else if constexpr (std::is_same_v<T, bool>)
          return x ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::string>)
          return x;
        else
          return fmt::format("{}", x);
      },
      v);
}

}  // namespace catan::engine
