// The SQLite engine behind db::Connection (db/engine.h): a database file in WAL mode with the
// settings the server relies on (synchronous, foreign keys, busy timeout, an optional size quota),
// statements prepared once and cached, PRAGMA integrity_check and the online backup. The only file
// that includes sqlite3.h.
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>

#include "common/confusables.h"
#include "common/text_rules.h"
#include "db/engine.h"
#include "db/statement_cache.h"

namespace skat::db::detail {

namespace {

DbError sqlite_error(sqlite3* db, int rc, std::string_view what) {
  const int primary = rc & 0xFF;
  DbErrc code = DbErrc::Engine;
  if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) code = DbErrc::Busy;
  if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY) code = DbErrc::AlreadyExists;
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) code = DbErrc::MissingRow;
  if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) code = DbErrc::Corrupt;
  if (primary == SQLITE_FULL) code = DbErrc::Full;
  if (primary == SQLITE_IOERR) code = DbErrc::Io;
  std::string text = db != nullptr && sqlite3_errcode(db) == rc ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  return DbError{code, std::string(what) + ": " + text, rc};
}

class SqliteStatement final : public StatementImpl {
 public:
  SqliteStatement(sqlite3_stmt* stmt, bool* lease) : stmt_(stmt), lease_(lease) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }

  void bind_int64(int index, std::int64_t value) override {
    remember(sqlite3_bind_int64(stmt_, index, static_cast<sqlite3_int64>(value)));
  }
  void bind_double(int index, double value) override { remember(sqlite3_bind_double(stmt_, index, value)); }
  void bind_text(int index, std::string_view text) override {
    // An empty view may have no data pointer, which SQLite would bind as NULL: it is the empty text.
    remember(sqlite3_bind_text64(stmt_, index, text.data() != nullptr ? text.data() : "", text.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8));
  }
  void bind_blob(int index, std::span<const unsigned char> bytes) override {
    remember(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT));
  }
  void bind_null(int index) override { remember(sqlite3_bind_null(stmt_, index)); }

  std::expected<bool, DbError> step() override {
    sqlite3* db = sqlite3_db_handle(stmt_);
    if (bind_rc_ != SQLITE_OK) return std::unexpected(sqlite_error(db, bind_rc_, "bind"));
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    const char* sql = sqlite3_sql(stmt_);
    std::string what(sql != nullptr ? std::string_view(sql).substr(0, 40) : std::string_view("step"));
    std::replace(what.begin(), what.end(), '\n', ' ');
    return std::unexpected(sqlite_error(db, rc, "'" + what + "…'"));
  }

  void reset() override {
    sqlite3_reset(stmt_);
    bind_rc_ = SQLITE_OK;
  }

  bool is_null(int column) const override { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
  std::int64_t int64(int column) const override { return sqlite3_column_int64(stmt_, column); }
  double real(int column) const override { return sqlite3_column_double(stmt_, column); }
  std::string text(int column) const override {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    if (p == nullptr) return {};
    return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }
  std::vector<unsigned char> blob(int column) const override {
    const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(stmt_, column));
    if (p == nullptr) return {};
    return std::vector<unsigned char>(p, p + sqlite3_column_bytes(stmt_, column));
  }

  int column_count() const override { return sqlite3_column_count(stmt_); }
  std::string column_name(int column) const override {
    const char* name = sqlite3_column_name(stmt_, column);
    return name != nullptr ? name : "";
  }
  ValueKind kind(int column) const override {
    switch (sqlite3_column_type(stmt_, column)) {
      case SQLITE_INTEGER: return ValueKind::Integer;
      case SQLITE_FLOAT: return ValueKind::Real;
      case SQLITE_TEXT: return ValueKind::Text;
      case SQLITE_BLOB: return ValueKind::Blob;
      default: return ValueKind::Null;
    }
  }

  void release() noexcept override {
    if (lease_ == nullptr) {
      delete this;
      return;
    }
    // Back to the cache: ready for the next user, holding no locks and no bound values.
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    bind_rc_ = SQLITE_OK;
    *lease_ = false;
  }

 private:
  void remember(int rc) {
    if (rc != SQLITE_OK && bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  }

  sqlite3_stmt* stmt_;
  bool* lease_;  // cached statement: its slot's in-use flag; nullptr: owned
  int bind_rc_ = SQLITE_OK;
};

bool is_memory(const std::string& path) { return path == ":memory:" || path.empty(); }

std::expected<void, DbError> make_parent_directories(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) return {};
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec)
    return std::unexpected(error(DbErrc::Io, "cannot create directory '" + parent.string() + "': " + ec.message()));
  return {};
}

// Creates `path` empty with mode 0600 (less if the umask says so) when it does not exist, before
// SQLite opens it: the database holds the hashes of every session and bot token, and SQLite would
// create it 0644. Its -wal and -shm files take the mode of the database file (SQLite's unix VFS
// copies it), so they are private too.
std::expected<void, DbError> create_private_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) {
    ::close(fd);
    return {};
  }
  if (errno == EEXIST) return {};
  return std::unexpected(error(DbErrc::Io, "cannot create '" + path + "': " + std::strerror(errno)));
}

