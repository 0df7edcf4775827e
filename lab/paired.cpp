#include "lab/paired.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace catan::lab {

void BinaryPairs::add(bool a, bool b) {
  ++n;
  a_yes += a;
  b_yes += b;
  a_only += a && !b;
  b_only += b && !a;
}

void BinaryPairs::merge(const BinaryPairs& o) {
  n += o.n;
  a_yes += o.a_yes;
  b_yes += o.b_yes;
  a_only += o.a_only;
  b_only += o.b_only;
}

PairedAggregate::PairedAggregate(int players_)
    : players(players_), seat_win(static_cast<std::size_t>(players_)) {}

namespace {

// Calls f(name, seat, value_a, value_b) for every (name, seat) both records set. Both lists
// are short (a handful of properties), so a linear search is fine.
template <typename F>
void both(const std::vector<std::pair<std::string, std::int64_t>>& a,
          const std::vector<std::pair<std::string, std::int64_t>>& b, F&& f) {
  for (const auto& [name, va] : a)
    for (const auto& [other, vb] : b)
      if (name == other) {
        f(name, va, vb);
        break;
      }
}

// Keeps the kMaxNames smallest names, as Aggregate does (order-independent, bounded).
template <typename Map>
void keep_smallest(Map& m) {
  if (m.size() > PairedAggregate::kMaxNames)
    m.erase(std::next(m.begin(), static_cast<std::ptrdiff_t>(PairedAggregate::kMaxNames)), m.end());
}

}  // namespace

void PairedAggregate::add(const GameRecord& a, const GameRecord& b) {
  if (!a.ok || !b.ok) return;
  ++pairs;
  for (int seat = 0; seat < players; ++seat)
    seat_win[static_cast<std::size_t>(seat)].add(a.winner == seat, b.winner == seat);
  first_player_win.add(a.winner >= 0 && a.winner == a.first_player,
                       b.winner >= 0 && b.winner == b.first_player);
  no_winner.add(a.winner < 0, b.winner < 0);
  turns.add(static_cast<std::int64_t>(b.turns) - a.turns);
  both(a.stats, b.stats, [&](const std::string& name, std::int64_t va, std::int64_t vb) {
    stats[name].add(vb - va);
  });
  const std::size_t seats =
      std::min({a.seat_props.size(), b.seat_props.size(), static_cast<std::size_t>(players)});
  for (std::size_t seat = 0; seat < seats; ++seat) {
    both(a.seat_props[seat], b.seat_props[seat],
         [&](const std::string& name, std::int64_t va, std::int64_t vb) {
           auto& per_seat = player[name];
           if (per_seat.empty()) per_seat.resize(static_cast<std::size_t>(players));
           per_seat[seat].add(vb - va);
         });
  }
  if (a.seat_bots.size() == static_cast<std::size_t>(players) && a.seat_bots == b.seat_bots) {
    const auto won = [&](const GameRecord& r, const std::string& bot) {
      return r.winner >= 0 && r.winner < players &&
             r.seat_bots[static_cast<std::size_t>(r.winner)] == bot;
    };
    for (std::size_t seat = 0; seat < a.seat_bots.size(); ++seat) {
      const auto& bot = a.seat_bots[seat];
      const auto first = a.seat_bots.begin() + static_cast<std::ptrdiff_t>(seat);
      if (std::find(a.seat_bots.begin(), first, bot) == first)
        bot_win[bot].add(won(a, bot), won(b, bot));
    }
  }
  keep_smallest(stats);
  keep_smallest(player);
}

void PairedAggregate::merge(const PairedAggregate& o) {
  if (o.players != players)
    throw std::invalid_argument("cannot merge comparisons of different player counts");
  pairs += o.pairs;
  for (std::size_t s = 0; s < seat_win.size(); ++s) seat_win[s].merge(o.seat_win[s]);
  first_player_win.merge(o.first_player_win);
  no_winner.merge(o.no_winner);
  turns.merge(o.turns);
  for (const auto& [name, m] : o.stats) stats[name].merge(m);
  for (const auto& [name, seats] : o.player) {
    auto& mine = player[name];
    if (mine.empty()) mine.resize(static_cast<std::size_t>(players));
    for (std::size_t s = 0; s < seats.size() && s < mine.size(); ++s) mine[s].merge(seats[s]);
  }
  for (const auto& [bot, b] : o.bot_win) bot_win[bot].merge(b);
  keep_smallest(stats);
  keep_smallest(player);
}

}  // namespace catan::lab
