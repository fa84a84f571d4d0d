// The rule-based card play (rule_player.h); the bidding is the simple player's.
#include "bots/rule_player.h"

#include <stdexcept>

#include "bots/concession_vote.h"

namespace skat::bots {

namespace {

int strength(const GameRules& r, Card c) { return r.strength[static_cast<std::size_t>(c.id())]; }
int class_of(const GameRules& r, Card c) { return r.class_of[static_cast<std::size_t>(c.id())]; }

// The card of `cards` that is best by `better(a, b)` (true when a is preferred to b).
template <class Better>
Card pick(CardSet cards, Better better) {
  Card best = cards.first();
  for (Card c : cards)
    if (better(c, best)) best = c;
  return best;
}

Card lead(const SeatView& view, const GameRules& r, CardSet legal) {
  const bool declarer = view.pos == view.declarer;
  if (view.declaration->type == GameType::Null)
    return pick(legal, [&](Card a, Card b) { return strength(r, a) < strength(r, b); });  // lowest
  const CardSet trumps = legal & r.trumps();
  if (declarer && !trumps.empty()) return pick(trumps, [&](Card a, Card b) { return strength(r, a) > strength(r, b); });
  const CardSet aces = legal - r.trumps();
  for (Card c : aces)
    if (c.rank() == Rank::Ace) return c;
  // The lowest card of the shortest plain suit, else the lowest trump.
  int shortest = 99;
  Card choice = pick(legal, [&](Card a, Card b) { return strength(r, a) < strength(r, b); });
  for (int k = 0; k < 4; ++k) {
    const CardSet suit = legal & r.class_cards[static_cast<std::size_t>(k)];
    if (!suit.empty() && suit.size() < shortest) {
      shortest = suit.size();
      choice = pick(suit, [&](Card a, Card b) { return strength(r, a) < strength(r, b); });
    }
  }
  return choice;
}

Card follow(const SeatView& view, const GameRules& r, CardSet legal) {
  const auto& trick = view.current_trick;
  const int led = class_of(r, trick[0]);
  std::size_t best = 0;
  for (std::size_t i = 1; i < trick.size(); ++i)
    if (r.beats(trick[i], trick[best], led)) best = i;
  const Card winning = trick[best];
  const int winner = (view.trick_leader + static_cast<int>(best)) % 3;
  const bool me_declarer = view.pos == view.declarer;
  const bool partner_wins = (winner == view.declarer) == me_declarer;
  const bool last = trick.size() == 2;
  CardSet beaters;
  for (Card c : legal)
    if (r.beats(c, winning, led)) beaters.add(c);
  auto lowest = [&](CardSet set) {
    return pick(set, [&](Card a, Card b) {
      return card_points(a) != card_points(b) ? card_points(a) < card_points(b) : strength(r, a) < strength(r, b);
    });
  };
  if (view.declaration->type == GameType::Null) {
    const CardSet under = legal - beaters;
    if (me_declarer)
      return under.empty() ? pick(legal, [&](Card a, Card b) { return strength(r, a) > strength(r, b); })
                           : pick(under, [&](Card a, Card b) { return strength(r, a) > strength(r, b); });
    return pick(legal, [&](Card a, Card b) { return strength(r, a) < strength(r, b); });
  }
  if (partner_wins) {
    if (last) return pick(legal, [&](Card a, Card b) { return card_points(a) > card_points(b); });  // smear
    return lowest(legal);
  }
  if (!beaters.empty())
    return pick(beaters, [&](Card a, Card b) { return strength(r, a) < strength(r, b); });  // cheapest win
  return lowest(legal);
}

}  // namespace

Card rule_card(const SeatView& view) {
  CardSet legal;
  for (const Action& a : view.legal)
    if (a.kind == ActionKind::Play) legal.add(a.card);
  if (legal.empty() || !view.declaration) throw std::logic_error("RulePlayer: no card to play");
  const GameRules& r = rules_for(view.declaration->type);
  return view.current_trick.empty() ? lead(view, r, legal) : follow(view, r, legal);
}

Action RulePlayer::decide(const SeatView& view) {
  if (view.phase != Phase::Playing) return bidding_.decide(view);
  if (const auto agreed = agree_when_already_won(view)) return *agreed;
  return Action::play(view.pos, rule_card(view));
}

}  // namespace skat::bots
