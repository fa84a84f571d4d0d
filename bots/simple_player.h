// The simple rule-based player (a placeholder until the real bots): bids up to the crude value
// of its best game, always picks up the skat, puts away the two cards it least needs, declares
// that game, and plays a random legal card from its seeded generator. Deterministic per seed.
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
