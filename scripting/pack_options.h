// Pack option values: defaults from the manifests, overridden by "PACK.KEY=VALUE" assignments.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scripting/manifest.h"

namespace catan::packs {

// The option values of a set of loaded packs.
// Invariant (as built by resolve_options): one entry per pack in load order, each holding every
// option of that pack in manifest order; every value has the alternative of its OptionType and
// satisfies the spec's min/max/choices.
struct ResolvedOptions {
  // pack name -> (option key -> value)
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, OptionValue>>>> packs;

  // The value of pack.key, or nullptr if that pack or option is unknown. Valid while `packs` is
  // not modified.
  const OptionValue* find(std::string_view pack, std::string_view key) const;
};

// Parses the text of one value for `spec`, as typed after --option: booleans are "true" or
// "false"; integers are decimal with an optional sign and must fit in 64 bits; numbers are decimal
// or exponent notation and must be finite; strings are taken as is. The value must satisfy
// min/max/choices. Throws PackError naming "option 'PACK.KEY'", e.g.
//   "option 'dice-race.target': expected an integer, got 'abc'".
OptionValue parse_option_value(std::string_view pack, const OptionSpec& spec,
                               std::string_view text);

// Builds the option values for the packs of a load order (see resolve()): every option starts at
// its default, then each assignment "PACK.KEY=VALUE" (split at the first '=' and, before it, at
// the first '.') replaces one value. Throws PackError, e.g.
//   "--option 'x': expected PACK.KEY=VALUE"
//   "--option 'bsae.x=1': pack 'bsae' is not loaded (did you mean 'base'?)"
//   "pack 'dice-race' has no option 'taget' (did you mean 'target'?)"
//   "option 'dice-race.target': 500 is above the maximum 100"
//   "option 'dice-race.target' is set twice by --option"
ResolvedOptions resolve_options(const std::vector<const Manifest*>& order,
                                const std::vector<std::string>& assignments);

}  // namespace catan::packs
