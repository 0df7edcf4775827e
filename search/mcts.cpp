#include "search/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/seat_view.h"
#include "search/option_groups.h"
#include "search/value_model.h"

namespace catan::search {

namespace {

// The tree holds only the searching seat's own decisions; an edge is an option id, so the same
// option offered in different determinizations is one edge. `available` counts the iterations
// in which the edge was offered at its node (ISMCTS's availability count, UCB1's parent count).
struct Edge {
  std::string id;
  int child = -1;
  int visits = 0;
  int available = 0;
  double total = 0;
};

struct Node {
  std::vector<Edge> edges;
  std::unordered_map<std::string, int> by_id;  // edge index by option id
};

class Tree {
 public:
  Tree(int seat, double exploration) : seat_(seat), c_(exploration) { nodes_.emplace_back(); }

  // Starts an iteration at the root; `rng` picks among unexpanded options. A probe leaves the
  // root decision to the copy's agent (record_probe then books what it chose).
  void begin(engine::Rng& rng, bool probe) {
    node_ = 0;
    in_tree_ = !probe;
    path_.clear();
    grouped_ = false;
    rng_ = &rng;
  }

  // Searches the root decision, a long list whose ids are `ids`, by the groups of its options
  // (search/option_groups.h) instead of sampling it.
  void group_root(const std::vector<std::string>& ids, std::string_view kind) {
    root_ids_ = &ids;
    root_kind_ = kind;
    groups_ = std::make_unique<OptionGroups>(ids, c_, kListed);
    for (std::size_t i = 0; i < ids.size(); ++i) root_index_.emplace(ids[i], static_cast<int>(i));
  }
  const OptionGroups* groups() const noexcept { return groups_.get(); }

  // Books a probe: the copy's agent chose `id` at the root and the copy scored `score`.
  void record_probe(const std::string& id, double score) {
    Node& root = nodes_[0];
    auto it = root.by_id.find(id);
    if (it == root.by_id.end()) {
      const int child = static_cast<int>(nodes_.size());
      root.edges.push_back({id, child, 0, 0, 0});
      it = root.by_id.emplace(id, static_cast<int>(root.edges.size()) - 1).first;
      nodes_.emplace_back();
    }
    Edge& e = nodes_[0].edges[static_cast<std::size_t>(it->second)];
    ++e.visits;
    ++e.available;
    e.total += score;
    if (groups_) {
      if (const auto at = root_index_.find(id); at != root_index_.end()) {
        groups_->follow(at->second);
        groups_->back_up(score);
      }
    }
  }
  const Edge* root_edge(const std::string& id) const {
    const auto it = nodes_[0].by_id.find(id);
    return it == nodes_[0].by_id.end() ? nullptr
                                       : &nodes_[0].edges[static_cast<std::size_t>(it->second)];
  }

