#include "cli/human_agent.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "engine/seat_view.h"
#include "scripting/session.h"
#include "view/text_board.h"

namespace catan::cli {

namespace {

// Stops the session's time-limit clock while the person thinks (Session::pause_clock).
class ClockPause {
 public:
  explicit ClockPause(scripting::Session* session) : session_(session) {
    if (session_) session_->pause_clock();
  }
  ~ClockPause() {
    if (session_) session_->resume_clock();
  }
  ClockPause(const ClockPause&) = delete;
  ClockPause& operator=(const ClockPause&) = delete;

 private:
  scripting::Session* session_;
};

// A decision kind as people read it: "base.trade_answer" -> "trade answer".
std::string readable_kind(std::string_view kind) {
  if (const auto dot = kind.rfind('.'); dot != std::string_view::npos) kind.remove_prefix(dot + 1);
  std::string out(kind);
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

// One part of an option id as people read it: "give=lumber1,ore1" -> "give lumber1, ore1".
std::string readable_part(std::string_view part) {
  std::string out;
  for (const char c : part) {
    if (c == '=')
      out += ' ';
    else if (c == ',')
      out += ", ";
    else if (c == '_')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// The `level`-th ':'-separated part of `id`, or nullopt when it has fewer parts.
std::optional<std::string_view> id_part(std::string_view id, std::size_t level) {
  for (std::size_t i = 0; i < level; ++i) {
    const auto colon = id.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    id.remove_prefix(colon + 1);
  }
  return id.substr(0, id.find(':'));
}

// `answer` as a number from 1 to `count`, 0-based; decimal digits only ("1abc", "+1", "1.0" are
// not numbers).
std::optional<int> parse_number(std::string_view answer, int count) {
  if (answer.empty() || answer.size() > 9 ||
      !std::all_of(answer.begin(), answer.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int n = std::stoi(std::string(answer));
  if (n >= 1 && n <= count) return n - 1;
  return std::nullopt;
}

// The board places the options name (ids "node:N" and "path:E", 1-based, the convention of
// docs/lua-api.md "Options of a decision"), 0-based, to number on the board.
view::NumberedPlaces places_offered(const std::vector<std::string>& ids) {
  view::NumberedPlaces places;
  if (ids.size() > 400) return places;  // a list that long names no places (a trade list)
  for (const std::string& id : ids) {
    for (auto [prefix, set] : {std::pair{std::string_view("node:"), &places.nodes},
                               std::pair{std::string_view("path:"), &places.paths}}) {
      if (id.size() <= prefix.size() || id.size() > prefix.size() + 7 ||
          id.compare(0, prefix.size(), prefix) != 0)
        continue;
      const std::string_view digits = std::string_view(id).substr(prefix.size());
      if (std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        set->insert(std::stoi(std::string(digits)) - 1);
    }
  }
  return places;
}

// A long menu walked one part of the option ids at a time: the options left (candidates) are
// grouped by the part at `level` that tells them apart; a group of several narrows the menu to
// it, and back returns to the menu before.
class MenuWalk {
 public:
  MenuWalk(const std::vector<std::string>& ids, int count) : ids_(ids) {
    for (int i = 0; i < count; ++i) candidates_.push_back(i);
    regroup();
  }

  std::size_t groups() const { return groups_.size(); }

  void show(std::ostream& out, const engine::Decision& d) const {
    out << fmt::format("{} options, step by step (list: all of them at once):\n",
                       candidates_.size());
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const auto& group = groups_[g];
      const std::string text =
          group.options.size() == 1
              ? d.label(group.options[0])
              : fmt::format("{} ... ({} options)", readable_part(group.part), group.options.size());
      out << engine::terminal_safe(fmt::format("  {:>3}) {}\n", g + 1, text));
    }
  }

  // Back to the menu before the last narrowing; false when there is none.
  bool back() {
    if (steps_.empty()) return false;
    candidates_ = std::move(steps_.back().candidates);
    level_ = steps_.back().level;
    steps_.pop_back();
    regroup();
    return true;
  }

  // Group `g`: its option when it holds one; else the menu narrows to its options (nullopt).
  std::optional<int> pick(std::size_t g) {
    const auto& group = groups_[g];
    if (group.options.size() == 1) return group.options[0];
    steps_.push_back({candidates_, level_});
    candidates_ = group.options;
    ++level_;
    regroup();
    return std::nullopt;
  }

 private:
  void regroup() {
    for (;;) {
      groups_.clear();
      for (const int i : candidates_) {
        const auto part = id_part(ids_[static_cast<std::size_t>(i)], level_);
        const std::string key = part ? std::string(*part) : std::string();
        auto g = std::find_if(groups_.begin(), groups_.end(),
                              [&](const Group& x) { return x.part == key; });
        if (g == groups_.end()) {
          groups_.push_back({key, {}});
          g = groups_.end() - 1;
        }
        g->options.push_back(i);
      }
      // One part shared by all: the next part tells them apart.
      if (groups_.size() == 1 && candidates_.size() > 1 && !groups_[0].part.empty()) {
        ++level_;
        continue;
      }
      return;
    }
  }

  struct Step {
    std::vector<int> candidates;
    std::size_t level;
  };
  struct Group {
    std::string part;
    std::vector<int> options;
  };
  const std::vector<std::string>& ids_;
  std::vector<int> candidates_;
  std::size_t level_ = 0;
  std::vector<Step> steps_;  // what back returns to
  std::vector<Group> groups_;
};

}  // namespace

void HumanAgent::show_state(const engine::Decision& d) const {
  const auto& s = state_;
  const int seat = d.player;
  out_ << fmt::format("\n== turn {}, round {}: player {} to move; you are player {} ==\n", s.turn,
                      s.round, s.current + 1, seat + 1);
  const auto board = view::text_board(s, draw_, colour_, places_offered(ids_));
  out_ << board;
  const engine::SeatView own(s, seat);
  const engine::SeatView& view = d.view ? *d.view : own;
  for (int p = 0; p < view.players(); ++p) {
    std::string line = fmt::format("player {}{}:", p + 1, p == seat ? " (you)" : "");
    const auto& props = view.player_props();
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& v = props.column(k)[static_cast<std::size_t>(p)];
      if (!engine::is_nil(v))
        line += fmt::format(" {}={}", props.keys().name(k), engine::value_text(v));
    }
    // What anyone at the table sees of the others' hands: how many cards, not which.
    if (p != seat)
      for (int f = 0; f < view.forms().size(); ++f)
        if (!view.sees_kinds(p, f) && view.total(p, f) > 0)
          line += fmt::format(" {}={}", view.forms().name(f), view.total(p, f));
    out_ << engine::terminal_safe(line) << '\n';
  }
  for (int f = 0; f < view.forms().size(); ++f) {
    std::string items;
    for (int k = 0; k < view.kinds().size(); ++k) {
      const auto n = view.count(seat, f, k);
      if (n > 0) items += fmt::format(" {} {}", n, view.kinds().name(k));
    }
    if (!items.empty())
      out_ << engine::terminal_safe(fmt::format("your {}:{}\n", view.forms().name(f), items));
  }
}

void HumanAgent::show_help() const {
  out_ << "answer with an option's number or its id, or a command:\n"
          "  help, ?     this help\n"
          "  board       show the board and the hands again\n"
          "  list        list every option of this decision\n"
          "  back        one step back in a step-by-step menu; elsewhere, as undo\n"
          "  undo        take back your previous decision of this turn (the game is played again "
          "up to it)\n"
          "  quit        save the game and stop; continue it with catan play --resume FILE\n";
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
  if (const auto n = parse_number(answer, d.count)) return n;
  for (int i = 0; i < d.count; ++i)
    if (d.id(i) == answer) return i;
  return std::nullopt;
}

void HumanAgent::ask_for(Request request, const std::string& why) {
  request_ = request;
  throw PersonRequest(why);
}

std::optional<std::size_t> HumanAgent::undo_target(std::size_t at, int turn) const {
  for (auto it = made_.rbegin(); it != made_.rend(); ++it)
    if (it->index < at && it->turn == turn) return it->index;
  return std::nullopt;
}

void HumanAgent::rewind(std::size_t decisions) {
  while (!made_.empty() && made_.back().index >= decisions) made_.pop_back();
  request_ = Request::None;
  retracing_ = true;
}

bool HumanAgent::command(const engine::Decision& d, std::string_view answer, std::size_t at,
                         int turn) {
  if (answer == "help" || answer == "?") {
    show_help();
  } else if (answer == "board") {
    show_state(d);
  } else if (answer == "undo" || answer == "back") {
    if (const auto target = undo_target(at, turn)) {
      undo_to_ = *target;
      ask_for(Request::Undo, "the person took back a decision");
    }
    out_ << "nothing to take back: this is your first decision of this turn\n";
  } else if (answer == "quit" || answer == "q" || answer == "exit") {
    ask_for(Request::Quit, "the person quit");
  } else {
    return false;
  }
  return true;
}

int HumanAgent::choose(const engine::Decision& d) {
  retracing_ = false;
  const ClockPause pause(session_);
  const std::size_t at = state_.decisions.size();
  const int turn = state_.turn;
  ids_.clear();  // read once: the board's numbered places and the step-by-step menu use them
  for (int i = 0; i < d.count; ++i) ids_.push_back(d.id(i));
  show_state(d);
  // Kinds, names and labels are pack-chosen: no control bytes reach the terminal.
  out_ << engine::terminal_safe(fmt::format("decide: {}\n", readable_kind(d.kind)));
  const auto list_all = [&] {
    for (int i = 0; i < d.count; ++i)
      out_ << engine::terminal_safe(fmt::format("  {:>3}) {}\n", i + 1, d.label(i)));
  };
  // A long menu is walked one part of the ids at a time.
  bool walk = d.count > kLongMenu;
  std::optional<MenuWalk> menu;
  if (walk) {
    menu.emplace(ids_, d.count);
    menu->show(out_, d);
  } else {
    list_all();
  }
  for (;;) {
    const int range = walk ? static_cast<int>(menu->groups()) : d.count;
    out_ << fmt::format("choose 1-{} (help: ?)> ", range) << std::flush;
    const auto answer = read_answer();
    if (!answer) ask_for(Request::Quit, "the human player's input ended");
    std::string_view text = *answer;
    if (const auto first = text.find_first_not_of(" \t\r"); first != std::string_view::npos)
      text = text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
    if (walk && text == "back" && menu->back()) {
      menu->show(out_, d);
      continue;
    }
    if (walk && text == "list") {  // the whole menu, numbered as a whole
      list_all();
      walk = false;
      continue;
    }
    if (command(d, text, at, turn)) continue;
    std::optional<int> choice;
    if (walk) {
      // A group's number, or any option's id.
      if (const auto g = parse_number(text, static_cast<int>(menu->groups()))) {
        choice = menu->pick(static_cast<std::size_t>(*g));
        if (!choice) {
          menu->show(out_, d);
          continue;
        }
      } else {
        for (int i = 0; i < d.count && !choice; ++i)
          if (ids_[static_cast<std::size_t>(i)] == text) choice = i;
      }
    } else {
      choice = parse_answer(d, text);
    }
    if (choice) {
      made_.push_back({turn, at});
      return *choice;
    }
    out_ << fmt::format("please type a number from 1 to {} (or an option's id; help: ?)\n", range);
  }
}

}  // namespace catan::cli
