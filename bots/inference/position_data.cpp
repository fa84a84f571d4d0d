#include "bots/inference/position_data.h"

#include <bit>
#include <cstring>

#include "bots/inference/little_endian.h"
#include "engine/records/replay.h"

namespace skat::bots::inference {

std::expected<void, std::string> for_each_position(
    const PgnGame& record,
    const std::function<void(const SeatView& view, const std::array<std::uint8_t, kNumCards>& target)>& visit) {
  auto start = pgn_game_at_play(record);
  if (!start) return std::unexpected(start.error());
  Game game = std::move(*start);
  const std::array<CardSet, 3> hands{game.hand(0), game.hand(1), game.hand(2)};
  const CardSet skat = game.picked_up() ? game.discard() : game.deal().skat;
  const std::size_t tricks = std::min<std::size_t>(record.tricks.size(), kInferenceTricks);
  for (std::size_t t = 0; t < tricks; ++t) {
    for (Card c : record.tricks[t].cards) {
      if (game.phase() != Phase::Playing) return std::unexpected("trick " + std::to_string(t + 1) + ": not in play");
      const int pos = game.to_act();
      visit(seat_view(game, pos), locations(hands, skat, pos));
      if (auto r = game.apply(Action::play(pos, c)); !r)
        return std::unexpected("trick " + std::to_string(t + 1) + ": " + card_name(c) + " is not legal");
    }
  }
  return {};
}

std::expected<std::vector<Position>, std::string> game_positions(const PgnGame& record, float weight) {
  std::vector<Position> out;
  auto visited = for_each_position(record, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& where) {
    Position p;
    p.game_class = game_class(view.declaration->type);
    p.trick = static_cast<std::uint8_t>(view.tricks.size());
    p.declarer_to_move = view.declarer == view.pos;
    p.weight = weight;
    p.features = encode(view);
    p.target = where;
    out.push_back(p);
  });
  if (!visited) return std::unexpected(visited.error());
  return out;
}

void write_data_header(std::ostream& out) {
  out.write(kDataMagic.data(), static_cast<std::streamsize>(kDataMagic.size()));
  put_u32(out, static_cast<std::uint32_t>(layout::kWidth));
  put_u32(out, static_cast<std::uint32_t>(kRecordBytes));
}

void write_position(std::ostream& out, const Position& p) {
  out.put(static_cast<char>(p.game_class));
  out.put(static_cast<char>(p.trick));
  out.put(static_cast<char>(p.declarer_to_move ? 1 : 0));
  out.put(0);
  put_u32(out, std::bit_cast<std::uint32_t>(p.weight));
  out.write(reinterpret_cast<const char*>(p.target.data()), kNumCards);
  std::array<char, kFeatureBytes> bits{};
  for (int i = 0; i < layout::kWidth; ++i)
    if (p.features.test(static_cast<std::size_t>(i)))
      bits[static_cast<std::size_t>(i / 8)] |= static_cast<char>(1 << (i % 8));
  out.write(bits.data(), kFeatureBytes);
}

std::expected<std::vector<Position>, std::string> read_positions(std::string_view bytes) {
  const std::size_t header = kDataMagic.size() + 8;
  if (bytes.size() < header || bytes.substr(0, kDataMagic.size()) != kDataMagic)
    return std::unexpected("not a position data file (magic)");
  if (get_u32(bytes, 8) != static_cast<std::uint32_t>(layout::kWidth) ||
      get_u32(bytes, 12) != static_cast<std::uint32_t>(kRecordBytes))
    return std::unexpected("feature width or record size differs from this build's");
  if ((bytes.size() - header) % kRecordBytes != 0) return std::unexpected("truncated record");
  std::vector<Position> out;
  for (std::size_t at = header; at < bytes.size(); at += kRecordBytes) {
    Position p;
    p.game_class = static_cast<GameClass>(bytes[at]);
    p.trick = static_cast<std::uint8_t>(bytes[at + 1]);
    p.declarer_to_move = bytes[at + 2] != 0;
    p.weight = std::bit_cast<float>(get_u32(bytes, at + 4));
    std::memcpy(p.target.data(), bytes.data() + at + 8, kNumCards);
    for (int i = 0; i < layout::kWidth; ++i)
      if ((static_cast<unsigned char>(bytes[at + 8 + kNumCards + static_cast<std::size_t>(i / 8)]) >> (i % 8)) & 1u)
        p.features.set(static_cast<std::size_t>(i));
    if (static_cast<int>(p.game_class) >= kGameClasses || p.trick >= kInferenceTricks)
      return std::unexpected("record with a bad class or trick");
    out.push_back(p);
  }
  return out;
}

}  // namespace skat::bots::inference
