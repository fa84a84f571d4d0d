#include "db/provisional_ratings.h"

#include "db/collect_rows.h"
#include "db/error.h"
#include "db/rating_rows.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

using detail::collect;

// The newest row of each player: no row of the same player after it.
constexpr std::string_view kNewest =
    " NOT EXISTS (SELECT 1 FROM provisional_ratings n WHERE n.player_id = r.player_id AND (n.finished_at > "
    "r.finished_at OR (n.finished_at = r.finished_at AND n.series_id > r.series_id))) ";

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
  auto st = c.statement(detail::select_rating_rows("provisional_ratings") + "WHERE" + std::string(kNewest) +
                        "ORDER BY r.rating DESC, r.player_id");
  if (!st) return std::unexpected(st.error());
  return collect<RatingRow>(*st, detail::rating_row_of);
}

std::expected<std::optional<RatingRow>, DbError> provisional_rating(Connection& c, PlayerId player) {
  auto st = c.statement(detail::select_rating_rows("provisional_ratings") + "WHERE r.player_id = ?1 AND" +
                        std::string(kNewest));
  if (!st) return std::unexpected(st.error());
  st->bind(1, player);
  return detail::first_rating_row(*st);
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
