#pragma once
// A long decision searched by the structure of its option ids. Packs build ids of parts joined
// by ':' ("offer:give=brick1:get=ore2", "counter:give=wool1:get=grain1", "bid:coins=7"), so the
// options sharing their first k parts form a group, and a list of thousands of options is a tree
// of a few small choices (move groups: Childs, Brodeur and Kocsis, "Transpositions and move
// groups in Monte Carlo tree search", CIG 2008). A part every option of a group shares tells
// nothing apart and is not a choice.
//
// Each search iteration descends the groups from the top to one option, choosing at each group
// by UCB1 among the children it has opened, and opening a new child, drawn at random, while the
// children open are fewer than kWidening * sqrt(visits of the group) (progressive widening:
// Couetoux et al., "Continuous upper confidence trees", LION 2011). The top group opens all its
// children at once when they are few enough for the search to try each (`open_top`). A group's
// score is the mean of the copies played through it, so the few visits of a long list pool where
// options share parts, and a flat list of thousands is searched a few options at a time, each
// visited often enough to compare, instead of every option once.

#include <string>
#include <utility>
#include <vector>

#include "engine/rng.h"

namespace catan::search {

class OptionGroups {
 public:
  // Progressive widening's constant: a group with n visits has at most
  // max(1, floor(kWidening * sqrt(n))) children open.
  static constexpr double kWidening = 2.0;

  // The groups of the options named `ids` (index = option index, ids distinct). `exploration`
  // is UCB1's c; the top group's children are all open from the start when at most `open_top`.
  OptionGroups(const std::vector<std::string>& ids, double exploration, int open_top);

  // The option of this iteration: descends from the top, opening children as the widening
  // allows (drawing from `rng`), and remembers the path for back_up.
  int select(engine::Rng& rng);
  // Books the option the copy's agent chose (a probe) along its path, opening what it passes,
  // so that the rollout agent's choice is the first searched. The path is remembered for back_up.
  void follow(int option);
  // Adds `score` to every group on the path of the last select or follow.
  void back_up(double score);

  // The option reached by descending to the most visited child of each group (ties: the higher
  // total), or -1 before any visit.
  int most_visited() const;
  // How many children the top group splits into (1 when every option shares its first part
  // and the second splits them, and so on: the first part that tells options apart).
  int top_width() const;
  int options() const noexcept { return options_; }

 private:
  struct Child {
    int option = -1;  // the option at a leaf, else -1
    int group = -1;   // the group below, else -1
    int visits = 0;
    double total = 0;
    bool open = false;
  };
  struct Group {
    std::vector<Child> children;
    std::vector<int> closed;  // indices of children not open yet
    int visits = 0;
  };
  struct Builder;
  void open(Group& g, int child);

  std::vector<Group> groups_;
  int top_ = -1;                             // the top group; -1 for a single option
  std::vector<std::pair<int, int>> leaf_;    // (group, child) of each option
  std::vector<std::pair<int, int>> parent_;  // (group, child) above each group; top: -1
  std::vector<std::pair<int, int>> path_;    // (group, child) of the last descent
  double c_;
  int options_ = 0;
};

}  // namespace catan::search
