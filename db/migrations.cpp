#include "db/migrations.h"

#include "db/sqlite_error.h"
#include "db/transaction.h"

namespace skat::db {

int latest_schema_version() {
  const auto all = embedded_migrations();
  return all.empty() ? 0 : all.back().version;
}

std::expected<int, DbError> schema_version(Connection& connection) {
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
  // Another process may have migrated while this one waited for the write lock.
  auto current = schema_version(connection);
  if (!current) return std::unexpected(current.error());
  if (*current > known) return std::unexpected(too_new(*current, known));
  if (*current >= m.version) return {};
  if (auto r = connection.exec(m.sql); !r) {
    DbError e = r.error();
    e.message = "migration " + std::to_string(m.version) + " (" + std::string(m.name) + "): " + e.message;
    return std::unexpected(std::move(e));
  }
  // PRAGMA user_version is part of the transaction: the schema and its version change together.
  if (auto r = connection.exec("PRAGMA user_version = " + std::to_string(m.version)); !r)
    return std::unexpected(r.error());
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
