// The RAII write transaction: BEGIN IMMEDIATE on construction, commit() to keep the work, and a
// rollback in the destructor for every other way out (an error returned early, an exception in a
// caller). Nested use becomes a SAVEPOINT, so repository functions that write compose.
#pragma once

#include <expected>
#include <string>

#include "db/connection.h"

namespace skat::db {

class Transaction {
 public:
  // SQLite: BEGIN IMMEDIATE takes the write lock at once: a transaction never fails half-way for
  // lack of the lock (no reader-to-writer upgrade deadlock) and the busy timeout applies right
  // here. PostgreSQL: BEGIN (read committed; rows are locked as they are written). Inside an open
  // transaction it starts a SAVEPOINT instead.
  static std::expected<Transaction, DbError> begin(Connection& connection);

  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;
  ~Transaction();

  // COMMIT (or RELEASE of the savepoint). On failure the transaction stays open and the
  // destructor rolls it back.
  std::expected<void, DbError> commit();
  // Rolls back now (the destructor does the same when commit() did not succeed).
  void rollback() noexcept;
  bool active() const { return connection_ != nullptr; }

 private:
  Transaction(Connection& connection, std::string savepoint)
      : connection_(&connection), savepoint_(std::move(savepoint)) {}

  Connection* connection_ = nullptr;  // nullptr once committed or rolled back
  std::string savepoint_;             // empty: the outermost transaction
};

}  // namespace skat::db
