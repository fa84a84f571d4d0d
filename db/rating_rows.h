// How a RatingRow is read (internal to db/): the snapshot's `ratings` and the `provisional_ratings`
// share their columns, read under the alias `r` with the player's name and kinds joined in.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "db/collect_rows.h"
#include "db/connection.h"
#include "db/nightly.h"

namespace skat::db::detail {

// "SELECT … FROM <table> r JOIN …": the columns rating_row_of reads, from `table`.
inline std::string select_rating_rows(std::string_view table) {
  return "SELECT r.player_id, p.name, p.kind, coalesce(b.kind, ''), r.rating, r.uncertainty, r.series, r.deals, "
         "r.sf_score, r.elo_score, r.won, r.lost FROM " +
         std::string(table) +
         " r JOIN players p ON p.id = r.player_id LEFT JOIN bot_accounts b ON b.player_id = r.player_id ";
}

inline RatingRow rating_row_of(const Statement& s) {
  return RatingRow{s.int64(0),   s.text(1),     parse_player_kind(s.text(2)).value_or(PlayerKind::Human),
                   s.text(3),    s.real(4),     s.real(5),
                   s.integer(6), s.integer(7),  s.integer(8),
                   s.real(9),    s.integer(10), s.integer(11)};
}

// The first row a statement yields, if any.
inline std::expected<std::optional<RatingRow>, DbError> first_rating_row(Statement& st) {
  auto rows = collect<RatingRow>(st, rating_row_of);
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::optional<RatingRow>();
  return std::optional<RatingRow>(rows->front());
}

}  // namespace skat::db::detail
