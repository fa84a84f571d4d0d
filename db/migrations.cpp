#include "db/migrations.h"

#include "db/dialect.h"
#include "db/error.h"
#include "db/transaction.h"

namespace skat::db {

int latest_schema_version() {
  const auto all = embedded_migrations();
  return all.empty() ? 0 : all.back().version;
}

// SQLite keeps the version in PRAGMA user_version; PostgreSQL in the one-row table skat_schema,
// which the first migration creates.
std::expected<int, DbError> schema_version(Connection& connection) {
  if (connection.engine() == Engine::Postgres) {
    auto exists = connection.statement("SELECT to_regclass('skat_schema') IS NOT NULL");
    if (!exists) return std::unexpected(exists.error());
    auto row = exists->step();
    if (!row) return std::unexpected(row.error());
    if (!*row || !exists->boolean(0)) return 0;
    auto st = connection.statement("SELECT version FROM skat_schema");
    if (!st) return std::unexpected(st.error());
    auto version = st->step();
    if (!version) return std::unexpected(version.error());
    return *version ? st->integer(0) : 0;
  }
  auto st = connection.statement("PRAGMA user_version");
  if (!st) return std::unexpected(st.error());
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row ? st->integer(0) : 0;
}

namespace {

DbError too_new(int found, int known) {
  return detail::error(DbErrc::SchemaTooNew, "the database has schema version " + std::to_string(found) +
                                                 " but this skat knows only up to " + std::to_string(known) +
                                                 "; use a newer skat (databases are never migrated backwards)");
}

std::expected<void, DbError> apply(Connection& connection, const Migration& m, int known) {
  auto tx = Transaction::begin(connection);
  if (!tx) return std::unexpected(tx.error());
  const bool postgres = connection.engine() == Engine::Postgres;
  // Several nodes may start at once on one PostgreSQL database: one migrates, the others wait here
  // (a transaction-scoped advisory lock; SQLite's BEGIN IMMEDIATE already took the write lock).
  if (postgres)
    if (auto r = connection.exec("SELECT pg_advisory_xact_lock(7341000)"); !r) return std::unexpected(r.error());
  // Another process may have migrated while this one waited for the write lock.
  auto current = schema_version(connection);
  if (!current) return std::unexpected(current.error());
  if (*current > known) return std::unexpected(too_new(*current, known));
  if (*current >= m.version) return {};
  if (auto r = connection.exec(detail::migration_sql(m.sql, connection.engine())); !r) {
    DbError e = r.error();
    e.message = "migration " + std::to_string(m.version) + " (" + std::string(m.name) + "): " + e.message;
    return std::unexpected(std::move(e));
  }
  // The version is part of the transaction: the schema and its version change together.
  const std::string version = std::to_string(m.version);
  const std::string set_version =
      postgres ? "CREATE TABLE IF NOT EXISTS skat_schema (version INTEGER NOT NULL); DELETE FROM skat_schema; "
                 "INSERT INTO skat_schema (version) VALUES (" +
                     version + ")"
               : "PRAGMA user_version = " + version;
  if (auto r = connection.exec(set_version); !r) return std::unexpected(r.error());
  return tx->commit();
}

}  // namespace

std::expected<int, DbError> migrate(Connection& connection, std::span<const Migration> migrations) {
  const int known = migrations.empty() ? 0 : migrations.back().version;
  auto version = schema_version(connection);
  if (!version) return std::unexpected(version.error());
  if (*version > known) return std::unexpected(too_new(*version, known));
  int applied = 0;
  for (const Migration& m : migrations) {
    if (m.version <= *version) continue;
    if (auto r = apply(connection, m, known); !r) return std::unexpected(r.error());
    ++applied;
  }
  return applied;
}

std::expected<int, DbError> migrate(Connection& connection) { return migrate(connection, embedded_migrations()); }

std::expected<Connection, DbError> open_database(const std::string& path, const OpenOptions& options) {
  auto connection = Connection::open(path, options);
  if (!connection) return std::unexpected(connection.error());
  if (auto r = migrate(*connection); !r) {
    DbError e = r.error();
    e.message = "'" + path + "': " + e.message;
    return std::unexpected(std::move(e));
  }
  return connection;
}

}  // namespace skat::db
