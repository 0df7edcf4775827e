#include "lab/text_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lab/comparison.h"
#include "lab/summary.h"

namespace catan::lab {

namespace {

std::string percent(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

std::string rate_text(const Rate& r) {
  return fmt::format("{} [{:.1f}, {:.1f}]", percent(r.value), 100 * r.ci.low, 100 * r.ci.high);
}

std::string number(double x) {
  if (!std::isfinite(x)) return "-";
  if (std::fabs(x) >= 100) return fmt::format("{:.1f}", x);
  return fmt::format("{:.3g}", x);
}

std::string signed_number(double x) {
  if (!std::isfinite(x)) return "-";
  return x >= 0 ? fmt::format("+{}", number(x)) : number(x);
}

std::string distribution_text(const Distribution& d) {
  const auto& m = d.moments;
  if (m.count() == 0) return "-";
  std::string out = fmt::format("mean {} sd {}", number(m.mean()), number(m.sd()));
  const auto p10 = d.histogram.quantile(0.1), p50 = d.histogram.quantile(0.5),
             p90 = d.histogram.quantile(0.9);
  if (p50) out += fmt::format("; p10 {} median {} p90 {}", *p10, *p50, *p90);
  return out + fmt::format("; min {} max {}", m.min(), m.max());
}

// "p5 118 p25 142 median 156 p75 170 p95 188" (empty when the histogram overflowed).
std::string quantiles_text(const Histogram& h) {
  const auto p5 = h.quantile(0.05), p25 = h.quantile(0.25), p50 = h.quantile(0.5),
             p75 = h.quantile(0.75), p95 = h.quantile(0.95);
  if (!p50) return "";
  return fmt::format("p5 {} p25 {} median {} p75 {} p95 {}", *p5, *p25, *p50, *p75, *p95);
}

// mean, sd, the quantiles p5..p95, min and max of a points distribution.
std::string points_text(const Distribution& d) {
  const auto& m = d.moments;
  if (m.count() == 0) return "-";
  const std::string q = quantiles_text(d.histogram);
  return fmt::format("mean {:.2f} sd {:.2f}; {}{}min {} max {}", m.mean(), m.sd(), q,
                     q.empty() ? "" : "; ", m.min(), m.max());
}

std::string seats_text(const std::vector<int>& seats) {
  if (seats.size() == 1) return fmt::format("seat {}", seats[0]);
  return fmt::format("seats {}", fmt::join(seats, ","));
}

// The end points: one row per seat, then per agent name its seats' pooled histogram.
void points_rows(const Aggregate& a, const RunInfo& run, const std::string& property,
                 std::vector<std::vector<std::string>>& rows) {
  const auto& seats = a.player.at(property);
  for (std::size_t i = 0; i < seats.size(); ++i)
    rows.push_back(
        {i == 0 ? "end " + property : "", fmt::format("{}: {}", i + 1, points_text(seats[i]))});
  for (const auto& g : points_by_bot(a, run.bots, property, run.rotate)) {
    const Binned b = bin_histogram(g.points.histogram, kPointsBins);
    if (b.bins.empty()) continue;
    std::string head = fmt::format("{} of {}, {}", g.points.moments.count(), seats_text(g.seats),
                                   b.width == 1 ? "by value" : fmt::format("bins of {}", b.width));
    if (g.seats.size() > 1) head += ": " + points_text(g.points);
    rows.push_back({fmt::format("{} of {}", property, g.bot.empty() ? "?" : g.bot), head});
    std::uint64_t top = 0;
    for (const auto& bin : b.bins) top = std::max(top, bin.count);
    const std::size_t digits = std::to_string(top).size();
    const double total = static_cast<double>(g.points.histogram.total());
    for (const auto& bin : b.bins) {
      const auto bar = static_cast<std::size_t>(
          std::lround(40.0 * static_cast<double>(bin.count) / static_cast<double>(top)));
      std::string line =
          fmt::format("{:>{}}  {:5.1f}%  {}", bin.count, digits,
                      100.0 * static_cast<double>(bin.count) / total, std::string(bar, '#'));
      rows.push_back(
          {b.width == 1 ? fmt::format("  {}", bin.low) : fmt::format("  {}..{}", bin.low, bin.high),
           std::move(line)});
    }
  }
}

// Per bot: games, wins and the win rate per seat it held, with the rating when there is one.
// Shown when the run rotated seats or seated more than one bot.
void bot_rows(const Aggregate& a, const RunInfo& run, std::vector<std::vector<std::string>>& rows) {
  const auto results = bot_results(a, run.bots);
  if (results.size() < 2 && !run.rotate) return;
  bool first = true;
  for (const auto& b : results) {
    std::string text = fmt::format("{}: {} games", b.bot, b.games);
    if (b.seat_games != b.games) text += fmt::format(" ({} seats)", b.seat_games);
    text += fmt::format(", {} wins, {} per seat", b.win.x, rate_text(b.win));
    if (b.rating) text += fmt::format(", rating {:.0f}", *b.rating);
    rows.push_back({first ? (run.rotate ? "per bot (rotated)" : "per bot (fixed seats)") : "",
                    std::move(text)});
    first = false;
  }
  if (results.size() > 2 && !results.front().rating)
    rows.push_back({"", "no rating: some bot never won or never lost against the others"});
}

// Per player property, each bot's mean over the seats it held: shown when the run seats more
// than one bot (player_by_bot), since the properties of fixed or rotated seats are not a bot's.
void bot_property_rows(const Aggregate& a, const RunInfo& run,
                       std::vector<std::vector<std::string>>& rows) {
  bool first = true;
  for (const auto& p : player_by_bot(a, run.bots, run.players)) {
    std::vector<std::string> parts;
    for (const auto& [bot, d] : p.bots)
      parts.push_back(fmt::format(
          "{}: {} ({} seats)", bot,
          d.moments.count() ? fmt::format("{:.3g}", d.moments.mean()) : std::string("-"),
          d.moments.count()));
    rows.push_back({first ? "per bot, mean of" : "",
                    fmt::format("{}  {}", p.property, fmt::join(parts, "  "))});
    first = false;
  }
}

}  // namespace

std::string format_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - row[i].size() + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

namespace {

// "time limit: 3 (first: game 7), error: 1 (first: game 2)": the failed games per class.
std::string failures_text(const Aggregate& a) {
  std::vector<std::string> parts;
  for (const auto& [cls, f] : a.failures)
    parts.push_back(fmt::format("{}: {} (first: game {})", cls, f.count, f.first.game));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// A declared histogram as shares of its keys from..to: "Dice totals  2: 2.8% 3: 5.6% ...";
// nothing when it counted nothing.
void histogram_row(const Aggregate& a, const packs::HistogramSpec& h,
                   std::vector<std::vector<std::string>>& rows) {
  const auto found = a.histograms.find(h.name);
  if (found == a.histograms.end()) return;
  long double all = 0;
  for (const auto& [key, n] : found->second) all += static_cast<long double>(n);
  if (all == 0) return;
  std::vector<std::string> shares;
  for (std::int64_t key = h.from; key <= h.to; ++key) {
    const auto it = found->second.find(static_cast<int>(key));
    const long double n = it == found->second.end() ? 0 : static_cast<long double>(it->second);
    shares.push_back(fmt::format("{}: {:.1f}%", key, static_cast<double>(100 * n / all)));
  }
  rows.push_back({h.label, fmt::format("{}", fmt::join(shares, " "))});
}

std::string capped_text(const Aggregate& a) {
  return fmt::format("more than {} distinct names of {}: only the first {} in byte order are kept",
                     Aggregate::kMaxNames, fmt::join(a.capped, ", "), Aggregate::kMaxNames);
}

}  // namespace

std::string config_text(const LabResults& r, std::size_t index) {
  const auto& info = r.configs[index];
  const auto& a = r.totals.configs[index];
  const auto s = summarize(a, r.run.bots, info.declared.score);
  std::vector<std::string> loaded;
  for (const auto& [name, version] : info.loaded) loaded.push_back(name + " " + version);
  std::string out =
      fmt::format("{} ({}{}{})\n", info.config.label, fmt::join(loaded, " + "),
                  info.config.options.empty() ? "" : "; ", fmt::join(info.config.options, " "));
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"games", fmt::format("{}: {} finished, {} without a winner, {} errors", a.games,
                                       a.finished, a.no_winner, a.errors)});
  if (!a.failures.empty()) rows.push_back({"failed games", failures_text(a)});
  if (!a.capped.empty()) rows.push_back({"names capped", capped_text(a)});
  for (const auto& [agent, evaluation] : info.evaluations)
    rows.push_back({"evaluation", fmt::format("{}: {}", agent, evaluation)});
  std::vector<std::string> seats;
  for (std::size_t i = 0; i < s.seat_win.size(); ++i)
    seats.push_back(fmt::format("{}: {}", i + 1, rate_text(s.seat_win[i])));
  rows.push_back({"seat win rate", fmt::format("{}", fmt::join(seats, "  "))});
  std::vector<std::string> positions;
  for (std::size_t i = 0; i < s.position_win.size(); ++i)
    positions.push_back(fmt::format("{}: {}", i + 1, rate_text(s.position_win[i])));
  rows.push_back({"by turn order", fmt::format("{}", fmt::join(positions, "  "))});
  rows.push_back(
      {"first player", fmt::format("{:+.1f} pp ({} vs a fair {})", 100 * s.first_player_advantage,
                                   rate_text(s.first_player_win), percent(1.0 / a.players))});
  rows.push_back({"balance score", fmt::format("{:.3f} by seat, {:.3f} by turn order",
                                               s.balance_score, s.position_balance_score)});
  bot_rows(a, r.run, rows);
  bot_property_rows(a, r.run, rows);
  rows.push_back({"turns", distribution_text(a.turns)});
  if (!s.points.empty()) points_rows(a, r.run, s.points, rows);
  for (const auto& h : info.declared.histograms) histogram_row(a, h, rows);
  for (const auto& [name, d] : a.stats) rows.push_back({"stats." + name, distribution_text(d)});
  if (!a.ignored.empty())
    rows.push_back({"ignored stats", fmt::format("{} (not integers)", fmt::join(a.ignored, ", "))});
  for (const auto& e : a.error_list)
    rows.push_back({fmt::format("error in game {}", e.game),
                    e.error + (e.replay.empty() ? "" : " (replay: " + e.replay + ")")});
  for (auto& row : rows) row[0] = "  " + row[0];
  return out + format_table(rows);
}

namespace {

// Two configurations: both values, the difference with its interval, and the verdict in words.
std::vector<std::vector<std::string>> pair_table(const std::vector<MetricRow>& rows) {
  std::vector<std::vector<std::string>> table = {
      {"metric", "[1]", "[2]", "[2]-[1] (95% CI)", "verdict"}};
  for (const auto& row : rows) {
    std::vector<std::string> line = {name_with_unit(row)};
    for (double v : row.values) line.push_back(row.is_rate ? percent(v) : number(v));
    const auto& d = row.differences[0];
    if (!d) {
      line.insert(line.end(), {"-", "-"});
    } else if (!std::isfinite(d->low)) {
      line.push_back(row.is_rate ? fmt::format("{:+.1f} pp", 100 * d->estimate)
                                 : signed_number(d->estimate));
      line.push_back("no test");
    } else {
      line.push_back(row.is_rate ? fmt::format("{:+.1f} pp [{:+.1f}, {:+.1f}]", 100 * d->estimate,
                                               100 * d->low, 100 * d->high)
                                 : fmt::format("{} [{}, {}]", signed_number(d->estimate),
                                               signed_number(d->low), signed_number(d->high)));
      line.push_back(verdict_text(*d));
    }
    table.push_back(std::move(line));
  }
  return table;
}

// Three or more (a sweep): one column per configuration, each value marked when its difference
// from [1] is significant (*) or cannot be judged yet (~); the intervals are in the JSON and the
// report.
std::vector<std::vector<std::string>> grid_table(const std::vector<MetricRow>& rows,
                                                 std::size_t n) {
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header = {"metric"};
  for (std::size_t c = 0; c < n; ++c) header.push_back(fmt::format("[{}]", c + 1));
  table.push_back(header);
  for (const auto& row : rows) {
    std::vector<std::string> line = {name_with_unit(row)};
    for (std::size_t c = 0; c < n; ++c) {
      std::string cell = row.is_rate ? percent(row.values[c]) : number(row.values[c]);
      if (c > 0) {
        const auto& d = row.differences[c - 1];
        if (d && std::isfinite(d->low))
          cell += d->identical           ? " ="
                  : !d->testable         ? " ~"
                  : d->significant       ? " *"
                  : d->significant_alone ? " (*)"
                                         : "";
      }
      line.push_back(cell);
    }
    table.push_back(std::move(line));
  }
  return table;
}

// The table of `rows` (pair_table for two configurations, grid_table for more), as two tables
// headed by their family when the packs declare primary metrics.
std::string comparison_tables(const std::vector<MetricRow>& rows, std::size_t n) {
  const auto table = [&](const std::vector<MetricRow>& part) {
    return format_table(n == 2 ? pair_table(part) : grid_table(part, n));
  };
  if (!has_primary(rows)) return table(rows);
  std::vector<MetricRow> primary, exploratory;
  for (const auto& row : rows) (row.primary ? primary : exploratory).push_back(row);
  std::string out =
      "Primary metrics (declared by the packs, judged on their own):\n" + table(primary);
  if (!exploratory.empty())
    out += "\nExploratory metrics (corrected as a family of their own; leads, not findings):\n" +
           table(exploratory);
  return out;
}

}  // namespace

std::string comparison_text(const LabResults& r) {
  const auto rows = comparison_rows(r);
  const std::size_t n = r.configs.size();
  std::string out;
  for (std::size_t c = 0; c < n; ++c) {
    const auto& a = r.totals.configs[c];
    out += fmt::format("[{}] {}: {} games, {} errors{}\n", c + 1, r.configs[c].config.label,
                       a.games, a.errors, a.failures.empty() ? "" : " (" + failures_text(a) + ")");
    if (!a.capped.empty()) out += fmt::format("    {}\n", capped_text(a));
  }
  out += fmt::format("{} players ({}{}), seed {}; differences are paired over the same seeds\n",
                     r.run.players, fmt::join(r.run.bots, ","),
                     r.run.rotate ? ", seats rotated" : "", r.run.seed);
  std::vector<std::vector<std::string>> bots;
  for (std::size_t c = 0; c < n; ++c) {
    std::vector<std::vector<std::string>> rows;
    bot_rows(r.totals.configs[c], r.run, rows);
    bot_property_rows(r.totals.configs[c], r.run, rows);
    for (auto& row : rows) {
      row[0] = row[0].empty() ? "" : fmt::format("[{}] {}", c + 1, row[0]);
      bots.push_back(std::move(row));
    }
  }
  out += format_table(bots) + "\n";
  std::string same;  // the configurations whose every game equals [1]'s
  for (std::size_t c = 1; c < n; ++c) {
    const bool identical =
        !rows.empty() && std::all_of(rows.begin(), rows.end(), [&](const auto& row) {
          const auto& d = row.differences[c - 1];
          return !d || !std::isfinite(d->low) || d->identical;  // untested rows say nothing
        });
    if (identical && r.totals.configs[c].games > 0)
      same += fmt::format("{}[{}]", same.empty() ? "" : ", ", c + 1);
  }
  const std::string note =
      same.empty() ? ""
                   : fmt::format(
                         "\n{} played the same games as [1]: no measured value differs in "
                         "any game, so the packs and options that differ changed nothing "
                         "these games reached (more games will not change that).\n",
                         same);
  // The correction, said once: what a verdict of "significant" holds for.
  const std::string correction = fmt::format(
      "\n{} Raw and corrected p-values: --out, --differences.\n", correction_text(rows, false));
  if (n == 2) return out + comparison_tables(rows, n) + correction + note;
  return out + comparison_tables(rows, n) +
         "\n* differs significantly from [1] (95%, paired, corrected for the metrics tested "
         "together); (*) only on its own, not with the others; ~ too few games to tell; = the "
         "same in every game. Intervals: --out (JSON) or --report (HTML).\n" +
         correction + note;
}

}  // namespace catan::lab
