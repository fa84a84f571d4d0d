// The values a Table takes and returns: configuration, participants, and TableOutput (what to
// send to whom, what to persist, which bots to fetch, when to call on_clock next). Pure data.
// Time is always passed in (system_clock so that record timestamps are wall-clock ms).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/records/pgn.h"
#include "protocol/json_codec.h"

namespace skat::table {

using Clock = std::chrono::system_clock;
using TimePoint = Clock::time_point;
using Json = nlohmann::json;
using TableId = std::int64_t;

// Audiences of an outbound message besides seats 0..2.
inline constexpr int kAllSeats = -1;   // every seat and every spectator get the same message
inline constexpr int kSpectators = 3;  // spectators only

// The deal id of a game (its index within the series) in [0, kNumDeals); an id out of range, or
// no source, gives a deal from a Csprng keyed from OS entropy.
using DealSource = std::function<std::uint64_t(int game)>;
// The seed a seat's player should use in a game (game index within the series, seat), sent with
// the seat's act requests: tournament tables use it so that bots play exactly as in-process.
using SeatSeed = std::function<std::uint64_t(int game, int seat)>;

struct TableConfig {
  int deals = 36;             // deals per series (1..protocol::kMaxDeals)
  int bot_move_ms = 5000;     // move clock of a bot seat
  int human_move_ms = 60000;  // move clock of a human seat
  int grace_ms = 30000;       // reconnect grace before a bot takes over
  // A human seat's move clock starts no earlier than this after a game (not a series' first)
  // started: the clients show the previous game's result meanwhile (docs/protocol.md §5).
  int result_pause_ms = 0;
  // A seat whose player asked for it (`result_wait` until_ready) waits for the player's `ready`
  // instead, at most this long after the game started (never less than result_pause_ms).
  int result_wait_ms = 0;
  // How long a running series whose humans are all gone past the grace goes on (bots in their
  // seats, a person may come back) before it ends as abandoned.
  int abandon_after_ms = 300000;
  // A person whose moves the table has made this many times in a row (the clock ran out each time)
  // counts as gone, as after the grace of a disconnect: a substitute takes the seat, and the person
  // may take it back at any time (docs/protocol.md §5). 0: never.
  int timeouts_before_gone = 3;
  // Kontra and Re (docs/rules.md §8): off by default; the lobby shows a table that plays with them.
  bool kontra = false;
  std::string event = "Training";  // PGN Event header
  std::string replacement_bot_kind = "simple";
  std::array<std::string, 3> seat_bot_kinds;  // non-empty: only this program may replace that seat
  DealSource deal_source;
  SeatSeed seat_seed;  // empty: no seed in act requests
  // The PGN hand strengths (fields 17..19, 0..10) of a dealt deal, by position; empty: zeros.
  std::function<std::array<int, 3>(const Deal& deal)> hand_strengths;
};

struct Participant {
  std::int64_t player_id = 0;
  std::string name;
  bool is_bot = false;
  std::string bot_kind;                      // e.g. "simple" (bots only)
  std::optional<bool> hints = std::nullopt;  // act requests with hints (absent: people yes, bots no)
  bool wants_hints() const { return hints.value_or(!is_bot); }
  bool operator==(const Participant&) const = default;
};

struct Outbound {
  Outbound() = default;
  Outbound(int to, Json json) : audience(to), message(std::move(json)) {}
  static Outbound from_text(int to, std::string serialised) {
    Outbound o;
    o.audience = to;
    o.text = std::move(serialised);
    return o;
  }

  int audience = kAllSeats;  // seat 0..2, kSpectators or kAllSeats
  Json message;
  std::string text;  // already serialised (act requests, the hot path); then `message` is null

  // The message as JSON whichever form it has (for tests and inspection, not the hot path).
  Json json() const { return text.empty() ? message : Json::parse(text); }
  std::string serialised() const;
};

// Everything the database needs about one finished deal.
struct FinishedGame {
  TableId table = 0;
  int series_index = 0;  // 0-based series number at this table
  int game_index = 0;    // 0-based line index within the series
  std::uint64_t deal_id = 0;
  std::array<Participant, 3> seats{};  // the series' player of each seat (a substitute's: `replaced`)
  int forehand_seat = 0;               // = game_index mod 3
  Game game;                           // the finished engine game
  PgnGame pgn;                         // the PGN game line (pgn_game_from)
  std::string pgn_line;                // write_pgn_game(pgn)
  Json events;                         // full unredacted event log, each with "t" ms timestamp
  Json result;                         // the result object of the game_result event
  std::array<int, 3> points{};         // Seeger-Fabian points of this game per seat
  std::array<int, 3> timeouts{};       // moves per seat the table made after the move clock ran out
  std::array<bool, 3> replaced{};      // seats played by someone other than the series' player for a while
  // Who played a replaced seat: the last substitute bot that sat in during the game (none when the
  // table made the seat's moves with nobody seated); the game is credited to it, not to the series'
  // player.
  std::array<std::optional<Participant>, 3> substitutes{};
  std::array<std::vector<float>, 3> move_ms{};  // per seat: each answer's time from the act request, ms
  TimePoint started{};
  TimePoint finished{};
  TimePoint series_started{};  // the series' start (its first game's, or the resumed series' own)
  int series_deals = 0;        // the table's deals per series and PGN event (TableConfig)
  std::string series_event{};
};

struct FinishedSeries {
  TableId table = 0;
  int series_index = 0;
  std::array<Participant, 3> seats{};  // the seats at the start of the series
  PgnSeries series;                    // header (incl. Result) and every game line
  std::string pgn;                     // write_pgn(series)
  std::array<PgnSeatResult, 3> scores{};
  TimePoint started{};
  TimePoint finished{};
  // Ended before its last deal because every human of it had gone (the games played are its
  // record; the game in progress is not): stored as aborted, never rated.
  bool abandoned = false;
};

// A series a previous process of the server left unfinished, from its records: it goes on at a
// fresh Table of the same id with the next deal (Table::resume_series).
struct SeriesSoFar {
  int series_index = 0;                // 0-based series number at this table
  std::array<Participant, 3> seats{};  // the seats at the start of the series
  TimePoint started{};
  std::vector<PgnGame> games;  // the stored game lines, in order (line i has index i)
};

// A seat needs a bot: the caller picks one from its pool (by kind, or by name when set) and
// seats it with Table::sit.
struct BotRequest {
  int seat = 0;
  std::string kind;
  std::string name;
  bool exact = false;  // only that bot or kind will do (tournaments): wait for one rather than seat another
};

// A bot that held a seat only as a replacement and has been sent away (the human returned):
// the caller frees it in the bot pool.
struct BotRelease {
  int seat = 0;
  std::int64_t player_id = 0;
};

struct TableOutput {
  std::vector<Outbound> messages;
  std::vector<FinishedGame> games;  // at most one per call in practice
  std::optional<FinishedSeries> series;
  std::vector<BotRequest> bot_requests;
  std::vector<BotRelease> bot_releases;
  // When to call on_clock next (move clock or grace end); empty when nothing is pending.
  std::optional<TimePoint> next_deadline;

  void append(TableOutput&& other);
};

}  // namespace skat::table
