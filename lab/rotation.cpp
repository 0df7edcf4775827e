#include "lab/rotation.h"

#include <algorithm>

namespace catan::lab {

std::vector<std::string> seat_bots(const std::vector<std::string>& bots, int players,
                                   std::uint64_t game, bool rotate) {
  const auto p = static_cast<std::size_t>(players);
  std::vector<std::string> out(p, "random");
  const std::size_t shift = rotate ? static_cast<std::size_t>(game % p) : 0;
  for (std::size_t seat = 0; seat < p; ++seat) {
    const std::size_t from = (seat + shift) % p;
    if (from < bots.size()) out[seat] = bots[from];
  }
  return out;
}

std::vector<std::string> distinct_bots(const std::vector<std::string>& seats) {
  std::vector<std::string> out;
  for (const auto& s : seats)
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  return out;
}

}  // namespace catan::lab
