#include "lab/results_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "engine/file_io.h"

#include "lab/comparison.h"
#include "lab/multiple_comparisons.h"
#include "lab/rotation.h"
#include "lab/summary.h"

namespace catan::lab {

using ojson = nlohmann::ordered_json;

namespace {

// ---------------------------------------------------------------------------------------------
// Writing

// A derived figure: rounded to 6 decimals (enough for rates and means, and short to read);
// null when not finite.
ojson num(double x) {
  if (!std::isfinite(x)) return nullptr;
  const double r = std::round(x * 1e6) / 1e6;
  return r == 0 ? 0.0 : r;
}

// A sum of squares: a number while it fits in 64 bits (every run whose values stay below about
// 2^32 / sqrt(n)), else a string of its decimal digits, which JSON numbers cannot carry exactly
// in common readers.
ojson wide_raw(unsigned __int128 v) {
  if (v <= UINT64_MAX) return static_cast<std::uint64_t>(v);
  std::string digits;
  for (; v > 0; v /= 10) digits.insert(digits.begin(), static_cast<char>('0' + v % 10));
  return digits;
}

ojson moments_raw(const Moments& m) {
  ojson j = {{"n", m.count()}, {"sum", m.sum()}, {"sum_sq", wide_raw(m.sum_of_squares())}};
  if (m.count() > 0) {
    j["min"] = m.min();
    j["max"] = m.max();
  }
  return j;
}

ojson histogram_raw(const Histogram& h) {
  if (h.overflowed()) return nullptr;
  ojson out = ojson::array();
  for (const auto& [v, n] : h.counts()) out.push_back({v, n});
  return out;
}

ojson distribution_raw(const Distribution& d) {
  ojson j = moments_raw(d.moments);
  j["histogram"] = histogram_raw(d.histogram);
  return j;
}

ojson binary_raw(const BinaryPairs& b) {
  return {{"n", b.n},
          {"a_yes", b.a_yes},
          {"b_yes", b.b_yes},
          {"a_only", b.a_only},
          {"b_only", b.b_only}};
}

ojson error_entries(const std::vector<ErrorEntry>& list) {
  ojson out = ojson::array();
  for (const auto& e : list)
    out.push_back({{"game", e.game},
                   {"error", e.error},
                   {"replay", e.replay.empty() ? ojson(nullptr) : ojson(e.replay)}});
  return out;
}

ojson failures_raw(const Aggregate& a) {
  ojson out = ojson::object();
  for (const auto& [cls, f] : a.failures)
    out[cls] = {{"count", f.count},
                {"game", f.first.game},
                {"error", f.first.error},
                {"replay", f.first.replay.empty() ? ojson(nullptr) : ojson(f.first.replay)}};
  return out;
}

// The failed games of a configuration per class, in class order.
ojson failure_classes(const Aggregate& a) {
  ojson out = ojson::array();
  for (const auto& [cls, f] : a.failures)
    out.push_back({{"class", cls},
                   {"count", f.count},
                   {"first_game", f.first.game},
                   {"error", f.first.error},
                   {"replay", f.first.replay.empty() ? ojson(nullptr) : ojson(f.first.replay)}});
  return out;
}

// The run's failed games: the count per configuration and, per class over every
// configuration, the count and the first failed game (lowest index, then lowest configuration).
ojson run_failures(const LabResults& r) {
  std::uint64_t games = 0;
  ojson per_config = ojson::array();
  std::map<std::string, std::pair<FailureClass, std::size_t>> classes;  // class -> (f, config)
  for (std::size_t i = 0; i < r.totals.configs.size(); ++i) {
    const auto& a = r.totals.configs[i];
    games += a.errors;
    per_config.push_back(a.errors);
    for (const auto& [cls, f] : a.failures) {
      auto [it, added] = classes.try_emplace(cls, f, i);
      if (added) continue;
      it->second.first.count += f.count;
      if (f.first.game < it->second.first.first.game) {
        it->second.first.first = f.first;
        it->second.second = i;
      }
    }
  }
  ojson list = ojson::array();
  for (const auto& [cls, entry] : classes) {
    const auto& [f, config] = entry;
    list.push_back({{"class", cls},
                    {"count", f.count},
                    {"first_game", f.first.game},
                    {"config", config + 1},
                    {"error", f.first.error},
                    {"replay", f.first.replay.empty() ? ojson(nullptr) : ojson(f.first.replay)}});
  }
  return {{"games", games}, {"per_config", per_config}, {"classes", list}};
}

ojson aggregate_raw(const Aggregate& a) {
  ojson j;
  j["games"] = a.games;
  j["finished"] = a.finished;
  j["errors"] = a.errors;
  j["no_winner"] = a.no_winner;
  j["seat_wins"] = a.seat_wins;
  j["position_wins"] = a.position_wins;
  j["turns"] = distribution_raw(a.turns);
  j["rounds"] = distribution_raw(a.rounds);
  j["decisions"] = distribution_raw(a.decisions);
  ojson histograms = ojson::object();
  for (const auto& [name, counts] : a.histograms) {
    ojson list = ojson::array();
    for (const auto& [key, n] : counts) list.push_back({key, n});
    histograms[name] = list;
  }
  j["histograms"] = histograms;
  ojson stats = ojson::object();
  for (const auto& [name, d] : a.stats) stats[name] = distribution_raw(d);
  j["stats"] = stats;
  ojson player = ojson::object();
  for (const auto& [name, seats] : a.player) {
    ojson list = ojson::array();
    for (const auto& d : seats) list.push_back(distribution_raw(d));
    player[name] = list;
  }
  j["player"] = player;
  j["error_list"] = error_entries(a.error_list);
  j["ignored"] = a.ignored;
  j["failures"] = failures_raw(a);
  j["capped"] = a.capped;
  ojson bots = ojson::object();
  for (const auto& [name, b] : a.bots)
    bots[name] = {{"games", b.games}, {"seats", b.seats}, {"wins", b.wins}};
  j["bots"] = bots;
  ojson beats = ojson::array();
  for (const auto& [pair, n] : a.beats) beats.push_back({pair.first, pair.second, n});
  j["beats"] = beats;
  ojson bot_points = ojson::object();
  for (const auto& [prop, per_bot] : a.bot_points) {
    ojson list = ojson::object();
    for (const auto& [name, d] : per_bot) list[name] = distribution_raw(d);
    bot_points[prop] = list;
  }
  j["bot_points"] = bot_points;
  ojson bot_player = ojson::object();
  for (const auto& [prop, per_bot] : a.bot_player) {
    ojson list = ojson::object();
    for (const auto& [name, d] : per_bot) list[name] = distribution_raw(d);
    bot_player[prop] = list;
  }
  j["bot_player"] = bot_player;
  return j;
}

ojson paired_raw(const PairedAggregate& p) {
  ojson j;
  j["pairs"] = p.pairs;
  ojson seats = ojson::array();
  for (const auto& b : p.seat_win) seats.push_back(binary_raw(b));
  j["seat_win"] = seats;
  j["first_player_win"] = binary_raw(p.first_player_win);
  j["no_winner"] = binary_raw(p.no_winner);
  j["turns"] = moments_raw(p.turns);
  ojson stats = ojson::object();
  for (const auto& [name, m] : p.stats) stats[name] = moments_raw(m);
  j["stats"] = stats;
  ojson player = ojson::object();
  for (const auto& [name, seats_m] : p.player) {
    ojson list = ojson::array();
    for (const auto& m : seats_m) list.push_back(moments_raw(m));
    player[name] = list;
  }
  j["player"] = player;
  ojson bot_win = ojson::object();
  for (const auto& [name, b] : p.bot_win) bot_win[name] = binary_raw(b);
  j["bot_win"] = bot_win;
  return j;
}

ojson rate_json(const Rate& r) {
  return {{"wins", r.x},
          {"of", r.n},
          {"rate", num(r.value)},
          {"low", num(r.ci.low)},
          {"high", num(r.ci.high)}};
}

ojson quantile(const Histogram& h, double q) {
  const auto v = h.quantile(q);
  return v ? ojson(*v) : ojson(nullptr);
}

// mean, sd, min, quantiles and max of a distribution (quantiles null when overflowed).
ojson figures(const Distribution& d) {
  const auto& m = d.moments;
  ojson j = {{"n", m.count()}, {"mean", num(m.mean())}, {"sd", num(m.sd())}};
  j["min"] = m.count() ? ojson(m.min()) : ojson(nullptr);
  j["p5"] = quantile(d.histogram, 0.05);
  j["p10"] = quantile(d.histogram, 0.10);
  j["p25"] = quantile(d.histogram, 0.25);
  j["median"] = quantile(d.histogram, 0.50);
  j["p75"] = quantile(d.histogram, 0.75);
  j["p90"] = quantile(d.histogram, 0.90);
  j["p95"] = quantile(d.histogram, 0.95);
  j["max"] = m.count() ? ojson(m.max()) : ojson(nullptr);
  return j;
}

// The figures of a points distribution and its histogram in kPointsBins bins or fewer:
// {"width", "bins": [[low, count], ...]} (every bin from the minimum's to the maximum's), or null
// when the histogram overflowed or is empty.
ojson points_figures(const Distribution& d) {
  ojson j = figures(d);
  const Binned b = bin_histogram(d.histogram, kPointsBins);
  if (b.bins.empty()) {
    j["histogram"] = nullptr;
  } else {
    ojson bins = ojson::array();
    for (const auto& bin : b.bins) bins.push_back({bin.low, bin.count});
    j["histogram"] = {{"width", b.width}, {"bins", bins}};
  }
  return j;
}

// Per declared histogram, in declaration order: its label, the times counted in all and the
// times of every key from..to.
ojson histogram_results(const Aggregate& a, const packs::MeasureSpec& declared) {
  ojson out = ojson::object();
  for (const auto& h : declared.histograms) {
    const auto found = a.histograms.find(h.name);
    std::uint64_t total = 0;
    ojson counts = ojson::object();
    for (std::int64_t key = h.from; key <= h.to; ++key) {
      std::uint64_t n = 0;
      if (found != a.histograms.end()) {
        const auto it = found->second.find(static_cast<int>(key));
        if (it != found->second.end()) n = it->second;
      }
      total += n;
      counts[std::to_string(key)] = n;
    }
    out[h.name] = {{"label", h.label}, {"total", total}, {"counts", counts}};
  }
  return out;
}

// The families a comparison's verdicts were corrected in, with the metrics each tested:
// {"all": m} without primary metrics, else {"primary": m1, "exploratory": m2}.
ojson families_json(const std::vector<MetricRow>& rows, std::size_t c) {
  if (!has_primary(rows)) return {{"all", tested_metrics(rows, c)}};
  return {{"primary", tested_metrics(rows, c, true)},
          {"exploratory", tested_metrics(rows, c, false)}};
}

ojson declared_json(const packs::MeasureSpec& d) {
  ojson histograms = ojson::array();
  for (const auto& h : d.histograms)
    histograms.push_back({{"name", h.name},
                          {"label", h.label},
                          {"prefix", h.prefix},
                          {"from", h.from},
                          {"to", h.to},
                          {"description", h.description}});
  ojson names = ojson::object();
  for (const auto& [id, name] : d.names) names[id] = {{"label", name.label}, {"unit", name.unit}};
  return {{"score_property", d.score.empty() ? ojson(nullptr) : ojson(d.score)},
          {"histograms", histograms},
          {"primary_metrics", d.primary},
          {"metric_names", names}};
}

// The win rates of `j`: per seat, per position, the first player's, balance, per bot.
void add_win_rates(ojson& j, const Aggregate& a, const ConfigSummary& s,
                   const std::vector<std::string>& bots) {
  ojson seats = ojson::array();
  for (std::size_t i = 0; i < s.seat_win.size(); ++i) {
    ojson r = {{"seat", i + 1}, {"bot", i < bots.size() ? bots[i] : ""}};
    r.update(rate_json(s.seat_win[i]));
    seats.push_back(r);
  }
  j["seat_win_rate"] = seats;
  ojson positions = ojson::array();
  for (std::size_t i = 0; i < s.position_win.size(); ++i) {
    ojson r = {{"position", i + 1}};
    r.update(rate_json(s.position_win[i]));
    positions.push_back(r);
  }
  j["position_win_rate"] = positions;
  ojson fpa = rate_json(s.first_player_win);
  fpa["fair_share"] = num(a.players > 0 ? 1.0 / a.players : 0.0);
  fpa["advantage"] = num(s.first_player_advantage);
  j["first_player_advantage"] = fpa;
  j["balance_score"] = num(s.balance_score);
  j["position_balance_score"] = num(s.position_balance_score);
  ojson win_by_bot = ojson::object();
  for (const auto& [name, rate] : s.bot_win) win_by_bot[name] = rate_json(rate);
  j["bot_win_rate"] = win_by_bot;
  ojson per_bot = ojson::array();
  for (const auto& b : bot_results(a, bots)) {
    ojson r = {{"bot", b.bot}, {"games", b.games}, {"seat_games", b.seat_games}};
    r.update(rate_json(b.win));
    r["rating"] = b.rating ? num(*b.rating) : ojson(nullptr);
    per_bot.push_back(r);
  }
  j["bot_results"] = per_bot;
}

// The end points of `j`: the property, per seat and per bot.
void add_end_points(ojson& j, const Aggregate& a, const ConfigSummary& s, const RunInfo& run) {
  j["points_property"] = s.points.empty() ? ojson(nullptr) : ojson(s.points);
  ojson end_points = ojson::array();
  if (!s.points.empty()) {
    const auto& seats_d = a.player.at(s.points);
    for (std::size_t i = 0; i < seats_d.size(); ++i) {
      ojson r = {{"seat", i + 1}};
      r.update(points_figures(seats_d[i]));
      end_points.push_back(r);
    }
  }
  j["end_points"] = end_points;
  ojson by_bot = ojson::array();
  for (const auto& g : points_by_bot(a, run.bots, s.points, run.rotate)) {
    ojson r = {{"bot", g.bot}, {"seats", g.seats}};
    r.update(points_figures(g.points));
    by_bot.push_back(r);
  }
  j["end_points_by_bot"] = by_bot;
}

// The moments of one player property's values, keyed by `key` = `id`.
ojson property_moments(const char* key, const ojson& id, const Moments& m) {
  return {{key, id},
          {"n", m.count()},
          {"mean", num(m.mean())},
          {"sd", num(m.sd())},
          {"min", m.count() ? ojson(m.min()) : ojson(nullptr)},
          {"max", m.count() ? ojson(m.max()) : ojson(nullptr)}};
}

// The player properties of `j`: per seat and per bot.
void add_player_properties(ojson& j, const Aggregate& a, const RunInfo& run) {
  ojson player = ojson::object();
  for (const auto& [name, seats_d] : a.player) {
    ojson list = ojson::array();
    for (std::size_t i = 0; i < seats_d.size(); ++i)
      list.push_back(property_moments("seat", i + 1, seats_d[i].moments));
    player[name] = list;
  }
  j["player"] = player;
  ojson by_bot_props = ojson::object();
  for (const auto& p : player_by_bot(a, run.bots, run.players)) {
    ojson list = ojson::array();
    for (const auto& [bot, d] : p.bots) list.push_back(property_moments("bot", bot, d.moments));
    by_bot_props[p.property] = list;
  }
  j["player_by_bot"] = by_bot_props;
}

ojson config_results(const Aggregate& a, const RunInfo& run, const packs::MeasureSpec& declared) {
  const auto s = summarize(a, run.bots, declared.score);
  ojson j;
  j["games"] = a.games;
  j["finished"] = a.finished;
  j["no_winner"] = a.no_winner;
  j["errors"] = a.errors;
  j["error_list"] = error_entries(a.error_list);
  j["failures"] = failure_classes(a);
  j["capped_names"] = a.capped;
  add_win_rates(j, a, s, run.bots);
  j["turns"] = figures(a.turns);
  j["rounds"] = figures(a.rounds);
  j["decisions"] = figures(a.decisions);
  add_end_points(j, a, s, run);
  j["histograms"] = histogram_results(a, declared);
  ojson stats = ojson::object();
  for (const auto& [name, d] : a.stats) {
    ojson r = figures(d);
    r["total"] = d.moments.sum();
    stats[name] = r;
  }
  j["stats"] = stats;
  j["ignored_stats"] = a.ignored;
  add_player_properties(j, a, run);
  return j;
}

ojson difference_json(const std::optional<Difference>& d) {
  if (!d) return nullptr;
  return {{"difference", num(d->estimate)},
          {"low", num(d->low)},
          {"high", num(d->high)},
          {"z", num(d->z)},
          {"p", num(d->p_value)},
          {"p_adjusted", num(d->p_adjusted)},
          {"testable", d->testable},
          {"significant", d->significant},
          {"significant_alone", d->significant_alone},
          {"identical", d->identical}};
}

// ---------------------------------------------------------------------------------------------
// Reading

// A JSON node with the path that led to it, for one-line errors ("FILE: configs[0].raw.turns:
// expected an unsigned integer").
struct Node {
  const nlohmann::json& j;
  std::string path;
  const std::string& file;

