#include "scripting/measure_spec.h"

#include <algorithm>

#include "scripting/manifest.h"

namespace catan::packs {

void MeasureSpec::merge(const MeasureSpec& later) {
  if (!later.score.empty()) score = later.score;
  for (const HistogramSpec& h : later.histograms) {
    const auto it = std::find_if(histograms.begin(), histograms.end(),
                                 [&](const HistogramSpec& mine) { return mine.name == h.name; });
    if (it == histograms.end())
      histograms.push_back(h);
    else
      *it = h;
  }
  for (const std::string& id : later.primary)
    if (std::find(primary.begin(), primary.end(), id) == primary.end()) primary.push_back(id);
  for (const auto& [id, name] : later.names) names[id] = name;
}

MeasureSpec merged_measure_spec(const std::vector<const Manifest*>& packs) {
  MeasureSpec spec;
  for (const Manifest* m : packs) spec.merge(m->measures);
  return spec;
}

}  // namespace catan::packs
