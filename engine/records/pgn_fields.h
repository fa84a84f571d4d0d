// Layout of a series PGN game line (docs/records.md §1): field positions and their names, shared by
// the PGN reader and writer so that both agree on one table.
#pragma once

#include <string>

namespace skat::pgn {

inline constexpr int kFixedFields = 53;  // fields 1..53 before the tricks
inline constexpr int kTrickFields = 5;   // 3 cards, winner, points
inline constexpr int kMaxTricks = 10;
inline constexpr int kHandsField = 20;  // 1-based position of the first card of position 0
inline constexpr int kSkatField = 50;
inline constexpr int kPutField = 52;
inline constexpr int kTricksField = 54;
// A doubled game (Kontra table, docs/rules.md §8) ends with two more fields after its tricks: the
// position that said Kontra and 1 for Kontra, 2 for Kontra and Re.
inline constexpr int kKontraFields = 2;

// "field 23 (hand of position 0)" for the 1-based field position.
std::string field_name(int position);

}  // namespace skat::pgn
