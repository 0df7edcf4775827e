#include "scripting/pack_hash.h"

#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "engine/file_io.h"

namespace catan::packs {

namespace {

constexpr std::uint64_t kOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kPrime = 0x100000001b3ULL;

void mix(std::uint64_t& h, std::string_view bytes) {
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= kPrime;
  }
}

}  // namespace

std::string content_hash(const Manifest& m) {
  std::uint64_t h = kOffset;
  const auto add = [&](const std::string& relative) {
    std::string bytes;
    try {
      bytes = engine::read_bounded_file(m.dir / relative, engine::kMaxReplayBytes, "a pack file");
    } catch (const engine::FileError& e) {
      throw PackError(fmt::format("pack '{}': {}", m.name, e.what()));
    }
    mix(h, relative);
    mix(h, std::string_view("\0", 1));
    mix(h, fmt::format("{}", bytes.size()));
    mix(h, bytes);
  };
  add("pack.json");
  for (const auto* list : {&m.library, &m.entry, &m.test_support})
    for (const std::string& file : *list) add(file);
  return fmt::format("{:016x}", h);
}

}  // namespace catan::packs
