#include "db/connection.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "db/sqlite_error.h"
#include "server/common/text_rules.h"

namespace skat::db {

namespace detail {

DbError sqlite_error(sqlite3* db, int rc, std::string_view what) {
  const int primary = rc & 0xFF;
  DbErrc code = DbErrc::Sqlite;
  if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) code = DbErrc::Busy;
  if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY) code = DbErrc::AlreadyExists;
  if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) code = DbErrc::Corrupt;
  if (primary == SQLITE_FULL) code = DbErrc::Full;
  if (primary == SQLITE_IOERR) code = DbErrc::Io;
  std::string text = db != nullptr && sqlite3_errcode(db) == rc ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  return DbError{code, std::string(what) + ": " + text, rc};
}

DbError error(DbErrc code, std::string message) { return DbError{code, std::move(message), 0}; }

}  // namespace detail

using detail::error;
using detail::sqlite_error;

// ---- Statement ----

Statement::Statement(Statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)),
      lease_(std::exchange(other.lease_, nullptr)),
      bind_rc_(other.bind_rc_) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    release();
    stmt_ = std::exchange(other.stmt_, nullptr);
    lease_ = std::exchange(other.lease_, nullptr);
    bind_rc_ = other.bind_rc_;
  }
  return *this;
}

Statement::~Statement() { release(); }

void Statement::release() noexcept {
  if (stmt_ == nullptr) return;
  if (lease_ != nullptr) {
    // Back to the cache: ready for the next user, holding no locks and no bound values.
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    *lease_ = false;
  } else {
    sqlite3_finalize(stmt_);
  }
  stmt_ = nullptr;
  lease_ = nullptr;
}

Statement& Statement::remember(int rc) {
  if (rc != SQLITE_OK && bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  return remember(sqlite3_bind_int64(stmt_, index, static_cast<sqlite3_int64>(value)));
}

Statement& Statement::bind(int index, double value) { return remember(sqlite3_bind_double(stmt_, index, value)); }

Statement& Statement::bind(int index, std::string_view text) {
  return remember(sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
}

Statement& Statement::bind_blob(int index, std::span<const unsigned char> bytes) {
  return remember(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT));
}

Statement& Statement::bind_null(int index) { return remember(sqlite3_bind_null(stmt_, index)); }

std::expected<bool, DbError> Statement::step() {
  if (stmt_ == nullptr) return std::unexpected(error(DbErrc::Invalid, "step on an empty statement"));
  sqlite3* db = sqlite3_db_handle(stmt_);
  if (bind_rc_ != SQLITE_OK) return std::unexpected(sqlite_error(db, bind_rc_, "bind"));
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  const char* sql = sqlite3_sql(stmt_);
  std::string what(sql != nullptr ? std::string_view(sql).substr(0, 40) : std::string_view("step"));
  for (char& c : what)
    if (c == '\n') c = ' ';
  return std::unexpected(sqlite_error(db, rc, "'" + what + "…'"));
}

std::expected<void, DbError> Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return {};
  }
}

void Statement::reset() {
  if (stmt_ != nullptr) sqlite3_reset(stmt_);
  bind_rc_ = SQLITE_OK;
}

bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

int Statement::integer(int column) const { return sqlite3_column_int(stmt_, column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::vector<unsigned char> Statement::blob(int column) const {
  const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(stmt_, column));
  if (p == nullptr) return {};
  return std::vector<unsigned char>(p, p + sqlite3_column_bytes(stmt_, column));
}

std::optional<std::int64_t> Statement::optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return int64(column);
}

std::optional<Timestamp> Statement::optional_timestamp(int column) const {
  if (is_null(column)) return std::nullopt;
  return timestamp(column);
}

// ---- Connection ----

struct Connection::Slot {
  sqlite3_stmt* stmt = nullptr;
  bool in_use = false;
};