  [[noreturn]] void fail(const std::string& what) const {
    throw ResultsError(fmt::format("{}: {}: {}", file, path.empty() ? "top level" : path, what));
  }
  Node at(const std::string& key) const {
    if (!j.is_object()) fail("expected an object");
    const auto it = j.find(key);
    if (it == j.end()) fail(fmt::format("missing field '{}'", key));
    return {*it, path.empty() ? key : path + "." + key, file};
  }
  bool boolean() const {
    if (!j.is_boolean()) fail("expected true or false");
    return j.get<bool>();
  }
  Node at(std::size_t i) const {
    if (!j.is_array() || i >= j.size()) fail(fmt::format("missing element {}", i));
    return {j[i], fmt::format("{}[{}]", path, i), file};
  }
  std::size_t size() const {
    if (!j.is_array()) fail("expected an array");
    return j.size();
  }
  std::uint64_t u64() const {
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
      fail("expected a non-negative integer");
    return j.get<std::uint64_t>();
  }
  // A non-negative integer of up to 128 bits, as wide_raw writes it: a number, or above 2^64 - 1
  // a string of decimal digits without leading zeros.
  unsigned __int128 u128() const {
    if (!j.is_string()) return u64();
    const auto& text = j.get_ref<const std::string&>();
    if (text.empty() || text[0] == '0')
      fail("expected a non-negative integer (a number, or a string of digits above 2^64 - 1)");
    unsigned __int128 v = 0;
    for (const char c : text) {
      if (c < '0' || c > '9')
        fail("expected a non-negative integer (a number, or a string of digits above 2^64 - 1)");
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, c - '0', &v))
        fail("integer too large (above 2^128 - 1)");
    }
    if (v <= UINT64_MAX) fail("a string for an integer below 2^64 (written as a number)");
    return v;
  }
  std::int64_t i64() const {
    if (!j.is_number_integer()) fail("expected an integer");
    if (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      fail("integer too large");
    return j.get<std::int64_t>();
  }
  int small_int() const {
    const auto v = i64();
    if (v < INT32_MIN || v > INT32_MAX) fail("integer out of range");
    return static_cast<int>(v);
  }
  std::string str() const {
    if (!j.is_string()) fail("expected a string");
    return j.get<std::string>();
  }
  std::vector<std::string> strings() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < size(); ++i) out.push_back(at(i).str());
    return out;
  }
  template <typename F>
  void each(F&& f) const {
    if (!j.is_object()) fail("expected an object");
    for (auto it = j.begin(); it != j.end(); ++it)
      f(it.key(), Node{*it, path + "." + it.key(), file});
  }
};