  // The steering of one copy's decision: an option index, or -1 for the copy's agent. The root
  // decision, when it is a long list, is chosen through its groups (group_root). Any other
  // decision of more than kListed options (a long lazy list deeper in the tree) offers a random
  // sample of kSampled of them in each iteration, so that a copy reads kSampled option ids
  // instead of all of them; the edges' availability counts then count the iterations in which
  // the sample held them.
  static constexpr int kListed = 100;
  static constexpr int kSampled = 32;
  int steer(const engine::Decision& d) {
    if (!in_tree_ || d.player != seat_) return -1;
    if (d.count == 1) return 0;
    if (groups_ && node_ == 0 && path_.empty() && d.count == groups_->options() &&
        d.kind == root_kind_)
      if (const int option = steer_grouped(d); option >= 0) return option;
    candidates_.clear();
    if (d.count <= kListed) {
      for (int i = 0; i < d.count; ++i) candidates_.push_back(i);
    } else {
      while (static_cast<int>(candidates_.size()) < kSampled) {
        const int i = static_cast<int>(rng_->below(static_cast<std::uint64_t>(d.count)));
        if (std::find(candidates_.begin(), candidates_.end(), i) == candidates_.end())
          candidates_.push_back(i);
      }
    }
    const std::size_t n = candidates_.size();
    ids_.resize(n);
    edge_of_.assign(n, -1);
    fresh_.clear();
    for (std::size_t c = 0; c < n; ++c) {
      ids_[c] = d.id(candidates_[c]);
      const auto& by_id = nodes_[static_cast<std::size_t>(node_)].by_id;
      if (const auto it = by_id.find(ids_[c]); it != by_id.end())
        edge_of_[c] = it->second;
      else
        fresh_.push_back(static_cast<int>(c));
    }
    if (!fresh_.empty()) {
      // Expand one option never tried here, then leave the tree for the rollout.
      const int pick = fresh_[rng_->below(fresh_.size())];
      const int child = static_cast<int>(nodes_.size());
      nodes_.emplace_back();
      Node& node = nodes_[static_cast<std::size_t>(node_)];
      const int e = static_cast<int>(node.edges.size());
      node.edges.push_back({ids_[static_cast<std::size_t>(pick)], child, 0, 0, 0});
      node.by_id.emplace(node.edges.back().id, e);
      edge_of_[static_cast<std::size_t>(pick)] = e;
      count_available(node);
      path_.push_back({node_, e});
      in_tree_ = false;
      return candidates_[static_cast<std::size_t>(pick)];
    }
    Node& node = nodes_[static_cast<std::size_t>(node_)];
    count_available(node);
    std::size_t best = 0;
    double best_value = -1;
    for (std::size_t c = 0; c < n; ++c) {
      const Edge& e = node.edges[static_cast<std::size_t>(edge_of_[c])];
      // An edge whose copies all failed has no visits yet: it is tried first.
      const double value =
          e.visits == 0 ? std::numeric_limits<double>::infinity()
                        : e.total / e.visits +
                              c_ * std::sqrt(std::log(static_cast<double>(e.available)) / e.visits);
      if (value > best_value) {
        best_value = value;
        best = c;
      }
    }
    const int e = edge_of_[best];
    path_.push_back({node_, e});
    node_ = node.edges[static_cast<std::size_t>(e)].child;
    return candidates_[best];
  }

  // Backs up the score of the iteration's copy along the path it took.
  void back_up(double score) {
    if (grouped_) groups_->back_up(score);
    for (const auto& [node, edge] : path_) {
      Edge& e = nodes_[static_cast<std::size_t>(node)].edges[static_cast<std::size_t>(edge)];
      ++e.visits;
      e.total += score;
    }
  }

  // The root edge visited most (ties: the one expanded first), or null before any visit.
  const Edge* best_root_edge() const {
    const Edge* best = nullptr;
    for (const Edge& e : nodes_[0].edges)
      if (e.visits > 0 && (!best || e.visits > best->visits)) best = &e;
    return best;
  }
  // The root edge of the option the groups visited most (OptionGroups::most_visited).
  const Edge* root_edge_of_groups() const {
    const int option = groups_->most_visited();
    return option < 0 ? nullptr : root_edge((*root_ids_)[static_cast<std::size_t>(option)]);
  }
  int size() const noexcept { return static_cast<int>(nodes_.size()); }

 private:
  // The root decision's option this iteration, chosen through the groups, and its edge entered
  // (expanded when new); -1 when the copy does not offer it (the list differs in this copy).
  int steer_grouped(const engine::Decision& d) {
    const int option = groups_->select(*rng_);
    const std::string& id = (*root_ids_)[static_cast<std::size_t>(option)];
    int index = d.id(option) == id ? option : -1;
    for (int i = 0; index < 0 && i < d.count; ++i)
      if (d.id(i) == id) index = i;
    if (index < 0) return -1;
    grouped_ = true;
    Node& node = nodes_[0];
    auto it = node.by_id.find(id);
    if (it == node.by_id.end()) {
      node.edges.push_back({id, static_cast<int>(nodes_.size()), 0, 0, 0});
      it = node.by_id.emplace(id, static_cast<int>(node.edges.size()) - 1).first;
      nodes_.emplace_back();
      in_tree_ = false;  // expanded: the rollout plays on
    }
    Edge& e = nodes_[0].edges[static_cast<std::size_t>(it->second)];
    ++e.available;
    path_.push_back({0, it->second});
    if (in_tree_) node_ = e.child;
    return index;
  }

