// One table of three seats: seating, the series of N deals with rotating forehand, turns, move
// clocks, default actions on timeout, disconnect grace and bot replacement, chat, versioned and
// per-audience redacted events with resume, and the records of finished games and series.
// Pure and single-threaded: no sockets, no clock of its own (`now` is passed in), no database;
// every call returns a TableOutput. The caller serialises calls (one strand per table).
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/seat_view.h"
#include "protocol/client_messages.h"
#include "server/table/table_types.h"

namespace skat::table {

namespace detail {
class TableCore;
}

class Table {
 public:
  Table(TableId id, TableConfig config);
  ~Table();
  Table(Table&&) noexcept;
  Table& operator=(Table&&) noexcept;

  TableId id() const;
  const TableConfig& config() const;
  // The version of the last event (0 before any).
  std::int64_t version() const;

  // --- seating -------------------------------------------------------------------------
  // Before a series: takes a free seat. During a series: only a seat waiting for a
  // replacement bot (after BotRequest), or the seat's own player coming back (= reconnect).
  // Either way the output holds the act request when it is that seat's turn.
  std::expected<TableOutput, protocol::ProtocolError> sit(int seat, const Participant& who, TimePoint now);
  // Before a series: frees the seat. During a series: like a disconnect with no grace (a bot
  // is requested at once); the player may still come back with sit().
  std::expected<TableOutput, protocol::ProtocolError> leave(int seat, TimePoint now);
  // Before a series, on behalf of the table's creator: frees an occupied seat; everyone gets
  // `left` with `removed`. Refused once the series has started.
  std::expected<TableOutput, protocol::ProtocolError> remove(int seat, TimePoint now);
  // The seat of a player (current occupant or a displaced human), if any. A replacement bot is
  // not found here (its seat belongs to the displaced human); see occupied_seat.
  std::optional<int> seat_of(std::int64_t player_id) const;
  // The seat this player occupies now, a replacement bot's included (a displaced human has none).
  std::optional<int> occupied_seat(std::int64_t player_id) const;
  const std::optional<Participant>& occupant(int seat) const;
  // The person a replacement bot sits in for at that seat, if any.
  const std::optional<Participant>& owner(int seat) const;
  bool connected(int seat) const;

  // --- series ----------------------------------------------------------------------------
  // Needs three occupied seats and no running series. `by_seat` is the requester (0..2).
  std::expected<TableOutput, protocol::ProtocolError> start_series(int by_seat, TimePoint now);
  // On a table that has not played yet: goes on with a series a previous process left unfinished,
  // at its next deal. The three seats are held for their players, who count as disconnected (the
  // grace runs, then bots replace whoever did not come back); the next game starts once all three
  // are back. Event versions start after the wall-clock time in ms, so every client's older version
  // (fewer than one event per ms) asks for the full state.
  std::expected<TableOutput, protocol::ProtocolError> resume_series(const SeriesSoFar& so_far, TimePoint now);
  // The server ends the running series now (its tournament was cancelled or ended): as abandoned,
  // with the games finished so far; the game in progress is dropped. Nothing when none runs.
  TableOutput end_series(TimePoint now);
  bool series_running() const;
  int series_index() const;  // 0-based, −1 before the first series
  int games_played() const;  // in the current series

  // --- play --------------------------------------------------------------------------------
  // A game command (bid, hold, pass, pickup, discard, declare, play, concede, kontra, re) from the connection
  // holding `seat` (0..2; a spectator's is refused). Refused as stale when it names an act request
  // whose turn is past. Errors go back to that seat (with `request_id`); the table is unchanged then.
  TableOutput command(int seat, const protocol::GameCommand& command, TimePoint now,
                      std::optional<std::int64_t> request_id = std::nullopt);
  // The action's pos is overwritten from the seat.
  TableOutput act(int seat, Action action, TimePoint now, std::optional<std::int64_t> request_id = std::nullopt);
  // A chat line from the seat's player, within its rate and the game's chat bounds (chat_limits.h).
  TableOutput chat(int seat, std::string_view text, TimePoint now,
                   std::optional<std::int64_t> request_id = std::nullopt);
  // The seat's player says whether its move clock after each game waits for its `ready` (at most
  // result_wait_ms after the game started) or starts after the fixed result pause (§7).
  TableOutput result_wait(int seat, bool until_ready, TimePoint now);
  // The seat's player has seen the last result and goes on to `game`: its clock there starts now
  // (a pending request of the seat whose clock waits is sent again with the new deadline).
  TableOutput ready(int seat, int game, TimePoint now);
  // Plays default actions for every expired move clock and requests bots after expired grace; a
  // series whose humans are all gone past the grace ends as abandoned (FinishedSeries::abandoned).
  TableOutput on_clock(TimePoint now);

  // --- connections --------------------------------------------------------------------------
  TableOutput disconnect(int seat, TimePoint now);
  // The seat's player is back (within grace, or later to take the seat back from a bot).
  TableOutput reconnect(int seat, TimePoint now);
  // Missed events after `last_version` for that audience (seat or kSpectators), or a full
  // state message when they are no longer in the log; then the act request if it is that
  // seat's turn.
  TableOutput resume(int audience, std::int64_t last_version) const;
  // The full state message for an audience (seat or kSpectators).
  Json state_message(int audience) const;

  // --- inspection (tests, lobby) ---------------------------------------------------------------
  // The current game, if one is running.
  const Game* game() const;
  // Position 0..2 of a seat in the current game (forehand = game index mod 3).
  int position_of(int seat) const;
  std::optional<SeatView> view(int seat) const;
  std::optional<TimePoint> next_deadline() const;
  std::array<int, 3> series_scores() const;  // Seeger-Fabian per seat so far

 private:
  std::unique_ptr<detail::TableCore> core_;
};

}  // namespace skat::table
