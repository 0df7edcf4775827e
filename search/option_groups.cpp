#include "search/option_groups.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string_view>

namespace catan::search {

namespace {

std::vector<std::string_view> split_parts(std::string_view id) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t colon = id.find(':');
    parts.push_back(id.substr(0, colon));
    if (colon == std::string_view::npos) return parts;
    id.remove_prefix(colon + 1);
  }
}

}  // namespace

struct OptionGroups::Builder {
  OptionGroups& self;
  std::vector<std::vector<std::string_view>> parts;  // per option
  std::vector<int> order;                            // options sorted by their parts

  // The child that options order[first..last), sharing their first `depth` parts, make: a leaf
  // for one option, else a group of the children their next part tells apart (a group of one
  // child is that child).
  Child make(std::size_t first, std::size_t last, std::size_t depth) {
    if (last - first == 1) return Child{order[first], -1};
    std::vector<Child> children;
    for (std::size_t i = first; i < last;) {
      const auto& p = parts[static_cast<std::size_t>(order[i])];
      if (p.size() <= depth) {  // an id that is a prefix of the others' ids
        children.push_back(Child{order[i], -1});
        ++i;
        continue;
      }
      std::size_t j = i + 1;
      while (j < last) {
        const auto& q = parts[static_cast<std::size_t>(order[j])];
        if (q.size() <= depth || q[depth] != p[depth]) break;
        ++j;
      }
      children.push_back(make(i, j, depth + 1));
      i = j;
    }
    if (children.size() == 1) return children.front();
    const int g = static_cast<int>(self.groups_.size());
    self.groups_.emplace_back();
    for (std::size_t c = 0; c < children.size(); ++c) {
      const Child& child = children[c];
      if (child.group >= 0)
        self.parent_[static_cast<std::size_t>(child.group)] = {g, static_cast<int>(c)};
      else
        self.leaf_[static_cast<std::size_t>(child.option)] = {g, static_cast<int>(c)};
    }
    Group& group = self.groups_.back();
    group.closed.resize(children.size());
    std::iota(group.closed.begin(), group.closed.end(), 0);
    group.children = std::move(children);
    return Child{-1, g};
  }
};

OptionGroups::OptionGroups(const std::vector<std::string>& ids, double exploration, int open_top)
    : c_(exploration), options_(static_cast<int>(ids.size())) {
  Builder b{*this, {}, {}};
  b.parts.reserve(ids.size());
  for (const std::string& id : ids) b.parts.push_back(split_parts(id));
  b.order.resize(ids.size());
  std::iota(b.order.begin(), b.order.end(), 0);
  std::sort(b.order.begin(), b.order.end(), [&b](int x, int y) {
    return b.parts[static_cast<std::size_t>(x)] < b.parts[static_cast<std::size_t>(y)];
  });
  leaf_.assign(ids.size(), {-1, -1});
  parent_.assign(ids.size(), {-1, -1});  // at most one group per option
  const Child top = b.make(0, ids.size(), 0);
  top_ = top.group;
  parent_.resize(groups_.size());
  if (top_ >= 0) {
    Group& group = groups_[static_cast<std::size_t>(top_)];
    if (static_cast<int>(group.children.size()) <= open_top)
      for (int c = 0; c < static_cast<int>(group.children.size()); ++c) open(group, c);
  }
}

void OptionGroups::open(Group& g, int child) {
  Child& c = g.children[static_cast<std::size_t>(child)];
  if (c.open) return;
  c.open = true;
  g.closed.erase(std::find(g.closed.begin(), g.closed.end(), child));
}

int OptionGroups::select(engine::Rng& rng) {
  path_.clear();
  if (top_ < 0) return 0;  // a single option
  int g = top_;
  for (;;) {
    Group& group = groups_[static_cast<std::size_t>(g)];
    const int open_now = static_cast<int>(group.children.size() - group.closed.size());
    const int allowed =
        std::max(1, static_cast<int>(kWidening * std::sqrt(static_cast<double>(group.visits))));
    int pick = -1;
    if (open_now < allowed && !group.closed.empty()) {
      pick = group.closed[rng.below(group.closed.size())];
      open(group, pick);
    } else {
      double best = -1;
      for (std::size_t c = 0; c < group.children.size(); ++c) {
        const Child& child = group.children[c];
        if (!child.open) continue;
        const double value =
            child.visits == 0
                ? std::numeric_limits<double>::infinity()
                : child.total / child.visits +
                      c_ * std::sqrt(std::log(static_cast<double>(group.visits)) / child.visits);
        if (value > best) {
          best = value;
          pick = static_cast<int>(c);
        }
      }
    }
    path_.emplace_back(g, pick);
    const Child& chosen = group.children[static_cast<std::size_t>(pick)];
    if (chosen.option >= 0) return chosen.option;
    g = chosen.group;
  }
}

void OptionGroups::follow(int option) {
  path_.clear();
  if (top_ < 0) return;
  for (std::pair<int, int> at = leaf_[static_cast<std::size_t>(option)]; at.first >= 0;
       at = parent_[static_cast<std::size_t>(at.first)]) {
    open(groups_[static_cast<std::size_t>(at.first)], at.second);
    path_.push_back(at);
  }
  std::reverse(path_.begin(), path_.end());
}

void OptionGroups::back_up(double score) {
  for (const auto& [g, c] : path_) {
    Group& group = groups_[static_cast<std::size_t>(g)];
    ++group.visits;
    Child& child = group.children[static_cast<std::size_t>(c)];
    ++child.visits;
    child.total += score;
  }
  path_.clear();
}

int OptionGroups::most_visited() const {
  if (top_ < 0) return 0;
  int g = top_;
  for (;;) {
    const Group& group = groups_[static_cast<std::size_t>(g)];
    const Child* best = nullptr;
    for (const Child& c : group.children)
      if (c.visits > 0 &&
          (!best || c.visits > best->visits || (c.visits == best->visits && c.total > best->total)))
        best = &c;
    if (!best) return -1;
    if (best->option >= 0) return best->option;
    g = best->group;
  }
}

int OptionGroups::top_width() const {
  return top_ < 0 ? 1 : static_cast<int>(groups_[static_cast<std::size_t>(top_)].children.size());
}

}  // namespace catan::search
