#include "bots/skat_putting/hand_strength.h"

#include <bit>

#include "bots/skat_putting/suit_minigame.h"

namespace skat::bots::putting {

namespace {

constexpr Card kClubJack(Suit::Clubs, Rank::Jack);
constexpr Card kSpadeJack(Suit::Spades, Rank::Jack);
constexpr Card kHeartJack(Suit::Hearts, Rank::Jack);

CardSet of_rank(Rank r) {
  CardSet out;
  for (int s = 0; s < kNumSuits; ++s) out.add(Card(static_cast<Suit>(s), r));
  return out;
}

bool has(unsigned pattern, unsigned bit) { return (pattern & bit) != 0; }

// One side suit in Kinback's system, from its plain pattern.
double kinback_side_suit(unsigned h) {
  constexpr unsigned kKing = 1u << 4;
  constexpr unsigned kSmall = kPlainLow | (1u << 3);  // Q 9 8 7
  const bool ace = has(h, kPlainAce);
  const bool ten = has(h, kPlainTen);
  const bool king = has(h, kKing);
  const int small = std::popcount(h & kSmall);
  if (ace && ten) return 2.0;
  if (ace && king) return 1.5;
  if (ace) return 1.0;
  if (ten && king) return 1.0;
  if (ten && small == 2) return 0.5;
  if (king && !ten && small == 2) return 0.5;
  return 0.0;
}

}  // namespace

double von_stegen(CardSet hand, GameType g, int bid) {
  if (g == GameType::Null) return 0.0;
  const int jacks = (hand & CardSet::jacks()).size();
  double v = jacks;
  v += (hand & (of_rank(Rank::Ace) | of_rank(Rank::Ten))).size();
  if (g != GameType::Grand) {
    v += (hand & rules_for(g).trumps()).size();
    if (!hand.contains(kClubJack) && jacks > 2) v += 0.5;
  }
  if ((hand & CardSet{kClubJack, kSpadeJack}).size() == 2) v += 0.5;
  if ((hand & CardSet{kClubJack, kSpadeJack, kHeartJack}).size() == 3) v += 1.0;
  if (jacks == 4) v += 0.5;
  if (bid == 0) v += 0.5;
  return v;
}

int kinback_safe_trump_tricks(CardSet hand, GameType g) {
  const CardSet trumps = g == GameType::Null ? CardSet() : rules_for(g).trumps();
  return sure_tricks(trump_pattern(hand & trumps, g), trump_pattern(trumps - hand, g));
}

double kinback(CardSet hand, GameType g, int position) {
  if (g == GameType::Null) return 0.0;
  const double forehand = position == kForehand ? 1.0 : 0.0;
  if (g == GameType::Grand) return forehand + (hand & of_rank(Rank::Ace)).size() + (hand & CardSet::jacks()).size();
  double kb = 0.0;
  for (int si = 0; si < kNumSuits; ++si) {
    const auto s = static_cast<Suit>(si);
    if (s != trump_suit(g)) kb += kinback_side_suit(plain_pattern(hand, s));
  }
  return 0.5 * forehand + kinback_safe_trump_tricks(hand, g) + kb;
}

}  // namespace skat::bots::putting
