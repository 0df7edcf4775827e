#pragma once
// What a position says about each seat, as named numbers read from the kernel state alone. No
// rule is known here: every feature comes from what the packs put in the kernel (player
// properties, holdings, board properties), so the same code describes base, Cities & Knights, the
// dice game or a pack nobody has written yet. A learned evaluation (search/value_model.h) weighs
// them.
//
// The features of seat p (1-based seat numbers as the packs store them):
//   player.KEY                  p's numeric player property KEY (a boolean counts as 0 or 1)
//   holds.FORM.KIND             how many KIND p holds in FORM
//   turn.order=K                K = how many turns until p's next turn starts (0: p is on turn)
//   ELEM.KEY                    how many ELEMs (tile, node, path) have KEY = p, for a seat key
//   ELEM.KEY.P=V                ... of those, how many have property P = V (a category: a string,
//                               an integer from -20 to 20 of a key that is no seat key, or true)
//   node.KEY[.P=V].tile.T=U     for each such node and each tile at its corner with tile
//                               property T = U (a category), one; P=V is each string property
//                               of the node's piece keys (none: no P=V part)
//   path.KEY.open_node[.tile.T=U]  the nodes at an end of p's paths (a seat key KEY) that carry
//                               no seat key's value, each once, and the tiles at their corners:
//                               where p's paths could lead
// A seat key is a property whose every value set on that kind of element is a seat number
// (1..players): base's node "owner" and path "road", C&K's "metropolis". A key that also holds
// other values (a tile's "number") is a category instead. A piece key is a property set only on
// elements that have a seat key's value (base's node "building"; not "harbor", which unowned
// nodes carry too).

#include <string_view>

#include "engine/game_state.h"

namespace catan::search {

// Receives features one at a time; a feature may be reported several times for one seat, and
// its values then add up.
class FeatureSink {
 public:
  virtual ~FeatureSink() = default;
  // Adds `value` to feature `name` of seat `seat` (0-based). `name` is valid only during the call.
  virtual void add(int seat, std::string_view name, double value) = 0;
};

// Reports every feature of every seat of `state` to `sink`, in a fixed order for a given state.
void extract_features(const engine::GameState& state, FeatureSink& sink);

}  // namespace catan::search