Moments read_moments(const Node& n) {
  const auto count = n.at("n").u64();
  try {
    if (count == 0) return Moments::from_fields(0, n.at("sum").i64(), n.at("sum_sq").u128(), 0, 0);
    const Moments m = Moments::from_fields(count, n.at("sum").i64(), n.at("sum_sq").u128(),
                                           n.at("min").i64(), n.at("max").i64());
    // count observations between min and max: count * min <= sum <= count * max, and each square
    // is at most the larger square of min and max.
    const __int128 c = static_cast<__int128>(count);
    if (m.sum() < c * m.min() || m.sum() > c * m.max()) n.fail("sum is outside n * min .. n * max");
    const auto big = static_cast<unsigned __int128>(std::max(
        static_cast<__int128>(m.min()) * m.min(), static_cast<__int128>(m.max()) * m.max()));
    unsigned __int128 most = 0;  // past 128 bits, above any sum_sq
    if (!__builtin_mul_overflow(static_cast<unsigned __int128>(count), big, &most) &&
        m.sum_of_squares() > most)
      n.fail("sum_sq is above n * max(min^2, max^2)");
    return m;
  } catch (const std::invalid_argument& e) {
    n.fail(e.what());
  }
}

// The total of `counts` (each at most `total`, so the sum cannot wrap), which must equal `total`.
void check_sum(const Node& n, const std::vector<std::uint64_t>& counts, std::uint64_t total,
               const std::string& what) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] > total - sum)
      n.fail(fmt::format("the entries add up to more than {} ({})", total, what));
    sum += counts[i];
  }
  if (sum != total) n.fail(fmt::format("the entries add up to {}, not {} ({})", sum, total, what));
}

