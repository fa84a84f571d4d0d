// The true-state sampling ratio (docs/inference.md, "TSSR"; the paper's Figure 2): how much
// likelier the true world of a recorded position is under an inference's distribution than under
// uniform sampling over the worlds consistent with what the player to move knows. Each inference
// is one entry of tssr_inferences(): a name and the log of that ratio for a position.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/inference/location_model.h"
#include "bots/pimc/world_sampler.h"

namespace skat::bots::inference {

// A recorded position: the mover's view, what it knows, and the world as it really is.
struct TssrPosition {
  const SeatView* view = nullptr;
  HiddenInfo info;
  World truth;
  double log_consistent = 0;  // log of the number of consistent worlds (uniform: 1 / that each)
};

// The position of `view` with `target` (where each card lay when the card play began, in the
// mover's frame, as for_each_position gives it).
TssrPosition tssr_position(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target);

struct TssrInference {
  std::string name;
  // log(P_inference(truth) / P_uniform(truth))
  std::function<double(const TssrPosition&, FastRng&)> log_ratio;
};

// none: 0. count and ki (when `kermit` is given): the world weight of the truth over its mean over
// `count_samples` exact uniform worlds (the normaliser is a sum over all consistent worlds; these
// weights do not factorise). learned (when `model` is given): exact, from the dynamic program's
// partition sum. learned-ki (both given): learned's ratio times the truth's KI weight over its
// mean over `count_samples` worlds drawn from the learned distribution.
std::vector<TssrInference> tssr_inferences(const LocationModel* model, int count_samples,
                                           const KermitTables* kermit = nullptr);

// log(weight(truth) / mean weight of `samples` uniform worlds), for a sampler's weight (count, KI).
double log_tssr_weighted(const TssrPosition& position, int samples, FastRng& rng,
                         const std::function<double(const World&)>& weight);
double log_tssr_count(const TssrPosition& position, int samples, FastRng& rng);
double log_tssr_kermit(const TssrPosition& position, const KermitTables& kermit, int samples, FastRng& rng);
double log_tssr_learned(const TssrPosition& position, const CardLocations& locations);
double log_tssr_learned_kermit(const TssrPosition& position, const CardLocations& locations, const KermitTables& kermit,
                               int samples, FastRng& rng);

}  // namespace skat::bots::inference
