#include "bots/skat_putting/suit_minigame.h"

#include <array>
#include <bit>
#include <vector>

namespace skat::bots::putting {

namespace {

unsigned top_bit(unsigned x) { return 1u << (std::bit_width(x) - 1); }

// Jacks at bits 0..3 (♦J lowest): card ids 28, 20, 12, 4.
unsigned jack_bits(CardSet cards) {
  const std::uint32_t b = cards.bits();
  return ((b >> 28) & 1u) | (((b >> 20) & 1u) << 1) | (((b >> 12) & 1u) << 2) | (((b >> 4) & 1u) << 3);
}

// The cards `sure_tricks` cashes, as a pattern: the top ones, or all once the opponents are out.
unsigned sure_cards(unsigned held, unsigned opp) {
  unsigned won = 0;
  while (held != 0) {
    if (opp == 0) return won | held;
    const unsigned top = top_bit(held);
    if (top < opp) break;  // disjoint patterns: a single bit below opp's highest bit
    won |= top;
    held ^= top;
    opp &= opp - 1;
  }
  return won;
}

bool leads_suit(unsigned held, unsigned opp) {
  if (held == 0) return false;
  const unsigned live = held | opp;
  const unsigned first = top_bit(live);
  if ((first & held) != 0) return true;
  const unsigned rest = live ^ first;
  return rest != 0 && (top_bit(rest) & held) != 0 && std::popcount(held) >= 2;
}

SuitFeatures compute(unsigned held, unsigned opp) {
  SuitFeatures f;
  const bool ace_out = (opp & kPlainAce) != 0;
  const bool ten_kept = (held & kPlainTen) != 0;
  f.free = held == 0 ? 1 : 0;
  f.good_ten = ten_kept && !ace_out ? 1 : 0;
  f.once_ten = ten_kept && ace_out && std::popcount(held) == 2 ? 1 : 0;
  f.sure = static_cast<std::uint8_t>(sure_tricks(held, opp));
  f.retake = static_cast<std::uint8_t>(tricks_with_retake(held, opp));
  f.above = static_cast<std::uint8_t>(tricks_from_above(held, opp));
  f.lead = leads_suit(held, opp) ? 1 : 0;
  f.sure_high = static_cast<std::uint8_t>(sure_high_cards(held, opp));
  return f;
}

// Indexed by held << 7 | opp; entries with overlapping patterns are never read.
std::vector<SuitFeatures> build_table() {
  std::vector<SuitFeatures> table(1u << 14);
  for (unsigned held = 0; held <= kPlainAll; ++held)
    for (unsigned opp = 0; opp <= kPlainAll; ++opp)
      if ((held & opp) == 0) table[held << 7 | opp] = compute(held, opp);
  return table;
}

}  // namespace

unsigned trump_pattern(CardSet cards, GameType g) {
  if (g == GameType::Null) return 0;
  if (g == GameType::Grand) return jack_bits(cards);
  return plain_pattern(cards, trump_suit(g)) | (jack_bits(cards) << 7);
}

int sure_tricks(unsigned held, unsigned opp) { return std::popcount(sure_cards(held, opp)); }

int tricks_from_above(unsigned held, unsigned opp) {
  int won = 0;
  while (held != 0) {
    if (opp == 0) return won + std::popcount(held);
    const unsigned top = top_bit(held);
    if (top < opp) break;
    ++won;
    held ^= top;
    opp &= opp - 1;
    opp &= opp - 1;
  }
  return won;
}

int tricks_with_retake(unsigned held, unsigned opp) {
  int won = 0;
  while (held != 0) {
    if (opp == 0) return won + std::popcount(held);
    const unsigned top = top_bit(held);
    if (top > opp) {
      ++won;
      held ^= top;
      opp &= opp - 1;
      opp &= opp - 1;
    } else {
      held &= held - 1;     // the declarer gives his lowest card
      opp ^= top_bit(opp);  // one opponent wins with his highest,
      opp &= opp - 1;       // the other follows low
    }
  }
  return won;
}

int sure_high_cards(unsigned held, unsigned opp) {
  return std::popcount(sure_cards(held, opp) & (kPlainTen | kPlainAce));
}

const SuitFeatures& suit_features(unsigned held, unsigned opp) {
  static const std::vector<SuitFeatures> table = build_table();
  return table[held << 7 | opp];
}

}  // namespace skat::bots::putting
