#include "search/value_training.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "engine/rng.h"

namespace catan::search {

void PositionSet::begin_position(std::uint64_t game, int players, int turn) {
  if (players < 1 || players > 255)
    throw std::invalid_argument("PositionSet: players must be 1..255");
  close_position();
  Position p;
  p.game = game;
  p.players = players;
  p.turn = turn;
  p.first = p.last = seats_.size();
  positions_.push_back(p);
  open_ = true;
}

void PositionSet::add(int seat, std::string_view name, double value) {
  if (!open_) throw std::logic_error("PositionSet::add outside a position");
  if (value == 0) return;
  seats_.push_back(static_cast<std::uint8_t>(seat));
  features_.push_back(static_cast<std::uint32_t>(names_.intern(name)));
  values_.push_back(static_cast<float>(value));
}

// Sorts the open position's entries by (seat, feature) and adds up repeated features.
void PositionSet::close_position() {
  if (!open_) return;
  open_ = false;
  Position& p = positions_.back();
  const std::size_t first = p.first, n = seats_.size() - first;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), first);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return seats_[a] != seats_[b] ? seats_[a] < seats_[b] : features_[a] < features_[b];
  });
  std::vector<std::uint8_t> seats;
  std::vector<std::uint32_t> features;
  std::vector<float> values;
  for (const std::size_t i : order) {
    if (!seats.empty() && seats.back() == seats_[i] && features.back() == features_[i]) {
      values.back() += values_[i];
      continue;
    }
    seats.push_back(seats_[i]);
    features.push_back(features_[i]);
    values.push_back(values_[i]);
  }
  seats_.resize(first);
  features_.resize(first);
  values_.resize(first);
  seats_.insert(seats_.end(), seats.begin(), seats.end());
  features_.insert(features_.end(), features.begin(), features.end());
  values_.insert(values_.end(), values.begin(), values.end());
  p.last = seats_.size();
}

void PositionSet::finish_game(std::optional<int> winner, int turns) {
  close_position();
  if (!winner) {
    const std::size_t first =
        positions_.size() > game_first_ ? positions_[game_first_].first : seats_.size();
    positions_.resize(game_first_);
    seats_.resize(first);
    features_.resize(first);
    values_.resize(first);
    return;
  }
  for (std::size_t i = game_first_; i < positions_.size(); ++i) {
    positions_[i].winner = *winner;
    positions_[i].turns = turns;
  }
  game_first_ = positions_.size();
}

void PositionSet::append(const PositionSet& other) {
  if (open_ || other.open_ || game_first_ != positions_.size())
    throw std::logic_error("PositionSet::append with a game not finished");
  std::vector<std::uint32_t> map(static_cast<std::size_t>(other.names_.size()));
  for (int i = 0; i < other.names_.size(); ++i)
    map[static_cast<std::size_t>(i)] =
        static_cast<std::uint32_t>(names_.intern(other.names_.name(i)));
  const std::size_t offset = seats_.size();
  for (Position p : other.positions_) {
    p.first += offset;
    p.last += offset;
    positions_.push_back(p);
  }
  seats_.insert(seats_.end(), other.seats_.begin(), other.seats_.end());
  values_.insert(values_.end(), other.values_.begin(), other.values_.end());
  for (const std::uint32_t f : other.features_) features_.push_back(map[f]);
  game_first_ = positions_.size();
}

void PositionSet::canonicalize() {
  if (open_) throw std::logic_error("PositionSet::canonicalize with a position open");
  const int n = names_.size();
  std::vector<int> by_name(static_cast<std::size_t>(n));
  std::iota(by_name.begin(), by_name.end(), 0);
  std::sort(by_name.begin(), by_name.end(),
            [&](int a, int b) { return names_.name(a) < names_.name(b); });
  std::vector<std::uint32_t> map(static_cast<std::size_t>(n));
  engine::NameTable sorted;
  for (int i = 0; i < n; ++i) {
    map[static_cast<std::size_t>(by_name[static_cast<std::size_t>(i)])] =
        static_cast<std::uint32_t>(i);
    sorted.intern(names_.name(by_name[static_cast<std::size_t>(i)]));
  }
  names_ = std::move(sorted);
  std::stable_sort(positions_.begin(), positions_.end(), [](const Position& a, const Position& b) {
    return a.game != b.game ? a.game < b.game : a.turn < b.turn;
  });
  // Entries rewritten in the new position order, each position's sorted by (seat, feature).
  std::vector<std::uint8_t> seats;
  std::vector<std::uint32_t> features;
  std::vector<float> values;
  std::vector<std::size_t> order;
  for (Position& p : positions_) {
    order.resize(p.last - p.first);
    std::iota(order.begin(), order.end(), p.first);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return seats_[a] != seats_[b] ? seats_[a] < seats_[b] : map[features_[a]] < map[features_[b]];
    });
    const std::size_t first = seats.size();
    for (const std::size_t e : order) {
      seats.push_back(seats_[e]);
      features.push_back(map[features_[e]]);
      values.push_back(values_[e]);
    }
    p.first = first;
    p.last = seats.size();
  }
  seats_ = std::move(seats);
  features_ = std::move(features);
  values_ = std::move(values);
  game_first_ = positions_.size();
}

