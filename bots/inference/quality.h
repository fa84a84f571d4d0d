// How well an inference predicts where the hidden cards lie (docs/inference.md, "Quality"): for
// every card hidden from the position to move, the probability each inference gives to its true
// location: the share of the worlds its sampler draws (as PIMC draws them) that put the card there
// (Monte-Carlo, smoothed). For the learned model that is its probabilities restricted to the
// consistent worlds (the paper's Equation 1), not the network's raw output, which knows nothing of
// hand sizes and shown voids.
#pragma once

#include <array>
#include <vector>

#include "bots/inference/location_model.h"
#include "bots/rng.h"

namespace skat::bots::inference {

enum class Method { Learned = 0, Count = 1, Uniform = 2 };
inline constexpr int kMethods = 3;

// Sums over hidden cards: how many, the log-probability and the probability of the true location.
struct QualitySum {
  long cards = 0;
  std::array<double, kMethods> log_prob{};
  std::array<double, kMethods> prob{};
  void add(const QualitySum& other);
  double cross_entropy(Method m) const {
    return cards ? -log_prob[static_cast<int>(m)] / static_cast<double>(cards) : 0;
  }
  double mean_prob(Method m) const { return cards ? prob[static_cast<int>(m)] / static_cast<double>(cards) : 0; }
};

// Per game class and trick (0..7).
using QualityTable = std::array<std::array<QualitySum, 8>, kGameClasses>;

// Adds the hidden cards of one position; `model` may be null (the learned column stays empty);
// `worlds` worlds per sampled inference.
void add_position_quality(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target,
                          const LocationModel* model, int worlds, FastRng& rng, QualityTable& table);

// A method's marginals from `worlds` sampled worlds (count: weighted by the bids; learned: drawn
// by `model`; uniform), each location's share smoothed by half a world.
CardLocations sampled_marginals(const SeatView& view, Method method, int worlds, FastRng& rng,
                                const LocationModel* model = nullptr);

}  // namespace skat::bots::inference
