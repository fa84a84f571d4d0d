// The hot path of the protocol: the JSON text of a SeatView (and of the `act` request that carries
// it) written straight into a string, without building a JSON document first. The text parses to
// exactly `seat_view_to_json(view)` (tests/server/test_protocol.cpp checks it over seeded games).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/seat_view.h"

namespace skat::protocol {

void append_seat_view_text(std::string& out, const SeatView& view);

// {"type":"act","table":…,"game":…,"version":…,"seat":…,"clock_ms":…,"deadline":…,"view":{…},"hints":{…}?}
// (hints: protocol/act_hints.h)
struct ActHeader {
  std::int64_t table = 0;
  int game = 0;
  std::int64_t version = 0;
  int seat = 0;
  std::int64_t clock_ms = 0;
  std::int64_t deadline = 0;
  std::optional<std::uint64_t> seed;  // tournament tables: the seed of the seat's player for this game
  bool hints = true;                  // with the help for a person deciding (act_hints.h)
};
std::string act_text(const ActHeader& header, const SeatView& view);

}  // namespace skat::protocol
