// Reading lab results from JSON (lab/results_json.h): the header and the exact totals ("raw"),
// every field checked, with one-line errors that name the file and the field's path.
#include "lab/results_json.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>

#include "engine/file_io.h"

#include "lab/rotation.h"

namespace catan::lab {

namespace {

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

}  // namespace catan::lab
