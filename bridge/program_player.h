// The in-process player of a `program:CMD ARGS` bot spec (docs/bots.md): one outside program per
// player, that is per seat and game of a tournament, fed the act requests the server would send
// (table 0, game 0, the seat = the position, `clock_ms` the move clock, `seed` the blinded seat
// seed) after a `game_started` line, its answers checked and its faults counted (ProgramSeat).
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>

#include "bots/player.h"
#include "bridge/program_seat.h"

namespace skat::bridge {

inline constexpr std::chrono::milliseconds kDefaultMoveClock{5000};

// The fields of an act request besides the view.
struct ActFields {
  std::int64_t table = 0;
  int game = 0;
  std::int64_t version = 0;
  int seat = 0;
  std::int64_t clock_ms = 0;
  std::uint64_t seed = 0;
};
// {"type":"act","table":…,"game":…,"version":…,"seat":…,"clock_ms":…,"view":{SeatView},"seed":…}
std::string act_line(const ActFields& header, const SeatView& view);

class ProgramPlayer : public bots::Player {
 public:
  // `seed`: the tournament's seat seed (the program gets it blinded); `position` 0 forehand.
  ProgramPlayer(const std::string& command, std::uint64_t seed, int position, std::chrono::milliseconds clock);
  Action decide(const SeatView& view) override;
  std::string name() const override { return name_; }
  bots::ProgramFaults program_faults() const override { return seat_.faults(); }

 private:
  std::string name_;
  ProgramSeat seat_;
  std::uint64_t blinded_seed_;
  int position_;
  std::chrono::milliseconds clock_;
  std::int64_t version_ = 0;
};

std::unique_ptr<bots::Player> make_program_player(const std::string& command, std::uint64_t seed, int position,
                                                  std::chrono::milliseconds clock = kDefaultMoveClock);

// Whether `command` starts and lives to answer a first act request (an auction's opening, within
// `clock`; a late or unusable answer passes, an end before answering does not): the error says why.
std::expected<void, std::string> check_program(const std::string& command,
                                               std::chrono::milliseconds clock = kDefaultMoveClock);

}  // namespace skat::bridge
