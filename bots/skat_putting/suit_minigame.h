// Suit minigames for skat putting (docs/papers.md [skat-selection] §IV.B): one plain suit, or the
// trumps, seen on its own as two disjoint bit patterns ordered by trick strength, the declarer's
// cards against the opponents' (cards put into the skat are out of play). Owns the standing-card
// counts f6–f8 and a table of every per-suit feature of the soft score for all pairs of 7-card
// plain patterns.
#pragma once

#include <cstdint>

#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots::putting {

// Plain-suit strength bits: 0 = 7, 1 = 8, 2 = 9, 3 = Q, 4 = K, 5 = 10, 6 = A (the jack is trump).
inline constexpr unsigned kPlainTen = 1u << 5;
inline constexpr unsigned kPlainAce = 1u << 6;
inline constexpr unsigned kPlainLow = 0x7u;  // 7, 8, 9: the no-value cards ("N")
inline constexpr unsigned kPlainAll = 0x7Fu;

// The plain-strength pattern of the non-jack cards of `cards` in suit `s`.
constexpr unsigned plain_pattern(CardSet cards, Suit s) {
  const unsigned b = (cards.bits() >> (8 * static_cast<int>(s))) & 0xFFu;
  return (b & 7u) | ((b >> 2) & 0x18u) | ((b << 2) & 0x20u) | ((b >> 1) & 0x40u);
}

// Trump-strength pattern of `cards`: grand ♦J ♥J ♠J ♣J at bits 0..3; a suit game the trump
// suit's plain pattern at bits 0..6 and the jacks at bits 7..10. Zero for null.
unsigned trump_pattern(CardSet cards, GameType g);

// Minigame counts; `held` and `opp` are disjoint strength patterns (higher bit = stronger).
// The declarer leads the suit each round; the opponents follow, keeping their highest card.
// f6, 100 % standing: cashed from the top while every card is higher than all the opponents'
// cards, under the worst split (one opponent holds them all, one card falls per round).
int sure_tricks(unsigned held, unsigned opp);
// f8, standing without retaking: cashed from the top until the first lost round, both opponents
// following (two cards fall per round).
int tricks_from_above(unsigned held, unsigned opp);
// f7, standing with retaking: as f8, but after a lost round (declarer's lowest card, the
// opponents' highest and lowest) the declarer regains the lead and goes on.
int tricks_with_retake(unsigned held, unsigned opp);
// Ace and ten among the cards `sure_tricks` cashes (the high cards the declarer secures).
int sure_high_cards(unsigned held, unsigned opp);

// Every per-suit feature of one plain suit (docs/papers.md [skat-selection], skat scoring
// parameters), from the declarer's kept cards and the opponents' cards of that suit.
struct SuitFeatures {
  std::uint8_t free = 0;       // f2: no card of the suit kept
  std::uint8_t good_ten = 0;   // f4: ten kept, its ace the declarer's (in hand or skat)
  std::uint8_t once_ten = 0;   // f5: ten kept with exactly one other card, ace with the opponents
  std::uint8_t sure = 0;       // f6
  std::uint8_t retake = 0;     // f7
  std::uint8_t above = 0;      // f8
  std::uint8_t lead = 0;       // f9: holds the top live card, or the second one and a guard
  std::uint8_t sure_high = 0;  // A/10 among the sure tricks (high-card theorem)
};

// Table lookup of the features of a plain suit (held, opp ⊆ kPlainAll, disjoint).
const SuitFeatures& suit_features(unsigned held, unsigned opp);

}  // namespace skat::bots::putting
