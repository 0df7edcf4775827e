// Many metrics tested at once. A comparison tests some twenty metrics at 95% each: with no real
// difference anywhere, about one of them would be called significant by chance. The Holm
// step-down correction keeps the chance of any false "significant" over all the metrics tested
// together (the family-wise error) at 5%, whatever their dependence, and rejects everything
// Bonferroni does and more:
//   sort the m p-values ascending, p(1) <= ... <= p(m); the adjusted p(i) is
//   max over j <= i of min(1, (m - j + 1) p(j)); a metric is significant when its adjusted p is
//   below 0.05.
// docs/lab.md, "Many metrics at once", says why Holm and not a false-discovery-rate procedure.
#pragma once

#include <vector>

#include "lab/significance.h"

namespace catan::lab {

// The name reports give the correction.
inline constexpr const char* kCorrection = "holm";

// Corrects the differences of `family` (the testable ones of one comparison) together: sets each
// one's p_adjusted and its significant (from p_adjusted), keeping significant_alone. Null
// entries and untestable differences are not part of the family. Returns the family's size.
std::size_t holm_correct(const std::vector<Difference*>& family);

}  // namespace catan::lab