Distribution read_distribution(const Node& n) {
  Distribution d;
  d.moments = read_moments(n);
  const Node h = n.at("histogram");
  if (h.j.is_null()) {
    d.histogram = Histogram::overflowed_histogram(d.moments.count());
  } else {
    const std::uint64_t count = d.moments.count();
    if (h.size() > Histogram::kMaxDistinct)
      h.fail(fmt::format("more than {} values", Histogram::kMaxDistinct));
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
      const Node e = h.at(i);
      const auto value = e.at(0).i64();
      const auto times = e.at(1).u64();
      if (i > 0 && value <= h.at(i - 1).at(0).i64()) e.fail("values are not in ascending order");
      if (value < d.moments.min() || value > d.moments.max())
        e.at(0).fail("value outside min..max");
      if (times > count - total) h.fail("histogram counts add up to more than n");
      total += times;
      d.histogram.add(value, times);
    }
    if (total != count) h.fail("histogram counts do not add up to n");
  }
  return d;
}

// A distribution over at most `games` games (n <= games).
Distribution read_distribution_of(const Node& n, std::uint64_t games, const char* what) {
  Distribution d = read_distribution(n);
  if (d.moments.count() > games)
    n.at("n").fail(fmt::format("{} observations for {} {}", d.moments.count(), games, what));
  return d;
}

