// The error value of the database layer: every db function returns std::expected<T, DbError>,
// never throws. The code says what kind of failure it was (so callers can map it to HTTP status
// or an exit code); the message is one line for logs and users.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace skat::db {

enum class DbErrc : std::uint8_t {
  Engine,         // the database engine (SQLite or PostgreSQL) reported an error
  MissingRow,     // a foreign key refers to a row that does not exist
  Busy,           // the database stayed locked longer than the busy timeout
  NotFound,       // no such player, series, bot …
  AlreadyExists,  // a unique name or key is taken
  Invalid,        // an argument was rejected (bad name, bad record …)
  Unauthorized,   // a token or secret did not verify
  SchemaTooNew,   // the database was written by a newer binary
  Corrupt,        // integrity_check found problems
  Io,             // a file or directory could not be created or written
  Full,           // the disk, or the database's size limit (OpenOptions::max_bytes), is full
  LimitReached,   // a per-player quota is used up (e.g. bots per owner)
};

struct DbError {
  DbErrc code = DbErrc::Engine;
  std::string message;
  int sqlite_code = 0;  // SQLite's extended result code when SQLite reported the error (0 for PostgreSQL)

  bool operator==(const DbError&) const = default;
};

std::string_view to_string(DbErrc code);

namespace detail {
// An error with no engine code (for the repositories' own checks).
DbError error(DbErrc code, std::string message);
}  // namespace detail

}  // namespace skat::db
