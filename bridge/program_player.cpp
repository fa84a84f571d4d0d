#include "bridge/program_player.h"

#include "bots/tournament/tournament.h"
#include "engine/deal.h"
#include "protocol/json_codec.h"
#include "protocol/seat_view_text.h"

namespace skat::bridge {

std::string act_line(const ActFields& h, const SeatView& view) {
  std::string out = "{\"type\":\"act\",\"table\":" + std::to_string(h.table) + ",\"game\":" + std::to_string(h.game) +
                    ",\"version\":" + std::to_string(h.version) + ",\"seat\":" + std::to_string(h.seat) +
                    ",\"clock_ms\":" + std::to_string(h.clock_ms) + ",\"view\":";
  protocol::append_seat_view_text(out, view);
  out += ",\"seed\":" + std::to_string(h.seed) + "}";
  return out;
}

ProgramPlayer::ProgramPlayer(const std::string& command, std::uint64_t seed, int position,
                             std::chrono::milliseconds clock)
    : name_("program:" + command),
      seat_(command, name_ + " at position " + std::to_string(position)),
      blinded_seed_(bots::blinded_seat_seed(seed)),
      position_(position),
      clock_(clock) {
  (void)seat_.start();  // meanwhile the other players start; a failure is counted at the first request
}

Action ProgramPlayer::decide(const SeatView& view) {
  // Game 0 of a table of its own: forehand sits on seat 0, so the seat is the position.
  if (version_ == 0 && view.phase == Phase::Bidding)
    seat_.send("{\"type\":\"game_started\",\"table\":0,\"version\":" + std::to_string(++version_) +
               ",\"game\":0,\"forehand\":0,\"position\":" + std::to_string(position_) +
               ",\"hand\":" + protocol::cards_to_json(view.hand).dump() + "}");
  const std::uint64_t number =
      seat_.send_act(act_line({0, 0, ++version_, position_, clock_.count(), blinded_seed_}, view));
  return seat_.answer(number, view, Clock::now() + clock_);
}

std::unique_ptr<bots::Player> make_program_player(const std::string& command, std::uint64_t seed, int position,
                                                  std::chrono::milliseconds clock) {
  return std::make_unique<ProgramPlayer>(command, seed, position, clock);
}

std::expected<void, std::string> check_program(const std::string& command, std::chrono::milliseconds clock) {
  ProgramSeat seat(command, "program:" + command + " (trying it)");
  if (auto started = seat.start(); !started) return std::unexpected(started.error());
  const Game game(*deal_from_id(0));
  const SeatView view = seat_view(game, game.to_act());
  const std::uint64_t number = seat.send_act(act_line({0, 0, 1, view.pos, clock.count(), 0}, view));
  (void)seat.answer(number, view, Clock::now() + clock);
  if (seat.faults().crashes > 0)
    return std::unexpected("it ended before answering its first request (" + seat.exit_text() + ")");
  return {};
}

}  // namespace skat::bridge
