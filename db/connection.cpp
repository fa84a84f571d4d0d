// Connection and Statement (db/connection.h): the engine is chosen by the location's form and
// every call forwards to it (db/engine.h).
#include "db/connection.h"

#include <utility>

#include "db/engine.h"

namespace skat::db {

using detail::error;

bool is_postgres_url(std::string_view location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

// ---- Statement ----

Statement::Statement(Statement&& other) noexcept : impl_(std::exchange(other.impl_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    release();
    impl_ = std::exchange(other.impl_, nullptr);
  }
  return *this;
}

Statement::~Statement() { release(); }

void Statement::release() noexcept {
  if (impl_ != nullptr) std::exchange(impl_, nullptr)->release();
}

Statement& Statement::bind(int index, std::int64_t value) {
  impl_->bind_int64(index, value);
  return *this;
}

Statement& Statement::bind(int index, double value) {
  impl_->bind_double(index, value);
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  impl_->bind_text(index, text);
  return *this;
}

Statement& Statement::bind_blob(int index, std::span<const unsigned char> bytes) {
  impl_->bind_blob(index, bytes);
  return *this;
}

Statement& Statement::bind_null(int index) {
  impl_->bind_null(index);
  return *this;
}

std::expected<bool, DbError> Statement::step() {
  if (impl_ == nullptr) return std::unexpected(error(DbErrc::Invalid, "step on an empty statement"));
  return impl_->step();
}

std::expected<void, DbError> Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return {};
  }
}

void Statement::reset() {
  if (impl_ != nullptr) impl_->reset();
}

bool Statement::is_null(int column) const { return impl_->is_null(column); }
std::int64_t Statement::int64(int column) const { return impl_->int64(column); }
int Statement::integer(int column) const { return static_cast<int>(impl_->int64(column)); }
double Statement::real(int column) const { return impl_->real(column); }
std::string Statement::text(int column) const { return impl_->text(column); }
std::vector<unsigned char> Statement::blob(int column) const { return impl_->blob(column); }

int Statement::column_count() const { return impl_->column_count(); }
std::string Statement::column_name(int column) const { return impl_->column_name(column); }
ValueKind Statement::kind(int column) const { return impl_->kind(column); }

std::optional<std::int64_t> Statement::optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return int64(column);
}

std::optional<Timestamp> Statement::optional_timestamp(int column) const {
  if (is_null(column)) return std::nullopt;
  return timestamp(column);
}

// ---- Connection ----

Connection::Connection(std::unique_ptr<detail::ConnectionImpl> impl, std::string path)
    : impl_(std::move(impl)), path_(std::move(path)) {}

std::expected<Connection, DbError> Connection::open(const std::string& path, const OpenOptions& options) {
  auto impl = is_postgres_url(path) ? detail::open_postgres(path, options) : detail::open_sqlite(path, options);
  if (!impl) return std::unexpected(impl.error());
  return Connection(std::move(*impl), path.empty() ? std::string(":memory:") : path);
}

Connection::Connection(Connection&& other) noexcept
    : impl_(std::move(other.impl_)),
      path_(std::move(other.path_)),
      savepoint_depth_(std::exchange(other.savepoint_depth_, 0)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    impl_ = std::move(other.impl_);
    path_ = std::move(other.path_);
    savepoint_depth_ = std::exchange(other.savepoint_depth_, 0);
  }
  return *this;
}

Connection::~Connection() = default;

namespace {

DbError closed() { return error(DbErrc::Invalid, "the connection is closed"); }

}  // namespace

std::expected<Statement, DbError> Connection::statement(std::string_view sql) {
  if (!impl_) return std::unexpected(closed());
  auto st = impl_->statement(sql, true);
  if (!st) return std::unexpected(st.error());
  return Statement(*st);
}

std::expected<Statement, DbError> Connection::prepare(std::string_view sql) {
  if (!impl_) return std::unexpected(closed());
  auto st = impl_->statement(sql, false);
  if (!st) return std::unexpected(st.error());
  return Statement(*st);
}

std::expected<void, DbError> Connection::exec(std::string_view sql) {
  if (!impl_) return std::unexpected(closed());
  return impl_->exec(sql);
}

std::expected<void, DbError> Connection::integrity_check() {
  if (!impl_) return std::unexpected(closed());
  return impl_->integrity_check();
}

std::expected<void, DbError> Connection::backup_to(const std::string& path) {
  if (!impl_) return std::unexpected(closed());
  return impl_->backup_to(path);
}

Engine Connection::engine() const { return impl_ ? impl_->engine() : Engine::Sqlite; }
bool Connection::in_transaction() const { return impl_ && impl_->in_transaction(); }
int Connection::changes() const { return impl_ ? impl_->changes() : 0; }
std::size_t Connection::cached_statements() const { return impl_ ? impl_->cached_statements() : 0; }

}  // namespace skat::db
