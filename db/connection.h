// One database connection (RAII) and its statements, on either engine the project supports: an
// SQLite file (the embedded default; WAL, synchronous, foreign keys, busy timeout) or a PostgreSQL
// server (a `postgresql://` URL, docs/scaling.md). A cache prepares each SQL text once; typed
// bind/column helpers hide the engines' differences (db/engine.h), and the repositories write one
// SQL dialect with numbered parameters `?N` (db/dialect.h). Nothing here throws.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/error.h"
#include "db/types.h"

namespace skat::db {

namespace detail {
class StatementImpl;
class ConnectionImpl;
}  // namespace detail

// Which engine a connection talks to.
enum class Engine : std::uint8_t { Sqlite, Postgres };

// The kind of a value in a result column (for code that copies rows without knowing the schema).
enum class ValueKind : std::uint8_t { Null, Integer, Real, Text, Blob };

// True when `location` names a PostgreSQL database (postgresql:// or postgres:// URL) rather than
// an SQLite file (a path, optionally written sqlite:PATH).
bool is_postgres_url(std::string_view location);

// How hard a commit waits for the disk (PRAGMA synchronous; see Connection::open).
enum class Durability : std::uint8_t {
  Normal,  // commits survive a crash of the process; power loss may undo the last ones
  Full,    // each commit is fsynced: it survives power loss too (the default)
};

// PostgreSQL keeps its own durability (synchronous_commit, fsync: the server's settings); create and
// max_bytes are SQLite's: a PostgreSQL database must exist, and a quota there is the server's
// business (open fails with Invalid when max_bytes is set for a URL).
struct OpenOptions {
  bool create = true;  // create the file (and its parent directories) when missing
  Durability durability = Durability::Full;
  std::chrono::milliseconds busy_timeout{5000};  // how long to wait for another writer's lock
  std::uint64_t max_bytes = 0;                   // 0: no limit; else writes growing the file beyond it fail with Full
  // A reader: every write through the connection fails (SQLite: PRAGMA query_only; PostgreSQL:
  // default_transaction_read_only, set again after a reconnect).
  bool read_only = false;
};

// A prepared statement. Obtained from Connection::statement (cached: reset and unbound when this
// object is destroyed, finalized with the connection) or Connection::prepare (finalized when this
// object is destroyed). Parameters are 1-based (`?N` in the SQL), columns 0-based. A bind error is
// remembered and reported by the next step(). Must not outlive its connection.
class Statement {
 public:
  Statement() = default;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  ~Statement();

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, bool value) { return bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);  // copied
  Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Statement& bind(int index, Timestamp time) { return bind(index, to_millis(time)); }
  Statement& bind_blob(int index, std::span<const unsigned char> bytes);
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Advances: true when a row is available, false when done.
  std::expected<bool, DbError> step();
  // Steps to the end (for INSERT / UPDATE / DELETE); rows, if any, are skipped.
  std::expected<void, DbError> run();
  // Makes the statement ready to run again (bindings are kept).
  void reset();

  bool is_null(int column) const;
  std::int64_t int64(int column) const;
  int integer(int column) const;
  double real(int column) const;
  bool boolean(int column) const { return int64(column) != 0; }
  std::string text(int column) const;
  std::vector<unsigned char> blob(int column) const;
  Timestamp timestamp(int column) const { return from_millis(int64(column)); }
  std::optional<std::int64_t> optional_int64(int column) const;
  std::optional<Timestamp> optional_timestamp(int column) const;
  // The current row's shape: number of columns, and each value's kind (booleans are Integer).
  int column_count() const;
  std::string column_name(int column) const;
  ValueKind kind(int column) const;

 private:
  friend class Connection;
  explicit Statement(detail::StatementImpl* impl) : impl_(impl) {}
  void release() noexcept;

  detail::StatementImpl* impl_ = nullptr;  // given back (to the cache, or deleted) by release()
};

// An open database. Not thread-safe: use one connection per thread; the server keeps a single
// writer connection (SQLite allows one writer at a time anyway) and may open readers beside it.
// Several processes (server nodes) may share one PostgreSQL database.
class Connection {
 public:
  // Opens (creating when allowed) the database at `path`; ":memory:" opens a private in-memory
  // database (for tests). File databases are switched to WAL with the options' durability. A
  // postgresql:// URL connects to that server (libpq's URL syntax, e.g.
  // postgresql://user@host:5432/skat?options=-csearch_path%3Dnode_a).
  static std::expected<Connection, DbError> open(const std::string& path, const OpenOptions& options = {});

  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  ~Connection();

  // A statement from the cache, prepared on its first use. When the cached one is still in use
  // (a nested query with the same text) a fresh one is prepared for this call.
  std::expected<Statement, DbError> statement(std::string_view sql);
  // A statement prepared for one use (SQL built at run time that is not worth caching).
  std::expected<Statement, DbError> prepare(std::string_view sql);
  // Runs SQL text of any number of statements that return no rows (schema scripts, pragmas).
  std::expected<void, DbError> exec(std::string_view sql);

  // SQLite: PRAGMA integrity_check and foreign_key_check. PostgreSQL: every foreign key of the
  // schema checked row by row (the server itself guards its pages). Corrupt with the first problems
  // when not clean.
  std::expected<void, DbError> integrity_check();
  // SQLite: online backup of the whole database to `path` (written beside it, then renamed into
  // place), consistent even while other connections write. PostgreSQL: Invalid (use pg_dump, or
  // `skat admin migrate-store` into an SQLite file).
  std::expected<void, DbError> backup_to(const std::string& path);

  Engine engine() const;
  bool in_transaction() const;
  int changes() const;  // rows changed by the last INSERT / UPDATE / DELETE
  // The file path or URL, as given to open.
  const std::string& path() const { return path_; }
  std::size_t cached_statements() const;

 private:
  friend class Transaction;
  Connection(std::unique_ptr<detail::ConnectionImpl> impl, std::string path);

  std::unique_ptr<detail::ConnectionImpl> impl_;
  std::string path_;
  int savepoint_depth_ = 0;
};

}  // namespace skat::db
