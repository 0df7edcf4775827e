// One integer statistic over many games: exact moments plus a capped histogram.
#pragma once

#include "lab/histogram.h"
#include "lab/moments.h"

namespace catan::lab {

struct Distribution {
  Moments moments;
  Histogram histogram;

  void add(std::int64_t value) {
    moments.add(value);
    histogram.add(value);
  }
  void merge(const Distribution& other) {
    moments.merge(other.moments);
    histogram.merge(other.histogram);
  }
  bool operator==(const Distribution&) const = default;
};

}  // namespace catan::lab