  void count_available(Node& node) {
    for (const int e : edge_of_)
      if (e >= 0) ++node.edges[static_cast<std::size_t>(e)].available;
  }

  int seat_;
  double c_;
  std::vector<Node> nodes_;
  int node_ = 0;
  bool in_tree_ = true;
  std::vector<std::pair<int, int>> path_;  // (node, edge) per steered decision
  engine::Rng* rng_ = nullptr;
  std::vector<std::string> ids_;  // reused per decision
  std::vector<int> edge_of_;
  std::vector<int> fresh_;
  std::vector<int> candidates_;  // the option indices a steered decision offers this iteration
  // A long root decision searched by groups: its ids, kind, index by id and groups.
  const std::vector<std::string>* root_ids_ = nullptr;
  std::string root_kind_;
  std::unordered_map<std::string, int> root_index_;
  std::unique_ptr<OptionGroups> groups_;
  bool grouped_ = false;  // this iteration's root option came from the groups
};

// Every option is tried at least kMinVisits times: a decision with many options gets more
// iterations than MctsSettings::iterations. A longer list (more than Tree::kListed options, such
// as the base pack's domestic trade offers) is searched by the groups its ids form
// (search/option_groups.h), and every group of its first choice is tried kMinVisits times.
constexpr int kMinVisits = 4;
// The first iterations are probes: the rollout agent answers the root decision itself, and the
// option it picks most is the default. The search departs from the default only for an option
// whose mean score beats the default's by kMargin, so that with few iterations it plays at least
// as its rollout agent would instead of following the luck of the copies.
constexpr double kMargin = 0.02;

// The request every iteration forks `d` with: the rollout agent in every seat, the horizon, the
// deciding seat's view, the tree's steering and the learned evaluation when there is one.
engine::ForkRequest iteration_request(const engine::Decision& d, const MctsSettings& settings,
                                      Tree& tree) {
  engine::ForkRequest request;
  request.agents.assign(static_cast<std::size_t>(d.view->players()),
                        settings.rollout.empty() ? "random" : settings.rollout);
  request.turns = settings.horizon;
  request.seen_by = d.player;
  request.steer = [&tree](const engine::Decision& copy) { return tree.steer(copy); };
  request.score_share = settings.eval == "score";
  if (settings.model)
    request.evaluate = [model = settings.model.get()](const engine::GameState& state) {
      return model->win_chances(state);
    };
  return request;
}

// The iterations to make at `d` without a time limit (kMinVisits). A long decision's root is
// grouped here by its ids, which `root_ids` keeps for the tree's life.
int iteration_budget(const engine::Decision& d, const MctsSettings& settings, Tree& tree,
                     std::vector<std::string>& root_ids) {
  if (d.count <= Tree::kListed) return std::max(settings.iterations, kMinVisits * d.count);
  root_ids.reserve(static_cast<std::size_t>(d.count));
  for (int i = 0; i < d.count; ++i) root_ids.push_back(d.id(i));
  tree.group_root(root_ids, d.kind);
  return std::max(settings.iterations,
                  kMinVisits * std::min(tree.groups()->top_width(), Tree::kListed));
}

// What the iterations of one search found besides the tree: its statistics, the probes' most
// chosen root option ("" when no probe reached it again) and the first failed fork's error.
struct SearchRun {
  SearchStats stats;
  std::string default_id;
  std::string first_error;
};

// Forks `d` until the budget (or settings.time_ms after `start`) is spent, backing each copy's
// score up the tree; the first iterations are probes (kMargin).
SearchRun run_iterations(const engine::Decision& d, const MctsSettings& settings, Tree& tree,
                         engine::ForkRequest& request, engine::Rng& rng, engine::Rng& expansion,
                         int budget, std::chrono::steady_clock::time_point start) {
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double, std::milli>(settings.time_ms));
  const int probes = std::min(8, budget / 4);
  const int round = tree.groups() ? tree.groups()->top_width() : d.count;
  const std::size_t root = d.view->decisions().size();
  std::unordered_map<std::string, int> votes;
  SearchRun run;
  SearchStats& local = run.stats;
  for (;;) {
    if (settings.time_ms > 0 ? local.iterations > 0 && std::chrono::steady_clock::now() >= deadline
                             : local.iterations >= budget)
      break;
    // Common random numbers: the iterations of one round (as many as the decision has options,
    // or as its groups' first choice has children) share a seed, so the options tried in a round
    // meet the same redeal and the same dice, and their scores differ by the choice more than
    // by luck.
    const bool probe = local.iterations < probes;
    if (probe || (local.iterations - probes) % round == 0) request.seed = rng.next();
    ++local.iterations;
    tree.begin(expansion, probe);
    const engine::ForkResult r = d.forker->fork(request);
    if (!r.ok) {
      ++local.failed;
      if (run.first_error.empty()) run.first_error = r.error;
      continue;
    }
    const double score = r.scores[static_cast<std::size_t>(d.player)];
    if (probe) {
      if (r.state->decisions.size() <= root) continue;  // the copy ended before asking again
      const auto& chosen = r.state->decisions[root];
      const std::string id(r.state->option_ids.name(chosen.option));
      const int n = ++votes[id];
      if (run.default_id.empty() || n > votes[run.default_id]) run.default_id = id;
      tree.record_probe(id, score);
    } else {
      tree.back_up(score);
    }
  }
  return run;
}

// The root edge to play: the best one, unless it does not beat the probes' default by kMargin;
// null when no root edge was visited.
const Edge* chosen_edge(const Tree& tree, const std::string& default_id) {
  const Edge* best = tree.groups() ? tree.root_edge_of_groups() : tree.best_root_edge();
  if (!best) return nullptr;
  if (const Edge* fallback = default_id.empty() ? nullptr : tree.root_edge(default_id);
      fallback && fallback != best && fallback->visits > 0 &&
      best->total / best->visits < fallback->total / fallback->visits + kMargin)
    return fallback;
  return best;
}

}  // namespace

