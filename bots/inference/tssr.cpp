#include "bots/inference/tssr.h"

#include <cmath>
#include <optional>

namespace skat::bots::inference {

TssrPosition tssr_position(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
  TssrPosition p;
  p.view = &view;
  p.info = hidden_info(view);
  p.truth.hands = p.info.known;
  p.truth.skat = p.info.known_skat;
  for (Card c : p.info.unknown) {
    const int where = target[static_cast<std::size_t>(c.id())];
    if (where == kSkat)
      p.truth.skat.add(c);
    else
      p.truth.hands[static_cast<std::size_t>((view.pos + where) % 3)].add(c);
  }
  p.log_consistent = ExactWorldSampler(placement_problem(p.info)).log_partition();
  return p;
}

namespace {

// The mean of `weight` over `samples` worlds drawn from `sampler` (nothing when none can be drawn).
std::optional<double> mean_weight(const ExactWorldSampler& sampler, const HiddenInfo& info, int samples, FastRng& rng,
                                  const std::function<double(const World&)>& weight) {
  double sum = 0;
  int drawn = 0;
  for (int k = 0; k < samples; ++k) {
    const auto placement = sampler.draw(rng);
    if (!placement) break;
    sum += weight(world_of(info, *placement));
    ++drawn;
  }
  if (drawn == 0) return std::nullopt;
  return sum / drawn;
}

// log(P_learned(truth) / P_uniform(truth)), from the learned dynamic program's partition sum.
double log_learned_ratio(const TssrPosition& position, const ExactWorldSampler& learned) {
  return learned.log_weight(placement_of(position.info, position.truth)) - learned.log_partition() +
         position.log_consistent;
}

}  // namespace

double log_tssr_weighted(const TssrPosition& position, int samples, FastRng& rng,
                         const std::function<double(const World&)>& weight) {
  const ExactWorldSampler uniform(placement_problem(position.info));
  const auto mean = mean_weight(uniform, position.info, samples, rng, weight);
  if (!mean) return 0;
  return std::log(weight(position.truth)) - std::log(*mean);
}

double log_tssr_count(const TssrPosition& position, int samples, FastRng& rng) {
  const WorldSampler count(position.info, Inference::Count);
  return log_tssr_weighted(position, samples, rng, [&](const World& w) { return count.bid_weight(w); });
}

double log_tssr_kermit(const TssrPosition& position, const KermitTables& kermit, int samples, FastRng& rng) {
  const WorldSampler ki(position.info, Inference::Kermit, std::nullopt, &kermit);
  return log_tssr_weighted(position, samples, rng, [&](const World& w) { return ki.kermit_weight(w); });
}

double log_tssr_learned(const TssrPosition& position, const CardLocations& locations) {
  return log_learned_ratio(position, ExactWorldSampler(placement_problem(position.info, &locations)));
}

// P(w) = learned(w) KI(w) / Σ learned KI = learned(w) KI(w) / (Z_learned E_learned[KI]).
double log_tssr_learned_kermit(const TssrPosition& position, const CardLocations& locations, const KermitTables& kermit,
                               int samples, FastRng& rng) {
  const ExactWorldSampler learned(placement_problem(position.info, &locations));
  const WorldSampler ki(position.info, Inference::Kermit, std::nullopt, &kermit);
  const auto weight = [&](const World& w) { return ki.kermit_weight(w); };
  const double learned_ratio = log_learned_ratio(position, learned);
  const auto mean = mean_weight(learned, position.info, samples, rng, weight);
  if (!mean) return learned_ratio;
  return learned_ratio + std::log(weight(position.truth)) - std::log(*mean);
}

std::vector<TssrInference> tssr_inferences(const LocationModel* model, int count_samples, const KermitTables* kermit) {
  std::vector<TssrInference> out;
  out.push_back({"none", [](const TssrPosition&, FastRng&) { return 0.0; }});
  out.push_back({"count", [count_samples](const TssrPosition& p, FastRng& rng) {
                   return log_tssr_count(p, count_samples, rng);
                 }});
  if (kermit != nullptr)
    out.push_back({"ki", [kermit, count_samples](const TssrPosition& p, FastRng& rng) {
                     return log_tssr_kermit(p, *kermit, count_samples, rng);
                   }});
  if (model != nullptr)
    out.push_back(
        {"learned", [model](const TssrPosition& p, FastRng&) { return log_tssr_learned(p, model->predict(*p.view)); }});
  if (model != nullptr && kermit != nullptr)
    out.push_back({"learned-ki", [model, kermit, count_samples](const TssrPosition& p, FastRng& rng) {
                     return log_tssr_learned_kermit(p, model->predict(*p.view), *kermit, count_samples, rng);
                   }});
  return out;
}

}  // namespace skat::bots::inference
