#pragma once
// A person at the terminal as an agent: for each decision it shows the board (view/text_board.h,
// when the packs declare how it draws), the seat's holdings and properties, the public state of
// the game, and the numbered options (their labels), then reads
// a number or an option's id.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

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
  // Re-asks until an answer is an option's number (decimal digits only, 1 to the option count)
  // or an option's id, blanks around it ignored; throws std::runtime_error when input ends.
  int choose(const engine::Decision& decision) override;

  // The longest answer read: the rest of a longer line is read and discarded, with a message,
  // and the question asked again.
  static constexpr std::size_t kMaxAnswerBytes = 4096;

 private:
  // The next line of input without its newline (at most kMaxAnswerBytes; "" for a longer line,
  // whose rest is discarded); nullopt when input has ended.
  std::optional<std::string> read_answer();
  // The option `answer` names, or nullopt.
  static std::optional<int> parse_answer(const engine::Decision& d, std::string_view answer);
  void show_state(int seat) const;
  const engine::GameState& state_;
  std::istream& in_;
  std::ostream& out_;
  packs::DrawSpec draw_;
  bool colour_;
};

}  // namespace catan::cli
