#include "bots/pimc/exact_world_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace skat::bots {

namespace {

// Every vector of counts 0..need[l] per slot, in index order, with the given total.
template <typename Visit>
void for_each_left(const std::array<int, kSlots>& need, int total, Visit&& visit) {
  std::array<int, kSlots> left{};
  for (left[0] = 0; left[0] <= need[0]; ++left[0])
    for (left[1] = 0; left[1] <= need[1]; ++left[1])
      for (left[2] = 0; left[2] <= need[2]; ++left[2]) {
        left[3] = total - left[0] - left[1] - left[2];
        if (left[3] >= 0 && left[3] <= need[3]) visit(left);
      }
}

}  // namespace

ExactWorldSampler::ExactWorldSampler(PlacementProblem problem) : problem_(std::move(problem)) {
  const auto& need = problem_.need;
  const int n = static_cast<int>(problem_.cards.size());
  int total = 0;
  for (int v : need) total += v;
  if (std::ranges::any_of(need, [](int v) { return v < 0; }) || total != n ||
      problem_.weights.size() != problem_.cards.size()) {
    log_z_ = -std::numeric_limits<double>::infinity();
    return;
  }
  std::size_t size = 1;
  for (int l = kSlots - 1; l >= 0; --l) {
    stride_[static_cast<std::size_t>(l)] = size;
    size *= static_cast<std::size_t>(need[static_cast<std::size_t>(l)] + 1);
  }
  layer_size_ = size;
  z_.assign(static_cast<std::size_t>(n + 1) * layer_size_, 0.0);
  z_[static_cast<std::size_t>(n) * layer_size_ + index({0, 0, 0, 0})] = 1.0;
  double log_scale = 0;  // log of the factor layer i+1's scaled values stand for
  for (int i = n - 1; i >= 0; --i) {
    const auto& w = problem_.weights[static_cast<std::size_t>(i)];
    double top = 0;
    double* layer = &z_[static_cast<std::size_t>(i) * layer_size_];
    for_each_left(need, n - i, [&](const std::array<int, kSlots>& left) {
      double sum = 0;
      for (std::size_t l = 0; l < kSlots; ++l) {
        if (left[l] == 0 || w[l] <= 0) continue;
        auto rest = left;
        --rest[l];
        sum += w[l] * scaled_z(static_cast<std::size_t>(i + 1), rest);
      }
      layer[index(left)] = sum;
      top = std::max(top, sum);
    });
    if (top <= 0) {
      log_z_ = -std::numeric_limits<double>::infinity();
      return;
    }
    for (std::size_t k = 0; k < layer_size_; ++k) layer[k] /= top;
    log_scale += std::log(top);
  }
  const double z0 = scaled_z(0, need);
  feasible_ = z0 > 0;
  log_z_ = feasible_ ? std::log(z0) + log_scale : -std::numeric_limits<double>::infinity();
}

std::size_t ExactWorldSampler::index(const std::array<int, kSlots>& left) const {
  std::size_t k = 0;
  for (std::size_t l = 0; l < kSlots; ++l) k += static_cast<std::size_t>(left[l]) * stride_[l];
  return k;
}

double ExactWorldSampler::scaled_z(std::size_t i, const std::array<int, kSlots>& left) const {
  return z_[i * layer_size_ + index(left)];
}

std::optional<Placement> ExactWorldSampler::draw(FastRng& rng) const {
  if (!feasible_) return std::nullopt;
  Placement out{};
  std::array<int, kSlots> left = problem_.need;
  for (std::size_t i = 0; i < problem_.cards.size(); ++i) {
    const auto& w = problem_.weights[i];
    std::array<double, kSlots> q{};
    double total = 0;
    for (std::size_t l = 0; l < kSlots; ++l) {
      if (left[l] == 0 || w[l] <= 0) continue;
      auto rest = left;
      --rest[l];
      total += q[l] = w[l] * scaled_z(i + 1, rest);
    }
    double pick = uniform01(rng) * total;
    std::size_t slot = kSlots;
    for (std::size_t l = 0; l < kSlots; ++l) {
      if (q[l] <= 0) continue;
      slot = l;  // the last slot with mass takes what rounding leaves over
      if (pick < q[l]) break;
      pick -= q[l];
    }
    --left[slot];
    out[slot].add(problem_.cards[i]);
  }
  return out;
}

double ExactWorldSampler::log_weight(const Placement& placement) const {
  constexpr double kImpossible = -std::numeric_limits<double>::infinity();
  double sum = 0;
  CardSet placed;
  for (std::size_t l = 0; l < kSlots; ++l) {
    if (placement[l].size() != problem_.need[l] || !(placed & placement[l]).empty()) return kImpossible;
    placed |= placement[l];
  }
  for (std::size_t i = 0; i < problem_.cards.size(); ++i) {
    std::size_t slot = kSlots;
    for (std::size_t l = 0; l < kSlots; ++l)
      if (placement[l].contains(problem_.cards[i])) slot = l;
    if (slot == kSlots || problem_.weights[i][slot] <= 0) return kImpossible;
    sum += std::log(problem_.weights[i][slot]);
  }
  return sum;
}

SlotMarginals ExactWorldSampler::marginals() const {
  SlotMarginals out{};
  if (!feasible_) return out;
  const auto& need = problem_.need;
  const int n = static_cast<int>(problem_.cards.size());
  // alpha: the summed weights of the first i cards' placements that leave `left`, scaled per layer
  std::vector<double> alpha(layer_size_, 0.0), next(layer_size_, 0.0);
  alpha[index(need)] = 1.0;
  for (int i = 0; i < n; ++i) {
    const auto& w = problem_.weights[static_cast<std::size_t>(i)];
    std::array<double, kSlots> mass{};
    std::ranges::fill(next, 0.0);
    for_each_left(need, n - i, [&](const std::array<int, kSlots>& left) {
      const double a = alpha[index(left)];
      if (a <= 0) return;
      for (std::size_t l = 0; l < kSlots; ++l) {
        if (left[l] == 0 || w[l] <= 0) continue;
        auto rest = left;
        --rest[l];
        const double step = a * w[l];
        mass[l] += step * scaled_z(static_cast<std::size_t>(i + 1), rest);
        next[index(rest)] += step;
      }
    });
    double total = 0;
    for (double m : mass) total += m;
    auto& row = out[static_cast<std::size_t>(problem_.cards[static_cast<std::size_t>(i)].id())];
    for (std::size_t l = 0; l < kSlots; ++l) row[l] = mass[l] / total;
    const double top = *std::ranges::max_element(next);
    for (std::size_t k = 0; k < layer_size_; ++k) alpha[k] = next[k] / top;
  }
  return out;
}

}  // namespace skat::bots
