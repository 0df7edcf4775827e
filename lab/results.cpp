#include "lab/results.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace catan::lab {

namespace {

// The first field in which two runs differ, or "".
std::string difference(const LabResults& a, const LabResults& b) {
  if (a.run.kind != b.run.kind) return fmt::format("kind {} vs {}", a.run.kind, b.run.kind);
  if (a.run.seed != b.run.seed) return fmt::format("seed {} vs {}", a.run.seed, b.run.seed);
  if (a.run.players != b.run.players)
    return fmt::format("players {} vs {}", a.run.players, b.run.players);
  if (a.run.bots != b.run.bots) return "bots differ";
  if (a.run.rotate != b.run.rotate)
    return fmt::format("rotate {} vs {}", a.run.rotate ? "on" : "off", b.run.rotate ? "on" : "off");
  if (a.run.max_turns != b.run.max_turns)
    return fmt::format("max_turns {} vs {}", a.run.max_turns, b.run.max_turns);
  if (a.run.games != b.run.games)
    return fmt::format("total games {} vs {}", a.run.games, b.run.games);
  if (a.configs.size() != b.configs.size()) return "the configurations differ";
  for (std::size_t i = 0; i < a.configs.size(); ++i) {
    if (a.configs[i].config != b.configs[i].config)
      return fmt::format("configuration '{}' vs '{}'", a.configs[i].config.label,
                         b.configs[i].config.label);
    if (a.configs[i].loaded != b.configs[i].loaded)
      return fmt::format("pack versions of '{}' differ", a.configs[i].config.label);
    if (a.configs[i].evaluations != b.configs[i].evaluations)
      return fmt::format("the search agents' evaluations of '{}' differ",
                         a.configs[i].config.label);
    if (a.configs[i].declared != b.configs[i].declared)
      return fmt::format("the score or histograms the packs of '{}' declare differ",
                         a.configs[i].config.label);
  }
  return "";
}

}  // namespace

LabResults merge_results(const std::vector<LabResults>& parts,
                         const std::vector<std::string>& names) {
  if (parts.empty()) throw ResultsError("nothing to merge");
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].run.until_ci)
      throw ResultsError(
          fmt::format("{}: results of an --until-ci run cannot be merged", names[i]));
    if (i > 0) {
      const auto diff = difference(parts[0], parts[i]);
      if (!diff.empty())
        throw ResultsError(
            fmt::format("{} and {} are not shards of one run ({})", names[0], names[i], diff));
    }
  }
  std::vector<std::size_t> order(parts.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return parts[a].run.first < parts[b].run.first; });
  LabResults out = parts[order[0]];
  for (std::size_t k = 1; k < order.size(); ++k) {
    const auto& p = parts[order[k]];
    const auto& prev_name = names[order[k - 1]];
    if (p.run.first < out.run.end)
      throw ResultsError(fmt::format("{} (games {}..{}) overlaps {} (games up to {})",
                                     names[order[k]], p.run.first, p.run.end - 1, prev_name,
                                     out.run.end - 1));
    if (p.run.first > out.run.end)
      throw ResultsError(fmt::format("games {}..{} are missing between {} and {}", out.run.end,
                                     p.run.first - 1, prev_name, names[order[k]]));
    out.run.end = p.run.end;
    out.totals.merge(p.totals);
  }
  return out;
}

}  // namespace catan::lab
