// The simple baseline player: bids up to the rule-of-thumb value of its best game (hand_eval.h),
// always picks up the skat, puts away the two cards it least needs, declares that game, and plays
// a random legal card from its seeded generator. Deterministic per seed. Besides being a
// tournament baseline it is the bidding and declaring of the rule-based and `pimc` baselines.
#pragma once

#include <cstdint>

#include "bots/player.h"
#include "bots/rng.h"

namespace skat::bots {

class SimplePlayer : public Player {
 public:
  explicit SimplePlayer(std::uint64_t seed) : rng_(seed) {}
  Action decide(const SeatView& view) override;
  std::string name() const override { return "simple"; }

 private:
  Action bid_or_answer(const SeatView& view) const;
  Action declare(const SeatView& view) const;

  FastRng rng_;
};

}  // namespace skat::bots