namespace {

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

// skat_name_key(name): the key under which player names are unique (server/common/text_rules.h),
// for the migration that fills players.name_key (migrations/0004_player_name_key.sql).
void name_key_function(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* name = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  if (name == nullptr) return sqlite3_result_null(context);
  const std::string key = text::fold(std::string_view(name, static_cast<std::size_t>(sqlite3_value_bytes(argv[0]))));
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
  for (const char* sql : {sync, "PRAGMA foreign_keys=ON"}) {
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

}  // namespace

Connection::Connection(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

std::expected<Connection, DbError> Connection::open(const std::string& path, const OpenOptions& options) {
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
  Connection conn(db, memory ? ":memory:" : path);  // closes `db` on every return below
  if (rc != SQLITE_OK) return std::unexpected(sqlite_error(db, rc, "open '" + path + "'"));
  if (auto r = configure(db, memory, options); !r) {
    DbError e = r.error();
    e.message = "open '" + path + "': " + e.message;
    return std::unexpected(std::move(e));
  }
  return conn;
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      path_(std::move(other.path_)),
      cache_(std::move(other.cache_)),
      savepoint_depth_(std::exchange(other.savepoint_depth_, 0)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
    cache_ = std::move(other.cache_);
    savepoint_depth_ = std::exchange(other.savepoint_depth_, 0);
  }
  return *this;
}

Connection::~Connection() { close(); }

void Connection::close() noexcept {
  for (auto& [sql, slot] : cache_) sqlite3_finalize(slot->stmt);
  cache_.clear();
  if (db_ != nullptr) sqlite3_close_v2(db_);
  db_ = nullptr;
}

namespace {

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

}  // namespace

std::expected<Statement, DbError> Connection::statement(std::string_view sql) {
  const std::string key(sql);
  auto it = cache_.find(key);
  if (it != cache_.end()) {
    if (it->second->in_use) return prepare(sql);
    it->second->in_use = true;
    return Statement(it->second->stmt, &it->second->in_use);
  }
  auto stmt = prepare_statement(db_, sql, SQLITE_PREPARE_PERSISTENT);
  if (!stmt) return std::unexpected(stmt.error());
  auto slot = std::make_unique<Slot>();
  slot->stmt = *stmt;
  slot->in_use = true;
  bool* lease = &slot->in_use;
  cache_.emplace(key, std::move(slot));
  return Statement(*stmt, lease);
}

std::expected<Statement, DbError> Connection::prepare(std::string_view sql) {
  auto stmt = prepare_statement(db_, sql, 0);
  if (!stmt) return std::unexpected(stmt.error());
  return Statement(*stmt, nullptr);
}

std::expected<void, DbError> Connection::exec(std::string_view sql) {
  if (db_ == nullptr) return std::unexpected(error(DbErrc::Invalid, "the connection is closed"));
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

std::expected<void, DbError> Connection::integrity_check() {
  std::vector<std::string> problems;
  {
    auto st = prepare("PRAGMA integrity_check(20)");
    if (!st) return std::unexpected(st.error());
    for (;;) {
      auto row = st->step();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      if (std::string line = st->text(0); line != "ok") problems.push_back(std::move(line));
    }
  }
  {
    auto st = prepare("PRAGMA foreign_key_check");
    if (!st) return std::unexpected(st.error());
    for (;;) {
      auto row = st->step();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      problems.push_back("foreign key of table " + st->text(0) + " row " + std::to_string(st->int64(1)) +
                         " refers to a missing row of " + st->text(2));
    }
  }
  if (problems.empty()) return {};
  std::string message = "integrity check failed: " + problems.front();
  if (problems.size() > 1) message += " (and " + std::to_string(problems.size() - 1) + " more)";
  return std::unexpected(error(DbErrc::Corrupt, message));
}

std::expected<void, DbError> Connection::backup_to(const std::string& path) {
  if (db_ == nullptr) return std::unexpected(error(DbErrc::Invalid, "the connection is closed"));
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
    return std::unexpected(error(DbErrc::Io, "backup: cannot move '" + temp + "' to '" + path + "': " + ec.message()));
  return {};
}

bool Connection::in_transaction() const { return db_ != nullptr && sqlite3_get_autocommit(db_) == 0; }

std::int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

int Connection::changes() const { return sqlite3_changes(db_); }

}  // namespace skat::db