namespace {

// The seats' strengths of position `p` with coefficients `w` (per unit of raw value).
void strengths(const PositionSet& set, const PositionSet::Position& p, const std::vector<double>& w,
               std::vector<double>& s) {
  s.assign(static_cast<std::size_t>(p.players), 0.0);
  for (std::size_t e = p.first; e < p.last; ++e)
    s[static_cast<std::size_t>(set.seat(e))] +=
        w[static_cast<std::size_t>(set.feature(e))] * set.value(e);
}

// Turns strengths into chances in place; returns -ln(chance of `winner`).
double softmax_loss(std::vector<double>& s, int winner) {
  const double top = *std::max_element(s.begin(), s.end());
  double sum = 0;
  for (double& x : s) sum += x = std::exp(x - top);
  for (double& x : s) x /= sum;
  return -std::log(std::max(s[static_cast<std::size_t>(winner)], 1e-300));
}

// The positions' indices split into training and held-out ones (every holdout_every-th game is
// held out), with their game counts in `report`. Throws when there is nothing to train on.
void split_positions(const PositionSet& set, const FitSettings& settings, FitReport& report,
                     std::vector<std::size_t>& train, std::vector<std::size_t>& test) {
  const auto& positions = set.positions();
  const auto held_out = [&](const PositionSet::Position& p) {
    return settings.holdout_every > 1 &&
           p.game % static_cast<std::uint64_t>(settings.holdout_every) ==
               static_cast<std::uint64_t>(settings.holdout_every - 1);
  };
  for (std::size_t i = 0; i < positions.size(); ++i)
    (held_out(positions[i]) ? test : train).push_back(i);
  if (train.empty()) throw std::runtime_error("no position to train on (no game had a winner)");
  report.train_positions = train.size();
  report.heldout_positions = test.size();
  const auto games = [&](const std::vector<std::size_t>& indices) {
    std::size_t n = 0;
    std::uint64_t last = ~0ull;
    for (const std::size_t i : indices)
      if (positions[i].game != last) ++n, last = positions[i].game;
    return n;
  };
  report.train_games = games(train);
  report.heldout_games = games(test);
}

// Each feature's standard deviation over the seats of the training positions (1 for a feature
// that does not vary).
std::vector<double> feature_scales(const PositionSet& set, const std::vector<std::size_t>& train,
                                   std::size_t dims) {
  const auto& positions = set.positions();
  std::vector<double> sum(dims, 0.0), squares(dims, 0.0), scale(dims, 1.0);
  double rows = 0;
  for (const std::size_t i : train) {
    const auto& p = positions[i];
    rows += p.players;
    for (std::size_t e = p.first; e < p.last; ++e) {
      const double x = set.value(e);
      sum[static_cast<std::size_t>(set.feature(e))] += x;
      squares[static_cast<std::size_t>(set.feature(e))] += x * x;
    }
  }
  for (std::size_t f = 0; f < dims; ++f) {
    const double mean = sum[f] / rows;
    const double var = squares[f] / rows - mean * mean;
    scale[f] = var > 1e-12 ? std::sqrt(var) : 1.0;
  }
  return scale;
}

// Fits the standardised weights u (w = u / scale) to the training positions by Adam over
// minibatches, settings.epochs passes in an order shuffled by settings.seed; sets
// report.train_log_loss and calls `progress` after each pass.
std::vector<double> train_weights(const PositionSet& set, std::vector<std::size_t> order,
                                  const std::vector<double>& scale, const FitSettings& settings,
                                  FitReport& report,
                                  const std::function<void(int, double)>& progress) {
  const auto& positions = set.positions();
  const std::size_t dims = scale.size();
  std::vector<double> u(dims, 0.0), m(dims, 0.0), v(dims, 0.0), grad(dims, 0.0), w(dims, 0.0);
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  double beta1_t = 1, beta2_t = 1;
  engine::Rng rng = engine::Rng::for_stream(settings.seed, 0);
  std::vector<double> s;
  const std::size_t batch = static_cast<std::size_t>(std::max(1, settings.batch));
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    rng.shuffle(order.begin(), order.end());
    double loss = 0;
    for (std::size_t start = 0; start < order.size(); start += batch) {
      const std::size_t end = std::min(order.size(), start + batch);
      for (std::size_t f = 0; f < dims; ++f) w[f] = u[f] / scale[f];
      std::fill(grad.begin(), grad.end(), 0.0);
      for (std::size_t k = start; k < end; ++k) {
        const auto& p = positions[order[k]];
        strengths(set, p, w, s);
        loss += softmax_loss(s, p.winner);
        s[static_cast<std::size_t>(p.winner)] -= 1;  // d loss / d strength
        for (std::size_t e = p.first; e < p.last; ++e) {
          const auto f = static_cast<std::size_t>(set.feature(e));
          grad[f] += s[static_cast<std::size_t>(set.seat(e))] * set.value(e) / scale[f];
        }
      }
      const double n = static_cast<double>(end - start);
      beta1_t *= kBeta1;
      beta2_t *= kBeta2;
      for (std::size_t f = 0; f < dims; ++f) {
        const double g = grad[f] / n + settings.l2 * u[f];
        m[f] = kBeta1 * m[f] + (1 - kBeta1) * g;
        v[f] = kBeta2 * v[f] + (1 - kBeta2) * g * g;
        u[f] -= settings.learning_rate * (m[f] / (1 - beta1_t)) /
                (std::sqrt(v[f] / (1 - beta2_t)) + kEpsilon);
      }
    }
    report.train_log_loss = loss / static_cast<double>(order.size());
    if (progress) progress(epoch, report.train_log_loss);
  }
  return u;
}

