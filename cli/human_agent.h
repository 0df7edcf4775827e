#pragma once
// A person at the terminal as an agent: for each decision it shows the board (view/text_board.h,
// when the packs declare how it draws), the seat's holdings and properties, the public state of
// the game, and the numbered options (their labels), then reads
// a number or an option's id.

#include <iosfwd>
#include <string>

#include "engine/agent.h"
#include "engine/game_state.h"
#include "scripting/draw_spec.h"

namespace catan::cli {

class HumanAgent final : public engine::Agent {
 public:
  // Reads answers from `in`, writes prompts to `out`; `state` is the game being played, drawn
  // with `draw` (coloured when `colour`).
  HumanAgent(const engine::GameState& state, std::istream& in, std::ostream& out,
             packs::DrawSpec draw = {}, bool colour = false)
      : state_(state), in_(in), out_(out), draw_(std::move(draw)), colour_(colour) {}
  std::string name() const override { return "human"; }
  // Re-asks until an option number or id is typed; throws std::runtime_error when input ends.
  int choose(const engine::Decision& decision) override;

 private:
  void show_state(int seat) const;
  const engine::GameState& state_;
  std::istream& in_;
  std::ostream& out_;
  packs::DrawSpec draw_;
  bool colour_;
};

}  // namespace catan::cli
