// Internal to db/: turning SQLite result codes into DbError values with one-line messages
// (busy, unique-constraint and corruption codes get their own DbErrc).
#pragma once

#include <string_view>

#include "db/error.h"

struct sqlite3;

namespace skat::db::detail {

// `what` says which operation failed ("prepare", "insert game", …); the message adds SQLite's text.
DbError sqlite_error(sqlite3* db, int rc, std::string_view what);
DbError error(DbErrc code, std::string message);

}  // namespace skat::db::detail
