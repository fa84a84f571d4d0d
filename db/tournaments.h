// The tournaments repository: a tournament's row (bots, seed, deals, seatings, mode), its progress
// and report as JSON while it runs and when it ends, the tables a server tournament plays on (with
// the series recorded at each), listing, and closing the tournaments a restart left running.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

using TournamentId = std::int64_t;

struct TournamentRecord {
  TournamentId id = 0;
  std::string mode;  // "server" or "inprocess"
  std::string a, b;  // the bots' specs
  std::uint64_t seed = 0;
  int deals = 0;
  std::string seatings;  // "2:1", "1:2" or "2:1,1:2"
  std::string status;    // "running", "finished" or "aborted"
  Timestamp created_at{};
  std::optional<Timestamp> finished_at;
  int deals_done = 0;
  std::string report;                  // JSON text, empty before the first deal is done
  std::string curve = "[]";            // JSON text
  std::optional<PlayerId> started_by;  // the player who started it; nullopt: the operator or the command line
  std::string seed_sha256;             // SHA-256 of the seed's decimal text, 64 lower-case hex (empty: none)
  bool sealed = false;                 // a player's bot plays: its series are not served while it runs
  // Every side is played by a program the server runs itself (house bots, uploaded programs in the
  // sandbox): its series count for the leaderboards and ratings. False: a friendly match.
  bool rated = true;
  std::string end_reason{};  // why it ended before its last deal (empty: it did not)
  bool cancelled = false;    // its starter or the operator cancelled it (status "aborted")
  bool ladder = false;       // the server's ladder started it (server/play/ladder.h)
  bool operator==(const TournamentRecord&) const = default;
};

struct TournamentTable {
  TableId table_id = 0;
  int b_seats = 1;    // 1: A A B, 2: A B B
  int lone_seat = 0;  // the lone bot's seat
  int first_deal = 0;
  std::vector<SeriesId> series;  // recorded at this table (one, once it has started)
  bool operator==(const TournamentTable&) const = default;
};

struct TournamentProgress {
  int deals_done = 0;
  std::string report;                       // JSON text
  std::string curve;                        // JSON text
  std::optional<std::string> final_status;  // "finished" or "aborted": the tournament ends now
  std::string end_reason{};                 // with "aborted": why (empty: none given)
  bool cancelled = false;                   // with "aborted": its starter or the operator cancelled it
};

// `record.id`, status, finished_at and progress are ignored: a new running tournament. Invalid
// when seed_sha256 is neither empty nor 64 lower-case hex digits; NotFound when started_by is no
// player.
std::expected<TournamentId, DbError> create_tournament(Connection& c, const TournamentRecord& record);
std::expected<void, DbError> add_tournament_table(Connection& c, TournamentId id, const TournamentTable& table);
// Only a running tournament changes.
std::expected<void, DbError> update_tournament(Connection& c, TournamentId id, const TournamentProgress& progress);
// Newest first, at most `limit`.
std::expected<std::vector<TournamentRecord>, DbError> list_tournaments(Connection& c, int limit);
std::expected<TournamentRecord, DbError> get_tournament(Connection& c, TournamentId id);
std::expected<std::vector<TournamentTable>, DbError> tournament_tables(Connection& c, TournamentId id);
// Whether a table was opened for a server tournament.
std::expected<bool, DbError> is_tournament_table(Connection& c, TableId table);
// Tournaments a previous process left running are aborted (their tables are gone); how many.
// The running tournaments that play at `table`, as aborted (their director's node is gone).
std::expected<int, DbError> abort_tournaments_at_table(Connection& c, TableId table);
// The deals of the tournaments `player` started at or after `since` (any status): each one's deals
// times its number of seatings ("2:1,1:2" counts twice).
std::expected<std::int64_t, DbError> deals_started_since(Connection& c, PlayerId player, Timestamp since);
// The tables of the running tournaments `player` started.
std::expected<int, DbError> running_tables_of(Connection& c, PlayerId player);
// Tournaments left running by a stopped process, as aborted: those with a table of `node` and those
// with no table at all (in-process ones); another node's stay running.
std::expected<int, DbError> abort_running_tournaments(Connection& c, std::string_view node = {});

}  // namespace skat::db