BinaryPairs read_binary(const Node& n) {
  BinaryPairs b;
  b.n = n.at("n").u64();
  b.a_yes = n.at("a_yes").u64();
  b.b_yes = n.at("b_yes").u64();
  b.a_only = n.at("a_only").u64();
  b.b_only = n.at("b_only").u64();
  // a_yes - a_only pairs are yes under both, so they are also in b_yes.
  if (b.a_yes > b.n || b.b_yes > b.n || b.a_only > b.a_yes || b.b_only > b.b_yes ||
      b.a_yes - b.a_only != b.b_yes - b.b_only || b.a_only + b.b_yes > b.n)
    n.fail("inconsistent pair counts");
  return b;
}

std::vector<std::uint64_t> read_counts(const Node& n, int players) {
  if (n.size() != static_cast<std::size_t>(players))
    n.fail(fmt::format("expected {} entries, one per seat", players));
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < n.size(); ++i) out.push_back(n.at(i).u64());
  return out;
}

// The per-bot totals of `a` (raw "bots", "beats" and "bot_points"), checked against its seat
// totals and the declared score property.
void read_bots(const Node& n, const RunInfo& run, const std::string& score, Aggregate& a) {
  const auto seats = seat_bots(run.bots, run.players, 0, false);
  const Node bots = n.at("bots");
  std::vector<std::uint64_t> wins, seat_counts;
  bots.each([&](const std::string& k, const Node& v) {
    if (std::find(seats.begin(), seats.end(), k) == seats.end()) v.fail("not a bot of the run");
    BotTotals b{v.at("games").u64(), v.at("seats").u64(), v.at("wins").u64()};
    if (b.games > a.finished || b.wins > b.games || b.games > b.seats ||
        b.seats > static_cast<unsigned __int128>(b.games) * static_cast<unsigned>(run.players))
      v.fail("games, seats and wins contradict each other or the finished games");
    wins.push_back(b.wins);
    seat_counts.push_back(b.seats);
    a.bots[k] = b;
  });
  if (!a.bots.empty()) {
    check_sum(bots, wins, a.finished - a.no_winner, "wins: finished games with a winner");
    if (a.finished > UINT64_MAX / static_cast<std::uint64_t>(run.players))
      bots.fail("too many finished games");
    check_sum(bots, seat_counts, a.finished * static_cast<std::uint64_t>(run.players),
              "seats: finished games x players");
  }
  const Node beats = n.at("beats");
  for (std::size_t i = 0; i < beats.size(); ++i) {
    const Node e = beats.at(i);
    std::pair<std::string, std::string> pair{e.at(0).str(), e.at(1).str()};
    const auto count = e.at(2).u64();
    const auto winner = a.bots.find(pair.first);
    if (winner == a.bots.end() || !a.bots.count(pair.second) || pair.first == pair.second)
      e.fail("not a pair of two bots of the results");
    if (i > 0 && !(std::pair{e.at(0).str(), e.at(1).str()} >
                   std::pair{beats.at(i - 1).at(0).str(), beats.at(i - 1).at(1).str()}))
      e.fail("pairs are not in ascending order");
    // One result per other seat of each game the winner won.
    if (count > static_cast<unsigned __int128>(winner->second.wins) *
                    static_cast<unsigned>(run.players - 1))
      e.at(2).fail("more results than the winner's games allow");
    a.beats[pair] = count;
  }
  n.at("bot_points").each([&](const std::string& prop, const Node& per_bot) {
    if (prop.empty() || prop != score) per_bot.fail("not the declared score property");
    per_bot.each([&](const std::string& name, const Node& v) {
      const auto b = a.bots.find(name);
      if (b == a.bots.end()) v.fail("not a bot of the results");
      a.bot_points[prop][name] = read_distribution_of(v, b->second.seats, "seats of the bot");
    });
  });
  n.at("bot_player").each([&](const std::string& prop, const Node& per_bot) {
    if (!a.player.count(prop)) per_bot.fail("not a player property of the results");
    per_bot.each([&](const std::string& name, const Node& v) {
      const auto b = a.bots.find(name);
      if (b == a.bots.end()) v.fail("not a bot of the results");
      a.bot_player[prop][name] = read_distribution_of(v, b->second.seats, "seats of the bot");
    });
  });
}

// The failed games per class (raw "failures") of `a`, whose errors and error_list are read:
// known classes only, counts adding up to the errors, and each class's first game, when it is
// among the games error_list holds, listed there with the same error and replay; every listed
// game belongs to a class whose first game is not later.
void read_failures(const Node& n, const RunInfo& run, Aggregate& a) {
  std::vector<std::uint64_t> counts;
  n.each([&](const std::string& k, const Node& v) {
    if (std::find(kFailureClasses.begin(), kFailureClasses.end(), k) == kFailureClasses.end())
      v.fail(fmt::format("not a failure class (known: {})", fmt::join(kFailureClasses, ", ")));
    FailureClass f{v.at("count").u64(), {v.at("game").u64(), v.at("error").str(), ""}};
    if (!v.at("replay").j.is_null()) f.first.replay = v.at("replay").str();
    if (f.count == 0) v.at("count").fail("0 (a class without failed games is left out)");
    if (f.first.game < run.first || f.first.game >= run.end)
      v.at("game").fail("outside first_game..end_game");
    if (failure_class(f.first.error) != k)
      v.at("error").fail(fmt::format("not an error of class '{}'", k));
    // error_list holds every failed game up to its last entry (all of them when not full).
    const bool listed = a.error_list.size() == a.errors ||
                        (!a.error_list.empty() && f.first.game <= a.error_list.back().game);
    if (listed &&
        std::find(a.error_list.begin(), a.error_list.end(), f.first) == a.error_list.end())
      v.at("game").fail("the class's first game, with its error and replay, is not in error_list");
    counts.push_back(f.count);
    a.failures[k] = std::move(f);
  });
  check_sum(n, counts, a.errors, "the failed games per class: errors");
  std::map<std::string, std::uint64_t> listed_per_class;
  for (std::size_t i = 0; i < a.error_list.size(); ++i) {
    const auto cls = failure_class(a.error_list[i].error);
    const auto it = a.failures.find(cls);
    if (it == a.failures.end() || it->second.first.game > a.error_list[i].game ||
        ++listed_per_class[cls] > it->second.count)
      n.fail(fmt::format("error_list[{}] (game {}) is not counted in its class '{}'", i,
                         a.error_list[i].game, cls));
  }
}

