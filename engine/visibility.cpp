#include "engine/visibility.h"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace catan::engine {

void resample_unseen(GameState& state, int seat, Rng& rng,
                     const std::function<void(int, int)>& changed) {
  Holdings& h = state.holdings;
  std::vector<int> pool;
  for (int form = 0; form < static_cast<int>(state.form_private.size()); ++form) {
    if (!state.form_private[static_cast<std::size_t>(form)] || form >= h.forms()) continue;
    pool.clear();
    const auto add = [&](int kind, std::int64_t n) {
      if (static_cast<std::int64_t>(pool.size()) + n > kMaxHiddenPool)
        throw std::runtime_error(fmt::format("fork: the hidden cards of form '{}' are more than {}",
                                             state.forms.name(form), kMaxHiddenPool));
      pool.insert(pool.end(), static_cast<std::size_t>(n), kind);
    };
    for (int p = 0; p < state.players; ++p) {
      if (p == seat) continue;
      for (int k = 0; k < h.kinds(); ++k) add(k, h.count(p, form, k));
    }
    for (int d = 0; d < static_cast<int>(state.deck_visibility.size()); ++d) {
      const DeckVisibility& v = state.deck_visibility[static_cast<std::size_t>(d)];
      if (!v.hidden || v.pool_form != form) continue;
      for (const int item : state.decks.items(d)) {
        const auto kind = state.kinds.find(state.items.name(item));
        if (!kind)
          throw std::runtime_error(fmt::format(
              "fork: deck '{}' pools with form '{}' but holds '{}', which is not a kind",
              state.deck_names.name(d), state.forms.name(form), state.items.name(item)));
        add(*kind, 1);
      }
    }
    rng.shuffle(pool.begin(), pool.end());

    std::size_t next = 0;
    for (int p = 0; p < state.players; ++p) {
      if (p == seat) continue;
      const std::int64_t total = h.total(p, form);
      for (int k = 0; k < h.kinds(); ++k) h.remove(p, form, k, h.count(p, form, k));
      for (std::int64_t i = 0; i < total; ++i) h.add(p, form, pool[next++], 1);
      changed(p, form);
    }
    for (int d = 0; d < static_cast<int>(state.deck_visibility.size()); ++d) {
      const DeckVisibility& v = state.deck_visibility[static_cast<std::size_t>(d)];
      if (!v.hidden || v.pool_form != form) continue;
      std::vector<int> items;
      items.reserve(static_cast<std::size_t>(state.decks.count(d)));
      for (int i = 0; i < state.decks.count(d); ++i)
        items.push_back(state.items.intern(state.kinds.name(pool[next++])));
      state.decks.replace(d, items);
    }
  }
  for (int d = 0; d < static_cast<int>(state.deck_visibility.size()); ++d) {
    const DeckVisibility& v = state.deck_visibility[static_cast<std::size_t>(d)];
    if (v.hidden && v.pool_form < 0) state.decks.shuffle(d, rng);
  }
}

}  // namespace catan::engine
