#include "bots/inference/quality.h"

#include <cmath>

#include "bots/pimc/world_sampler.h"

namespace skat::bots::inference {

void QualitySum::add(const QualitySum& other) {
  cards += other.cards;
  for (int m = 0; m < kMethods; ++m) {
    log_prob[static_cast<std::size_t>(m)] += other.log_prob[static_cast<std::size_t>(m)];
    prob[static_cast<std::size_t>(m)] += other.prob[static_cast<std::size_t>(m)];
  }
}

namespace {

CardLocations marginals_of(const SeatView& view, const HiddenInfo& info, Method method, int worlds, FastRng& rng,
                           const LocationModel* model) {
  const Inference inference = method == Method::Count                         ? Inference::Count
                              : method == Method::Learned && model != nullptr ? Inference::Learned
                                                                              : Inference::None;
  const WorldSampler sampler(info, inference,
                             inference == Inference::Learned ? std::optional(model->predict(view)) : std::nullopt);
  std::array<std::array<double, kLocations>, kNumCards> mass{};
  double total = 0;
  for (int k = 0; k < worlds; ++k) {
    const auto w = sampler.sample(rng);
    if (!w) break;
    total += w->weight;
    for (int p = 0; p < 3; ++p)
      for (Card c : w->hands[static_cast<std::size_t>(p)])
        mass[static_cast<std::size_t>(c.id())][static_cast<std::size_t>(relative(p, view.pos))] += w->weight;
    for (Card c : w->skat) mass[static_cast<std::size_t>(c.id())][kSkat] += w->weight;
  }
  // half a world spread over the four locations, so that no location is impossible by chance
  const double unit = total > 0 ? total / std::max(worlds, 1) : 1.0;
  CardLocations out{};
  for (int c = 0; c < kNumCards; ++c)
    for (int l = 0; l < kLocations; ++l)
      out[static_cast<std::size_t>(c)][static_cast<std::size_t>(l)] = static_cast<float>(
          (mass[static_cast<std::size_t>(c)][static_cast<std::size_t>(l)] + unit / 8) / (total + unit / 2));
  return out;
}

}  // namespace

CardLocations sampled_marginals(const SeatView& view, Method method, int worlds, FastRng& rng,
                                const LocationModel* model) {
  return marginals_of(view, hidden_info(view), method, worlds, rng, model);
}

void add_position_quality(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target,
                          const LocationModel* model, int worlds, FastRng& rng, QualityTable& table) {
  const HiddenInfo info = hidden_info(view);
  std::array<CardLocations, kMethods> p{};
  if (model) p[0] = marginals_of(view, info, Method::Learned, worlds, rng, model);
  p[1] = marginals_of(view, info, Method::Count, worlds, rng, nullptr);
  p[2] = marginals_of(view, info, Method::Uniform, worlds, rng, nullptr);
  QualitySum& sum =
      table[static_cast<std::size_t>(game_class(view.declaration->type))][std::min<std::size_t>(view.tricks.size(), 7)];
  for (Card c : info.unknown) {
    const std::size_t where = target[static_cast<std::size_t>(c.id())];
    ++sum.cards;
    for (int m = 0; m < kMethods; ++m) {
      if (m == 0 && !model) continue;
      const double q = std::max(p[static_cast<std::size_t>(m)][static_cast<std::size_t>(c.id())][where], 1e-6F);
      sum.log_prob[static_cast<std::size_t>(m)] += std::log(q);
      sum.prob[static_cast<std::size_t>(m)] += q;
    }
  }
}

}  // namespace skat::bots::inference
