// The exact totals of a lab run: one Aggregate per configuration and one PairedAggregate per
// configuration after the first (configs[i] against configs[0], in pairs[i - 1]). Workers fill
// their own and merge() sums them; being exact integer sums, the result does not depend on how
// the games were divided.
#pragma once

#include <cstddef>
#include <vector>

#include "lab/aggregate.h"
#include "lab/paired.h"

namespace catan::lab {

struct RunTotals {
  std::vector<Aggregate> configs;
  std::vector<PairedAggregate> pairs;

  RunTotals() = default;
  RunTotals(std::size_t configs, int players);
  void merge(const RunTotals& other);
  bool operator==(const RunTotals&) const = default;
};

}  // namespace catan::lab
