// The server's tournaments through the database store (server/store/database_store.h): db/
// tournaments.h's rows, and what a player's tournaments use.
#include "db/tournaments.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"

namespace skat::app {

StoreResult<std::int64_t> DatabaseStore::create_tournament(const db::TournamentRecord& record) {
  auto id = db::create_tournament(db_, record);
  if (!id) return std::unexpected(db_failure(id.error()));
  return *id;
}

StoreResult<void> DatabaseStore::add_tournament_table(std::int64_t id, const db::TournamentTable& table) {
  auto done = db::add_tournament_table(db_, id, table);
  if (!done) return std::unexpected(db_failure(done.error()));
  return {};
}

StoreResult<void> DatabaseStore::update_tournament(std::int64_t id, const db::TournamentProgress& p) {
  auto done = db::update_tournament(db_, id, p);
  if (!done) return std::unexpected(db_failure(done.error()));
  return {};
}

StoreResult<std::vector<db::TournamentRecord>> DatabaseStore::tournaments(int limit) {
  auto list = db::list_tournaments(db_, limit);
  if (!list) return std::unexpected(db_failure(list.error()));
  return std::move(*list);
}

StoreResult<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> DatabaseStore::tournament(
    std::int64_t id) {
  auto record = db::get_tournament(db_, id);
  if (!record) return std::unexpected(db_failure(record.error()));
  auto tables = db::tournament_tables(db_, id);
  if (!tables) return std::unexpected(db_failure(tables.error()));
  return std::pair{std::move(*record), std::move(*tables)};
}

StoreResult<TournamentStore::TournamentUsage> DatabaseStore::tournament_usage(std::int64_t player,
                                                                              db::Timestamp since) {
  auto deals = db::deals_started_since(db_, player, since);
  if (!deals) return std::unexpected(db_failure(deals.error()));
  auto tables = db::running_tables_of(db_, player);
  if (!tables) return std::unexpected(db_failure(tables.error()));
  return TournamentUsage{static_cast<int>(*deals), *tables};
}

}  // namespace skat::app
