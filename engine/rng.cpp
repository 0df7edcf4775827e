#include "engine/rng.h"

#include <stdexcept>
#include <string>

namespace catan::engine {
namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

constexpr std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

// The SplitMix64 output function applied to an already-advanced counter value.
constexpr std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t splitmix64(std::uint64_t v) {
  return mix(v + kGolden);
}

Rng::Rng(std::uint64_t seed) {
  // Four consecutive outputs of one counter are four distinct images of a bijection applied to
  // distinct inputs, so at most one of them can be zero: the state is never all zero.
  std::uint64_t counter = seed;
  for (auto& word : s_) {
    counter += kGolden;
    word = mix(counter);
  }
}

Rng Rng::for_stream(std::uint64_t master_seed, std::uint64_t game_index, std::uint64_t stream) {
  return Rng(splitmix64(splitmix64(splitmix64(master_seed) ^ game_index) ^ stream));
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("Rng::below: n must be positive, got 0");
  unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::int64_t Rng::range(std::int64_t lo, std::int64_t hi) {
  if (lo > hi) {
    throw std::invalid_argument("Rng::range: empty range, lo " + std::to_string(lo) + " > hi " +
                                std::to_string(hi));
  }
  // Unsigned arithmetic wraps, so the span and the sum are exact in two's complement.
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  const std::uint64_t offset = span == 0 ? next() : below(span);
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

int Rng::die(int sides) {
  if (sides < 1) {
    throw std::invalid_argument("Rng::die: a die needs at least 1 side, got " +
                                std::to_string(sides));
  }
  return 1 + static_cast<int>(below(static_cast<std::uint64_t>(sides)));
}

double Rng::uniform() {
  return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

void Rng::set_state(const std::array<std::uint64_t, 4>& s) {
  if ((s[0] | s[1] | s[2] | s[3]) == 0) {
    throw std::invalid_argument("Rng::set_state: the all-zero state is invalid for xoshiro256**");
  }
  s_ = s;
}

}  // namespace catan::engine
