// The soft score of skat putting (docs/papers.md [skat-selection] §IV.B–C): the skat scoring
// features f1..f9 of a discard, the coefficients λ1..λ9 per game sub-type, and their linear score
// Σ λi·fi used to rank the admissible discards. Null, for which the paper gives no coefficients,
// has its own score.
#pragma once

#include <array>

#include "bots/skat_putting/put_view.h"

namespace skat::bots::putting {

// f[i] for i = 1..9 (f[0] unused), over the kept ten cards and the discard:
//   f1 winning probability in percent (100·p(ten, discard)); 0 when no function is given
//   f2 free suits: plain suits without a kept card
//   f3 card points put
//   f4 good tens: kept plain tens whose ace is the declarer's (kept or put)
//   f5 bad tens: kept plain tens with exactly one other card, the ace with the opponents (10,K)
//   f6 100 % standing cards, f7 standing cards with retaking, f8 standing cards without
//      retaking: the suit minigames (suit_minigame.h) summed over the plain suits and the trumps
//   f9 plain suits the declarer leads from the top or retakes shortly (10,K behind the ace)
struct SkatFeatures {
  std::array<double, 10> f{};
};

SkatFeatures skat_features(const PutView& v, CardSet discard, const WinProbabilityFn* win = nullptr);

// λ[i] for i = 1..9. The paper gives ranges for some coefficients of 2J grands and low-trump
// suits, split by position, aces, jacks and suit lengths without saying how; see the .cpp.
// f5 enters with a sign by position: bad in rear hand (−), wanted in fore- and middlehand (+),
// "in rear hand prefer free suits to once-supported 10s, in fore- and middlehand the opposite".
struct Coefficients {
  std::array<double, 10> lambda{};
  double f5_sign = 1.0;
};

Coefficients coefficients(const PutView& v);

// Σ λi·fi (f5 with its sign) for suit and grand; null_score for null.
double soft_score(const PutView& v, CardSet discard, const WinProbabilityFn* win = nullptr);
// The same with the coefficients computed once for many discards of one view.
double soft_score(const PutView& v, const Coefficients& c, CardSet discard, const WinProbabilityFn* win = nullptr);

// Null (our choice, the paper has no null coefficients): −10 per unit of danger summed over the
// suits, +1 per free suit. A suit's danger is Σ max(0, r_i − 2i) over the declarer's kept cards,
// r_i the rank of his i-th lowest card among the cards still in play of that suit (0 = lowest):
// 7; 7,9; 7,9,J… are safe (each card can duck under the opponents' cards), gaps cost.
double null_score(const PutView& v, CardSet discard);

}  // namespace skat::bots::putting
