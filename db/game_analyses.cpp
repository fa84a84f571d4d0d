// The analyses of stored games (db/game_analyses.h).
#include "db/game_analyses.h"

#include "db/error.h"

namespace skat::db {

std::expected<void, DbError> save_game_analysis(Connection& c, GameId game, int version, std::string_view body,
                                                Timestamp at) {
  auto exists = c.statement("SELECT 1 FROM games WHERE id = ?1");
  if (!exists) return std::unexpected(exists.error());
  exists->bind(1, game);
  auto row = exists->step();
  if (!row) return std::unexpected(row.error());
  const bool found = *row;
  exists->reset();
  if (!found) return std::unexpected(detail::error(DbErrc::NotFound, "no game with id " + std::to_string(game)));
  auto st = c.statement(
      "INSERT INTO game_analyses (game_id, version, body, created_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, body = excluded.body, "
      "created_at = excluded.created_at");
  if (!st) return std::unexpected(st.error());
  st->bind(1, game).bind(2, version).bind(3, body).bind(4, to_millis(at));
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  return {};
}

std::expected<std::int64_t, DbError> analyses_bytes(Connection& c) {
  auto st = c.statement("SELECT COALESCE(SUM(length(body)), 0) FROM game_analyses");
  if (!st) return std::unexpected(st.error());
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row ? st->int64(0) : 0;
}

std::expected<int, DbError> drop_oldest_analyses(Connection& c, std::int64_t keep_bytes) {
  // Newest first, each row with the bytes of it and every newer one: those past the bound go.
  auto st = c.statement(
      "DELETE FROM game_analyses WHERE game_id IN (SELECT game_id FROM (SELECT game_id, SUM(length(body)) OVER "
      "(ORDER BY created_at DESC, game_id DESC) AS upto FROM game_analyses) AS newest WHERE upto > ?1)");
  if (!st) return std::unexpected(st.error());
  st->bind(1, keep_bytes);
  auto r = st->run();
  if (!r) return std::unexpected(r.error());
  return static_cast<int>(c.changes());
}

std::expected<std::optional<std::string>, DbError> find_game_analysis(Connection& c, GameId game, int version) {
  auto st = c.statement("SELECT body FROM game_analyses WHERE game_id = ?1 AND version = ?2");
  if (!st) return std::unexpected(st.error());
  st->bind(1, game).bind(2, version);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<std::string>{};
  return std::optional<std::string>{st->text(0)};
}

}  // namespace skat::db