// skat_name_key(name): the key under which player names are unique (common/confusables.h), for
// the migrations that fill players.name_key (migrations/0004_player_name_key.sql, 0010).
void name_key_function(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* name = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  if (name == nullptr) return sqlite3_result_null(context);
  const std::string key =
      text::name_key(std::string_view(name, static_cast<std::size_t>(sqlite3_value_bytes(argv[0]))));
  sqlite3_result_text64(context, key.data(), key.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

// A pragma that answers with one text row (journal_mode), as text.
std::expected<std::string, DbError> pragma_text(sqlite3* db, const char* sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
  if (rc != SQLITE_OK) return std::unexpected(sqlite_error(db, rc, sql));
  rc = sqlite3_step(stmt);
  std::string out;
  if (rc == SQLITE_ROW) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    out = p != nullptr ? p : "";
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return std::unexpected(sqlite_error(db, rc, sql));
  return out;
}

std::expected<void, DbError> configure(sqlite3* db, bool memory, const OpenOptions& options) {
  // Wait for another connection's write lock instead of failing at once (set first: switching to
  // WAL below may itself have to wait).
  sqlite3_busy_timeout(db, static_cast<int>(options.busy_timeout.count()));
  if (const int rc =
          sqlite3_create_function_v2(db, "skat_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                     nullptr, name_key_function, nullptr, nullptr, nullptr);
      rc != SQLITE_OK)
    return std::unexpected(sqlite_error(db, rc, "skat_name_key"));
  if (!memory) {
    // WAL: readers never block the writer and the writer never blocks readers; a commit is one
    // append to the -wal file, and a crash of the process (SIGKILL) can never tear the database.
    auto mode = pragma_text(db, "PRAGMA journal_mode=WAL");
    if (!mode) return std::unexpected(mode.error());
    if (*mode != "wal")
      return std::unexpected(error(DbErrc::Io, "cannot switch the database to WAL (got '" + *mode + "')"));
  }
  // synchronous: in WAL mode, NORMAL already keeps every commit across a crash of the process
  // (the WAL frames are in the OS cache once write() returns); it only skips the fsync at each
  // commit, so an OS crash or power loss can undo the last commits. The server promises that
  // nothing finished is ever lost, and a finished game is minutes of three players' play, while
  // one fsync per game is a few per second even at 500 tables: FULL is the default. NORMAL is
  // there for bulk tools and tests that can redo their work.
  const char* sync = options.durability == Durability::Full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL";
  const char* writes = options.read_only ? "PRAGMA query_only=ON" : "PRAGMA query_only=OFF";
  for (const char* sql : {sync, "PRAGMA foreign_keys=ON", writes}) {
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) return std::unexpected(sqlite_error(db, rc, sql));
  }
  if (options.max_bytes > 0) {  // a quota: past it, writes fail as on a full disk
    auto page = pragma_text(db, "PRAGMA page_size");
    if (!page) return std::unexpected(page.error());
    const std::uint64_t pages = std::max<std::uint64_t>(1, options.max_bytes / std::stoull(*page));
    const std::string sql = "PRAGMA max_page_count=" + std::to_string(pages);
    auto set = pragma_text(db, sql.c_str());
    if (!set) return std::unexpected(set.error());
  }
  return {};
}

std::expected<sqlite3_stmt*, DbError> prepare_statement(sqlite3* db, std::string_view sql, unsigned flags) {
  if (db == nullptr) return std::unexpected(error(DbErrc::Invalid, "the connection is closed"));
  sqlite3_stmt* stmt = nullptr;
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), flags, &stmt, &tail);
  if (rc != SQLITE_OK) return std::unexpected(sqlite_error(db, rc, "prepare '" + std::string(sql.substr(0, 60)) + "'"));
  const std::string_view rest(tail, static_cast<std::size_t>(sql.data() + sql.size() - tail));
  if (stmt == nullptr || rest.find_first_not_of(" \t\r\n;") != std::string_view::npos) {
    sqlite3_finalize(stmt);
    return std::unexpected(error(DbErrc::Invalid, "prepare: expected exactly one SQL statement"));
  }
  return stmt;
}

class SqliteConnection final : public ConnectionImpl {
 public:
  explicit SqliteConnection(sqlite3* db) : db_(db) {}
  ~SqliteConnection() override {
    cache_.clear();
    sqlite3_close_v2(db_);
  }

  Engine engine() const override { return Engine::Sqlite; }

  std::expected<StatementImpl*, DbError> statement(std::string_view sql, bool cached) override {
    if (!cached) {
      auto stmt = prepare_statement(db_, sql, 0);
      if (!stmt) return std::unexpected(stmt.error());
      return new SqliteStatement(*stmt, nullptr);
    }
    return cache_.lease(
        sql, [&] { return statement(sql, false); },
        [&](bool* lease, std::size_t) -> std::expected<std::unique_ptr<SqliteStatement>, DbError> {
          auto stmt = prepare_statement(db_, sql, SQLITE_PREPARE_PERSISTENT);
          if (!stmt) return std::unexpected(stmt.error());
          return std::make_unique<SqliteStatement>(*stmt, lease);
        });
  }

