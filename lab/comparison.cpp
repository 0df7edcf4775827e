#include "lab/comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include <fmt/format.h>

#include "lab/multiple_comparisons.h"
#include "lab/rotation.h"
#include "lab/summary.h"

namespace catan::lab {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The configurations' declarations merged, the baseline's winning: what names the rows.
packs::MeasureSpec merged_declarations(const LabResults& results) {
  packs::MeasureSpec merged;
  for (auto c = results.configs.rbegin(); c != results.configs.rend(); ++c)
    merged.merge(c->declared);
  return merged;
}

// Whether `entry` of "metrics.primary" names `id`: equal, or a prefix ending before a '.'.
bool names_metric(const std::string& entry, const std::string& id) {
  return id == entry || (id.size() > entry.size() && id.compare(0, entry.size(), entry) == 0 &&
                         id[entry.size()] == '.');
}

// Gives each row the packs' name and unit (an exact id first, else a per-seat group's name for
// "GROUP.S" with the seat added) and marks the primary ones.
void apply_declarations(const packs::MeasureSpec& declared, int players,
                        std::vector<MetricRow>& rows) {
  for (auto& row : rows) {
    row.primary = std::any_of(declared.primary.begin(), declared.primary.end(),
                              [&](const std::string& e) { return names_metric(e, row.id); });
    if (const auto it = declared.names.find(row.id); it != declared.names.end()) {
      row.name = it->second.label;
      row.unit = it->second.unit;
      continue;
    }
    const auto dot = row.id.rfind('.');
    if (dot == std::string::npos) continue;
    const auto group = declared.names.find(row.id.substr(0, dot));
    const std::string seat = row.id.substr(dot + 1);
    const bool is_seat =
        !seat.empty() && seat.size() <= 4 &&
        std::all_of(seat.begin(), seat.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) &&
        std::stoi(seat) >= 1 && std::stoi(seat) <= players;
    if (group == declared.names.end() || !is_seat) continue;
    row.name = fmt::format("{}, seat {}", group->second.label, seat);
    row.unit = group->second.unit;
  }
}

}  // namespace

namespace {

// The rows of a comparison, metric family by metric family.
class RowBuilder {
 public:
  explicit RowBuilder(const LabResults& results)
      : results_(results), totals_(results.totals), n_(totals_.configs.size()) {
    for (std::size_t c = 0; c < n_; ++c)
      summaries_.push_back(
          summarize(totals_.configs[c], results.run.bots, results.configs[c].declared.score));
  }

  std::vector<MetricRow> rows() {
    add_outcomes();
    add_points();
    add_stats();
    add_bots();
    return std::move(rows_);
  }

 private:
  // A row whose value per config comes from `value` and whose paired difference from `diff`.
  template <typename Value, typename Diff>
  void add(std::string id, std::string name, bool is_rate, Value value, Diff diff) {
    MetricRow row;
    row.id = std::move(id);
    row.name = std::move(name);
    row.is_rate = is_rate;
    for (std::size_t c = 0; c < n_; ++c) row.values.push_back(value(c));
    for (std::size_t c = 1; c < n_; ++c) row.differences.push_back(diff(totals_.pairs[c - 1], c));
    rows_.push_back(std::move(row));
  }

  static std::optional<Difference> binary(const BinaryPairs& b) {
    return paired_proportions(b.n, b.a_only, b.b_only);
  }

  // Seat win rates, the first player's, no winner, balance, turns.
  void add_outcomes() {
    for (int seat = 0; seat < results_.run.players; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      add(
          fmt::format("seat_win.{}", seat + 1), fmt::format("seat {} win rate", seat + 1), true,
          [&](std::size_t c) { return summaries_[c].seat_win[s].value; },
          [&](const PairedAggregate& p, std::size_t) { return binary(p.seat_win[s]); });
    }
    add(
        "first_player_win", "first player win rate", true,
        [&](std::size_t c) { return summaries_[c].first_player_win.value; },
        [&](const PairedAggregate& p, std::size_t) { return binary(p.first_player_win); });
    add(
        "no_winner", "no winner", true,
        [&](std::size_t c) { return summaries_[c].no_winner.value; },
        [&](const PairedAggregate& p, std::size_t) { return binary(p.no_winner); });
    add(
        "balance", "balance score", false,
        [&](std::size_t c) { return summaries_[c].balance_score; },
        [&](const PairedAggregate&, std::size_t c) {
          Difference d;
          d.estimate = summaries_[c].balance_score - summaries_[0].balance_score;
          d.low = d.high = d.z = kNaN;
          return std::optional<Difference>(d);
        });
    add(
        "turns", "turns", false,
        [&](std::size_t c) { return totals_.configs[c].turns.moments.mean(); },
        [&](const PairedAggregate& p, std::size_t) {
          return std::optional<Difference>(paired_means(p.turns));
        });
  }

  // The declared score per seat.
  void add_points() {
    const std::string points = summaries_[0].points;
    if (points.empty()) return;
    for (int seat = 0; seat < results_.run.players; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      add(
          fmt::format("{}.{}", points, seat + 1), fmt::format("{} seat {}", points, seat + 1),
          false,
          [&](std::size_t c) {
            const auto it = totals_.configs[c].player.find(points);
            if (it == totals_.configs[c].player.end() || it->second[s].moments.count() == 0)
              return kNaN;
            return it->second[s].moments.mean();
          },
          [&](const PairedAggregate& p, std::size_t) -> std::optional<Difference> {
            const auto it = p.player.find(points);
            if (it == p.player.end() || it->second[s].count() == 0) return std::nullopt;
            return paired_means(it->second[s]);
          });
    }
  }

