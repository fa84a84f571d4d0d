#include "db/provisional_ratings.h"

#include "db/collect_rows.h"
#include "db/sqlite_error.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

using detail::collect;

// Columns read into a RatingRow by rating_of (a table alias `r` with the rating columns).
constexpr std::string_view kRatingColumns =
    "SELECT r.player_id, p.name, p.kind, coalesce(b.kind, ''), r.rating, r.uncertainty, r.series, r.deals, "
    "r.sf_score, r.elo_score, r.won, r.lost ";
constexpr std::string_view kPlayerJoins =
    " JOIN players p ON p.id = r.player_id LEFT JOIN bot_accounts b ON b.player_id = r.player_id ";
// The newest row of each player: no row of the same player after it.
constexpr std::string_view kNewest =
    " NOT EXISTS (SELECT 1 FROM provisional_ratings n WHERE n.player_id = r.player_id AND (n.finished_at > "
    "r.finished_at OR (n.finished_at = r.finished_at AND n.series_id > r.series_id))) ";

RatingRow rating_of(const Statement& s) {
  return RatingRow{s.int64(0),   s.text(1),     parse_player_kind(s.text(2)).value_or(PlayerKind::Human),
                   s.text(3),    s.real(4),     s.real(5),
                   s.integer(6), s.integer(7),  s.integer(8),
                   s.real(9),    s.integer(10), s.integer(11)};
}

std::expected<std::optional<RatingRow>, DbError> first_row(Statement& st) {
  auto rows = collect<RatingRow>(st, rating_of);
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::optional<RatingRow>();
  return std::optional<RatingRow>(rows->front());
}

}  // namespace

std::expected<void, DbError> insert_provisional_ratings(Connection& c, SeriesId series, Timestamp finished_at,
                                                        std::span<const RatingRow> rows) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto st = c.statement(
      "INSERT INTO provisional_ratings (series_id, player_id, finished_at, rating, uncertainty, series, deals, "
      "sf_score, elo_score, won, lost) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  if (!st) return std::unexpected(st.error());
  for (const RatingRow& r : rows) {
    st->reset();
    st->bind(1, series).bind(2, r.player_id).bind(3, finished_at).bind(4, r.rating).bind(5, r.uncertainty);
    st->bind(6, r.series).bind(7, r.deals).bind(8, r.sf_score).bind(9, r.elo_score).bind(10, r.won).bind(11, r.lost);
    if (auto done = st->run(); !done) return std::unexpected(done.error());
  }
  return tx->commit();
}

std::expected<bool, DbError> has_provisional_ratings(Connection& c, SeriesId series) {
  auto st = c.statement("SELECT 1 FROM provisional_ratings WHERE series_id = ?1 LIMIT 1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, series);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row;
}

std::expected<std::vector<RatingRow>, DbError> provisional_ratings(Connection& c) {
  auto st = c.statement(std::string(kRatingColumns) + "FROM provisional_ratings r" + std::string(kPlayerJoins) +
                        "WHERE" + std::string(kNewest) + "ORDER BY r.rating DESC, r.player_id");
  if (!st) return std::unexpected(st.error());
  return collect<RatingRow>(*st, rating_of);
}

std::expected<std::optional<RatingRow>, DbError> provisional_rating(Connection& c, PlayerId player) {
  auto st = c.statement(std::string(kRatingColumns) + "FROM provisional_ratings r" + std::string(kPlayerJoins) +
                        "WHERE r.player_id = ?1 AND" + std::string(kNewest));
  if (!st) return std::unexpected(st.error());
  st->bind(1, player);
  return first_row(*st);
}

std::expected<std::optional<RatingRow>, DbError> snapshot_rating(Connection& c, std::int64_t snapshot,
                                                                 PlayerId player) {
  auto st = c.statement(std::string(kRatingColumns) + "FROM ratings r" + std::string(kPlayerJoins) +
                        "WHERE r.snapshot_id = ?1 AND r.player_id = ?2");
  if (!st) return std::unexpected(st.error());
  st->bind(1, snapshot).bind(2, player);
  return first_row(*st);
}

std::expected<std::vector<HistoryPoint>, DbError> provisional_history(Connection& c, PlayerId player) {
  auto st = c.statement(
      "SELECT player_id, series_id, finished_at, rating FROM provisional_ratings WHERE player_id = ?1 "
      "ORDER BY finished_at, series_id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, player);
  return collect<HistoryPoint>(*st, [](const Statement& s) {
    return HistoryPoint{s.int64(0), s.int64(1), s.timestamp(2), s.real(3)};
  });
}

}  // namespace skat::db
