#pragma once
// A person at the terminal as an agent: for each decision it shows the seat's holdings and
// properties, the public state of the game, and the numbered options (their labels), then reads
// a number or an option's id.

#include <iosfwd>
#include <string>

#include "engine/agent.h"
#include "engine/game_state.h"

namespace catan::cli {

class HumanAgent final : public engine::Agent {
 public:
  // Reads answers from `in`, writes prompts to `out`; `state` is the game being played.
  HumanAgent(const engine::GameState& state, std::istream& in, std::ostream& out)
      : state_(state), in_(in), out_(out) {}
  std::string name() const override { return "human"; }
  // Re-asks until an option number or id is typed; throws std::runtime_error when input ends.
  int choose(const engine::Decision& decision) override;

 private:
  void show_state(int seat) const;
  const engine::GameState& state_;
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace catan::cli