// Every total is checked against the others: a file whose figures contradict each other (a win
// rate above 100%, histograms that do not add up) is refused naming the field.
Aggregate read_aggregate(const Node& n, const RunInfo& run, const packs::MeasureSpec& declared) {
  const int players = run.players;
  Aggregate a(players);
  a.games = n.at("games").u64();
  a.finished = n.at("finished").u64();
  a.errors = n.at("errors").u64();
  a.no_winner = n.at("no_winner").u64();
  if (a.finished > a.games || a.errors != a.games - a.finished || a.no_winner > a.finished)
    n.fail("games, finished, errors and no_winner do not add up");
  const std::uint64_t won = a.finished - a.no_winner;
  a.seat_wins = read_counts(n.at("seat_wins"), players);
  check_sum(n.at("seat_wins"), a.seat_wins, won, "finished games with a winner");
  a.position_wins = read_counts(n.at("position_wins"), players);
  check_sum(n.at("position_wins"), a.position_wins, won, "finished games with a winner");
  const auto every_finished = [&](const char* key) {
    Distribution d = read_distribution(n.at(key));
    if (d.moments.count() != a.finished)
      n.at(key).at("n").fail(
          fmt::format("{} observations for {} finished games", d.moments.count(), a.finished));
    if (d.moments.count() > 0 && d.moments.min() < 0) n.at(key).at("min").fail("negative");
    return d;
  };
  a.turns = every_finished("turns");
  if (a.turns.moments.count() > 0 && a.turns.moments.max() > run.max_turns)
    n.at("turns").at("max").fail(fmt::format("above max_turns {}", run.max_turns));
  a.rounds = every_finished("rounds");
  a.decisions = every_finished("decisions");
  n.at("histograms").each([&](const std::string& name, const Node& list) {
    const auto h = std::find_if(declared.histograms.begin(), declared.histograms.end(),
                                [&](const packs::HistogramSpec& d) { return d.name == name; });
    if (h == declared.histograms.end()) list.fail("not a declared histogram");
    auto& counts = a.histograms[name];
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Node e = list.at(i);
      const auto key = e.at(0).small_int();
      const auto times = e.at(1).u64();
      if (key < h->from || key > h->to) e.at(0).fail("key outside the histogram's from..to");
      if (i > 0 && key <= list.at(i - 1).at(0).small_int())
        e.fail("keys are not in ascending order");
      if (times == 0) e.at(1).fail("a count of 0 (keys never counted are left out)");
      if (times > UINT64_MAX - total) list.fail("counts add up to more than 2^64 - 1");
      total += times;
      counts[key] = times;
    }
    if (counts.empty()) a.histograms.erase(name);
  });
  n.at("stats").each([&](const std::string& k, const Node& v) {
    a.stats[k] = read_distribution_of(v, a.finished, "finished games");
  });
  n.at("player").each([&](const std::string& k, const Node& v) {
    if (v.size() != static_cast<std::size_t>(players)) v.fail("expected one entry per seat");
    auto& seats = a.player[k];
    for (std::size_t i = 0; i < v.size(); ++i)
      seats.push_back(read_distribution_of(v.at(i), a.finished, "finished games"));
  });
  const Node errors = n.at("error_list");
  const std::uint64_t listed = std::min<std::uint64_t>(a.errors, Aggregate::kMaxErrorEntries);
  if (errors.size() != listed)
    errors.fail(fmt::format("{} entries for {} errors (the first {} are listed)", errors.size(),
                            a.errors, Aggregate::kMaxErrorEntries));
  for (std::size_t i = 0; i < errors.size(); ++i) {
    const Node e = errors.at(i);
    ErrorEntry entry{e.at("game").u64(), e.at("error").str(), ""};
    if (entry.game < run.first || entry.game >= run.end)
      e.at("game").fail("outside first_game..end_game");
    if (!a.error_list.empty() && entry.game <= a.error_list.back().game)
      e.at("game").fail("games are not in ascending order");
    if (!e.at("replay").j.is_null()) entry.replay = e.at("replay").str();
    a.error_list.push_back(std::move(entry));
  }
  for (const auto& s : n.at("ignored").strings()) a.ignored.insert(s);
  read_failures(n.at("failures"), run, a);
  for (const auto& s : n.at("capped").strings()) a.capped.insert(s);
  read_bots(n, run, declared.score, a);
  return a;
}

