#include "bots/solver/canonical_hands.h"

#include <cstdint>

namespace skat::bots {

namespace {

// A block of `size` interchangeable card places, the holder of each place as two bits (0: gone,
// 1..3: hand 0..2), lowest place first. The canonical form moves the live places to the top,
// keeping their order.
template <int size>
constexpr std::array<std::uint8_t, 1u << (2 * size)> make_compaction() {
  std::array<std::uint8_t, 1u << (2 * size)> table{};
  for (unsigned code = 0; code < table.size(); ++code) {
    unsigned out = 0;
    int place = size;  // next free place, from the top
    for (int i = size - 1; i >= 0; --i) {
      const unsigned holder = (code >> (2 * i)) & 3u;
      if (holder == 0) continue;
      --place;
      out |= holder << (2 * place);
    }
    table[code] = static_cast<std::uint8_t>(out);
  }
  return table;
}

constexpr auto kLowCards = make_compaction<3>();  // 7, 8, 9 of a suit
constexpr auto kJacks = make_compaction<4>();     // diamond, heart, spade, club jack

// The holder code of card bit `bit` (0: none).
unsigned holder_of(const std::array<std::uint32_t, 3>& h, int bit) {
  for (unsigned p = 0; p < 3; ++p)
    if ((h[p] >> bit) & 1u) return p + 1;
  return 0;
}

void place(std::array<std::uint32_t, 3>& h, int bit, unsigned holder) {
  if (holder != 0) h[holder - 1] |= 1u << bit;
}

}  // namespace

std::array<CardSet, 3> canonical_hands(const std::array<CardSet, 3>& hands, GameType game) {
  std::array<std::uint32_t, 3> in{hands[0].bits(), hands[1].bits(), hands[2].bits()};
  std::array<std::uint32_t, 3> out = in;
  // Card id = 8 × suit + rank; ranks 0..2 are 7, 8, 9 and rank 4 the jack; suit 0 is clubs.
  constexpr std::uint32_t kLowMask = 0x07070707u;
  for (auto& h : out) h &= ~kLowMask;
  for (int suit = 0; suit < 4; ++suit) {
    const int base = 8 * suit;
    const unsigned code = holder_of(in, base) | holder_of(in, base + 1) << 2 | holder_of(in, base + 2) << 4;
    const unsigned canon = kLowCards[code];
    for (int i = 0; i < 3; ++i) place(out, base + i, (canon >> (2 * i)) & 3u);
  }
  if (game != GameType::Null) {
    constexpr std::uint32_t kJackMask = 0x10101010u;
    for (auto& h : out) h &= ~kJackMask;
    // Lowest place first: the diamond jack (suit 3) up to the club jack (suit 0).
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) code |= holder_of(in, 8 * (3 - i) + 4) << (2 * i);
    const unsigned canon = kJacks[code];
    for (int i = 0; i < 4; ++i) place(out, 8 * (3 - i) + 4, (canon >> (2 * i)) & 3u);
  }
  return {CardSet(out[0]), CardSet(out[1]), CardSet(out[2])};
}

}  // namespace skat::bots
