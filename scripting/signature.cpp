#include "scripting/signature.h"

#include <chrono>

#include "scripting/session.h"

namespace catan::scripting {

namespace {
void mix(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
}
}  // namespace

Signature compute_signature(packs::PackSearch& search, const SignatureSpec& spec) {
  const auto start = std::chrono::steady_clock::now();
  Session session(search, spec.packs, {});
  Signature sig;
  sig.hash = 0xcbf29ce484222325ULL;
  GameConfig config;
  config.seed = spec.seed;
  config.players = static_cast<int>(spec.agents.size());
  config.agents = spec.agents;
  for (int g = 0; g < spec.games; ++g) {
    config.game_index = static_cast<std::uint64_t>(g);
    const auto r = session.play(config);
    ++sig.games;
    sig.decisions += r.replay.decisions.size();
    if (!r.ok) {
      ++sig.failures;
      for (char c : r.error) mix(sig.hash, static_cast<unsigned char>(c));
      continue;
    }
    mix(sig.hash, static_cast<std::uint64_t>(r.winner.value_or(-1) + 1));
    mix(sig.hash, static_cast<std::uint64_t>(r.turns));
    mix(sig.hash, r.replay.decisions.size());
    mix(sig.hash, r.digest);
  }
  sig.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sig;
}

SignatureSpec dice_race_signature_spec() {
  return {{"dice-race"}, {"hold20", "random", "random"}, 1, 200};
}

}  // namespace catan::scripting
