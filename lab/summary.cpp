#include "lab/summary.h"

#include <algorithm>

#include "lab/rating.h"
#include "lab/rotation.h"

namespace catan::lab {

Rate make_rate(std::uint64_t x, std::uint64_t n) {
  Rate r;
  r.x = x;
  r.n = n;
  r.value = n == 0 ? 0.0 : static_cast<double>(x) / static_cast<double>(n);
  r.ci = wilson(x, n);
  return r;
}

namespace {

double balance(const std::vector<Rate>& rates) {
  if (rates.empty()) return 1.0;
  const auto [lo, hi] = std::minmax_element(
      rates.begin(), rates.end(), [](const Rate& a, const Rate& b) { return a.value < b.value; });
  return 1.0 - (hi->value - lo->value);
}

}  // namespace

ConfigSummary summarize(const Aggregate& t, const std::vector<std::string>& bots,
                        const std::string& score) {
  ConfigSummary s;
  for (auto w : t.seat_wins) s.seat_win.push_back(make_rate(w, t.finished));
  for (auto w : t.position_wins) s.position_win.push_back(make_rate(w, t.finished));
  if (!s.position_win.empty()) {
    s.first_player_win = s.position_win[0];
    s.first_player_advantage = s.first_player_win.value - 1.0 / t.players;
  }
  s.balance_score = balance(s.seat_win);
  s.position_balance_score = balance(s.position_win);
  if (!t.bots.empty()) {
    for (const auto& b : bot_results(t, bots)) s.bot_win.emplace_back(b.bot, b.win);
  }
  for (std::size_t seat = 0; t.bots.empty() && seat < bots.size() && seat < t.seat_wins.size();
       ++seat) {
    auto it = std::find_if(s.bot_win.begin(), s.bot_win.end(),
                           [&](const auto& e) { return e.first == bots[seat]; });
    if (it == s.bot_win.end()) {
      s.bot_win.emplace_back(bots[seat], Rate{});
      it = s.bot_win.end() - 1;
    }
    it->second.x += t.seat_wins[seat];
    it->second.n += t.finished;
  }
  for (auto& [name, rate] : s.bot_win) rate = make_rate(rate.x, rate.n);
  s.no_winner = make_rate(t.no_winner, t.finished);
  if (!score.empty() && t.player.count(score)) s.points = score;
  return s;
}

std::vector<BotResult> bot_results(const Aggregate& t, const std::vector<std::string>& bots) {
  std::vector<std::string> order = distinct_bots(bots);
  order.erase(std::remove_if(order.begin(), order.end(),
                             [&](const std::string& b) { return !t.bots.count(b); }),
              order.end());
  for (const auto& [name, totals] : t.bots)
    if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
  std::vector<BotResult> out;
  for (const auto& name : order) {
    const BotTotals& b = t.bots.at(name);
    out.push_back({name, b.games, b.seats, make_rate(b.wins, b.seats), std::nullopt});
  }
  if (out.size() > 2) {
    std::vector<std::vector<std::uint64_t>> beats(out.size(),
                                                  std::vector<std::uint64_t>(out.size(), 0));
    for (std::size_t i = 0; i < out.size(); ++i)
      for (std::size_t j = 0; j < out.size(); ++j) {
        const auto it = t.beats.find({out[i].bot, out[j].bot});
        if (i != j && it != t.beats.end()) beats[i][j] = it->second;
      }
    if (const auto ratings = bradley_terry_ratings(beats))
      for (std::size_t i = 0; i < out.size(); ++i) out[i].rating = (*ratings)[i];
  }
  return out;
}

std::vector<PointsGroup> points_by_bot(const Aggregate& t, const std::vector<std::string>& bots,
                                       const std::string& property, bool rotated) {
  std::vector<PointsGroup> out;
  if (rotated) {
    const auto found = t.bot_points.find(property);
    if (property.empty() || found == t.bot_points.end()) return out;
    std::vector<int> all(static_cast<std::size_t>(t.players));
    for (std::size_t s = 0; s < all.size(); ++s) all[s] = static_cast<int>(s) + 1;
    for (const auto& name : distinct_bots(bots)) {
      const auto it = found->second.find(name);
      if (it != found->second.end()) out.push_back({name, all, it->second});
    }
    return out;
  }
  const auto found = t.player.find(property);
  if (property.empty() || found == t.player.end()) return out;
  const auto& seats = found->second;
  for (std::size_t seat = 0; seat < seats.size(); ++seat) {
    const std::string bot = seat < bots.size() ? bots[seat] : "";
    auto it =
        std::find_if(out.begin(), out.end(), [&](const PointsGroup& g) { return g.bot == bot; });
    if (it == out.end()) {
      out.push_back({bot, {}, {}});
      it = out.end() - 1;
    }
    it->seats.push_back(static_cast<int>(seat) + 1);
    it->points.merge(seats[seat]);
  }
  return out;
}

std::vector<PropertyByBot> player_by_bot(const Aggregate& t, const std::vector<std::string>& bots,
                                         int players) {
  std::vector<PropertyByBot> out;
  if (players < 1 || distinct_bots(seat_bots(bots, players, 0, false)).size() < 2) return out;
  const auto order = bot_results(t, bots);
  for (const auto& [property, per_bot] : t.bot_player) {
    PropertyByBot p{property, {}};
    for (const auto& b : order)
      if (const auto it = per_bot.find(b.bot); it != per_bot.end())
        p.bots.emplace_back(b.bot, it->second);
    if (!p.bots.empty()) out.push_back(std::move(p));
  }
  return out;
}

}  // namespace catan::lab
