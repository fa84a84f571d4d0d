#include "bots/inference/void_calibration.h"

#include <algorithm>
#include <cmath>

#include "bots/inference/card_features.h"
#include "bots/pimc/world_sampler.h"

namespace skat::bots::inference {

std::vector<VoidCalibration> void_calibration_rows(const std::vector<double>& weights) {
  std::vector<VoidCalibration> rows;
  for (double w : weights) rows.push_back({.weight = w});
  return rows;
}

void add_void_calibration(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target,
                          const LocationModel* model, int worlds, FastRng& rng, std::vector<VoidCalibration>& rows) {
  if (!view.declaration || view.declaration->type == GameType::Null || view.pos == view.declarer ||
      !view.current_trick.empty())
    return;
  const HiddenInfo info = hidden_info(view);
  const auto declarer = static_cast<std::size_t>(info.declarer);
  const WorldSampler sampler(info, model ? Inference::Learned : Inference::None,
                             model ? std::optional(model->predict(view)) : std::nullopt);
  // The suits asked about: those WorldSampler::weigh_declarer_voids counts.
  const std::array<CardSet, 4> open = declarer_open_suits(info);
  std::vector<std::size_t> suits;
  for (std::size_t s = 0; s < 4; ++s)
    if (!open[s].empty()) suits.push_back(s);
  if (suits.empty()) return;
  // The declarer's cards now: where the card play began, less what he has played.
  CardSet held;
  const auto frame = static_cast<std::uint8_t>(relative(info.declarer, info.me));
  for (int c = 0; c < kNumCards; ++c)
    if (target[static_cast<std::size_t>(c)] == frame) held.add(Card(c));
  held = held - info.played_by[declarer];
  std::vector<std::pair<int, std::array<bool, 4>>> drawn;  // per world: its voids, and which
  for (int w = 0; w < worlds; ++w) {
    const auto world = sampler.sample(rng);
    if (!world) continue;
    std::array<bool, 4> is_void{};
    int voids = 0;
    for (std::size_t s : suits) {
      is_void[s] = (world->hands[declarer] & open[s]).empty();
      voids += is_void[s] ? 1 : 0;
    }
    drawn.push_back({voids, is_void});
  }
  if (drawn.empty()) return;
  for (std::size_t s : suits) {
    const bool truth = (held & open[s]).empty();
    for (VoidCalibration& row : rows) {
      double all = 0, in_void = 0;
      for (const auto& [k, is_void] : drawn) {
        const double weight = std::pow(row.weight, k);
        all += weight;
        if (is_void[s]) in_void += weight;
      }
      const double p = in_void / all;
      const double clamped = std::clamp(p, 0.005, 0.995);
      const auto b = static_cast<std::size_t>(std::min(4, static_cast<int>(p * 5)));
      ++row.cases;
      row.voids += truth ? 1 : 0;
      row.predicted += p;
      row.log_likelihood += std::log(truth ? clamped : 1 - clamped);
      ++row.bucket_cases[b];
      row.bucket_voids[b] += truth ? 1 : 0;
      row.bucket_predicted[b] += p;
    }
  }
}

}  // namespace skat::bots::inference