// A configuration's "declared": the score property, the histograms, each with a distinct name and
// at most packs::kMaxHistogramKeys keys (as load_manifest ensures), the primary metrics and the
// metrics' readable names.
packs::MeasureSpec read_declared(const Node& n) {
  packs::MeasureSpec d;
  if (!n.at("score_property").j.is_null()) {
    d.score = n.at("score_property").str();
    if (d.score.empty()) n.at("score_property").fail("empty (null when none is declared)");
  }
  const Node list = n.at("histograms");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Node e = list.at(i);
    packs::HistogramSpec h;
    h.name = e.at("name").str();
    h.label = e.at("label").str();
    h.prefix = e.at("prefix").str();
    h.from = e.at("from").small_int();
    h.to = e.at("to").small_int();
    h.description = e.at("description").str();
    if (h.name.empty()) e.at("name").fail("empty");
    for (const auto& other : d.histograms)
      if (other.name == h.name) e.at("name").fail("declared twice");
    if (h.from > h.to || static_cast<std::int64_t>(h.to) - h.from >= packs::kMaxHistogramKeys)
      e.fail(fmt::format("from..to must hold 1 to {} keys", packs::kMaxHistogramKeys));
    d.histograms.push_back(std::move(h));
  }
  const Node primary = n.at("primary_metrics");
  for (std::size_t i = 0; i < primary.size(); ++i) {
    const std::string id = primary.at(i).str();
    if (id.empty()) primary.at(i).fail("empty");
    if (std::find(d.primary.begin(), d.primary.end(), id) != d.primary.end())
      primary.at(i).fail("listed twice");
    d.primary.push_back(id);
  }
  n.at("metric_names").each([&](const std::string& id, const Node& e) {
    packs::MetricName name{e.at("label").str(), e.at("unit").str()};
    if (name.label.empty()) e.at("label").fail("empty");
    d.names[id] = std::move(name);
  });
  return d;
}

// `pairs` counts games finished under both configurations: at most `finished` of either.
PairedAggregate read_paired(const Node& n, const RunInfo& run, std::uint64_t finished) {
  const int players = run.players;
  PairedAggregate p(players);
  p.pairs = n.at("pairs").u64();
  if (p.pairs > finished)
    n.at("pairs").fail(
        fmt::format("{} pairs, but only {} games finished under both", p.pairs, finished));
  const auto all_pairs = [&](const Node& node, BinaryPairs b) {
    if (b.n != p.pairs) node.at("n").fail(fmt::format("{}, not the {} pairs", b.n, p.pairs));
    return b;
  };
  const Node seats = n.at("seat_win");
  if (seats.size() != static_cast<std::size_t>(players)) seats.fail("expected one entry per seat");
  for (std::size_t i = 0; i < seats.size(); ++i)
    p.seat_win[i] = all_pairs(seats.at(i), read_binary(seats.at(i)));
  p.first_player_win = all_pairs(n.at("first_player_win"), read_binary(n.at("first_player_win")));
  p.no_winner = all_pairs(n.at("no_winner"), read_binary(n.at("no_winner")));
  const auto at_most_pairs = [&](const Node& node) {
    Moments m = read_moments(node);
    if (m.count() > p.pairs)
      node.at("n").fail(fmt::format("{} observations for {} pairs", m.count(), p.pairs));
    return m;
  };
  p.turns = at_most_pairs(n.at("turns"));
  if (p.turns.count() != p.pairs)
    n.at("turns").at("n").fail(fmt::format("{}, not the {} pairs", p.turns.count(), p.pairs));
  n.at("stats").each([&](const std::string& k, const Node& v) { p.stats[k] = at_most_pairs(v); });
  n.at("player").each([&](const std::string& k, const Node& v) {
    if (v.size() != static_cast<std::size_t>(players)) v.fail("expected one entry per seat");
    auto& list = p.player[k];
    for (std::size_t i = 0; i < v.size(); ++i) list.push_back(at_most_pairs(v.at(i)));
  });
  const auto bot_seats = seat_bots(run.bots, players, 0, false);
  n.at("bot_win").each([&](const std::string& k, const Node& v) {
    if (std::find(bot_seats.begin(), bot_seats.end(), k) == bot_seats.end())
      v.fail("not a bot of the run");
    p.bot_win[k] = all_pairs(v, read_binary(v));
  });
  return p;
}

}  // namespace

ojson results_to_json(const LabResults& r) {
  ojson j;
  j["schema"] = kResultsSchema;
  j["version"] = kResultsVersion;
  j["kind"] = r.run.kind;
  j["complete"] = !r.planned_end.has_value();
  ojson run;
  run["seed"] = r.run.seed;
  run["players"] = r.run.players;
  run["bots"] = r.run.bots;
  run["rotate"] = r.run.rotate;
  run["max_turns"] = r.run.max_turns;
  run["games"] = r.run.games;
  run["first_game"] = r.run.first;
  run["end_game"] = r.run.end;
  if (r.run.until_ci)
    run["until_ci"] = {{"pp", *r.run.until_ci}, {"max_games", r.run.max_games}};
  else
    run["until_ci"] = nullptr;
  if (r.planned_end) run["planned_end_game"] = *r.planned_end;
  j["run"] = run;
  j["failures"] = run_failures(r);
  ojson configs = ojson::array();
  for (std::size_t i = 0; i < r.configs.size(); ++i) {
    const auto& c = r.configs[i];
    ojson loaded = ojson::array();
    for (const auto& [name, version] : c.loaded)
      loaded.push_back({{"name", name}, {"version", version}});
    ojson evaluations = ojson::array();
    for (const auto& [agent, evaluation] : c.evaluations)
      evaluations.push_back({{"agent", agent}, {"evaluation", evaluation}});
    configs.push_back({{"label", c.config.label},
                       {"packs", c.config.packs},
                       {"options", c.config.options},
                       {"loaded", loaded},
                       {"declared", declared_json(c.declared)},
                       {"evaluations", evaluations},
                       {"results", config_results(r.totals.configs[i], r.run, c.declared)},
                       {"raw", aggregate_raw(r.totals.configs[i])}});
  }
  j["configs"] = configs;
  ojson comparisons = ojson::array();
  if (r.configs.size() > 1) {
    const auto rows = comparison_rows(r);
    for (std::size_t c = 1; c < r.configs.size(); ++c) {
      ojson metrics = ojson::array();
      for (const auto& row : rows) {
        ojson m = {{"metric", row.name},
                   {"id", row.id},
                   {"unit", row.unit},
                   {"family", !has_primary(rows) ? "all"
                              : row.primary      ? "primary"
                                                 : "exploratory"},
                   {"baseline", num(row.values[0])},
                   {"value", num(row.values[c])}};
        const ojson d = difference_json(row.differences[c - 1]);
        m.update(d.is_null() ? ojson{{"difference", nullptr}} : d);
        metrics.push_back(m);
      }
      comparisons.push_back({{"baseline", r.configs[0].config.label},
                             {"config", r.configs[c].config.label},
                             {"pairs", r.totals.pairs[c - 1].pairs},
                             {"correction", kCorrection},
                             {"metrics_tested", tested_metrics(rows, c)},
                             {"families", families_json(rows, c)},
                             {"metrics", metrics},
                             {"raw", paired_raw(r.totals.pairs[c - 1])}});
    }
  }
  j["comparisons"] = comparisons;
  return j;
}

