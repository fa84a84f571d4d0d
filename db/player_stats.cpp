// A player's statistics (db/player_stats.h).
#include "db/player_stats.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "db/series.h"
#include "engine/records/pgn.h"

namespace skat::db {

namespace {

// The engine game type of a stored game code (games.game: 0..3 suit, 4 grand, 5..8 null).
std::size_t type_index(int game) { return static_cast<std::size_t>(std::clamp(game, 0, kPgnNull)); }

}  // namespace

std::expected<PlayerStats, DbError> player_stats(Connection& c, PlayerId player) {
  const std::string sql =
      "SELECT g.series_id, g.game, CASE WHEN g.declarer_seat = ss.seat THEN 1 ELSE 0 END, g.won, g.list_entry, "
      "CASE ss.seat WHEN 0 THEN g.sf1 WHEN 1 THEN g.sf2 ELSE g.sf3 END "
      "FROM series_seats ss JOIN series s ON s.id = ss.series_id JOIN games g ON g.series_id = ss.series_id "
      "WHERE ss.player_id = ?1 AND s.status = 'finished' AND (g.replaced & CASE ss.seat WHEN 0 THEN 1 WHEN 1 THEN 2 "
      "ELSE 4 END) = 0 AND NOT " +
      std::string(kSealedSeriesSql) + " ORDER BY g.series_id, g.idx";
  auto st = c.statement(sql);
  if (!st) return std::unexpected(st.error());
  st->bind(1, player);
  PlayerStats out;
  std::map<SeriesId, BestSeries> per_series;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    const SeriesId series = st->int64(0);
    const int game = st->integer(1);
    const bool declared = st->integer(2) == 1 && game != kPgnFolded;
    const bool won = st->boolean(3);
    const int entry = st->integer(4);
    const int points = st->integer(5);
    ++out.games;
    out.score += points;
    BestSeries& s = per_series[series];
    s.id = series;
    s.score += points;
    ++s.games;
    if (!declared) continue;
    ++out.declared;
    GameTypeCount& type = out.by_type[type_index(game)];
    ++type.declared;
    if (won) {
      ++out.won;
      ++type.won;
    }
    out.value_sum += won ? entry : std::abs(entry) / 2;  // a lost game enters −2 × its value
  }
  out.series = static_cast<int>(per_series.size());
  for (const auto& [id, s] : per_series)
    if (!out.best || s.score > out.best->score) out.best = s;
  return out;
}

}  // namespace skat::db
