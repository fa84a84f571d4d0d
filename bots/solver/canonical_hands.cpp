#include "bots/solver/canonical_hands.h"

#include <cstdint>

namespace skat::bots {

namespace {

// A block of `size` interchangeable card places (bit i of a hand's pattern: place i, lowest place
// first), indexed by the three hands' patterns side by side. The canonical form moves the live
// places to the top, keeping their order and holders.
template <int size>
constexpr std::array<std::uint16_t, 1u << (3 * size)> make_compaction() {
  std::array<std::uint16_t, 1u << (3 * size)> table{};
  constexpr unsigned kPlaces = (1u << size) - 1;
  for (unsigned index = 0; index < table.size(); ++index) {
    unsigned out = 0;
    int place = size;  // next free place, from the top
    for (int i = size - 1; i >= 0; --i)
      for (int hand = 0; hand < 3; ++hand)
        if ((index >> (size * hand + i)) & 1u) {
          --place;
          out |= 1u << (size * hand + place);
          break;
        }
    table[index] = static_cast<std::uint16_t>(out & (kPlaces | kPlaces << size | kPlaces << (2 * size)));
  }
  return table;
}

constexpr auto kLowCards = make_compaction<3>();  // 7, 8, 9 of a suit (ranks 0..2)
constexpr auto kJacks = make_compaction<4>();     // places: diamond, heart, spade, club jack

// A hand's jacks as places 0..3 (diamond jack lowest), and back. Card id = 8 × suit + rank, the
// jack is rank 4, clubs suit 0.
unsigned jack_places(std::uint32_t h) {
  return ((h >> 28) & 1u) | ((h >> 19) & 2u) | ((h >> 10) & 4u) | ((h >> 1) & 8u);
}
std::uint32_t jack_bits(unsigned places) {
  return (places & 1u) << 28 | (places & 2u) << 19 | (places & 4u) << 10 | (places & 8u) << 1;
}

}  // namespace

std::array<CardSet, 3> canonical_hands(const std::array<CardSet, 3>& hands, GameType game) {
  const std::array<std::uint32_t, 3> in{hands[0].bits(), hands[1].bits(), hands[2].bits()};
  constexpr std::uint32_t kLowMask = 0x07070707u;
  constexpr std::uint32_t kJackMask = 0x10101010u;
  const std::uint32_t renamed = game == GameType::Null ? kLowMask : kLowMask | kJackMask;
  std::array<std::uint32_t, 3> out{in[0] & ~renamed, in[1] & ~renamed, in[2] & ~renamed};
  for (int suit = 0; suit < 4; ++suit) {
    const int shift = 8 * suit;
    const unsigned index = ((in[0] >> shift) & 7u) | ((in[1] >> shift) & 7u) << 3 | ((in[2] >> shift) & 7u) << 6;
    const unsigned canon = kLowCards[index];
    for (int p = 0; p < 3; ++p) out[static_cast<std::size_t>(p)] |= ((canon >> (3 * p)) & 7u) << shift;
  }
  if (game != GameType::Null) {
    const unsigned index = jack_places(in[0]) | jack_places(in[1]) << 4 | jack_places(in[2]) << 8;
    const unsigned canon = kJacks[index];
    for (int p = 0; p < 3; ++p) out[static_cast<std::size_t>(p)] |= jack_bits((canon >> (4 * p)) & 15u);
  }
  return {CardSet(out[0]), CardSet(out[1]), CardSet(out[2])};
}

}  // namespace skat::bots
