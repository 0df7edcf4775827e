// What a pack declares about measuring its games: the "score", "histograms" and "metrics" fields
// of pack.json. The balance lab reports the score's distribution and every declared histogram, and
// searches score a copy that has not ended by each seat's share of the score, so neither knows
// any pack's property names: a new game declares its own and needs no C++.
//
//   "score": "vp"        the player property that is a player's score (an integer)
//   "histograms": {"dice": {"prefix": "dice_histogram.", "label": "Dice totals",
//                           "from": 2, "to": 12, "description": "..."}}
//                        game properties PREFIX + K, for each integer K in from..to, count how
//                        often K happened in the game (see docs/authoring.md, "Scores and
//                        histograms")
//   "metrics": {"primary": ["seat_win", "first_player_win", "turns"],
//               "names": {"stats.sevens": {"label": "sevens rolled", "unit": "sevens"}}}
//                        the comparison's primary metrics, judged as their own family (the rest
//                        are exploratory), and readable names for metric ids (lab/comparison.h
//                        lists the ids)
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace catan::packs {

struct Manifest;

// The most keys a histogram may have (to - from + 1), and the longest name, prefix and score.
inline constexpr int kMaxHistogramKeys = 256;
inline constexpr std::size_t kMaxMeasureNameBytes = 64;

// One declared histogram.
// Invariants after load_manifest: name matches [a-z][a-z0-9_]*; label and prefix are non-empty;
// from <= to and to - from < kMaxHistogramKeys; description may be empty.
struct HistogramSpec {
  std::string name;         // how results and reports name it ("dice")
  std::string label;        // a short title for people ("Dice totals")
  std::string prefix;       // game properties prefix + K hold the counts
  int from = 0, to = 0;     // the keys K, both included
  std::string description;  // one line, may be empty
  bool operator==(const HistogramSpec&) const = default;
};

// The longest metric id and readable label, and the longest unit.
inline constexpr std::size_t kMaxMetricLabelBytes = 64;
inline constexpr std::size_t kMaxMetricUnitBytes = 24;

// A readable name for one metric id. Invariant: label is non-empty; unit may be empty.
struct MetricName {
  std::string label;  // "sevens rolled"
  std::string unit;   // "sevens", "cards", "turns"; "" for a count without one
  bool operator==(const MetricName&) const = default;
};

struct MeasureSpec {
  std::string score;                      // the score's player property; "" when undeclared
  std::vector<HistogramSpec> histograms;  // declaration order
  // Metric ids or id prefixes (an entry names every id equal to it or starting with it and a
  // '.': "seat_win" names "seat_win.1", ...), in declaration order, without repeats.
  std::vector<std::string> primary;
  std::map<std::string, MetricName> names;  // by metric id, or by a per-seat group ("vp")

  // `later` (a pack loaded after this one's) laid over this spec: its score replaces this one
  // when set, its histograms are added, replacing one of the same name in its place, its
  // primary metrics are added after these, and its names replace those of the same id.
  void merge(const MeasureSpec& later);
  bool operator==(const MeasureSpec&) const = default;
};

// The packs' specs merged in load order: a variant may replace the score and the histograms of
// the packs it builds on.
MeasureSpec merged_measure_spec(const std::vector<const Manifest*>& packs);

}  // namespace catan::packs