// Scores the raw weights `w` on the held-out positions: log loss, the uniform guess's log loss,
// and how often the strongest seat won, overall and by third of the game.
void score_heldout(const PositionSet& set, const std::vector<std::size_t>& test,
                   const std::vector<double>& w, FitReport& report) {
  if (test.empty()) return;
  const auto& positions = set.positions();
  std::array<std::size_t, 3> third_n{}, third_hits{};
  double test_loss = 0, uniform = 0;
  std::size_t hits = 0;
  std::vector<double> s;
  for (const std::size_t i : test) {
    const auto& p = positions[i];
    strengths(set, p, w, s);
    test_loss += softmax_loss(s, p.winner);
    uniform += std::log(static_cast<double>(p.players));
    const auto best = static_cast<int>(std::max_element(s.begin(), s.end()) - s.begin());
    const int third = p.turns > 0 ? std::min(2, 3 * p.turn / (p.turns + 1)) : 0;
    ++third_n[static_cast<std::size_t>(third)];
    if (best == p.winner) ++hits, ++third_hits[static_cast<std::size_t>(third)];
  }
  const double n = static_cast<double>(test.size());
  report.heldout_log_loss = test_loss / n;
  report.uniform_log_loss = uniform / n;
  report.heldout_accuracy = static_cast<double>(hits) / n;
  for (std::size_t t = 0; t < 3; ++t)
    report.heldout_accuracy_by_third[t] =
        third_n[t] ? static_cast<double>(third_hits[t]) / static_cast<double>(third_n[t]) : 0;
}

// The model file's "training" record: the data, the held-out scores and the settings.
nlohmann::json training_record(const FitReport& report, const FitSettings& settings) {
  return {{"positions", report.train_positions},
          {"games", report.train_games},
          {"heldout",
           {{"games", report.heldout_games},
            {"positions", report.heldout_positions},
            {"log_loss", report.heldout_log_loss},
            {"uniform_log_loss", report.uniform_log_loss},
            {"accuracy", report.heldout_accuracy},
            {"accuracy_by_third", report.heldout_accuracy_by_third}}},
          {"settings",
           {{"epochs", settings.epochs},
            {"batch", settings.batch},
            {"learning_rate", settings.learning_rate},
            {"l2", settings.l2},
            {"seed", settings.seed}}}};
}

}  // namespace

ValueModel fit_value_model(const PositionSet& set, const ModelConfig& config,
                           const FitSettings& settings, FitReport& report,
                           const std::function<void(int, double)>& progress) {
  const std::size_t dims = static_cast<std::size_t>(set.names().size());
  report = FitReport{};
  report.features = static_cast<int>(dims);
  std::vector<std::size_t> train, test;
  split_positions(set, settings, report, train, test);
  const std::vector<double> scale = feature_scales(set, train, dims);
  const std::vector<double> u = train_weights(set, train, scale, settings, report, progress);
  std::vector<double> w(dims, 0.0);
  for (std::size_t f = 0; f < dims; ++f) w[f] = u[f] / scale[f];
  score_heldout(set, test, w, report);

  // Features in name order, so that a model file reads (and diffs) well.
  std::vector<std::size_t> by_name(dims);
  std::iota(by_name.begin(), by_name.end(), 0);
  std::sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) {
    return set.names().name(static_cast<int>(a)) < set.names().name(static_cast<int>(b));
  });
  std::vector<ValueModel::Weight> weights;
  for (const std::size_t f : by_name)
    weights.push_back({set.names().name(static_cast<int>(f)), u[f], scale[f]});
  return ValueModel(config, std::move(weights), training_record(report, settings));
}

}  // namespace catan::search
