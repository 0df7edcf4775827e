#include "cli/human_agent.h"

#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "view/text_board.h"

namespace catan::cli {

void HumanAgent::show_state(int seat) const {
  const auto& s = state_;
  out_ << fmt::format("\n== turn {}, round {}: player {} to move; you are player {} ==\n", s.turn,
                      s.round, s.current + 1, seat + 1);
  const auto board = view::text_board(s, draw_, colour_);
  out_ << board;
  for (int p = 0; p < s.players; ++p) {
    std::string line = fmt::format("player {}{}:", p + 1, p == seat ? " (you)" : "");
    const auto& props = s.player_props;
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& v = props.column(k)[static_cast<std::size_t>(p)];
      if (!engine::is_nil(v))
        line += fmt::format(" {}={}", props.keys().name(k), engine::value_text(v));
    }
    out_ << engine::terminal_safe(line) << '\n';
  }
  // Your holdings, by form; others' would be hidden information.
  for (int f = 0; f < s.forms.size(); ++f) {
    std::string items;
    for (int k = 0; k < s.kinds.size(); ++k) {
      const auto n = s.holdings.count(seat, f, k);
      if (n > 0) items += fmt::format(" {} {}", n, s.kinds.name(k));
    }
    if (!items.empty())
      out_ << engine::terminal_safe(fmt::format("your {}:{}\n", s.forms.name(f), items));
  }
}

int HumanAgent::choose(const engine::Decision& d) {
  show_state(d.player);
  // Kinds, names and labels are pack-chosen: no control bytes reach the terminal.
  out_ << engine::terminal_safe(fmt::format("decide: {}\n", d.kind));
  for (int i = 0; i < d.count; ++i)
    out_ << engine::terminal_safe(fmt::format("  {:>3}) {}\n", i + 1, d.label(i)));
  for (;;) {
    out_ << fmt::format("choose 1-{}> ", d.count) << std::flush;
    std::string line;
    if (!std::getline(in_, line)) throw std::runtime_error("the human player's input ended");
    std::istringstream words(line);
    std::string word;
    words >> word;
    // A number, or an option's id.
    int n = 0;
    if (std::istringstream(word) >> n && n >= 1 && n <= d.count) return n - 1;
    if (!word.empty())
      for (int i = 0; i < d.count; ++i)
        if (d.id(i) == word) return i;
    out_ << fmt::format("please type a number from 1 to {} (or an option's id)\n", d.count);
  }
}

}  // namespace catan::cli
