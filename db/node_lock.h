// One server process per database and node name (docs/scaling.md): the exclusive lock `skat serve`
// takes before it reads or writes anything, held until the process ends, and the probe that tells
// whether a process holds a node's lock now (a node whose heartbeat stopped while its lock is held
// is slow, not gone: nobody may take over its tables).
//   - SQLite file: an open-file-description lock (fcntl F_OFD_SETLK) on one byte, picked by the
//     node's name, of the file `DB-serve.lock` beside the database. Never a lock on the database
//     file itself: its POSIX locks are SQLite's, and closing another descriptor of it would drop them.
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
  std::unique_ptr<Connection> postgres_;  // PostgreSQL: the session that holds the advisory lock
  std::string node_;                      // PostgreSQL: the node whose lock it holds, to unlock it
};

}  // namespace skat::db
