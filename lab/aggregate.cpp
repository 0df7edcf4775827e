#include "lab/aggregate.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace catan::lab {

Aggregate::Aggregate(int players_)
    : players(players_),
      seat_wins(static_cast<std::size_t>(players_), 0),
      position_wins(static_cast<std::size_t>(players_), 0) {}

std::string failure_class(const std::string& error) {
  if (error.starts_with(kOutOfRangePrefix)) return "out of range";
  if (error.find("game deadline exceeded") != std::string::npos) return "game deadline";
  if (error.find("time limit exceeded") != std::string::npos) return "time limit";
  if (error.find("instruction budget exceeded") != std::string::npos) return "instruction budget";
  if (error.find("distinct names") != std::string::npos) return "name cap";
  if (error.find("memory") != std::string::npos) return "memory";
  return "error";
}

namespace {

// Keeps the Aggregate::kMaxNames smallest keys of `m`; true when some were dropped.
template <typename Map>
bool keep_smallest(Map& m) {
  if (m.size() <= Aggregate::kMaxNames) return false;
  m.erase(std::next(m.begin(), static_cast<std::ptrdiff_t>(Aggregate::kMaxNames)), m.end());
  return true;
}

}  // namespace

void Aggregate::trim_names() {
  if (keep_smallest(stats)) capped.insert("stats");
  if (keep_smallest(player)) capped.insert("player");
  for (auto it = bot_player.begin(); it != bot_player.end();)
    it = player.count(it->first) ? std::next(it) : bot_player.erase(it);
  if (keep_smallest(ignored)) capped.insert("ignored");
}

void Aggregate::add_failure(const std::string& cls, const FailureClass& f) {
  auto& mine = failures[cls];
  if (mine.count == 0 || f.first.game < mine.first.game) mine.first = f.first;
  mine.count += f.count;
}

void Aggregate::add_error(ErrorEntry entry) {
  const auto at =
      std::lower_bound(error_list.begin(), error_list.end(), entry.game,
                       [](const ErrorEntry& e, std::uint64_t game) { return e.game < game; });
  error_list.insert(at, std::move(entry));
  if (error_list.size() > kMaxErrorEntries) error_list.resize(kMaxErrorEntries);
}

void Aggregate::add(const GameRecord& r) {
  ++games;
  if (!r.ok) {
    ++errors;
    ErrorEntry entry{r.index, r.error, r.replay_file};
    add_failure(failure_class(r.error), FailureClass{1, entry});
    add_error(std::move(entry));
    return;
  }
  ++finished;
  if (r.winner >= 0 && r.winner < players) {
    ++seat_wins[static_cast<std::size_t>(r.winner)];
    const int position = ((r.winner - r.first_player) % players + players) % players;
    ++position_wins[static_cast<std::size_t>(position)];
  } else {
    ++no_winner;
  }
  turns.add(r.turns);
  rounds.add(r.rounds);
  decisions.add(static_cast<std::int64_t>(r.decisions));
  for (const auto& h : r.histograms)
    for (const auto& [key, n] : h.counts)
      if (n > 0) histograms[h.name][key] += static_cast<std::uint64_t>(n);
  for (const auto& [name, value] : r.stats) stats[name].add(value);
  for (std::size_t seat = 0; seat < r.seat_props.size() && seat < seat_wins.size(); ++seat) {
    for (const auto& [name, value] : r.seat_props[seat]) {
      auto& per_seat = player[name];
      if (per_seat.empty()) per_seat.resize(static_cast<std::size_t>(players));
      per_seat[seat].add(value);
    }
  }
  for (const auto& name : r.ignored) ignored.insert(name);
  add_bots(r);
  trim_names();
}

void Aggregate::add_bots(const GameRecord& r) {
  if (r.seat_bots.size() != static_cast<std::size_t>(players)) return;
  for (std::size_t seat = 0; seat < r.seat_bots.size(); ++seat) {
    const auto& name = r.seat_bots[seat];
    auto& b = bots[name];
    if (std::find(r.seat_bots.begin(), r.seat_bots.begin() + static_cast<std::ptrdiff_t>(seat),
                  name) == r.seat_bots.begin() + static_cast<std::ptrdiff_t>(seat))
      ++b.games;
    ++b.seats;
    if (seat < r.seat_props.size())
      for (const auto& [prop, value] : r.seat_props[seat]) {
        if (!r.score.empty() && prop == r.score) bot_points[prop][name].add(value);
        bot_player[prop][name].add(value);
      }
  }
  if (r.winner < 0 || r.winner >= players) return;
  const auto& winner = r.seat_bots[static_cast<std::size_t>(r.winner)];
  ++bots[winner].wins;
  for (const auto& other : r.seat_bots)
    if (other != winner) ++beats[{winner, other}];
}

void Aggregate::merge(const Aggregate& o) {
  if (o.players != players)
    throw std::invalid_argument("cannot merge results of different player counts");
  games += o.games;
  finished += o.finished;
  errors += o.errors;
  no_winner += o.no_winner;
  for (std::size_t i = 0; i < seat_wins.size(); ++i) {
    seat_wins[i] += o.seat_wins[i];
    position_wins[i] += o.position_wins[i];
  }
  turns.merge(o.turns);
  rounds.merge(o.rounds);
  decisions.merge(o.decisions);
  for (const auto& [name, counts] : o.histograms)
    for (const auto& [key, n] : counts) histograms[name][key] += n;
  for (const auto& [name, d] : o.stats) stats[name].merge(d);
  for (const auto& [name, seats] : o.player) {
    auto& mine = player[name];
    if (mine.empty()) mine.resize(static_cast<std::size_t>(players));
    for (std::size_t seat = 0; seat < seats.size() && seat < mine.size(); ++seat)
      mine[seat].merge(seats[seat]);
  }
  for (const auto& e : o.error_list) add_error(e);
  ignored.insert(o.ignored.begin(), o.ignored.end());
  for (const auto& [cls, f] : o.failures) add_failure(cls, f);
  capped.insert(o.capped.begin(), o.capped.end());
  for (const auto& [name, b] : o.bots) {
    auto& mine = bots[name];
    mine.games += b.games;
    mine.seats += b.seats;
    mine.wins += b.wins;
  }
  for (const auto& [pair, n] : o.beats) beats[pair] += n;
  for (const auto& [prop, per_bot] : o.bot_points)
    for (const auto& [name, d] : per_bot) bot_points[prop][name].merge(d);
  for (const auto& [prop, per_bot] : o.bot_player)
    for (const auto& [name, d] : per_bot) bot_player[prop][name].merge(d);
  trim_names();
}

}  // namespace catan::lab
