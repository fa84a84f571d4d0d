// The race between a PIMC decision's cards: each card's worth (Seeger-Fabian payoff to the
// deciding position) in every world it was evaluated in, with the world's weight. After each batch
// of worlds `settle` drops the cards that are clearly worse than the leader (the paired
// differences over the same worlds, a one-sided test at `z` standard errors) and says whether the
// decision is clear: no card left but the leader, or the rest equal to it in every world so far.
// Dropped cards are evaluated no more; their payoff stays the mean over the worlds they saw.
#pragma once

#include <cstddef>
#include <vector>

namespace skat::bots {

class CardRace {
 public:
  explicit CardRace(std::size_t cards) : cards_(cards) {}

  bool active(std::size_t card) const { return cards_[card].active; }
  // One world: its weight and, per card, the worth (ignored for cards no longer active).
  void add_world(double weight, const std::vector<int>& worth);
  int worlds() const { return static_cast<int>(weights_.size()); }
  // Weighted mean worth over the worlds the card was evaluated in (0 before any world).
  double payoff(std::size_t card) const;
  // The active card with the highest payoff (the first of equals).
  std::size_t leader() const;
  // Drops the clearly worse cards once `min_worlds` worlds are in; true when the decision is clear.
  bool settle(int min_worlds, double z);

 private:
  struct Card {
    bool active = true;
    double sum = 0;          // Σ weight × worth
    double weight = 0;       // Σ weight of its worlds
    std::vector<int> worth;  // per world, while active
  };
  std::vector<Card> cards_;
  std::vector<double> weights_;
};

}  // namespace skat::bots
