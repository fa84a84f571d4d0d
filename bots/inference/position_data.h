// The training positions of the card-location inference (docs/inference.md): every card-play
// decision of the first eight tricks of a recorded game, in the view of the position to move, as
// features and the location of every card when the card play began; and the binary data file
// that scripts/train-inference.py reads (its layout is in docs/inference.md).
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "bots/inference/card_features.h"
#include "engine/records/pgn.h"

namespace skat::bots::inference {

inline constexpr int kInferenceTricks = 8;  // positions of the first eight tricks

struct Position {
  GameClass game_class = GameClass::Suit;
  std::uint8_t trick = 0;  // 0..7
  bool declarer_to_move = false;
  float weight = 1.0F;  // the record's weight (human games may count differently)
  Features features;
  std::array<std::uint8_t, kNumCards> target{};  // Location of each card, in the mover's frame
};

// Calls `visit(view, target)` for every card-play decision of the first eight tricks of `game`,
// with the view of the position to move; the reason when the record cannot be replayed (a folded
// game has no card play: an error as well).
std::expected<void, std::string> for_each_position(
    const PgnGame& game,
    const std::function<void(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target)>& visit);

// The positions of `game` with their features.
std::expected<std::vector<Position>, std::string> game_positions(const PgnGame& game, float weight);

// The data file: a header (magic, feature width, record size), then fixed-size records.
inline constexpr std::string_view kDataMagic = "SKATPOS1";
inline constexpr int kFeatureBytes = (layout::kWidth + 63) / 64 * 8;  // bits, little-endian in bytes
inline constexpr int kRecordBytes = 8 + kNumCards + kFeatureBytes;
void write_data_header(std::ostream& out);
void write_position(std::ostream& out, const Position& p);
// Every record of a data file's bytes; the reason when the header or the size is wrong.
std::expected<std::vector<Position>, std::string> read_positions(std::string_view bytes);

}  // namespace skat::bots::inference
