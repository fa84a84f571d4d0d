// Exact draws of hidden-card placements from a product distribution under hard constraints: each
// hidden card goes to one of four slots (the three positions, the skat) with a weight per card and
// slot (zero where the card may not go), each slot takes exactly its number of cards, and a
// placement's probability is the product of its cards' weights over the sum of those products
// (the partition sum Z). A dynamic program over the cards in a fixed order, with the state "cards
// still to place per slot", gives Z (backward sums), exact draws card by card in proportion to
// weight × Z(rest), and every card's conditional marginals (forward-backward). docs/inference.md.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "bots/rng.h"
#include "engine/card.h"

namespace skat::bots {

inline constexpr int kSlots = 4;  // positions 0, 1, 2 (absolute) and the skat
inline constexpr int kSkatSlot = 3;

struct PlacementProblem {
  std::vector<Card> cards;                          // the hidden cards, in the order the DP takes them
  std::vector<std::array<double, kSlots>> weights;  // per card (same order), per slot; 0: not allowed
  std::array<int, kSlots> need{};                   // how many of the cards each slot takes
};

// The cards each slot received.
using Placement = std::array<CardSet, kSlots>;

// Per card id, the probability of each slot under the constraints (zero rows for cards not hidden).
using SlotMarginals = std::array<std::array<double, kSlots>, kNumCards>;

class ExactWorldSampler {
 public:
  explicit ExactWorldSampler(PlacementProblem problem);

  // Whether any placement meets the constraints with a positive weight.
  bool feasible() const { return feasible_; }
  // One placement, exactly in proportion to its weight (one uniform number per card).
  std::optional<Placement> draw(FastRng& rng) const;
  // log Z: the log of the summed weights of all placements that meet the constraints.
  double log_partition() const { return log_z_; }
  // The log of a placement's weight (minus infinity when it breaks a constraint).
  double log_weight(const Placement& placement) const;
  // P(card in slot | constraints) for every hidden card.
  SlotMarginals marginals() const;

 private:
  std::size_t index(const std::array<int, kSlots>& left) const;
  // Z of layer `i` (cards i.. still to place) at `left`, scaled per layer; 0 outside the table.
  double scaled_z(std::size_t i, const std::array<int, kSlots>& left) const;

  PlacementProblem problem_;
  std::array<std::size_t, kSlots> stride_{};
  std::size_t layer_size_ = 0;
  std::vector<double> z_;  // (cards + 1) layers of layer_size_ entries, each scaled to a maximum of 1
  double log_z_ = 0;
  bool feasible_ = false;
};

}  // namespace skat::bots
