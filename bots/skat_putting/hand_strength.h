// The hand-strength systems docs/papers.md [skat-selection] §III.C–D uses as putting baselines:
// Walter von Stegen's points and Thomas Kinback's trick count, each for a ten-card hand and a suit
// or grand game, written after the paper's bit-set pseudocode. The paper gives no thresholds for
// when a hand is playable or up to which bid, so these functions return the strength only.
#pragma once

#include "engine/card.h"
#include "engine/deal.h"
#include "engine/game_type.h"

namespace skat::bots::putting {

// Von Stegen: one point per jack, ace and ten; in a suit game one more per trump (so jacks and
// the trump ace and ten count twice), and +0.5 for three jacks without ♣J; +0.5 for ♣J ♠J,
// +1 for ♣J ♠J ♥J, +0.5 for all four jacks; +0.5 when no bid has been made (`bid` == 0).
// 0 for null (the system is for trump games).
double von_stegen(CardSet hand, GameType g, int bid);

// Kinback: grand = aces + jacks + 1 in forehand. Suit game = sure trump tricks + 0.5 in forehand
// + per side suit: A,10 2; A,K (no 10) 1.5; A alone (no 10, no K) 1; 10,K (no A) 1; 10 with
// exactly two of Q/9/8/7 (no A, no K) 0.5; K with exactly two of Q/9/8/7 (no A, no 10) 0.5.
// The paper's pseudocode writes the "no X" conditions as masks (~10, ~KING…); we read them as
// excluding conditions so that each side suit scores one category. 0 for null.
double kinback(CardSet hand, GameType g, int position);

// Kinback's "safetricks" of the trumps: the trumps cashed from the top for sure against all the
// trumps not in `hand`, under the worst split (suit_minigame.h sure_tricks).
int kinback_safe_trump_tricks(CardSet hand, GameType g);

}  // namespace skat::bots::putting