int mcts_choose(const engine::Decision& d, const MctsSettings& settings, engine::Rng& rng,
                SearchStats* stats) {
  if (d.count == 1) return 0;
  if (!d.forker || !d.view) return static_cast<int>(rng.below(static_cast<std::uint64_t>(d.count)));
  const auto start = std::chrono::steady_clock::now();
  Tree tree(d.player, settings.exploration);
  engine::ForkRequest request = iteration_request(d, settings, tree);
  engine::Rng expansion = engine::Rng::for_stream(rng.next(), 0, 0);
  std::vector<std::string> root_ids;
  const int budget = iteration_budget(d, settings, tree, root_ids);
  SearchRun run = run_iterations(d, settings, tree, request, rng, expansion, budget, start);
  SearchStats& local = run.stats;
  local.tree_nodes = tree.size();
  local.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = local;
  if (local.failed * 2 > local.iterations)
    throw std::runtime_error(fmt::format("mcts: {} of {} forks failed; the first: {}", local.failed,
                                         local.iterations, run.first_error));

  const Edge* best = chosen_edge(tree, run.default_id);
  if (!best) return static_cast<int>(rng.below(static_cast<std::uint64_t>(d.count)));
  for (int i = 0; i < d.count; ++i)
    if (d.id(i) == best->id) return i;
  throw std::runtime_error(
      fmt::format("mcts: the option '{}' it chose is not offered at '{}'", best->id, d.kind));
}

int MctsAgent::choose(const engine::Decision& decision) {
  SearchStats s;
  const int choice = mcts_choose(decision, settings_, rng(), &s);
  totals_.iterations += s.iterations;
  totals_.failed += s.failed;
  totals_.tree_nodes += s.tree_nodes;
  totals_.seconds += s.seconds;
  return choice;
}

}  // namespace catan::search
