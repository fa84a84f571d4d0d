// Internal to db/: what a database engine implements behind Connection and Statement. SQLite
// (db/sqlite_engine.cpp) and PostgreSQL (db/postgres_engine.cpp) are the two; connection.cpp picks
// one by the location's form and forwards every call.
#pragma once

#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"

namespace skat::db::detail {

class StatementImpl {
 public:
  virtual ~StatementImpl() = default;

  // A failed bind is remembered and reported by the next step().
  virtual void bind_int64(int index, std::int64_t value) = 0;
  virtual void bind_double(int index, double value) = 0;
  virtual void bind_text(int index, std::string_view text) = 0;
  virtual void bind_blob(int index, std::span<const unsigned char> bytes) = 0;
  virtual void bind_null(int index) = 0;

  virtual std::expected<bool, DbError> step() = 0;
  virtual void reset() = 0;  // ready to run again, bindings kept

  virtual bool is_null(int column) const = 0;
  virtual std::int64_t int64(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual std::string text(int column) const = 0;
  virtual std::vector<unsigned char> blob(int column) const = 0;
  virtual int column_count() const = 0;
  virtual std::string column_name(int column) const = 0;
  virtual ValueKind kind(int column) const = 0;

  // The Statement handle lets go: a cached statement resets, unbinds and frees its slot; one
  // prepared for one use deletes itself.
  virtual void release() noexcept = 0;
};

class ConnectionImpl {
 public:
  virtual ~ConnectionImpl() = default;

  virtual Engine engine() const = 0;
  // A statement for `sql` (one statement, `?N` parameters); cached or for one use.
  virtual std::expected<StatementImpl*, DbError> statement(std::string_view sql, bool cached) = 0;
  virtual std::expected<void, DbError> exec(std::string_view sql) = 0;
  virtual std::expected<void, DbError> integrity_check() = 0;
  virtual std::expected<void, DbError> backup_to(const std::string& path) = 0;
  virtual bool in_transaction() const = 0;
  virtual int changes() const = 0;
  virtual std::size_t cached_statements() const = 0;
};

std::expected<std::unique_ptr<ConnectionImpl>, DbError> open_sqlite(const std::string& path,
                                                                    const OpenOptions& options);
std::expected<std::unique_ptr<ConnectionImpl>, DbError> open_postgres(const std::string& url,
                                                                      const OpenOptions& options);

}  // namespace skat::db::detail
