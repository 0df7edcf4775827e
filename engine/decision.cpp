#include "engine/decision.h"

#include <fmt/format.h>

namespace catan::engine {

std::string option_id_problem(std::string_view id) {
  if (id.empty()) return "is empty";
  if (id.size() > kMaxOptionIdBytes)
    return fmt::format("is {} bytes, over the limit of {}", id.size(), kMaxOptionIdBytes);
  for (std::size_t i = 0; i < id.size(); ++i) {
    const auto c = static_cast<unsigned char>(id[i]);
    if (c < 0x20 || c > 0x7e)
      return fmt::format("holds byte 0x{:02x} at {} (ids are printable ASCII)", c, i + 1);
  }
  return "";
}

}  // namespace catan::engine
