// Internal to skat_table: the state behind Table (seats, connection/grace state, the running
// series and game, clocks, the event log and the record of the current game) and the steps that
// change it. Each step appends redacted events and fills the TableOutput it is given.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/csprng.h"
#include "engine/game.h"
#include "engine/records/pgn.h"
#include "protocol/errors.h"
#include "server/table/chat_limits.h"
#include "server/table/event_log.h"
#include "server/table/table_types.h"

namespace skat::table::detail {

using protocol::ErrorCode;
using protocol::ProtocolError;

struct SeatState {
  std::optional<Participant> occupant;
  std::optional<Participant> owner;  // the human a replacement bot sits in for
  bool connected = true;
  std::optional<TimePoint> grace_end;  // set while disconnected and the grace runs
  bool awaiting_bot = false;           // grace over: a BotRequest is out
  bool waits_for_ready = false;        // the person's clock after a game waits for `ready` (result_wait)
};

std::int64_t to_ms(TimePoint t);
Json participant_json(const Participant& p);

class TableCore {
 public:
  TableCore(TableId id, TableConfig config);

  TableId id_;
  TableConfig config_;
  EventLog log_;
  std::array<SeatState, 3> seats_{};
  int series_index_ = -1;

  // The running series.
  bool running_ = false;
  int game_index_ = 0;
  std::optional<Game> game_;
  std::uint64_t deal_id_ = 0;
  TimePoint game_started_{};
  TimePoint series_started_{};
  std::array<Participant, 3> series_seats_{};
  std::vector<PgnGame> pgn_games_;
  std::vector<std::array<int, 3>> list_;  // Seeger-Fabian points per seat of each game
  // Per game of list_: the seats a substitute played (for all or part of it) in place of the
  // series' player, for the score sheet (false for games before a resume: not kept).
  std::vector<std::array<bool, 3>> substitutes_;
  Json record_ = Json::array();                             // unredacted events of the current game
  std::array<int, 3> timeouts_{};                           // default moves per seat in the current game
  std::array<int, 3> timeouts_in_a_row_{};                  // a person's default moves since the last own move (series)
  std::array<std::vector<float>, 3> move_ms_{};             // answer times per seat in the current game (not timeouts)
  std::array<bool, 3> replaced_{};                          // seats held by a substitute during the current game
  std::array<std::optional<Participant>, 3> substitute_{};  // the last substitute in each seat this game
  std::array<int, 3> ready_for_game_{-1, -1, -1};           // the last game each seat said `ready` for (series)
  std::optional<TimePoint> move_deadline_;
  // The first turn of a game held back until then while a substitute sits in for a person who left
  // (hand_turn_to): the act request goes out at that time.
  std::optional<TimePoint> held_turn_;
  // The version the pending act request carries: the table's version when the turn was handed
  // out. A move answering an older request is stale; chat, presence and seating events that come
  // in while the seat thinks do not change it.
  std::int64_t turn_version_ = 0;
  std::int64_t previous_game_first_version_ = 0;
  std::int64_t game_first_version_ = 0;
  std::optional<Csprng> rng_;
  ChatLimits chat_limits_;
  bool abandoning_ = false;              // finish_series ends an abandoned series
  std::optional<TimePoint> abandon_at_;  // every human gone: the series ends as abandoned then

  // --- helpers (table_core.cpp) ---
  int position_of(int seat) const { return ((seat - game_index_ % 3) % 3 + 3) % 3; }
  int seat_of_pos(int pos) const { return (game_index_ + pos) % 3; }
  // A bot's clock for a bot, and for a seat nobody plays (its human gone past the grace, no
  // substitute seated yet); a human's otherwise.
  int clock_ms(int seat) const;
  bool bot_clock(int seat) const;  // the seat moves on a bot's clock (a bot, or nobody playing it)
  bool unplayed(int seat) const;
  // Whether a substitute bot holds the seat of a person who left the series.
  bool sits_in_for_person() const;
  // Whether a series that had people at it has none left: every human of it gone past the grace.
  bool humans_gone() const;
  std::optional<TimePoint> next_deadline() const;
  std::array<int, 3> scores() const;
  Json seats_json() const;
  // Appends one event: `copies` are per audience (seats 0..2, spectators); each gets type,
  // table and game; `record` (the unredacted form) goes to the game record when a game runs.
  void emit(TableOutput& out, std::string_view type, std::array<Json, 4> copies, Json record, TimePoint now);
  // The same fields for every audience.
  void emit_public(TableOutput& out, std::string_view type, const Json& fields, TimePoint now);
  void send_error(TableOutput& out, int audience, const ProtocolError& e, std::optional<std::int64_t> id) const;
  Outbound act_message(int seat) const;  // the act request for `seat`, already serialised
  Json state_message(int audience) const;
  void finish_output(TableOutput& out) const { out.next_deadline = next_deadline(); }

