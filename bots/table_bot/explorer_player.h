// The player that generates the base tables T0 (docs/learning.md §2): card play by PIMC, and
// bidding and declaring by the simple hand evaluation, loosened and randomised from its seed so
// that the recorded games cover a broad range of contracts (weaker suit games, grands with two
// jacks, nulls, hand games), each labelled by its actual result when the games are folded.
#pragma once

#include <cstdint>

#include "bots/pimc/pimc_player.h"
#include "bots/player.h"

namespace skat::bots {

class ExplorerPlayer : public Player {
 public:
  ExplorerPlayer(std::uint64_t seed, PimcSettings pimc) : pimc_(seed, pimc), rng_(seed ^ 0x9e3779b97f4a7c15ULL) {}
  Action decide(const SeatView& view) override;
  std::string name() const override { return "explorer"; }

 private:
  Action bid_or_answer(const SeatView& view);
  Declaration pick_declaration(CardSet twelve, int bid);

  PimcPlayer pimc_;
  FastRng rng_;
  CardSet bid_hand_;
  int limit_ = 0;
  Declaration planned_;
};

}  // namespace skat::bots
