#include "bots/hand_eval.h"

#include <algorithm>
#include <vector>

#include "engine/scoring.h"

namespace skat::bots {

namespace {

constexpr std::array<GameType, 4> kSuitGames = {GameType::Clubs, GameType::Spades, GameType::Hearts,
                                                GameType::Diamonds};

CardSet aces() {
  return CardSet{Card(Suit::Clubs, Rank::Ace), Card(Suit::Spades, Rank::Ace), Card(Suit::Hearts, Rank::Ace),
                 Card(Suit::Diamonds, Rank::Ace)};
}

// Aces outside the trump suit: the side strength of a suit game.
int side_aces(GameType g, CardSet cards) { return (cards & aces() & ~rules_for(g).trumps()).size(); }

bool grand_worthy(CardSet cards) {
  const int jacks = (cards & CardSet::jacks()).size();
  const int n_aces = (cards & aces()).size();
  return (jacks >= 3 && n_aces >= 2) || (jacks == 4 && n_aces >= 1);
}

// Null only when every card is a 10 or lower and each suit held contains its 7.
bool null_worthy(CardSet cards) {
  for (Card c : cards)
    if (c.rank() > Rank::Ten) return false;
  for (int s = 0; s < kNumSuits; ++s) {
    const auto suit = static_cast<Suit>(s);
    const CardSet in_suit = cards & CardSet::of_suit(suit);
    if (!in_suit.empty() && !in_suit.contains(Card(suit, Rank::Seven))) return false;
  }
  return true;
}

}  // namespace

int trump_count(GameType g, CardSet cards) { return (cards & rules_for(g).trumps()).size(); }

GameType longest_suit(CardSet cards) {
  GameType best = GameType::Clubs;
  for (GameType g : kSuitGames)
    if (trump_count(g, cards) > trump_count(best, cards)) best = g;
  return best;
}

int estimated_value(const Declaration& d, CardSet cards) {
  if (d.type == GameType::Null) return base_value(d);
  const int m = matadors(d.type, cards);
  return base_value(d) * ((m < 0 ? -m : m) + 1);
}

std::optional<Declaration> biddable_game(CardSet hand) {
  if (grand_worthy(hand)) return Declaration{GameType::Grand};
  const GameType suit = longest_suit(hand);
  const int trumps = trump_count(suit, hand);
  if (trumps >= 6 || (trumps == 5 && trumps + side_aces(suit, hand) >= 6)) return Declaration{suit};
  if (null_worthy(hand)) return Declaration{GameType::Null};
  return std::nullopt;
}

Declaration choose_declaration(CardSet twelve, int bid) {
  if (grand_worthy(twelve) && estimated_value(Declaration{GameType::Grand}, twelve) >= bid)
    return Declaration{GameType::Grand};
  // Null is judged on the ten best-kept cards: the two highest go away.
  const Declaration null{GameType::Null};
  const auto null_discard = choose_discard(twelve, null);
  if (base_value(null) >= bid && null_worthy(twelve - CardSet{null_discard[0], null_discard[1]})) return null;
  std::optional<GameType> best;
  for (GameType g : kSuitGames) {
    if (estimated_value(Declaration{g}, twelve) < bid) continue;
    if (!best || trump_count(g, twelve) > trump_count(*best, twelve)) best = g;
  }
  return Declaration{best.value_or(longest_suit(twelve))};
}

std::array<Card, 2> choose_discard(CardSet twelve, const Declaration& d) {
  const GameRules& rules = rules_for(d.type);
  std::vector<Card> cards;
  for (Card c : twelve) cards.push_back(c);
  // Order by "need": non-trumps before trumps, then weakest first; null keeps low cards.
  const auto need = [&](Card c) {
    const auto i = static_cast<std::size_t>(c.id());
    if (d.type == GameType::Null) return -static_cast<int>(rules.strength[i]);
    return (rules.class_of[i] == kTrump ? 100 : 0) + static_cast<int>(rules.strength[i]);
  };
  std::ranges::stable_sort(cards, [&](Card a, Card b) { return need(a) < need(b); });
  return {cards[0], cards[1]};
}

}  // namespace skat::bots
