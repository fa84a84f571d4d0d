#include "engine/chance_correction.h"

#include <algorithm>

namespace skat {

double normal_win_rate(const Declaration& d) {
  if (d.type == GameType::Grand) return 0.934;
  if (d.type != GameType::Null) return 0.804;
  if (d.ouvert) return d.hand ? 0.945 : 0.900;
  return d.hand ? 0.711 : 0.620;
}

double luck_quotient(double p, const Declaration& d) { return std::clamp(p / normal_win_rate(d), 0.5, 2.0); }

std::array<double, 3> corrected_points(const ScoredGame& g, const ChanceOptions& options) {
  std::array<double, 3> points{};
  if (g.folded) return points;
  const double q = options.hand_luck && g.win_probability ? luck_quotient(*g.win_probability, g.declaration) : 1.0;
  const double value = (options.high_value ? options.mean_value : static_cast<double>(g.value)) / q;
  const auto d = static_cast<std::size_t>(g.declarer);
  if (g.won) {
    points[d] = value + 50;
    return points;
  }
  points[d] = -2 * value - 50;
  for (std::size_t s = 0; s < 3; ++s)
    if (s != d) points[s] = 40;
  return points;
}

std::array<double, 3> corrected_series_scores(std::span<const ScoredGame> games, const ChanceOptions& options) {
  std::array<double, 3> total{};
  for (const ScoredGame& g : games) {
    const auto p = corrected_points(g, options);
    for (std::size_t s = 0; s < 3; ++s) total[s] += p[s];
  }
  return total;
}

}  // namespace skat
