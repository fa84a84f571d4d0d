// The null declarer's winning chance from the open-card solver instead of the null table: the
// declarer's ten cards against sampled deals of the cards he cannot see, each solved for "the
// declarer takes no trick" with every hand open (docs/tables.md, "The null model"). With open
// cards the defenders play as one, so a deal the solver loses may still be won at the table when
// they cannot tell who holds what; the model counts a lost deal as won at a small rate, lower in
// ouvert (the defenders see the declarer's cards). A hand the static analysis proves safe in every
// deal (docs/solver.md) needs no sampling, and one that loses each of the first six deals no more
// of them. Deterministic: the deals depend only on the question.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "bots/solver/open_solver.h"
#include "engine/card.h"

namespace skat::bots {

struct NullModelSettings {
  int worlds = 24;                     // sampled deals of the unseen cards per question
  double lost_deal_won_plain = 0.15;   // null, null hand: a deal lost with open cards, won at the table
  double lost_deal_won_ouvert = 0.05;  // null ouvert (hand)
};

struct NullQuestion {
  CardSet ten;    // the declarer's cards in play
  CardSet known;  // the cards he knows outside his hand: the discard (pickup), nothing (hand game)
  bool ouvert = false;
  int position = 0;  // the declarer's seat (0 leads the first trick)
};

class NullModel {
 public:
  explicit NullModel(NullModelSettings settings = {});

  // The declarer's chance of taking no trick, in [0, 1].
  double win_probability(const NullQuestion& q);
  // The share of sampled deals the open-card solver wins for him (the model before the
  // correction for hidden cards).
  double open_card_share(const NullQuestion& q);

 private:
  NullModelSettings settings_;
  OpenSolver solver_;
  double remember(std::uint64_t key, double share);

  std::unordered_map<std::uint64_t, double> shares_;  // by question; cleared when large
};

}  // namespace skat::bots
