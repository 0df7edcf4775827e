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
  // A label matches whole, or up to a colon: "node 12" answers "node 12: ore 8, grain 5".
  const auto& label = std::get<std::string>(answer);
  for (int i = 0; i < decision.count; ++i) {
    const std::string option = decision.label(i);
    if (option == label ||
        (option.size() > label.size() && option.compare(0, label.size(), label) == 0 &&
         option[label.size()] == ':')) {
      return i;
    }
  }
  throw std::runtime_error(
      fmt::format("scripted answer '{}' matches no option of decision '{}' of player {}", label,
                  decision.kind, decision.player + 1));
}

}  // namespace catan::engine
