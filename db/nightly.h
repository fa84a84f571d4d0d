// What the nightly job reads and writes (docs/learning.md §3, docs/ratings.md §5): the recorded
// games after a watermark, the winning-table versions (one row per version, inserted together with
// its watermark), the finished series in the order they finished with their game lines, and rating
// snapshots (per player rating, uncertainty and totals, and the rating history), the newest of
// which the leaderboard shows.
#pragma once

#include <array>
#include <expected>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/types.h"

namespace skat::db {

struct TableVersionRecord {
  int version = 0;
  Timestamp created_at{};
  std::string file;      // the table file written
  std::string base;      // the file it was folded onto
  GameId watermark = 0;  // the highest id folded (all nodes)
  // The last id folded per writing node (games.node); a node missing here starts from 0, except
  // '' in versions written before nodes existed, which starts from `watermark`.
  std::map<std::string, GameId> watermarks;
  std::int64_t games_new = 0;     // games folded into this version
  std::int64_t games_folded = 0;  // games in its counts in all
  std::string stats = "{}";       // JSON: the fold's statistics
  bool operator==(const TableVersionRecord&) const = default;
};

std::expected<std::optional<TableVersionRecord>, DbError> latest_table_version(Connection& c);
std::expected<std::vector<TableVersionRecord>, DbError> table_versions(Connection& c);
// Fails (Invalid) when the version exists already. `created_at` is set here.
std::expected<void, DbError> insert_table_version(Connection& c, const TableVersionRecord& record);

struct RecordedGame {
  GameId id = 0;
  std::string pgn;   // the game line
  int timeouts = 0;  // moves the clock made, all seats
};
// Games written by `node` with id > `after`, in id order, at most `limit`.
std::expected<std::vector<RecordedGame>, DbError> games_after(Connection& c, std::string_view node, GameId after,
                                                              int limit);
// The nodes that wrote games ('' among them when any game has no node).
std::expected<std::vector<std::string>, DbError> game_nodes(Connection& c);
// Where folding `node`'s games starts after `version` (nullopt: no version yet, 0).
GameId node_watermark(const std::optional<TableVersionRecord>& version, const std::string& node);

struct SeriesGames {
  SeriesId id = 0;
  Timestamp finished_at{};
  std::array<PlayerId, 3> seats{};
  std::vector<std::string> games;  // game lines in deal order
  // Per game of `games`: a substitute bot played one of the seats (all or part of it) in place of
  // the player who left; such a game is rated for no one (docs/ratings.md §7). Shorter than
  // `games` (e.g. empty) means no substitute in the games past its end.
  std::vector<bool> substituted;
};
// Every finished series (not aborted) that counts for the ratings (not db/series.h's uncounted:
// unrated tournaments, running sealed ones), ordered by finish time then id, until `visit` returns
// false.
std::expected<void, DbError> for_each_finished_series(Connection& c,
                                                      const std::function<bool(const SeriesGames&)>& visit);
// One finished series with its game lines; empty when it is not finished, does not count for the
// ratings, or does not exist.
std::expected<std::optional<SeriesGames>, DbError> finished_series_games(Connection& c, SeriesId id);

struct RatingRow {
  PlayerId player_id = 0;
  std::string name;  // filled when read
  PlayerKind kind = PlayerKind::Human;
  std::string bot_kind;  // filled when read
  double rating = 0;
  double uncertainty = 0;
  int series = 0;
  int deals = 0;
  int sf_score = 0;
  double elo_score = 0;
  int won = 0;
  int lost = 0;
  bool operator==(const RatingRow&) const = default;
};

struct HistoryPoint {
  PlayerId player_id = 0;
  SeriesId series_id = 0;
  Timestamp finished_at{};
  double rating = 0;
  bool operator==(const HistoryPoint&) const = default;
};

struct RatingSnapshot {
  std::int64_t id = 0;
  Timestamp created_at{};
  int series_count = 0;
  SeriesId last_series = 0;
  int table_version = 0;
  std::string options = "{}";  // JSON
  std::vector<RatingRow> rows;
  std::vector<HistoryPoint> history;
};

// The newest snapshot's header (rows and history empty), if any.
std::expected<std::optional<RatingSnapshot>, DbError> latest_snapshot(Connection& c);
// Writes a snapshot in one transaction and keeps only the newest `keep` (≥ 1); returns its id.
std::expected<std::int64_t, DbError> write_snapshot(Connection& c, const RatingSnapshot& snapshot, int keep = 5);
// A snapshot's rows with names and kinds, best rating first.
std::expected<std::vector<RatingRow>, DbError> snapshot_ratings(Connection& c, std::int64_t snapshot);
// A player's row in a snapshot, if he has one.
std::expected<std::optional<RatingRow>, DbError> snapshot_rating(Connection& c, std::int64_t snapshot, PlayerId player);
// One player's history in a snapshot, in the order applied.
std::expected<std::vector<HistoryPoint>, DbError> rating_history(Connection& c, std::int64_t snapshot, PlayerId player);

}  // namespace skat::db
