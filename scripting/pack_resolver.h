// Turning a request for packs into a load order that honours requires and conflicts.
#pragma once

#include <string>
#include <vector>

#include "scripting/manifest.h"
#include "scripting/pack_search.h"

namespace catan::packs {

// Resolves the requested pack references (names or paths, see PackSearch::find) plus everything
// they transitively require into a load order. Guarantees: every pack comes after all packs it
// requires; among packs whose requirements are met, the alphabetically smallest name comes first,
// so the order depends only on the set of packs, never on the order of `requested`; each pack
// appears once (a pack requested twice, by name or path, is loaded once). A `requires` entry is
// satisfied by a requested pack of that name (even one loaded by path) before the search list is
// consulted. An empty request gives an empty order. Pointers are owned by `search`.
// Throws PackError, one line naming pack and field:
//   "pack 'walls': field 'requires': pack 'base' not found (searched: /dir1, /dir2)"
//   "pack 'a': field 'requires': dependency cycle a -> b -> a" (starting at the smallest name)
//   "pack 'x': field 'conflicts': conflicts with pack 'y', which is also loaded"
//     (followed by " (required by 'z')" when y was not requested directly)
//   "pack 'base' is requested twice from different directories: /a/base and /b/base"
// and whatever PackSearch::find throws for a requested reference.
std::vector<const Manifest*> resolve(PackSearch& search, const std::vector<std::string>& requested);

}  // namespace catan::packs
