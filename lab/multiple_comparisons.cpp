#include "lab/multiple_comparisons.h"

#include <algorithm>

namespace catan::lab {

std::size_t holm_correct(const std::vector<Difference*>& family) {
  std::vector<Difference*> tested;
  for (Difference* d : family)
    if (d != nullptr && d->testable) tested.push_back(d);
  std::stable_sort(tested.begin(), tested.end(), [](const Difference* a, const Difference* b) {
    return a->p_value < b->p_value;
  });
  const std::size_t m = tested.size();
  double running = 0;  // the step-down maximum keeps adjusted p-values in the raw order
  for (std::size_t i = 0; i < m; ++i) {
    Difference& d = *tested[i];
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * d.p_value));
    d.p_adjusted = running;
    d.significant = d.p_adjusted < kAlpha;
  }
  return m;
}

}  // namespace catan::lab
