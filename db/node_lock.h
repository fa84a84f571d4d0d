// One server process per database and node name (docs/scaling.md): the exclusive lock `skat serve`
// takes before it reads or writes anything, held until the process ends, and the probe that tells
// whether a process holds a node's lock now (a node whose heartbeat stopped while its lock is held
// is slow, not gone: nobody may take over its tables).
//   - SQLite file: an open-file-description lock (fcntl F_OFD_SETLK) on one byte, picked by the
//     node's name, of the file `DB-serve.lock` beside the database, and one on the same node's byte
//     of the database file itself, far above the bytes SQLite locks (its locks are POSIX record
//     locks on bytes 2^30 to 2^30 + 511): a hard link or another path to the same file (same device
//     and inode) finds that lock held. The database file's descriptor stays open until the lock is
//     released, after the store's connections have closed: closing a descriptor of the file drops
//     the process's POSIX locks on it, SQLite's, which OFD locks are not. The probe reads the lock
//     file only, so it never opens and closes the database file under SQLite.
//   - PostgreSQL: a session advisory lock (pg_try_advisory_lock) on a connection of its own; the
//     server releases it when that session ends, so a dead process never holds it.
// Either lock goes with the process that holds it, whatever way it ends (even SIGKILL).
#pragma once

#include <expected>
#include <memory>
#include <string>
#include <string_view>

#include "db/connection.h"
#include "db/error.h"

namespace skat::db {

class NodeLock {
 public:
  // The lock of `node` ('' is the single node of a one-machine set-up) on the database at
  // `location` (an SQLite path or a postgresql:// URL). Busy when another process holds it.
  static std::expected<NodeLock, DbError> acquire(const std::string& location, std::string_view node);
  // True when some process (this one included) holds `node`'s lock on that database now.
  static std::expected<bool, DbError> held(const std::string& location, std::string_view node);

  NodeLock(NodeLock&& other) noexcept;
  NodeLock& operator=(NodeLock&& other) noexcept;
  NodeLock(const NodeLock&) = delete;
  NodeLock& operator=(const NodeLock&) = delete;
  ~NodeLock();

 private:
  NodeLock() = default;
  void release();

  int fd_ = -1;                           // SQLite: the lock file, locked by this descriptor
  int database_fd_ = -1;                  // SQLite: the database file, locked by this descriptor
  std::unique_ptr<Connection> postgres_;  // PostgreSQL: the session that holds the advisory lock
  std::string node_;                      // PostgreSQL: the node whose lock it holds, to unlock it
};

}  // namespace skat::db
