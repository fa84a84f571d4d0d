#include "bots/pimc/card_race.h"

#include <cmath>

namespace skat::bots {

void CardRace::add_world(double weight, const std::vector<int>& worth) {
  weights_.push_back(weight);
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    Card& c = cards_[i];
    if (!c.active) continue;
    c.sum += weight * worth[i];
    c.weight += weight;
    c.worth.push_back(worth[i]);
  }
}

double CardRace::payoff(std::size_t card) const {
  const Card& c = cards_[card];
  return c.weight > 0 ? c.sum / c.weight : 0.0;
}

std::size_t CardRace::leader() const {
  std::size_t best = cards_.size();
  for (std::size_t i = 0; i < cards_.size(); ++i)
    if (cards_[i].active && (best == cards_.size() || payoff(i) > payoff(best))) best = i;
  return best;
}

bool CardRace::settle(int min_worlds, double z) {
  if (worlds() < min_worlds) return false;
  const std::size_t lead = leader();
  const std::vector<int>& top = cards_[lead].worth;
  double w_sum = 0, w_square = 0;
  for (const double w : weights_) {
    w_sum += w;
    w_square += w * w;
  }
  const double effective_worlds = w_sum * w_sum / w_square;
  bool clear = true;
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    Card& c = cards_[i];
    if (i == lead || !c.active) continue;
    // Active cards were evaluated in every world so far, as the leader was: the worlds pair up.
    double d_sum = 0;
    bool tied = true;
    for (std::size_t k = 0; k < weights_.size(); ++k) {
      const int d = top[k] - c.worth[k];
      tied = tied && d == 0;
      d_sum += weights_[k] * d;
    }
    if (tied) continue;
    const double mean = d_sum / w_sum;
    double variance = 0;
    for (std::size_t k = 0; k < weights_.size(); ++k) {
      const double e = top[k] - c.worth[k] - mean;
      variance += weights_[k] * e * e;
    }
    variance /= w_sum;
    const double standard_error = std::sqrt(variance / effective_worlds);
    if (mean > 0 && mean > z * standard_error) {
      c.active = false;
      c.worth.clear();
      c.worth.shrink_to_fit();
    } else {
      clear = false;
    }
  }
  return clear;
}

}  // namespace skat::bots