  // Every stats.* game property any config has.
  void add_stats() {
    std::set<std::string> names;
    for (const auto& a : totals_.configs)
      for (const auto& [name, d] : a.stats) names.insert(name);
    for (const auto& name : names) {
      add(
          "stats." + name, "stats." + name, false,
          [&](std::size_t c) {
            const auto it = totals_.configs[c].stats.find(name);
            return it == totals_.configs[c].stats.end() ? kNaN : it->second.moments.mean();
          },
          [&](const PairedAggregate& p, std::size_t) -> std::optional<Difference> {
            const auto it = p.stats.find(name);
            if (it == p.stats.end()) return std::nullopt;
            return paired_means(it->second);
          });
    }
  }

  // Per bot, when seats were rotated or seat more than one bot: the share of the games it sat in
  // that one of its seats won (a game-level proportion, so that the paired test applies; for a
  // bot on one seat it is its win rate).
  void add_bots() {
    const auto bots = distinct_bots(seat_bots(results_.run.bots, results_.run.players, 0, false));
    if (!results_.run.rotate && bots.size() <= 1) return;
    for (const auto& bot : bots) {
      add(
          "bot_won." + bot, bot + " games won", true,
          [&](std::size_t c) {
            const auto it = totals_.configs[c].bots.find(bot);
            if (it == totals_.configs[c].bots.end() || it->second.games == 0) return kNaN;
            return static_cast<double>(it->second.wins) / static_cast<double>(it->second.games);
          },
          [&](const PairedAggregate& p, std::size_t) -> std::optional<Difference> {
            const auto it = p.bot_win.find(bot);
            if (it == p.bot_win.end()) return std::nullopt;
            return binary(it->second);
          });
    }
  }

  const LabResults& results_;
  const RunTotals& totals_;
  std::size_t n_;
  std::vector<ConfigSummary> summaries_;
  std::vector<MetricRow> rows_;
};

}  // namespace

std::vector<MetricRow> comparison_rows(const LabResults& results) {
  std::vector<MetricRow> rows = RowBuilder(results).rows();
  const std::size_t n = results.totals.configs.size();
  apply_declarations(merged_declarations(results), results.run.players, rows);
  std::stable_partition(rows.begin(), rows.end(), [](const MetricRow& r) { return r.primary; });
  for (std::size_t c = 1; c < n; ++c) {
    for (const bool primary : {true, false}) {
      std::vector<Difference*> family;
      for (auto& row : rows) {
        auto& d = row.differences[c - 1];
        if (row.primary == primary && d && std::isfinite(d->low)) family.push_back(&*d);
      }
      holm_correct(family);
    }
  }
  return rows;
}

bool has_primary(const std::vector<MetricRow>& rows) {
  return std::any_of(rows.begin(), rows.end(), [](const MetricRow& r) { return r.primary; });
}

namespace {

// The most of `tested(c)` over the comparisons c of `rows` (0 without one).
template <typename Tested>
std::size_t most_over_columns(const std::vector<MetricRow>& rows, Tested tested) {
  std::size_t most = 0;
  const std::size_t columns = rows.empty() ? 0 : rows[0].differences.size();
  for (std::size_t c = 1; c <= columns; ++c) most = std::max(most, tested(c));
  return most;
}

}  // namespace

std::size_t most_metrics_tested(const std::vector<MetricRow>& rows) {
  return most_over_columns(rows, [&](std::size_t c) { return tested_metrics(rows, c); });
}

std::size_t most_metrics_tested(const std::vector<MetricRow>& rows, bool primary) {
  return most_over_columns(rows, [&](std::size_t c) { return tested_metrics(rows, c, primary); });
}

std::string name_with_unit(const MetricRow& row) {
  return row.unit.empty() ? row.name : fmt::format("{} ({})", row.name, row.unit);
}

std::string correction_text(const std::vector<MetricRow>& rows, bool html) {
  const char* open = html ? "&ldquo;" : "\"";
  const char* close = html ? "&rdquo;" : "\"";
  const bool several = !rows.empty() && rows[0].differences.size() > 1;
  const char* each = several ? " in each column" : "";
  if (!has_primary(rows))
    return fmt::format(
        "Verdicts hold for the {} metrics tested together{}: with no real difference, the chance "
        "of any {}significant{} among them is 5% (Holm correction).",
        most_metrics_tested(rows), each, open, close);
  return fmt::format(
      "Verdicts come in two families{}, each corrected on its own (Holm): the {} primary metrics "
      "the packs declare, and the {} exploratory ones. With no real difference, the chance of "
      "any {}significant{} among the primary metrics is 5%, and among the exploratory ones 5%: "
      "read an exploratory verdict as a lead to test again, not as a finding.",
      each, most_metrics_tested(rows, true), most_metrics_tested(rows, false), open, close);
}

std::string verdict_text(const Difference& d) {
  return d.identical     ? "same in every game"
         : !d.testable   ? "too few games"
         : d.significant ? "significant"
         : d.significant_alone
             ? fmt::format("not significant with the others (alone: p {:.3f})", d.p_value)
             : "not significant";
}

namespace {

template <typename Pred>
std::size_t count_tested(const std::vector<MetricRow>& rows, std::size_t c, Pred in_family) {
  std::size_t m = 0;
  for (const auto& row : rows) {
    const auto& d = row.differences[c - 1];
    if (in_family(row) && d && std::isfinite(d->low) && d->testable) ++m;
  }
  return m;
}

}  // namespace

std::size_t tested_metrics(const std::vector<MetricRow>& rows, std::size_t c) {
  return count_tested(rows, c, [](const MetricRow&) { return true; });
}

std::size_t tested_metrics(const std::vector<MetricRow>& rows, std::size_t c, bool primary) {
  return count_tested(rows, c, [&](const MetricRow& r) { return r.primary == primary; });
}

}  // namespace catan::lab
