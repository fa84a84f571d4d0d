// One server per database and node: the lock and its probe (db/node_lock.h).
#include "db/node_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <utility>

namespace skat::db {

using detail::error;

namespace {

// Advisory locks of this program on a PostgreSQL database: (kLockClass, hash of schema and node).
constexpr std::int64_t kLockClass = 0x536b6174;  // "Skat"
constexpr std::string_view kTryLock =
    "SELECT CASE WHEN pg_try_advisory_lock(?1, hashtext(current_schema() || '/' || ?2)) THEN 1 ELSE 0 END";
constexpr std::string_view kUnlock = "SELECT pg_advisory_unlock(?1, hashtext(current_schema() || '/' || ?2))";

// The byte of the SQLite lock file that stands for `node` (FNV-1a of its name, below 2^31).
off_t node_byte(std::string_view node) {
  std::uint32_t hash = 2166136261u;
  for (const char c : node) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  return static_cast<off_t>(hash & 0x7fffffffu);
}

// The database file's byte for `node`: past every byte SQLite locks (2^30 to 2^30 + 511) and past
// any size the file reaches, so no read or write of SQLite's ever touches it.
constexpr off_t kDatabaseLockBase = off_t{1} << 40;

std::string database_file_of(const std::string& location) {
  return location.starts_with("sqlite:") ? location.substr(7) : location;
}

std::string lock_file_of(const std::string& location) {
  std::string path = location.starts_with("sqlite:") ? location.substr(7) : location;
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
  return (ec ? std::filesystem::path(path) : canonical).string() + "-serve.lock";
}

std::string node_text(std::string_view node) {
  return node.empty() ? "the single node" : "node '" + std::string(node) + "'";
}

// Tries the write lock on `node`'s byte (above `base`) of an open file: true when taken, false when
// held.
std::expected<bool, DbError> try_byte_lock(int fd, std::string_view node, off_t base = 0) {
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = base + node_byte(node);
  lock.l_len = 1;
  if (::fcntl(fd, F_OFD_SETLK, &lock) == 0) return true;
  if (errno == EAGAIN || errno == EACCES) return false;
  return std::unexpected(error(DbErrc::Io, std::string("cannot lock: ") + std::strerror(errno)));
}

std::expected<int, DbError> open_lock_file(const std::string& location) {
  const std::string file = lock_file_of(location);
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return std::unexpected(error(DbErrc::Io, "cannot open " + file + ": " + std::strerror(errno)));
  return fd;
}

std::expected<bool, DbError> try_advisory_lock(Connection& c, std::string_view node) {
  auto st = c.statement(kTryLock);
  if (!st) return std::unexpected(st.error());
  st->bind(1, kLockClass).bind(2, node);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(error(DbErrc::Engine, "pg_try_advisory_lock returned no row"));
  return st->int64(0) == 1;
}

DbError busy(std::string_view node, std::string_view where) {
  return error(DbErrc::Busy, "another skat serve runs as " + node_text(node) + " on this database (" +
                                 std::string(where) + "): stop it, or give this one another --db or --node");
}

}  // namespace

std::expected<NodeLock, DbError> NodeLock::acquire(const std::string& location, std::string_view node) {
  NodeLock lock;
  if (is_postgres_url(location)) {
    OpenOptions options;
    options.create = false;
    auto c = Connection::open(location, options);
    if (!c) return std::unexpected(c.error());
    lock.postgres_ = std::make_unique<Connection>(std::move(*c));
    lock.node_ = std::string(node);
    auto taken = try_advisory_lock(*lock.postgres_, node);
    if (!taken) return std::unexpected(taken.error());
    if (!*taken) {
      lock.postgres_.reset();  // nothing held: no unlock to send
      return std::unexpected(busy(node, "its PostgreSQL advisory lock is held"));
    }
    return lock;
  }
  auto fd = open_lock_file(location);
  if (!fd) return std::unexpected(fd.error());
  lock.fd_ = *fd;
  auto taken = try_byte_lock(lock.fd_, node);
  if (!taken) return std::unexpected(taken.error());
  if (!*taken) return std::unexpected(busy(node, "it holds " + lock_file_of(location)));
  // The same lock on the database file itself: another path to the file (a hard link, a bind
  // mount) has another lock file, but the same device and inode. Created empty when missing, as
  // SQLite would create it; an empty file is a new database to SQLite.
  const std::string database = database_file_of(location);
  lock.database_fd_ = ::open(database.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock.database_fd_ < 0)
    return std::unexpected(error(DbErrc::Io, "cannot open " + database + ": " + std::strerror(errno)));
  auto file_taken = try_byte_lock(lock.database_fd_, node, kDatabaseLockBase);
  if (!file_taken) return std::unexpected(file_taken.error());
  if (!*file_taken)
    return std::unexpected(busy(node, "it holds " + database + " through another path to the same file"));
  return lock;
}

std::expected<bool, DbError> NodeLock::held(const std::string& location, std::string_view node) {
  if (is_postgres_url(location)) {
    OpenOptions options;
    options.create = false;
    auto c = Connection::open(location, options);
    if (!c) return std::unexpected(c.error());
    auto taken = try_advisory_lock(*c, node);
    if (!taken) return std::unexpected(taken.error());
    if (*taken) {
      auto st = c->statement(kUnlock);
      if (!st) return std::unexpected(st.error());
      st->bind(1, kLockClass).bind(2, node);
      if (auto r = st->step(); !r) return std::unexpected(r.error());
    }
    return !*taken;
  }
  auto fd = open_lock_file(location);
  if (!fd) return std::unexpected(fd.error());
  auto taken = try_byte_lock(*fd, node);
  ::close(*fd);  // an open file description's lock ends with its last descriptor
  if (!taken) return std::unexpected(taken.error());
  return !*taken;
}

NodeLock::NodeLock(NodeLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      database_fd_(std::exchange(other.database_fd_, -1)),
      postgres_(std::move(other.postgres_)),
      node_(std::move(other.node_)) {}

NodeLock& NodeLock::operator=(NodeLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    database_fd_ = std::exchange(other.database_fd_, -1);
    postgres_ = std::move(other.postgres_);
    node_ = std::move(other.node_);
  }
  return *this;
}

NodeLock::~NodeLock() { release(); }

void NodeLock::release() {
  if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  if (database_fd_ >= 0) ::close(std::exchange(database_fd_, -1));
  if (!postgres_) return;
  // Unlock before closing: a closed session's backend ends (and drops its locks) only some time
  // after the client has gone, so a probe or a new server right after this could still see the
  // lock held. If the unlock fails, closing the session still frees the lock, just later.
  if (auto st = postgres_->statement(kUnlock)) {
    st->bind(1, kLockClass).bind(2, node_);
    (void)st->step();
  }
  postgres_.reset();
}

}  // namespace skat::db
