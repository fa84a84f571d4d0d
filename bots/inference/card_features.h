// The inputs and targets of the learned card-location inference (docs/inference.md): what the
// position to move knows during the card play, as one-hot features in its own frame (itself, the
// next position, the one after), and where each of the 32 cards lay when the card play began (in
// that frame, the skat being the two cards that count for the declarer). One encoder serves the
// data builder, the trainer's data files and the bots at play time, so the three cannot drift.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>

#include "engine/seat_view.h"

namespace skat::bots::inference {

// Where a card lies, seen from the position to move.
enum Location : std::uint8_t { kMine = 0, kNext = 1, kPrevious = 2, kSkat = 3 };
inline constexpr int kLocations = 4;

// The networks: one per game class.
enum class GameClass : std::uint8_t { Suit = 0, Grand = 1, Null = 2 };
inline constexpr int kGameClasses = 3;
GameClass game_class(GameType type);
const char* game_class_name(GameClass c);

// Feature layout: the state block, then the card-play history (24 slots: the card and who played
// it). Offsets are part of the model file's contract (its feature width must match).
namespace layout {
inline constexpr int kHand = 0;         // 32: the cards held now
inline constexpr int kKnownSkat = 32;   // 32: the skat (discard) when the position knows it
inline constexpr int kPlayed = 64;      // 3 x 32: cards played by me, next, previous
inline constexpr int kLeads = 160;      // 2 x 32: cards next / previous led
inline constexpr int kSloughs = 224;    // 2 x 32: next / previous neither followed nor trumped
inline constexpr int kVoids = 288;      // 2 x 5: classes (4 plain suits, trump) shown void
inline constexpr int kBidType = 298;    // 2 x 6: the highest bid's game (9, 10, 11, 12, 24 divide it; null)
inline constexpr int kBidSize = 310;    // 2 x 5: the highest bid's range
inline constexpr int kTrick = 320;      // 32: the unfinished trick
inline constexpr int kDeclarer = 352;   // 3: the declarer, me / next / previous
inline constexpr int kTrumpSuit = 355;  // 5: clubs, spades, hearts, diamonds, none (grand)
inline constexpr int kFlags = 360;      // 2: hand game, ouvert
inline constexpr int kStateWidth = 362;
inline constexpr int kHistorySlots = 24;      // the first eight tricks
inline constexpr int kHistorySlotWidth = 35;  // 32 cards + 3 players
inline constexpr int kHistoryWidth = kHistorySlots * kHistorySlotWidth;
inline constexpr int kWidth = kStateWidth + kHistoryWidth;
}  // namespace layout

using Features = std::bitset<layout::kWidth>;

// The features of `view` (phase playing, a declaration made) in the frame of view.pos.
Features encode(const SeatView& view);

// Positions in the frame of `me`: 0 me, 1 next, 2 previous.
constexpr int relative(int pos, int me) { return (pos - me + 3) % 3; }

// Where every card lay when the card play began, in the frame of `me`: `hands` the three hands
// then (the declarer's after his discard), `skat` the two cards that count for the declarer.
std::array<std::uint8_t, kNumCards> locations(const std::array<CardSet, 3>& hands, CardSet skat, int me);

// Per card, the probability of each location (rows sum to 1), in the frame of the position.
using CardLocations = std::array<std::array<float, kLocations>, kNumCards>;

}  // namespace skat::bots::inference
