#include "bots/solver/null_analysis.h"

#include <bit>
#include <cstdint>

namespace skat::bots {

namespace {

// Card id = 8 × suit + rank, ranks 7 8 9 10 J Q K A in null order: one byte per suit, bit 0 the 7.
unsigned suit_bits(std::uint32_t set, int suit) { return (set >> (8 * suit)) & 0xFFu; }

// Per pair (declarer's cards, defenders' cards) of one suit: is d_i < e_i for every i up to the
// shorter holding (d ascending the declarer's, e the defenders')? Then the declarer answers every
// lead of the suit with his highest card below it and the condition still holds afterwards (for
// any card the defenders play or throw away, and when the declarer throws away his highest).
constexpr bool under_each(unsigned declarer, unsigned defenders) {
  const int held = std::popcount(declarer);
  int below = 0;  // declarer's cards below the current rank
  int seen = 0;   // defenders' cards up to the current rank
  for (int rank = 0; rank < 8; ++rank) {
    if ((defenders >> rank) & 1u) {
      ++seen;
      if (seen <= held && below < seen) return false;
    }
    if ((declarer >> rank) & 1u) ++below;
  }
  return true;
}

struct SafeTable {
  std::array<std::uint64_t, 1024> bits{};  // index: declarer byte × 256 + defenders byte
  constexpr SafeTable() {
    for (unsigned d = 0; d < 256; ++d)
      for (unsigned e = 0; e < 256; ++e)
        if ((d & e) == 0 && under_each(d, e)) bits[(d << 2) | (e >> 6)] |= std::uint64_t{1} << (e & 63u);
  }
  constexpr bool safe(unsigned d, unsigned e) const { return (bits[(d << 2) | (e >> 6)] >> (e & 63u)) & 1u; }
};
constexpr SafeTable kSafe;

// The live cards of one suit moved to the lowest places in order: per (live byte, hand byte) the
// hand's cards as places among the live ones (a parallel bit extract).
struct Compaction {
  std::array<std::array<std::uint8_t, 256>, 256> places{};
  constexpr Compaction() {
    for (unsigned live = 0; live < 256; ++live)
      for (unsigned hand = 0; hand < 256; ++hand) {
        if ((hand & ~live) != 0) continue;
        unsigned out = 0;
        int place = 0;
        for (int rank = 0; rank < 8; ++rank)
          if ((live >> rank) & 1u) {
            if ((hand >> rank) & 1u) out |= 1u << place;
            ++place;
          }
        places[live][hand] = static_cast<std::uint8_t>(out);
      }
  }
};
constexpr Compaction kCompaction;

}  // namespace

unsigned null_unsafe_suits(const std::array<CardSet, 3>& hands, int declarer, CardSet trick) {
  const std::uint32_t mine = hands[static_cast<std::size_t>(declarer)].bits();
  const std::uint32_t theirs = ((hands[0] | hands[1] | hands[2] | trick).bits()) & ~mine;
  unsigned unsafe = 0;
  for (int suit = 0; suit < 4; ++suit)
    if (!kSafe.safe(suit_bits(mine, suit), suit_bits(theirs, suit))) unsafe |= 1u << suit;
  return unsafe;
}

bool null_declarer_safe(const std::array<CardSet, 3>& hands, int declarer, CardSet trick) {
  return null_unsafe_suits(hands, declarer, trick) == 0;
}

bool null_trick_forced(const std::array<CardSet, 3>& hands, int declarer, int leader) {
  const std::uint32_t mine = hands[static_cast<std::size_t>(declarer)].bits();
  if (mine == 0) return false;
  if (leader == declarer) {
    // Every lead wins unless some defender holds cards of its suit, all of them higher: then the
    // declarer's lowest card of that suit loses.
    for (int suit = 0; suit < 4; ++suit) {
      const unsigned d = suit_bits(mine, suit);
      if (d == 0) continue;
      const unsigned below_lowest = (d & -d) - 1u;  // ranks below the declarer's lowest card
      for (int p = 0; p < 3; ++p) {
        if (p == declarer) continue;
        const unsigned e = suit_bits(hands[static_cast<std::size_t>(p)].bits(), suit);
        if (e != 0 && (e & below_lowest) == 0) return false;
      }
    }
    return true;
  }
  // The leader leads his card below all the declarer's cards of the suit; the partner, before or
  // after the declarer, plays below them too (or has none of the suit): the declarer's card is the
  // highest whatever he plays.
  const int partner = 3 - declarer - leader;
  const std::uint32_t lead = hands[static_cast<std::size_t>(leader)].bits();
  const std::uint32_t other = hands[static_cast<std::size_t>(partner)].bits();
  for (int suit = 0; suit < 4; ++suit) {
    const unsigned d = suit_bits(mine, suit);
    if (d == 0) continue;
    const unsigned below_lowest = (d & -d) - 1u;
    const unsigned p = suit_bits(other, suit);
    if ((suit_bits(lead, suit) & below_lowest) != 0 && (p == 0 || (p & below_lowest) != 0)) return true;
  }
  return false;
}

std::array<CardSet, 3> null_canonical_hands(const std::array<CardSet, 3>& hands) {
  const std::uint32_t live = (hands[0] | hands[1] | hands[2]).bits();
  std::array<std::uint32_t, 3> out{};
  for (int suit = 0; suit < 4; ++suit) {
    const auto& row = kCompaction.places[suit_bits(live, suit)];
    for (std::size_t p = 0; p < 3; ++p) out[p] |= std::uint32_t{row[suit_bits(hands[p].bits(), suit)]} << (8 * suit);
  }
  return {CardSet(out[0]), CardSet(out[1]), CardSet(out[2])};
}

}  // namespace skat::bots