  // --- seating and connections (table_seats.cpp) ---
  std::expected<void, ProtocolError> sit(TableOutput& out, int seat, const Participant& who, TimePoint now);
  std::expected<void, ProtocolError> leave(TableOutput& out, int seat, TimePoint now);
  // Before a series: the table's creator frees a seat (`left` with `removed`).
  std::expected<void, ProtocolError> remove(TableOutput& out, int seat, TimePoint now);
  void disconnect(TableOutput& out, int seat, TimePoint now);
  void reconnect(TableOutput& out, int seat, TimePoint now);
  void expire_grace(TableOutput& out, TimePoint now);
  // After a default move of `seat`: a person whose clock has run out timeouts_before_gone times in
  // a row counts as gone (a `disconnected` event with `timeouts`, the grace over at once).
  void count_timeout(TableOutput& out, int seat, TimePoint now);
  // Every human of the running series gone past the grace: abandoned once that has lasted
  // `abandon_after_ms`; anyone back stops the count.
  void check_abandoned(TableOutput& out, TimePoint now);

  // --- series and play (table_play.cpp) ---
  std::expected<void, ProtocolError> start_series(TableOutput& out, int by_seat, TimePoint now);
  std::expected<void, ProtocolError> act(TableOutput& out, int seat, Action action, TimePoint now, bool timeout);
  void on_clock(TableOutput& out, TimePoint now);
  std::expected<void, ProtocolError> resume_series(TableOutput& out, const SeriesSoFar& so_far, TimePoint now);
  // A resumed series waits for its three seats: the next game starts once all are back.
  void continue_when_complete(TableOutput& out, TimePoint now);
  void start_game(TableOutput& out, TimePoint now);
  void after_action(TableOutput& out, TimePoint now);
  void resend_act(TableOutput& out);
  // At a table with Kontra: "doublings", per game of `list` 1, 2 (Kontra) or 4 (Re).
  void add_doublings(Json& fields) const;
  void send_act(TableOutput& out, TimePoint now);
  // Hands the turn to `seat` afresh: a new move clock, a new turn version, the act request.
  void hand_turn_to(TableOutput& out, int seat, TimePoint now);
  // When the seat's move clock starts if it is asked now: at once, or (a person, in a game after
  // the series' first, not yet `ready` for it) at the end of the result pause or of its wait.
  TimePoint clock_start(int seat, TimePoint now) const;
  // The seat's player is ready for `game` / changes whether its clock waits for that (§7): a turn
  // of the seat whose clock has not started yet is handed out again with the clock as it is now.
  void ready(TableOutput& out, int seat, int game, TimePoint now);
  void set_result_wait(TableOutput& out, int seat, bool until_ready, TimePoint now);
  void restart_waiting_clock(TableOutput& out, int seat, TimePoint now);
  // Whether a command answering the act request of `version` answers the pending one.
  bool answers_pending_turn(std::int64_t version) const { return game_ && version == turn_version_; }

  // --- records (table_record.cpp) ---
  void finish_game(TableOutput& out, TimePoint now);
  void finish_series(TableOutput& out, TimePoint now);
  // Every human of the running series is gone: it ends here, the game in progress unrecorded,
  // and the seats of the gone humans are freed.
  void abandon_series(TableOutput& out, TimePoint now);
};

// The event copies for an applied action (table_events.cpp): redacts discards and the skat.
std::array<Json, 4> action_event(const Game& game, const Action& a, int seat, int declarer_seat);
Json action_record(const Game& game, const Action& a, int seat);
// A seat's default action on timeout: pass, pickup, the first discard/declaration, a card.
Action default_action(const Game& game, int pos);
// The view spectators get: public information only.
SeatView spectator_view(const Game& game);
Json result_json(const Game& game, int declarer_seat);
std::string_view action_kind_name(ActionKind kind);

}  // namespace skat::table::detail
