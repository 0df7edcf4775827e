// The configurations a lab run plays: which packs, with which option values.
//
// Text form (catan compare): PACK[+PACK...][:PACK.KEY=VALUE...], e.g.
//   base
//   base+resource-tokens+city-walls
//   base:base.target_vp=12:base.discard_limit=9
// Packs are names or paths, as for catan play. Options given for every config (--option) come
// first; a config's own assignment to the same PACK.KEY replaces them.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace catan::lab {

// A configuration the user wrote wrongly (exit code 2 at the command line).
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LabConfig {
  std::string label;                 // how tables and charts name it
  std::vector<std::string> packs;    // requested packs, in the order given
  std::vector<std::string> options;  // PACK.KEY=VALUE assignments for every game
  bool operator==(const LabConfig&) const = default;
};

// `common` then `own`, where an assignment of `own` replaces the one of `common` with the same
// PACK.KEY (the text before the first '=').
std::vector<std::string> combine_options(const std::vector<std::string>& common,
                                         const std::vector<std::string>& own);

// Parses the text form above; the label is the text itself. Throws ConfigError for an empty
// pack name or an option without '='.
LabConfig parse_config(std::string_view text, const std::vector<std::string>& common_options);

// The grid of a sweep: `options` are PACK.KEY=VALUE assignments whose VALUE may list values
// separated by commas (PACK.KEY=v1,v2,v3). One config per combination, the first option varying
// slowest; options with one value apply to every config. Labels list the swept assignments
// ("citadels.vp=3 base.target_vp=12"). Throws ConfigError when no option has two or more values,
// an assignment lacks '=', or a value list has an empty entry or repeats a value.
std::vector<LabConfig> sweep_configs(const std::vector<std::string>& packs,
                                     const std::vector<std::string>& options);

}  // namespace catan::lab
