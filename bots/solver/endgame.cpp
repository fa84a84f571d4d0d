#include "bots/solver/endgame.h"

#include <algorithm>

namespace skat::bots {

int Endgame::search(std::array<CardSet, 3>& hands, int leader, int need, std::uint64_t& nodes) const {
  if (need <= 0 || hands[0].empty()) return 0;
  const int most =
      count == EndgameCount::DeclarerPoints ? card_points(hands[0] | hands[1] | hands[2]) : hands[0].size();
  if (most < need) return most;
  std::array<Card, 3> trick{};
  return play_card(hands, leader, trick, 0, 0, need, nodes);
}

int Endgame::play_card(std::array<CardSet, 3>& hands, int leader, std::array<Card, 3>& trick, int i, int winning,
                       int need, std::uint64_t& nodes) const {
  const int player = (leader + i) % 3;
  CardSet& hand = hands[static_cast<std::size_t>(player)];
  const CardSet legal = i == 0 ? hand : rules.playable(hand, trick[0]);
  const bool maximiser = maximises(player);
  const int led_class = i == 0 ? -1 : rules.class_of[static_cast<std::size_t>(trick[0].id())];
  int best = maximiser ? -1 : 1000;
  for (const Card c : legal) {
    if (++nodes >= node_limit) return 0;
    trick[static_cast<std::size_t>(i)] = c;
    hand.remove(c);
    const int now_winning = i > 0 && rules.beats(c, trick[static_cast<std::size_t>(winning)], led_class) ? i : winning;
    int v = 0;
    if (i < 2) {
      v = play_card(hands, leader, trick, i + 1, now_winning, need, nodes);
    } else {
      const int winner = (leader + now_winning) % 3;
      int gain = 0;
      switch (count) {
        case EndgameCount::DeclarerPoints:
          gain = winner == declarer ? card_points(trick[0]) + card_points(trick[1]) + card_points(trick[2]) : 0;
          break;
        case EndgameCount::DefenderTricks: gain = winner != declarer ? 1 : 0; break;
        case EndgameCount::DeclarerTricks: gain = winner == declarer ? 1 : 0; break;
      }
      v = gain + search(hands, winner, need - gain, nodes);
    }
    hand.add(c);
    if (nodes >= node_limit) return 0;
    best = maximiser ? std::max(best, v) : std::min(best, v);
    if ((v >= need) == maximiser) break;
  }
  return best;
}

}  // namespace skat::bots
