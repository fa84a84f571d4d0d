// The tables and series repository: lobby tables with their JSON config, series of deals with
// their three seats, their life cycle (running → finished | aborted, with the series PGN and the
// Seeger-Fabian result written at the end), filtered listing with paging by id, a streaming walk
// for exports, and ending the series a crash or restart left unfinished (aborted, or finished
// when every deal is stored).
#pragma once

#include <array>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"
#include "engine/records/pgn.h"

namespace skat::db {

// SQL conditions on a series aliased `s`. Sealed: it was played at a table of a running sealed
// tournament (a player's bot plays; nothing of it is shown until it ends). Uncounted: it counts for
// no leaderboard, Seeger-Fabian total or rating, because it is sealed now or was played in an
// unrated tournament (a friendly match of a bot on its own connections, db/tournaments.h).
inline constexpr std::string_view kSealedSeriesSql =
    "EXISTS (SELECT 1 FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
    "WHERE tt.table_id = s.table_id AND t.status = 'running' AND t.sealed = 1)";
inline constexpr std::string_view kUncountedSeriesSql =
    "EXISTS (SELECT 1 FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
    "WHERE tt.table_id = s.table_id AND (t.rated = 0 OR (t.status = 'running' AND t.sealed = 1)))";

struct TableRecord {
  TableId id = 0;
  Timestamp created_at{};
  std::string config;  // JSON text, owned by the server
  bool operator==(const TableRecord&) const = default;
};

// Invalid when `config_json` is not valid JSON.
// A table of `node` (the server node that opened it; '' on a single node).
std::expected<TableRecord, DbError> create_table(Connection& c, std::string_view config_json,
                                                 std::string_view node = {});
std::expected<TableRecord, DbError> get_table(Connection& c, TableId id);

// A bot that played some of a seat's games in place of its player.
struct SubstitutePlayer {
  PlayerId player_id = 0;
  std::string name;
  bool operator==(const SubstitutePlayer&) const = default;
};

// The games of a seat that a substitute played instead of the seat's player (games.replaced):
// their number, Seeger-Fabian points and declarer games won and lost, and who sat in. They belong
// to the seat's totals (the series record) but not to its player's own.
struct SubstituteShare {
  int games = 0;
  int score = 0;
  int won = 0;
  int lost = 0;
  std::vector<SubstitutePlayer> players;  // by id; empty when none was named
  bool operator==(const SubstituteShare&) const = default;
};

struct SeriesSeat {
  PlayerId player_id = 0;
  std::string name;
  PlayerKind kind = PlayerKind::Human;
  std::string bot_kind;        // a bot account's program name (BotAccount::program_name); empty otherwise
  int score = 0;               // Seeger-Fabian score of the series (0 while running)
  int won = 0;                 // games won as declarer
  int lost = 0;                // games lost as declarer
  SubstituteShare substitute;  // the part of score, won and lost that a substitute played
  bool operator==(const SeriesSeat&) const = default;
};

struct SeriesRecord {
  SeriesId id = 0;
  std::optional<TableId> table_id;  // nullopt for imported series
  std::string event;
  Timestamp started_at{};
  std::optional<Timestamp> finished_at;  // set when finished or aborted
  SeriesStatus status = SeriesStatus::Running;
  int deals = 0;         // planned number of deals
  int games_played = 0;  // games stored so far; at the end, the game lines of the final PGN
  std::array<SeriesSeat, 3> seats{};
  std::string pgn;  // the series PGN once finished or aborted, empty while running
  bool operator==(const SeriesRecord&) const = default;
};

struct NewSeries {
  std::optional<TableId> table_id;
  std::string event;
  int deals = 36;
  std::array<PlayerId, 3> seats{};  // Seat1..Seat3
  Timestamp started_at = now();
  // Set by imports: identifies the source records, so that importing them again is a no-op.
  std::optional<std::string> import_key;
};

// Fills the PGN header's date, time (local time of the server, docs/records.md §1) and duration.
void set_pgn_date(PgnHeader& header, Timestamp start, Timestamp end);

std::expected<SeriesRecord, DbError> create_series(Connection& c, const NewSeries& series);
// NotFound when there is no such series. Every series, sealed ones too (for the server's own work).
std::expected<SeriesRecord, DbError> get_series(Connection& c, SeriesId id);
// get_series for readers outside: NotFound also for a series played at a table of a running sealed
// tournament (as SeriesFilter::hide_sealed leaves it out of lists and exports).
std::expected<SeriesRecord, DbError> get_visible_series(Connection& c, SeriesId id);
// The series imported under `import_key`, if any.
std::expected<std::optional<SeriesId>, DbError> find_imported_series(Connection& c, std::string_view import_key);

// Ends a running series with its PGN text and per-seat result (Invalid when it is not running).
std::expected<void, DbError> finish_series(Connection& c, SeriesId id, std::string_view pgn,
                                           const std::array<PgnSeatResult, 3>& result, Timestamp finished_at = now());
// The series PGN of the games stored so far: header from the series row (event, start in the
// server's local time, duration up to `end`, seats by name and player id), result computed.
std::expected<PgnSeries, DbError> build_series_pgn(Connection& c, SeriesId id, Timestamp end = now());
// Ends a running series as aborted, with the PGN and result of the games present.
std::expected<SeriesRecord, DbError> abort_series(Connection& c, SeriesId id, Timestamp at = now());
// Ends a running series all of whose planned deals are stored (the process that played them
// stopped before it could) as finished, like abort_series; Invalid when games are missing.
std::expected<SeriesRecord, DbError> complete_series(Connection& c, SeriesId id, Timestamp at = now());

// All conditions that are set must hold.
struct SeriesFilter {
  std::optional<PlayerId> player_id;       // one of the seats
  std::optional<std::string> player_name;  // one of the seats (name without regard to case)
  // A seat is a bot account of this program name (BotAccount::program_name), or, when the value has
  // no ':', a program name starting with the value and ':' ("full" matches every "full:…" spec).
  // Compared without regard to ASCII case.
  std::optional<std::string> bot_kind;
  std::optional<Timestamp> from;  // started_at >= from
  std::optional<Timestamp> to;    // started_at < to
  std::optional<TableId> table_id;
  std::optional<SeriesStatus> status;
  std::optional<std::string> node;  // played at a table of this server node
  // Leaves out the series played at a table of a tournament that is running and sealed (a player's
  // bot plays). On for every read served to the outside; the server's own bookkeeping (resuming
  // series, counting a table's series) turns it off.
  bool hide_sealed = true;
};

struct Page {
  SeriesId after_id = 0;  // the last id of the previous page (0: from the start)
  int limit = 100;        // 1..1000
};

// Matching series in increasing id order, at most `limit` with id > after_id.
std::expected<std::vector<SeriesRecord>, DbError> list_series(Connection& c, const SeriesFilter& filter,
                                                              Page page = {});
// Calls `visit` for every matching series in id order until it returns false; reads in pages so
// that no read transaction stays open while the caller writes to a slow client. Returns the
// number of series visited.
std::expected<int, DbError> for_each_series(Connection& c, const SeriesFilter& filter,
                                            const std::function<bool(const SeriesRecord&)>& visit);

}  // namespace skat::db
