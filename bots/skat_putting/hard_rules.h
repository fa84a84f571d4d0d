// The hard rules of skat putting (docs/papers.md [skat-selection] §IV.A): discards that are never
// (or must always be) chosen, each a small predicate that says whether it excludes a discard, and
// the admissible set they leave. Rules are applied in order of importance; a rule that would
// exclude every remaining discard is dropped (the paper's backup for over-constrained hands, e.g.
// eleven trumps), so the admissible set is never empty.
#pragma once

#include <vector>

#include "bots/skat_putting/put_view.h"

namespace skat::bots::putting {

// Suit games: no trump is put ("for suit games we forbid discarding trump cards").
bool puts_trump(const PutView& v, CardSet discard);

// 2J grand: no jack is put (the paper permits jacks only in high-card and standard grands).
bool puts_jack_in_two_jack_grand(const PutView& v, CardSet discard);

// Equivalence of 7/8/9: no 9 while an 8 or 7 of that suit is kept, no 8 while the 7 is kept.
// Applied to every class of equal-point cards (the jacks of a grand too): the weaker goes first,
// so equivalent discards are treated once.
bool puts_before_weaker_equal(const PutView& v, CardSet discard);

// "If a 10 and A are available in one suit, and one is put, we prefer putting the A": of cards of
// a plain suit with no opponents' card between them, the one with more points is put first
// (also 10 before K and K before Q when the cards above are the opponents').
bool keeps_richer_equivalent(const PutView& v, CardSet discard);

// Sole tens: a ten that is the only card of its suit must be put, unless there are three or more.
bool keeps_sole_ten(const PutView& v, CardSet discard);

// Low-trump suit games: no ace is put ("in a standard trump game we do not allow A to be put").
bool puts_ace_in_low_trump_suit(const PutView& v, CardSet discard);

// High-card grand: A and 10 of a suit of length three without its K are not put together.
bool puts_ace_ten_without_king(const PutView& v, CardSet discard);

// Standard and 2J grand, suit games: with 10 and K but no A in a suit, a lower card of that suit
// is not put while the 10 is kept (the paper's "no K,N' if N,10 remain; no N,N' if K,10 remain;
// no K,K' if N,10 remain; no N,K' if K,10 remain; no Q,K' if K,10 remain").
bool keeps_ten_over_lower(const PutView& v, CardSet discard);

// Standard and 2J grand, suit games: no 10 with a 7/8/9 while another sole 7/8/9 stays in the
// hand (unless the discard empties the 7/8/9's suit): the 10 with the sole card frees a suit.
bool puts_ten_low_keeping_sole_low(const PutView& v, CardSet discard);

// Grand, the high-card theorem: if the high cards the declarer secures (aces and tens put, or
// cashed as 100 % standing cards) are at least as many as the tricks he loses (10 minus the
// 100 % standing cards, jacks included), he wins. When some discard fulfils it, only such
// discards are admissible.
bool high_card_theorem_holds(const PutView& v, CardSet discard);

// Null: a card is put only with every higher card of its suit (a lower card is never worse in
// null), so only the top one or two cards of a suit go.
bool null_keeps_higher(const PutView& v, CardSet discard);

// The admissible discards, never empty (all 66 if the rules exclude everything).
DiscardList admissible(const PutView& v);
std::vector<std::array<Card, 2>> admissible_discards(CardSet twelve, const Declaration& d,
                                                     const PuttingContext& context = {});

}  // namespace skat::bots::putting
