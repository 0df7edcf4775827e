#include "cli/human_agent.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <iostream>
#include <limits>

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

std::optional<std::string> HumanAgent::read_answer() {
  // At most kMaxAnswerBytes are kept: a longer line fails with failbit after storing them.
  std::array<char, kMaxAnswerBytes + 1> buffer{};
  in_.getline(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  const auto stored = static_cast<std::size_t>(in_.gcount());
  if (!in_.fail()) return std::string(buffer.data(), std::strlen(buffer.data()));
  if (stored == 0 || in_.bad()) return std::nullopt;  // input ended
  in_.clear();
  in_.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  out_ << fmt::format("that answer is longer than {} bytes: the rest of the line is discarded\n",
                      kMaxAnswerBytes);
  return std::string();  // no answer: asked again
}

std::optional<int> HumanAgent::parse_answer(const engine::Decision& d, std::string_view answer) {
  const auto first = answer.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return std::nullopt;
  answer = answer.substr(first, answer.find_last_not_of(" \t\r") - first + 1);
  // A number: decimal digits only ("1abc", "+1", "1.0" are not numbers).
  if (answer.size() <= 9 &&
      std::all_of(answer.begin(), answer.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    const int n = std::stoi(std::string(answer));
    if (n >= 1 && n <= d.count) return n - 1;
    return std::nullopt;
  }
  for (int i = 0; i < d.count; ++i)
    if (d.id(i) == answer) return i;
  return std::nullopt;
}

int HumanAgent::choose(const engine::Decision& d) {
  show_state(d.player);
  // Kinds, names and labels are pack-chosen: no control bytes reach the terminal.
  out_ << engine::terminal_safe(fmt::format("decide: {}\n", d.kind));
  for (int i = 0; i < d.count; ++i)
    out_ << engine::terminal_safe(fmt::format("  {:>3}) {}\n", i + 1, d.label(i)));
  for (;;) {
    out_ << fmt::format("choose 1-{}> ", d.count) << std::flush;
    const auto answer = read_answer();
    if (!answer) throw std::runtime_error("the human player's input ended");
    if (const auto choice = parse_answer(d, *answer)) return *choice;
    out_ << fmt::format("please type a number from 1 to {} (or an option's id)\n", d.count);
  }
}

}  // namespace catan::cli
