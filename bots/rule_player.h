// The rule-based baseline: the simple player's bidding, skat and declaration, and card play by
// fixed rules instead of at random: the declarer draws trumps with his highest, a defender leads
// an ace or his shortest suit low; following, win as cheaply as possible, give the partner points
// when he holds the trick, throw the lowest points when the trick is lost; null: the declarer
// stays under the trick with his highest card that loses, the defenders play low.
#pragma once

#include <cstdint>

#include "bots/player.h"
#include "bots/simple_player.h"

namespace skat::bots {

class RulePlayer : public Player {
 public:
  explicit RulePlayer(std::uint64_t seed) : bidding_(seed) {}
  Action decide(const SeatView& view) override;
  std::string name() const override { return "rule"; }

 private:
  SimplePlayer bidding_;
};

// The rule-based card for the position to move (view.phase == playing).
Card rule_card(const SeatView& view);

}  // namespace skat::bots
