// How well sampled worlds know the declarer's voids (docs/inference.md, "The declarer's voids"): at
// every defender's lead in the first eight tricks of a suit game or grand, for each plain suit the
// declarer has not shown void in and of which cards are hidden, the weighted share of the learned
// worlds in which he holds none of it, against whether he did. One row per world weight
// (WorldSampler::weigh_declarer_voids): the mean share, the log-likelihood of the truth and a
// calibration table by fifths of the predicted share.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bots/inference/location_model.h"
#include "bots/rng.h"
#include "engine/seat_view.h"

namespace skat::bots::inference {

struct VoidCalibration {
  double weight = 1.0;        // per void of the declarer's
  long cases = 0;             // (position, suit) pairs
  long voids = 0;             // of them, the declarer truly void
  double predicted = 0;       // sum of the predicted shares
  double log_likelihood = 0;  // sum of the log-probability of the truth (shares clamped to [0.005, 0.995])
  std::array<long, 5> bucket_cases{};
  std::array<long, 5> bucket_voids{};
  std::array<double, 5> bucket_predicted{};
};

// One row per weight, in order.
std::vector<VoidCalibration> void_calibration_rows(const std::vector<double>& weights);

// Adds one position (`target`: where each card lay when the card play began, in the frame of
// view.pos, as for_each_position gives it) if it is a defender's lead in a suit game or grand:
// `worlds` learned worlds (uniform without a model), each row weighing them by its weight.
void add_void_calibration(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target,
                          const LocationModel* model, int worlds, FastRng& rng, std::vector<VoidCalibration>& rows);

}  // namespace skat::bots::inference
