// The contracts of the table generators' explorer players (docs/tables.md): bidding, hand or
// pickup, skat putting and the declaration by the simple hand evaluation, loosened and randomised
// from a seed so that the recorded games cover a broad range of contracts (weaker suit games,
// grands with two jacks, nulls, hand games). Card play is someone else's (ExplorerPlayer: PIMC;
// the fast generator: open-card play).
#pragma once

#include <cstdint>

#include "bots/rng.h"
#include "engine/seat_view.h"

namespace skat::bots {

class ContractExplorer {
 public:
  explicit ContractExplorer(std::uint64_t seed) : rng_(seed) {}
  // Any phase but Playing (and Finished).
  Action decide(const SeatView& view);

 private:
  Action bid_or_answer(const SeatView& view);
  Declaration pick_declaration(CardSet twelve, int bid);

  FastRng rng_;
  CardSet bid_hand_;
  int limit_ = 0;
  Declaration planned_;
};

}  // namespace skat::bots
