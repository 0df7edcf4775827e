#include "engine/text_bounds.h"

#include <fmt/format.h>

namespace catan::engine {

std::size_t cut_point(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return text.size();
  std::size_t keep = limit;
  // A UTF-8 continuation byte is 10xxxxxx: back up to the byte that starts its sequence.
  for (int back = 0;
       back < 3 && keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80; ++back)
    --keep;
  return keep;
}

std::string cut_text(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return std::string(text);
  const std::size_t keep = cut_point(text, limit);
  return fmt::format("{} [cut: {} more bytes]", text.substr(0, keep), text.size() - keep);
}

}  // namespace catan::engine
