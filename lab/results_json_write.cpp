// Writing lab results as JSON (lab/results_json.h): the figures of each configuration and
// comparison, recomputed from the exact totals ("raw") written beside them.
#include "lab/results_json.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>

#include "engine/file_io.h"

#include "lab/comparison.h"
#include "lab/multiple_comparisons.h"
#include "lab/summary.h"

namespace catan::lab {

using ojson = nlohmann::ordered_json;

namespace {

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

void write_json_file(const ojson& json, const std::string& path) {
  // Pack-chosen names and error messages may hold invalid UTF-8: written as U+FFFD, so the
  // results are never lost to a failed dump.
  engine::write_output_file(path, engine::json_text(json, 2) + '\n');
}

}  // namespace catan::lab
