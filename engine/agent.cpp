#include "engine/agent.h"

#include <stdexcept>

#include <fmt/format.h>

namespace catan::engine {

void Agent::begin_game(std::uint64_t seed, std::uint64_t game_index, int seat) {
  rng_ = Rng::for_stream(seed, game_index, 1 + static_cast<std::uint64_t>(seat));
}

int RandomAgent::choose(const Decision& decision) {
  return static_cast<int>(rng_.below(static_cast<std::uint64_t>(decision.count)));
}

int ScriptedAgent::choose(const Decision& decision) {
  if (answers_.empty()) {
    throw std::runtime_error(fmt::format("scripted answers ran out at decision '{}' of player {}",
                                         decision.kind, decision.player + 1));
  }
  const Answer answer = std::move(answers_.front());
  answers_.pop_front();
  if (const int* index = std::get_if<int>(&answer)) {
    if (*index < 0 || *index >= decision.count) {
      throw std::runtime_error(fmt::format(
          "scripted answer {} is out of range for decision '{}' of player {} ({} options)",
          *index + 1, decision.kind, decision.player + 1, decision.count));
    }
    return *index;
  }
  const auto& id = std::get<std::string>(answer);
  for (int i = 0; i < decision.count; ++i)
    if (decision.id(i) == id) return i;
  // Name a few of the ids offered, not all of a long list.
  constexpr int kShown = 8;
  std::string offered;
  for (int i = 0; i < decision.count && i < kShown; ++i)
    offered += fmt::format("{}'{}'", i > 0 ? ", " : "", decision.id(i));
  if (decision.count > kShown) offered += fmt::format(", ... ({} options)", decision.count);
  throw std::runtime_error(
      fmt::format("scripted answer '{}' is no option id of decision '{}' of player {} (ids: {})",
                  id, decision.kind, decision.player + 1, offered));
}

}  // namespace catan::engine
