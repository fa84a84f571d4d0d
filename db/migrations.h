// The schema: migrations/NNNN_name.sql, embedded into the binary at build time
// (embed_migrations.cmake), applied forward-only in version order, each in its own transaction
// that also sets the version (SQLite: PRAGMA user_version; PostgreSQL: the table skat_schema). One
// set of files serves both engines (db/dialect.h). A database whose version is newer than the binary knows is
// refused. open_database() is the usual way in: open + migrate.
#pragma once

#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "db/connection.h"

namespace skat::db {

// A migration file holds plain SQL without BEGIN / COMMIT (migrate() wraps it in a transaction)
// and without statements that cannot run inside one (PRAGMA journal_mode, foreign_keys, VACUUM).
struct Migration {
  int version = 0;        // NNNN of the file name
  std::string_view name;  // the rest of the file name, without ".sql"
  std::string_view sql;   // the file's contents
};

// Every migration of migrations/, in version order (generated at build time).
std::span<const Migration> embedded_migrations();
// The version a database has after all embedded migrations.
int latest_schema_version();
// The schema version of the database (0: empty).
std::expected<int, DbError> schema_version(Connection& connection);

// Applies the migrations the database lacks (none: no-op). SchemaTooNew when the database's
// version is above latest_schema_version(). Returns the number of migrations applied.
std::expected<int, DbError> migrate(Connection& connection);
// The same over an explicit list (tests use it to simulate newer schemas).
std::expected<int, DbError> migrate(Connection& connection, std::span<const Migration> migrations);

// Connection::open followed by migrate: the database ready for the repositories.
std::expected<Connection, DbError> open_database(const std::string& path, const OpenOptions& options = {});

}  // namespace skat::db
