#include "db/transaction.h"

#include <utility>

namespace skat::db {

namespace {

std::expected<void, DbError> run_cached(Connection& c, std::string_view sql) {
  auto st = c.statement(sql);
  if (!st) return std::unexpected(st.error());
  return st->run();
}

}  // namespace

std::expected<Transaction, DbError> Transaction::begin(Connection& connection) {
  if (!connection.in_transaction()) {
    // PostgreSQL takes row locks as it writes (several nodes write at once); SQLite has one writer.
    const std::string_view begin = connection.engine() == Engine::Sqlite ? "BEGIN IMMEDIATE" : "BEGIN";
    if (auto r = run_cached(connection, begin); !r) return std::unexpected(r.error());
    return Transaction(connection, {});
  }
  std::string name = "skat_sp" + std::to_string(connection.savepoint_depth_ + 1);
  if (auto r = run_cached(connection, "SAVEPOINT " + name); !r) return std::unexpected(r.error());
  ++connection.savepoint_depth_;
  return Transaction(connection, std::move(name));
}

Transaction::Transaction(Transaction&& other) noexcept
    : connection_(std::exchange(other.connection_, nullptr)), savepoint_(std::move(other.savepoint_)) {}

Transaction::~Transaction() { rollback(); }

std::expected<void, DbError> Transaction::commit() {
  if (connection_ == nullptr) return std::unexpected(DbError{DbErrc::Invalid, "commit: the transaction is over", 0});
  const std::string sql = savepoint_.empty() ? "COMMIT" : "RELEASE " + savepoint_;
  if (auto r = run_cached(*connection_, sql); !r) return std::unexpected(r.error());
  if (!savepoint_.empty()) --connection_->savepoint_depth_;
  connection_ = nullptr;
  return {};
}

void Transaction::rollback() noexcept {
  Connection* c = std::exchange(connection_, nullptr);
  if (c == nullptr) return;
  if (savepoint_.empty()) {
    // A failed statement may already have rolled the whole transaction back (SQLITE_FULL,
    // I/O errors): then there is nothing left to undo.
    if (c->in_transaction()) (void)run_cached(*c, "ROLLBACK");
    return;
  }
  if (c->in_transaction()) {
    (void)run_cached(*c, "ROLLBACK TO " + savepoint_);
    (void)run_cached(*c, "RELEASE " + savepoint_);
  }
  --c->savepoint_depth_;
}

}  // namespace skat::db
