// The read model's pool of read-only connections (server/http/read_connections.h).
#include "server/http/read_connections.h"

namespace skat::app {

ReadConnections::Lease::~Lease() {
  if (connection_) owner_->give_back(std::move(*connection_));
}

std::expected<ReadConnections::Lease, db::DbError> ReadConnections::acquire() {
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      db::Connection c = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(c));
    }
  }
  db::OpenOptions options;
  options.create = false;
  options.read_only = true;
  auto c = db::Connection::open(location_, options);
  if (!c) return std::unexpected(c.error());
  const std::lock_guard lock(mutex_);
  ++opened_;
  return Lease(*this, std::move(*c));
}

// A connection left inside a transaction (a read that failed midway) is closed, not reused.
void ReadConnections::give_back(db::Connection connection) {
  if (connection.in_transaction()) return;
  const std::lock_guard lock(mutex_);
  if (idle_.size() < max_idle_) idle_.push_back(std::move(connection));
}

std::size_t ReadConnections::idle() const {
  const std::lock_guard lock(mutex_);
  return idle_.size();
}

std::size_t ReadConnections::opened() const {
  const std::lock_guard lock(mutex_);
  return opened_;
}

}  // namespace skat::app