  std::expected<void, DbError> exec(std::string_view sql) override {
    const std::string text(sql);
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (rc == SQLITE_OK) return {};
    DbError e = sqlite_error(db_, rc, "exec");
    if (message != nullptr) {
      e.message = std::string("exec: ") + message;
      sqlite3_free(message);
    }
    return std::unexpected(std::move(e));
  }

  std::expected<void, DbError> integrity_check() override {
    std::vector<std::string> problems;
    auto rows = [&](const char* sql, auto on_row) -> std::expected<void, DbError> {
      auto st = prepare_statement(db_, sql, 0);
      if (!st) return std::unexpected(st.error());
      SqliteStatement s(*st, nullptr);
      for (;;) {
        auto row = s.step();
        if (!row) return std::unexpected(row.error());
        if (!*row) return {};
        on_row(s);
      }
    };
    if (auto r = rows("PRAGMA integrity_check(20)",
                      [&](const SqliteStatement& s) {
                        if (std::string line = s.text(0); line != "ok") problems.push_back(std::move(line));
                      });
        !r)
      return r;
    if (auto r = rows("PRAGMA foreign_key_check",
                      [&](const SqliteStatement& s) {
                        problems.push_back("foreign key of table " + s.text(0) + " row " + std::to_string(s.int64(1)) +
                                           " refers to a missing row of " + s.text(2));
                      });
        !r)
      return r;
    if (problems.empty()) return {};
    std::string message = "integrity check failed: " + problems.front();
    if (problems.size() > 1) message += " (and " + std::to_string(problems.size() - 1) + " more)";
    return std::unexpected(error(DbErrc::Corrupt, message));
  }

  std::expected<void, DbError> backup_to(const std::string& path) override {
    if (auto r = make_parent_directories(path); !r) return std::unexpected(r.error());
    const std::string temp = path + ".partial";
    std::error_code ec;
    std::filesystem::remove(temp, ec);
    if (auto r = create_private_file(temp); !r) return std::unexpected(r.error());
    sqlite3* dest = nullptr;
    int rc = sqlite3_open_v2(temp.c_str(), &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
      DbError e = sqlite_error(dest, rc, "backup: open '" + temp + "'");
      sqlite3_close_v2(dest);
      return std::unexpected(std::move(e));
    }
    sqlite3_backup* backup = sqlite3_backup_init(dest, "main", db_, "main");
    if (backup == nullptr) {
      DbError e = sqlite_error(dest, sqlite3_errcode(dest), "backup");
      sqlite3_close_v2(dest);
      return std::unexpected(std::move(e));
    }
    // All pages in one step: one consistent snapshot of the source (in WAL mode this read does not
    // block the writer).
    do {
      rc = sqlite3_backup_step(backup, -1);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(20);
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    sqlite3_backup_finish(backup);
    const int close_rc = sqlite3_close_v2(dest);
    if (rc != SQLITE_DONE || close_rc != SQLITE_OK) {
      std::filesystem::remove(temp, ec);
      return std::unexpected(DbError{DbErrc::Io, std::string("backup to '") + path + "': " + sqlite3_errstr(rc), rc});
    }
    std::filesystem::rename(temp, path, ec);
    if (ec)
      return std::unexpected(
          error(DbErrc::Io, "backup: cannot move '" + temp + "' to '" + path + "': " + ec.message()));
    return {};
  }

  bool in_transaction() const override { return sqlite3_get_autocommit(db_) == 0; }
  int changes() const override { return sqlite3_changes(db_); }
  std::size_t cached_statements() const override { return cache_.size(); }

 private:
  sqlite3* db_;
  StatementCache<SqliteStatement> cache_;
};

}  // namespace

// `sqlite:PATH` is PATH.
std::expected<std::unique_ptr<ConnectionImpl>, DbError> open_sqlite(const std::string& location,
                                                                    const OpenOptions& options) {
  const std::string path = location.starts_with("sqlite:") ? location.substr(7) : location;
  const bool memory = is_memory(path);
  if (!memory) {
    if (!options.create && !std::filesystem::exists(path))
      return std::unexpected(error(DbErrc::NotFound, "no database at '" + path + "'"));
    if (options.create) {
      if (auto r = make_parent_directories(path); !r) return std::unexpected(r.error());
      if (auto r = create_private_file(path); !r) return std::unexpected(r.error());
    }
  }
  // NOMUTEX: a connection is used by one thread at a time (see the class comment), so SQLite's
  // per-connection mutex would only cost time. EXRESCODE: extended result codes in errors.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  if (options.create || memory) flags |= SQLITE_OPEN_CREATE;
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(memory ? ":memory:" : path.c_str(), &db, flags, nullptr);
  auto conn = std::make_unique<SqliteConnection>(db);  // closes `db` on every return below
  if (rc != SQLITE_OK) return std::unexpected(sqlite_error(db, rc, "open '" + path + "'"));
  if (auto r = configure(db, memory, options); !r) {
    DbError e = r.error();
    e.message = "open '" + path + "': " + e.message;
    return std::unexpected(std::move(e));
  }
  return conn;
}

}  // namespace skat::db::detail
