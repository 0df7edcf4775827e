#pragma once
// What each seat may see, and forks "as seen by" a seat (engine/fork.h).
//
// Packs declare visibility when they declare forms and decks: a private form's holdings show
// their count to everyone and their kinds to the owner only (base: resource and development
// cards in hand); a hidden deck shows nobody its order, and when it pools with a private form,
// nobody its items either, except as part of what the deck and the other players' holdings in
// that form hold together (base: the development deck). Everything else is public. Supplies (the
// bank) are public whatever their form.
//
// Out of scope: what a seat learned by watching cards move (a steal it made, a trade it saw,
// cards counted as they were played). A fork as seen by a seat forgets it all and keeps only what
// the declarations say is visible now. One consequence: a copy made while cards named in the game
// are pending (a domestic trade offer on the table when the seat is asked to accept it) may
// deal those cards away from their holder. The base pack lets such an offer lapse; a rule that
// moves them regardless fails the copy (ForkResult::ok is false, with the rule's error).

#include <functional>

#include "engine/game_state.h"
#include "engine/rng.h"

namespace catan::engine {

// Items of one hidden pool a fork deals again, at most (the pool is materialized one entry per
// item).
inline constexpr std::int64_t kMaxHiddenPool = 1 << 20;

// Replaces in `state` what `seat` cannot see by a random arrangement, drawn from `rng`,
// consistent with what it can see. For every private form, the kinds the other players hold in
// it, together with the items of the hidden decks that pool with it, are dealt again keeping
// each player's count and each deck's size (and so each kind's total across those places); a
// hidden deck that pools with no form is shuffled. `seat`'s own holdings, public forms, supplies
// and public decks do not change. Calls `changed(player, form)` for each player whose holdings in
// a form were dealt again. Throws std::runtime_error when a pooled deck's item is not a kind of
// the catalogue, or a pool holds more than kMaxHiddenPool items.
void resample_unseen(GameState& state, int seat, Rng& rng,
                     const std::function<void(int player, int form)>& changed);

}  // namespace catan::engine
