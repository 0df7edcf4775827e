#pragma once
// A person at the terminal as an agent: for each decision it shows the board (view/text_board.h,
// when the packs declare how it draws), the seat's holdings and properties, the public state of
// the game, and the options (their labels), then reads an answer: an option's number or id, or
// a command (help, board, list, back, undo, quit). A long menu is walked step by step, one
// part of the options' ids at a time (docs/play.md). Undo and quit end the game being played
// with a request the host carries out (cmd_play.cpp): undo plays the game again up to the
// person's previous decision of the turn, quit saves it to be resumed.

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agent.h"
#include "engine/game_state.h"
#include "scripting/draw_spec.h"

namespace catan::scripting {
class Session;
}

namespace catan::cli {

class HumanAgent final : public engine::Agent {
 public:
  // What the person asked for beyond an answer. The agent throws PersonRequest after setting it:
  // the game ends with that error and the host reads request().
  enum class Request { None, Undo, Quit };
  struct PersonRequest : std::runtime_error {
    using std::runtime_error::runtime_error;
  };

  // Reads answers from `in`, writes prompts to `out`; `state` is the game being played, drawn
  // with `draw` (coloured when `colour`). With `session`, the time the person takes is not
  // counted against the session's time limit (Session::pause_clock).
  HumanAgent(const engine::GameState& state, std::istream& in, std::ostream& out,
             packs::DrawSpec draw = {}, bool colour = false, scripting::Session* session = nullptr)
      : state_(state),
        in_(in),
        out_(out),
        draw_(std::move(draw)),
        colour_(colour),
        session_(session) {}
  std::string name() const override { return "human"; }
  // Re-asks until an answer is an option's number (decimal digits only, 1 to the option count)
  // or an option's id, blanks around it ignored. Throws PersonRequest for undo and quit, and
  // when input ends (a quit: "input ended").
  int choose(const engine::Decision& decision) override;

  Request request() const noexcept { return request_; }
  // With Request::Undo: the index in the game's decision log of the decision to ask again.
  std::size_t undo_to() const noexcept { return undo_to_; }
  // Before the game is played again from its start, fed back up to decision `decisions`: forgets
  // the person's decisions from there on and clears the request.
  void rewind(std::size_t decisions);
  // True from rewind() until the person is asked again: the game retraced so far was seen.
  bool retracing() const noexcept { return retracing_; }

  // The longest answer read: the rest of a longer line is read and discarded, with a message,
  // and the question asked again.
  static constexpr std::size_t kMaxAnswerBytes = 4096;
  // Menus with more options than this are walked step by step.
  static constexpr int kLongMenu = 30;

 private:
  // The next line of input without its newline (at most kMaxAnswerBytes; "" for a longer line,
  // whose rest is discarded); nullopt when input has ended.
  std::optional<std::string> read_answer();
  // The option `answer` names, or nullopt.
  static std::optional<int> parse_answer(const engine::Decision& d, std::string_view answer);
  void show_state(const engine::Decision& d) const;
  void show_help() const;
  // Sets the request and throws.
  [[noreturn]] void ask_for(Request request, const std::string& why);
  // The decision to ask again for an undo at the decision being asked (`at`, in turn `turn`),
  // or nullopt when the person made none earlier this turn.
  std::optional<std::size_t> undo_target(std::size_t at, int turn) const;
  // Handles a command; true when `answer` was one.
  bool command(const engine::Decision& d, std::string_view answer, std::size_t at, int turn);

  const engine::GameState& state_;
  std::istream& in_;
  std::ostream& out_;
  packs::DrawSpec draw_;
  bool colour_;
  scripting::Session* session_;
  struct Made {
    int turn;
    std::size_t index;  // in the game's decision log
  };
  std::vector<Made> made_;        // the person's decisions this game, in order
  std::vector<std::string> ids_;  // the option ids of the decision being asked
  Request request_ = Request::None;
  std::size_t undo_to_ = 0;
  bool retracing_ = false;
};

}  // namespace catan::cli
