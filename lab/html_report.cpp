#include "lab/html_report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/file_io.h"

#include "lab/comparison.h"
#include "lab/summary.h"
#include "lab/svg_chart.h"
#include "lab/wilson.h"

namespace catan::lab {

namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td.sig { background: #e6f4e6; font-weight: bold; } td.few { color: #888; }
.chart { display: block; margin: 1em 0; max-width: 100%; height: auto; }
.row { display: flex; flex-wrap: wrap; gap: 1em; } .row .chart { margin: 0.5em 0; }
p.note { color: #555; font-size: 0.9em; }
)";

std::string e(const std::string& s) {
  return escape_xml(s);
}

// How charts name configuration i: "[i] label", shortened.
std::string short_name(const LabResults& r, std::size_t i) {
  std::string label = r.configs[i].config.label;
  if (label.size() > 36) label = label.substr(0, 33) + "...";
  return fmt::format("[{}] {}", i + 1, label);
}

std::string percent(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

std::string number(double x) {
  if (!std::isfinite(x)) return "&ndash;";
  return std::fabs(x) >= 100 ? fmt::format("{:.1f}", x) : fmt::format("{:.3g}", x);
}

std::string run_section(const LabResults& r) {
  std::string out = "<table>\n";
  const auto row = [&](const std::string& k, const std::string& v) {
    out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", e(k), e(v));
  };
  row("players", fmt::format("{} ({})", r.run.players, fmt::join(r.run.bots, ", ")));
  if (r.run.rotate)
    row("seats",
        fmt::format("rotated: every block of {} games plays each rotation of the bots once",
                    r.run.players));
  row("seed", std::to_string(r.run.seed));
  row("games", r.run.first == 0 && r.run.end == r.run.games
                   ? std::to_string(r.run.games)
                   : fmt::format("{} to {} of {}", r.run.first, r.run.end - 1, r.run.games));
  if (r.run.until_ci)
    row("played until", fmt::format("every seat's 95% interval was under {} points (cap {} games)",
                                    *r.run.until_ci, r.run.max_games));
  row("turn cap", std::to_string(r.run.max_turns));
  out +=
      "</table>\n<table>\n<tr><th>configuration</th><th>packs</th><th>options</th>"
      "<th>games</th><th>errors</th></tr>\n";
  for (std::size_t i = 0; i < r.configs.size(); ++i) {
    std::vector<std::string> loaded;
    for (const auto& [name, version] : r.configs[i].loaded) loaded.push_back(name + " " + version);
    const auto& a = r.totals.configs[i];
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                       e(short_name(r, i)), e(fmt::format("{}", fmt::join(loaded, " + "))),
                       e(fmt::format("{}", fmt::join(r.configs[i].config.options, " "))), a.games,
                       a.errors);
  }
  return out + "</table>\n";
}

std::string comparison_section(const LabResults& r) {
  const auto rows = comparison_rows(r);
  std::string out = "<table>\n<tr><th>metric</th>";
  for (std::size_t c = 0; c < r.configs.size(); ++c) out += fmt::format("<th>[{}]</th>", c + 1);
  for (std::size_t c = 1; c < r.configs.size(); ++c)
    out += fmt::format("<th>[{}] &minus; [1] (95% CI)</th><th>verdict</th>", c + 1);
  out += "</tr>\n";
  const bool families = has_primary(rows);
  const std::size_t columns = 1 + 3 * r.configs.size() - 2;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    if (families && (i == 0 || rows[i - 1].primary != row.primary))
      out += fmt::format(
          "<tr class=\"family\"><th colspan=\"{}\">{}</th></tr>\n", columns,
          row.primary ? "Primary metrics (declared by the packs, judged on their own)"
                      : "Exploratory metrics (corrected as a family of their own: leads, not "
                        "findings)");
    out += fmt::format("<tr><td title=\"{}\">{}</td>", e(row.id), e(name_with_unit(row)));
    for (double v : row.values) out += "<td>" + (row.is_rate ? percent(v) : number(v)) + "</td>";
    for (const auto& d : row.differences) {
      if (!d) {
        out += "<td>&ndash;</td><td>&ndash;</td>";
      } else if (!std::isfinite(d->low)) {
        out += fmt::format(
            "<td>{}</td><td class=\"few\">no test</td>",
            row.is_rate ? fmt::format("{:+.1f} pp", 100 * d->estimate) : number(d->estimate));
      } else {
        const std::string diff =
            row.is_rate
                ? fmt::format("{:+.1f} pp [{:+.1f}, {:+.1f}]", 100 * d->estimate, 100 * d->low,
                              100 * d->high)
                : fmt::format("{} [{}, {}]", number(d->estimate), number(d->low), number(d->high));
        const std::string verdict = verdict_text(*d);
        const char* cls = d->identical ? "" : !d->testable ? "few" : d->significant ? "sig" : "";
        out += fmt::format("<td>{}</td><td class=\"{}\">{}</td>", diff, cls, verdict);
      }
    }
    out += "</tr>\n";
  }
  return out + fmt::format(
                   "</table>\n<p class=\"note\">Differences are paired: game <i>i</i> of every "
                   "configuration starts from the same seed. {} Each interval is the metric's "
                   "own 95% interval; hover a metric for its id.</p>\n",
                   correction_text(rows, true));
}

// The answer first: per configuration after the first, a forest plot of its paired differences
// from the baseline with their 95% intervals (filled: significant after the correction). Rates
// are drawn in percentage points, the other metrics in percent of the baseline's value (so that
// turns and statistics share a scale); a metric whose baseline is 0 or missing is left out.
std::string differences_section(const LabResults& r) {
  const auto rows = comparison_rows(r);
  const bool families = has_primary(rows);
  std::string out;
  for (std::size_t c = 1; c < r.configs.size(); ++c) {
    std::vector<ForestRow> rates, others;
    for (const auto& row : rows) {
      const auto& d = row.differences[c - 1];
      if (!d || !std::isfinite(d->low)) continue;
      const double base = row.values[0];
      const std::string figures = row.is_rate
                                      ? fmt::format("{:+.1f} pp [{:+.1f}, {:+.1f}]",
                                                    100 * d->estimate, 100 * d->low, 100 * d->high)
                                      : fmt::format("{} [{}, {}] from {}", number(d->estimate),
                                                    number(d->low), number(d->high), number(base));
      ForestRow f;
      f.label = row.name;
      f.significant = d->significant;
      f.secondary = families && !row.primary;
      f.tooltip = fmt::format("{} ({}{}): {}; {}", name_with_unit(row), row.id,
                              f.secondary ? ", exploratory" : "", figures, verdict_text(*d));
      if (row.is_rate) {
        f.estimate = 100 * d->estimate;
        f.low = 100 * d->low;
        f.high = 100 * d->high;
        rates.push_back(std::move(f));
      } else if (std::isfinite(base) && base != 0) {
        const double scale = 100 / std::fabs(base);
        f.estimate = scale * d->estimate;
        f.low = scale * d->low;
        f.high = scale * d->high;
        others.push_back(std::move(f));
      }
    }
    const std::string what = fmt::format("[{}] {} against [1] {}", c + 1, r.configs[c].config.label,
                                         r.configs[0].config.label);
    ChartOptions o;
    if (!rates.empty()) {
      o.title = "Win rates: " + what;
      o.x_label = "difference in percentage points (95% interval; filled: significant)";
      out += forest_plot(rates, o);
    }
    if (!others.empty()) {
      o.title = "Game length, points and statistics: " + what;
      o.x_label = "difference in percent of [1]'s value (95% interval; filled: significant)";
      out += forest_plot(others, o);
    }
  }
  return out + fmt::format(
                   "<p class=\"note\">Each line is a metric's paired difference with its 95% "
                   "interval; a filled point is significant after the correction, a hollow one "
                   "is not{}. {} Hover a row for its figures and id.</p>\n",
                   families ? "; the primary metrics come first, the exploratory ones in grey" : "",
                   correction_text(rows, true));
}

std::vector<BarSeries> rate_series(const LabResults& r, bool by_position) {
  std::vector<BarSeries> out;
  for (std::size_t c = 0; c < r.configs.size(); ++c) {
    const auto s = summarize(r.totals.configs[c], r.run.bots);
    BarSeries series{short_name(r, c), {}};
    for (const auto& rate : by_position ? s.position_win : s.seat_win)
      series.bars.push_back({rate.value, rate.ci.low, rate.ci.high});
    out.push_back(std::move(series));
  }
  return out;
}

std::string win_rate_charts(const LabResults& r) {
  std::vector<std::string> seats, positions;
  for (int i = 0; i < r.run.players; ++i) {
    seats.push_back(r.run.rotate ? fmt::format("seat {}", i + 1)
                                 : fmt::format("seat {} ({})", i + 1,
                                               static_cast<std::size_t>(i) < r.run.bots.size()
                                                   ? r.run.bots[static_cast<std::size_t>(i)]
                                                   : ""));
    positions.push_back(i == 0 ? "1st player" : fmt::format("{}th", i + 1));
    if (i == 1) positions.back() = "2nd";
    if (i == 2) positions.back() = "3rd";
  }
  ChartOptions o;
  o.percent = true;
  o.y_label = "win rate";
  o.reference = 1.0 / r.run.players;
  o.reference_label = "fair share";
  o.title = "Win rate per seat (95% Wilson intervals)";
  o.x_label = "seat";
  std::string out = bar_chart(seats, rate_series(r, false), o);
  o.title = "Win rate by turn order (95% Wilson intervals)";
  o.x_label = "position in turn order";
  return out + bar_chart(positions, rate_series(r, true), o);
}

// Per bot and configuration: games, seats, wins, the win rate per seat with its interval and the
// rating. Empty when no configuration seated two bots and seats were not rotated.
std::string bots_table(const LabResults& r) {
  std::string rows;
  bool any = r.run.rotate, ratings = false;
  for (std::size_t c = 0; c < r.configs.size(); ++c) {
    const auto results = bot_results(r.totals.configs[c], r.run.bots);
    any = any || results.size() > 1;
    for (const auto& b : results) {
      ratings = ratings || results.size() > 2;
      rows += fmt::format(
          "<tr>{}<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
          "<td>{}</td><td>{}</td></tr>\n",
          r.configs.size() > 1 ? "<td>" + e(short_name(r, c)) + "</td>" : std::string(), e(b.bot),
          b.games, b.seat_games, b.win.x, percent(b.win.value),
          fmt::format("{:.1f}&ndash;{:.1f}%", 100 * b.win.ci.low, 100 * b.win.ci.high),
          b.rating ? fmt::format("{:.0f}", *b.rating) : std::string("&ndash;"));
    }
  }
  if (!any) return "";
  std::string out = fmt::format(
                        "<table>\n<tr>{}<th>bot</th><th>games</th><th>seats</th><th>wins</th>"
                        "<th>win rate per seat</th><th>95% interval</th><th>rating</th></tr>\n",
                        r.configs.size() > 1 ? "<th>configuration</th>" : "") +
                    rows + "</table>\n";
  out += r.run.rotate
             ? "<p class=\"note\">Seats rotated: every bot played every seat equally often, so its "
               "win rate is its own, not its seat's.</p>\n"
             : "<p class=\"note\">Seats were not rotated: each bot kept its seats, so its win rate "
               "is also its seats' (bot and seat are confounded); use --rotate to separate "
               "them.</p>\n";
  if (ratings)
    out +=
        "<p class=\"note\">Rating: Bradley&ndash;Terry fit (Elo scale, mean 1500) of the pairwise "
        "results in which each game's winner beats every other bot at the table; 200 points "
        "apart means the higher one wins 76% of those results. &ndash;: no fit (some bot never "
        "won or never lost one) or two bots only.</p>\n";
  return out;
}

// Every player property per bot (player_by_bot): n (seats), mean, sd, min and max, one row per
// property, configuration and bot; "" unless some configuration seats more than one bot.
std::string bot_properties_table(const LabResults& r) {
  std::string rows;
  for (std::size_t c = 0; c < r.configs.size(); ++c)
    for (const auto& p : player_by_bot(r.totals.configs[c], r.run.bots, r.run.players))
      for (const auto& [bot, d] : p.bots) {
        const auto& m = d.moments;
        rows += fmt::format(
            "<tr><td>{}</td>{}<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
            "</tr>\n",
            e(p.property),
            r.configs.size() > 1 ? "<td>" + e(short_name(r, c)) + "</td>" : std::string(), e(bot),
            m.count(), m.count() ? fmt::format("{:.3g}", m.mean()) : "&ndash;",
            m.count() ? fmt::format("{:.3g}", m.sd()) : "&ndash;",
            m.count() ? std::to_string(m.min()) : "&ndash;",
            m.count() ? std::to_string(m.max()) : "&ndash;");
      }
  if (rows.empty()) return "";
  return fmt::format(
             "<table>\n<tr><th>player property</th>{}<th>bot</th><th>seats</th>"
             "<th>mean</th><th>sd</th><th>min</th><th>max</th></tr>\n",
             r.configs.size() > 1 ? "<th>configuration</th>" : "") +
         rows +
         "</table>\n<p class=\"note\">Each bot's values at the end of the finished games, over "
         "every seat it held (all of them when seats rotate).</p>\n";
}

// The share of games (or seats) at each value; binned to at most 60 bins over wide ranges.
std::vector<std::pair<double, double>> shares(const Histogram& h) {
  std::vector<std::pair<double, double>> out;
  if (h.overflowed() || h.counts().empty() || h.total() == 0) return out;
  const auto lo = h.counts().begin()->first, hi = h.counts().rbegin()->first;
  const std::int64_t width = std::max<std::int64_t>(1, (hi - lo) / 60 + 1);
  std::map<std::int64_t, std::uint64_t> bins;
  for (const auto& [v, n] : h.counts()) bins[lo + (v - lo) / width * width] += n;
  for (std::int64_t b = lo; b <= hi; b += width) {
    const auto it = bins.find(b);
    const double n = it == bins.end() ? 0.0 : static_cast<double>(it->second);
    out.emplace_back(static_cast<double>(b) + static_cast<double>(width - 1) / 2.0,
                     n / static_cast<double>(h.total()) / static_cast<double>(width));
  }
  return out;
}

std::string length_chart(const LabResults& r) {
  std::vector<LineSeries> lines;
  for (std::size_t c = 0; c < r.configs.size(); ++c)
    lines.push_back({short_name(r, c), shares(r.totals.configs[c].turns.histogram)});
  ChartOptions o;
  o.title = "Game length";
  o.x_label = "turns";
  o.y_label = "share of games per turn";
  o.percent = true;
  return line_chart(lines, o);
}

// The end points per seat: n, mean, sd and the quantiles, one row per configuration and seat.
std::string points_table(const LabResults& r, const std::string& property) {
  std::string out =
      "<table>\n<tr><th>seat</th><th>bot</th><th>n</th><th>mean</th><th>sd</th><th>min</th>"
      "<th>p5</th><th>p25</th><th>median</th><th>p75</th><th>p95</th><th>max</th></tr>\n";
  const auto q = [](const Histogram& h, double x) {
    const auto v = h.quantile(x);
    return v ? std::to_string(*v) : std::string("&ndash;");
  };
  for (std::size_t c = 0; c < r.configs.size(); ++c) {
    const auto it = r.totals.configs[c].player.find(property);
    if (it == r.totals.configs[c].player.end()) continue;
    for (std::size_t seat = 0; seat < it->second.size(); ++seat) {
      const auto& d = it->second[seat];
      const auto& m = d.moments;
      if (m.count() == 0) continue;
      const std::string name = r.configs.size() > 1
                                   ? fmt::format("{}, seat {}", short_name(r, c), seat + 1)
                                   : fmt::format("{}", seat + 1);
      out += fmt::format(
          "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2f}</td><td>{:.2f}</td><td>{}</td>"
          "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
          e(name),
          e(r.run.rotate               ? "rotated"
            : seat < r.run.bots.size() ? r.run.bots[seat]
                                       : ""),
          m.count(), m.mean(), m.sd(), m.min(), q(d.histogram, 0.05), q(d.histogram, 0.25),
          q(d.histogram, 0.5), q(d.histogram, 0.75), q(d.histogram, 0.95), m.max());
    }
  }
  return out + "</table>\n";
}

// The distribution of the end points as shares per bin: one series per bot kind for a single
// configuration, one per configuration (all seats) otherwise. Every series uses the bins of the
// values of all of them.
std::string points_chart(const LabResults& r, const std::string& property) {
  std::vector<std::pair<std::string, Histogram>> series_hist;
  if (r.configs.size() == 1) {
    for (const auto& g : points_by_bot(r.totals.configs[0], r.run.bots, property, r.run.rotate))
      series_hist.emplace_back(g.bot, g.points.histogram);
  } else {
    for (std::size_t c = 0; c < r.configs.size(); ++c) {
      Histogram pooled;
      const auto it = r.totals.configs[c].player.find(property);
      if (it != r.totals.configs[c].player.end())
        for (const auto& d : it->second) pooled.merge(d.histogram);
      series_hist.emplace_back(short_name(r, c), pooled);
    }
  }
  Histogram all;
  for (const auto& [name, h] : series_hist) all.merge(h);
  const Binned layout = bin_histogram(all, kPointsBins);
  if (layout.bins.empty()) return "";
  std::vector<std::string> categories;
  for (const auto& bin : layout.bins)
    categories.push_back(layout.width == 1 ? std::to_string(bin.low)
                                           : fmt::format("{}..{}", bin.low, bin.high));
  std::vector<BarSeries> series;
  for (const auto& [name, h] : series_hist) {
    BarSeries b{name, {}};
    auto it = h.counts().begin();
    for (const auto& bin : layout.bins) {
      std::uint64_t n = 0;
      for (; it != h.counts().end() && it->first <= bin.high; ++it) n += it->second;
      b.bars.push_back({h.total() ? static_cast<double>(n) / static_cast<double>(h.total()) : 0.0});
    }
    series.push_back(std::move(b));
  }
  ChartOptions o;
  o.title = r.configs.size() == 1 ? fmt::format("Points at the end ({}), per bot", property)
                                  : fmt::format("Points at the end ({}), all seats", property);
  o.x_label = layout.width == 1 ? property : fmt::format("{} (bins of {})", property, layout.width);
  o.y_label = "share of players";
  o.percent = true;
  return bar_chart(categories, series, o);
}

std::string points_section(const LabResults& r) {
  const auto s = summarize(r.totals.configs[0], r.run.bots, r.configs[0].declared.score);
  if (s.points.empty()) return "";
  return points_table(r, s.points) + points_chart(r, s.points);
}

std::string side_by_side_charts(const LabResults& r) {
  std::vector<std::string> names;
  BarSeries turns{"mean turns", {}}, first{"first player", {}}, balance{"balance", {}};
  for (std::size_t c = 0; c < r.configs.size(); ++c) {
    names.push_back(fmt::format("[{}]", c + 1));
    const auto& m = r.totals.configs[c].turns.moments;
    const double half =
        m.count() > 1 ? kZ95 * m.sd() / std::sqrt(static_cast<double>(m.count())) : 0.0;
    turns.bars.push_back({m.mean(), m.mean() - half, m.mean() + half});
    const auto s = summarize(r.totals.configs[c], r.run.bots);
    first.bars.push_back(
        {s.first_player_win.value, s.first_player_win.ci.low, s.first_player_win.ci.high});
    balance.bars.push_back({s.balance_score});
  }
  ChartOptions o;
  o.x_label = "configuration";
  o.width = 310;
  o.title = "Mean game length (95% CI)";
  o.y_label = "turns";
  std::string out = "<div class=\"row\">" + bar_chart(names, {turns}, o);
  o.title = "First player's win rate";
  o.y_label = "win rate";
  o.percent = true;
  o.reference = 1.0 / r.run.players;
  o.reference_label = "fair share";
  out += bar_chart(names, {first}, o);
  o.title = "Balance score (1 = even seats)";
  o.y_label = "balance";
  o.percent = false;
  o.reference.reset();
  o.y_max = 1.0;
  // The bars are named [1], [2], ...: say which configuration each is.
  std::string legend;
  for (std::size_t c = 0; c < r.configs.size(); ++c)
    legend += fmt::format("{}<b>[{}]</b> {}", c == 0 ? "" : " &middot; ", c + 1,
                          e(r.configs[c].config.label));
  return out + bar_chart(names, {balance}, o) + "</div>\n<p class=\"note legend\">" + legend +
         "</p>\n";
}

// Every histogram the configurations' packs declare, each once (the first configuration's
// declaration of a name gives its label and keys): a heading, its description and the share of
// each key from..to per configuration. Empty when none counted anything.
std::string histogram_sections(const LabResults& r) {
  std::vector<const packs::HistogramSpec*> specs;
  for (const auto& info : r.configs)
    for (const auto& h : info.declared.histograms)
      if (std::none_of(specs.begin(), specs.end(),
                       [&](const packs::HistogramSpec* s) { return s->name == h.name; }))
        specs.push_back(&h);
  std::string out;
  for (const packs::HistogramSpec* h : specs) {
    std::vector<std::string> categories;
    for (std::int64_t k = h->from; k <= h->to; ++k) categories.push_back(std::to_string(k));
    std::vector<BarSeries> series;
    bool any = false;
    for (std::size_t c = 0; c < r.configs.size(); ++c) {
      const auto& all = r.totals.configs[c].histograms;
      const auto found = all.find(h->name);
      static const std::map<int, std::uint64_t> kNone;
      const auto& counts = found == all.end() ? kNone : found->second;
      long double total = 0;
      for (const auto& [k, n] : counts) total += static_cast<long double>(n);
      any = any || total > 0;
      BarSeries b{short_name(r, c), {}};
      for (std::int64_t k = h->from; k <= h->to; ++k) {
        const auto it = counts.find(static_cast<int>(k));
        b.bars.push_back({it == counts.end()
                              ? 0.0
                              : static_cast<double>(static_cast<long double>(it->second) / total)});
      }
      series.push_back(std::move(b));
    }
    if (!any) continue;
    ChartOptions o;
    o.title = h->label;
    o.x_label = h->name;
    o.y_label = "share of counts";
    o.percent = true;
    out += "<h2>" + e(h->label) + "</h2>\n";
    if (!h->description.empty()) out += "<p>" + e(h->description) + "</p>\n";
    out += bar_chart(categories, series, o);
  }
  return out;
}

std::string stats_table(const LabResults& r) {
  std::set<std::string> names;
  for (const auto& a : r.totals.configs)
    for (const auto& [name, d] : a.stats) names.insert(name);
  if (names.empty())
    return "<p>No pack published statistics (game properties named stats.*).</p>\n";
  std::string out = "<table>\n<tr><th>statistic (per game)</th>";
  for (std::size_t c = 0; c < r.configs.size(); ++c)
    out += fmt::format("<th>{} mean</th><th>sd</th>", e(short_name(r, c)));
  out += "</tr>\n";
  for (const auto& name : names) {
    out += "<tr><td>" + e(name) + "</td>";
    for (const auto& a : r.totals.configs) {
      const auto it = a.stats.find(name);
      if (it == a.stats.end())
        out += "<td>&ndash;</td><td>&ndash;</td>";
      else
        out += fmt::format("<td>{}</td><td>{}</td>", number(it->second.moments.mean()),
                           number(it->second.moments.sd()));
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string errors_section(const LabResults& r) {
  std::string out;
  for (std::size_t c = 0; c < r.configs.size(); ++c)
    for (const auto& err : r.totals.configs[c].error_list)
      out += fmt::format("<li>{}, game {}: {}{}</li>\n", e(short_name(r, c)), err.game,
                         e(err.error), err.replay.empty() ? "" : " (replay " + e(err.replay) + ")");
  return out.empty() ? "" : "<h2>Errors</h2>\n<ul>\n" + out + "</ul>\n";
}

}  // namespace

std::string html_report(const LabResults& r, const std::vector<SampleGame>& samples) {
  const std::string title =
      fmt::format("catan {}: {}", r.run.kind,
                  r.configs.size() == 1 ? r.configs[0].config.label
                                        : fmt::format("{} configurations", r.configs.size()));
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      e(title), kStyle);
  if (r.configs.size() > 1) out += "<h2>The differences</h2>\n" + differences_section(r);
  out += run_section(r);
  if (r.configs.size() > 1) {
    out += "<h2>Comparison</h2>\n" + comparison_section(r);
    out += "<h2>Side by side</h2>\n" + side_by_side_charts(r);
  }
  out += "<h2>Who wins</h2>\n" + win_rate_charts(r);
  const std::string bots = bots_table(r);
  if (!bots.empty()) out += "<h2>Bots</h2>\n" + bots;
  const std::string bot_properties = bot_properties_table(r);
  if (!bot_properties.empty()) out += "<h2>Player properties per bot</h2>\n" + bot_properties;
  out += "<h2>Game length</h2>\n" + length_chart(r);
  const std::string points = points_section(r);
  if (!points.empty()) out += "<h2>Points</h2>\n" + points;
  out += histogram_sections(r);
  out += "<h2>Pack statistics</h2>\n" + stats_table(r);
  out += errors_section(r);
  if (!samples.empty()) {
    out +=
        "<h2>Sample games</h2>\n<p>Step through a game's board, hands and decisions:</p>\n<ul>\n";
    for (const auto& s : samples)
      out += fmt::format("<li><a href=\"{}\">{}</a></li>\n", e(s.href), e(s.label));
    out += "</ul>\n";
  }
  out += fmt::format(
      "<p class=\"note\">Written by catan (the balance lab) from games {}..{} of seed {}; "
      "every figure on this page is computed from those games' totals.</p>\n</body>\n</html>\n",
      r.run.first, r.run.end > r.run.first ? r.run.end - 1 : r.run.first, r.run.seed);
  return out;
}

void write_html_report(const LabResults& results, const std::string& path,
                       const std::vector<SampleGame>& samples) {
  engine::write_output_file(path, html_report(results, samples));
}

}  // namespace catan::lab
