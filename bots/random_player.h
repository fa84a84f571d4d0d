// The uniformly random legal player: a baseline that picks any legal action (never a
// concession) with equal probability, reproducibly for a given seed.
#pragma once

#include <cstdint>

#include "bots/player.h"
#include "bots/rng.h"

namespace skat::bots {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  Action decide(const SeatView& view) override;
  std::string name() const override { return "random"; }

 private:
  FastRng rng_;
};

}  // namespace skat::bots
