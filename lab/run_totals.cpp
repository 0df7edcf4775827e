#include "lab/run_totals.h"

namespace catan::lab {

RunTotals::RunTotals(std::size_t configs_, int players) {
  configs.assign(configs_, Aggregate(players));
  if (configs_ > 1) pairs.assign(configs_ - 1, PairedAggregate(players));
}

void RunTotals::merge(const RunTotals& o) {
  for (std::size_t i = 0; i < configs.size() && i < o.configs.size(); ++i)
    configs[i].merge(o.configs[i]);
  for (std::size_t i = 0; i < pairs.size() && i < o.pairs.size(); ++i) pairs[i].merge(o.pairs[i]);
}

}  // namespace catan::lab