LabResults results_from_json(const nlohmann::json& json, const std::string& name) {
  const Node top{json, "", name};
  if (json.is_object() && json.contains("format") && json.contains("decisions"))
    throw ResultsError(fmt::format(
        "{}: this is a replay of one game, not a lab results file (catan replay and catan view "
        "read it)",
        name));
  if (!json.is_object() || !json.contains("schema") || json["schema"] != kResultsSchema)
    throw ResultsError(fmt::format("{}: not a catan lab results file", name));
  const auto version = top.at("version").i64();
  if (version != kResultsVersion)
    throw ResultsError(fmt::format("{}: results format version {} (this catan reads version {})",
                                   name, version, kResultsVersion));
  LabResults r;
  r.run.kind = top.at("kind").str();
  if (r.run.kind != "sim" && r.run.kind != "compare" && r.run.kind != "sweep")
    top.at("kind").fail("expected sim, compare or sweep");
  const Node run = top.at("run");
  r.run.seed = run.at("seed").u64();
  r.run.players = run.at("players").small_int();
  if (r.run.players < 1 || r.run.players > 1000) run.at("players").fail("out of range");
  r.run.bots = run.at("bots").strings();
  if (r.run.bots.size() > static_cast<std::size_t>(r.run.players))
    run.at("bots").fail("more bots than players");
  r.run.rotate = run.at("rotate").boolean();
  r.run.max_turns = run.at("max_turns").small_int();
  r.run.games = run.at("games").u64();
  r.run.first = run.at("first_game").u64();
  r.run.end = run.at("end_game").u64();
  if (r.run.first > r.run.end || r.run.end > r.run.games)
    run.fail("first_game, end_game and games are inconsistent");
  const Node ci = run.at("until_ci");
  if (!ci.j.is_null()) {
    if (!ci.at("pp").j.is_number()) ci.at("pp").fail("expected a number");
    r.run.until_ci = ci.at("pp").j.get<double>();
    r.run.max_games = ci.at("max_games").u64();
  }
  if (!top.at("complete").boolean()) {
    r.planned_end = run.at("planned_end_game").u64();
    if (*r.planned_end < r.run.end || *r.planned_end > r.run.games)
      run.at("planned_end_game").fail("outside end_game..games");
  }
  const Node configs = top.at("configs");
  if (configs.size() == 0) configs.fail("no configurations");
  r.totals = RunTotals(configs.size(), r.run.players);
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const Node c = configs.at(i);
    ConfigInfo info;
    info.config.label = c.at("label").str();
    info.config.packs = c.at("packs").strings();
    info.config.options = c.at("options").strings();
    const Node loaded = c.at("loaded");
    for (std::size_t k = 0; k < loaded.size(); ++k)
      info.loaded.emplace_back(loaded.at(k).at("name").str(), loaded.at(k).at("version").str());
    info.declared = read_declared(c.at("declared"));
    if (c.j.is_object() && c.j.contains("evaluations")) {  // absent in older results files
      const Node evaluations = c.at("evaluations");
      for (std::size_t k = 0; k < evaluations.size(); ++k)
        info.evaluations.emplace_back(evaluations.at(k).at("agent").str(),
                                      evaluations.at(k).at("evaluation").str());
    }
    r.configs.push_back(std::move(info));
    r.totals.configs[i] = read_aggregate(c.at("raw"), r.run, r.configs[i].declared);
    if (r.totals.configs[i].games != r.run.end - r.run.first)
      c.at("raw").fail("the game count does not match first_game..end_game");
  }
  const Node comparisons = top.at("comparisons");
  if (comparisons.size() != configs.size() - 1)
    comparisons.fail("expected one comparison per configuration after the first");
  for (std::size_t i = 0; i < comparisons.size(); ++i)
    r.totals.pairs[i] =
        read_paired(comparisons.at(i).at("raw"), r.run,
                    std::min(r.totals.configs[0].finished, r.totals.configs[i + 1].finished));
  return r;
}

LabResults load_results(const std::string& path) {
  std::string text;
  try {
    text = engine::read_bounded_file(path, engine::kMaxResultsBytes, "a results file");
  } catch (const engine::FileError& e) {
    throw ResultsError(e.what());
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    const std::string what = e.what();
    throw ResultsError(fmt::format("{}: invalid JSON ({})", path, what.substr(what.find(']') + 2)));
  }
  return results_from_json(j, path);
}

void write_json_file(const ojson& json, const std::string& path) {
  // Pack-chosen names and error messages may hold invalid UTF-8: written as U+FFFD, so the
  // results are never lost to a failed dump.
  engine::write_output_file(path, engine::json_text(json, 2) + '\n');
}

}  // namespace catan::lab
