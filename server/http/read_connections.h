// The read model's database connections: read-only connections (server/http/database_read_model.h)
// reused from read to read instead of one opened per request. A read leases one, and the lease
// gives it back; at most `max_idle` wait between reads (more are closed), and since reads run only
// on the threads of the API's BlockingPool, no more are open at once than that pool has threads.
// SQLite's WAL lets these readers read beside the writer; PostgreSQL connections are the same.
#pragma once

#include <cstddef>
#include <expected>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "db/connection.h"

namespace skat::app {

class ReadConnections {
 public:
  // A connection for one read; given back to the pool when destroyed.
  class Lease {
   public:
    Lease(ReadConnections& owner, db::Connection connection) : owner_(&owner), connection_(std::move(connection)) {}
    Lease(Lease&& other) noexcept : owner_(other.owner_), connection_(std::move(other.connection_)) {
      other.connection_.reset();
    }
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();
    operator db::Connection&() {
      return *connection_;
    }  // NOLINT(google-explicit-constructor): a lease is used as its connection

   private:
    ReadConnections* owner_;
    std::optional<db::Connection> connection_;
  };

  ReadConnections(std::string location, std::size_t max_idle) : location_(std::move(location)), max_idle_(max_idle) {}
  ReadConnections(const ReadConnections&) = delete;
  ReadConnections& operator=(const ReadConnections&) = delete;

  // An idle connection, else a new one (read-only; the database must exist).
  std::expected<Lease, db::DbError> acquire();
  std::size_t idle() const;
  // Connections opened so far (each reuse saves one).
  std::size_t opened() const;

 private:
  void give_back(db::Connection connection);

  std::string location_;
  std::size_t max_idle_;
  mutable std::mutex mutex_;
  std::vector<db::Connection> idle_;
  std::size_t opened_ = 0;
};

}  // namespace skat::app
