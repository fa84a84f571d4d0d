// Internal to db/: the one SQL dialect the repositories and migrations are written in, and its
// translation for PostgreSQL. Statements use SQLite's numbered parameters `?N`, which become `$N`.
// Migration files are SQLite DDL (STRICT tables, INTEGER/REAL/BLOB, `id INTEGER PRIMARY KEY` as the
// auto-assigned id) with optional engine-only blocks between the comment lines
// `-- sqlite only` / `-- postgresql only` and `-- end`; for PostgreSQL the types and the id column
// are rewritten (BIGINT, DOUBLE PRECISION, BYTEA, an identity column) and the table options dropped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"

namespace skat::db::detail {

struct PostgresStatementText {
  std::string sql;               // `?N` parameters as `$N`; quoted strings, identifiers and comments untouched
  std::vector<bool> referenced;  // [N - 1]: whether $N occurs (PostgreSQL cannot type a parameter it never sees)
};
PostgresStatementText postgres_parameters(std::string_view sql);

// A migration file's SQL for `engine`: the other engine's blocks removed (their lines kept as
// empty lines), and for PostgreSQL the DDL rewritten as described above.
std::string migration_sql(std::string_view sql, Engine engine);

}  // namespace skat::db::detail
