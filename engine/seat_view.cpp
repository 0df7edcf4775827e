#include "engine/seat_view.h"

#include <algorithm>

#include <fmt/format.h>

namespace catan::engine {

bool SeatView::sees_kinds(int holder, int form) const noexcept {
  if (sees_all_ || holder == seat_ || holder >= state_.players) return true;
  const auto f = static_cast<std::size_t>(form);
  return f >= state_.form_private.size() || !state_.form_private[f];
}

std::int64_t SeatView::count(int holder, int form, int kind) const {
  if (!sees_kinds(holder, form))
    throw HiddenInformation(fmt::format(
        "seat {} may not see the kinds of player {}'s holdings in private form '{}' (their "
        "count is public)",
        seat_ + 1, holder + 1, state_.forms.name(form)));
  return state_.holdings.count(holder, form, kind);
}

std::vector<int> SeatView::deck_items(int deck) const {
  std::vector<int> items = state_.decks.items(deck);
  const auto d = static_cast<std::size_t>(deck);
  if (sees_all_ || d >= state_.deck_visibility.size() || !state_.deck_visibility[d].hidden)
    return items;
  if (state_.deck_visibility[d].pool_form >= 0)
    throw HiddenInformation(fmt::format(
        "seat {} may not see the items of hidden deck '{}' (they are unknown; its size is public)",
        seat_ + 1, state_.deck_names.name(deck)));
  std::sort(items.begin(), items.end());
  return items;
}

}  // namespace catan::engine
