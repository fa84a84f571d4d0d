// The PostgreSQL engine behind db::Connection (db/engine.h), on libpq, the server's own client
// library: one session per connection, each cached statement prepared once on the server
// (PQprepare), parameters sent as text (blobs as binary) with their types inferred by the server,
// results read as text. SQLSTATEs map to the DbErrc the repositories test (unique and foreign-key
// violations, lock and serialization failures, a full disk, a lost connection). A connection that
// the server dropped is re-established at the next statement outside a transaction. The only file
// that includes libpq-fe.h.
#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>

#include "db/dialect.h"
#include "db/engine.h"
#include "db/statement_cache.h"

namespace skat::db::detail {

namespace {

DbErrc errc_of_sqlstate(std::string_view state) {
  if (state == "23505") return DbErrc::AlreadyExists;                                 // unique_violation
  if (state == "23503") return DbErrc::MissingRow;                                    // foreign_key_violation
  if (state == "40001" || state == "40P01" || state == "55P03") return DbErrc::Busy;  // serialization, deadlock, lock
  if (state == "53100") return DbErrc::Full;                                          // disk_full
  if (state == "XX001" || state == "XX002") return DbErrc::Corrupt;                   // data or index corrupted
  if (state.starts_with("08") || state.starts_with("57P")) return DbErrc::Io;         // connection, shutdown
  return DbErrc::Engine;
}

std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

DbError result_error(PGconn* conn, const PGresult* res, std::string_view what) {
  const char* state = res != nullptr ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  const char* primary = res != nullptr ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  std::string text = primary != nullptr ? primary : PQerrorMessage(conn);
  DbErrc code = state != nullptr ? errc_of_sqlstate(state) : DbErrc::Io;
  if (state == nullptr && PQstatus(conn) == CONNECTION_OK) code = DbErrc::Engine;
  return DbError{code, std::string(what) + ": " + one_line(std::move(text)), 0};
}

class PostgresConnection;

class PostgresStatement final : public StatementImpl {
 public:
  PostgresStatement(PostgresConnection& owner, PostgresStatementText text, std::string name, bool* lease)
      : owner_(owner),
        sql_(std::move(text.sql)),
        referenced_(std::move(text.referenced)),
        name_(std::move(name)),
        lease_(lease) {}
  ~PostgresStatement() override { clear_result(); }

  void bind_int64(int index, std::int64_t value) override { set(index, std::to_string(value), false); }
  void bind_double(int index, double value) override {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    set(index, std::string(buf, r.ptr), false);
  }
  void bind_text(int index, std::string_view text) override { set(index, std::string(text), false); }
  void bind_blob(int index, std::span<const unsigned char> bytes) override {
    set(index, std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()), true);
  }
  void bind_null(int index) override {
    if (!slot(index)) return;
    params_[static_cast<std::size_t>(index - 1)] = Param{};
  }

  std::expected<bool, DbError> step() override;

  void reset() override {
    clear_result();
    bind_error_.clear();
  }

  bool is_null(int column) const override { return PQgetisnull(result_, row_, column) != 0; }
  std::int64_t int64(int column) const override {
    const char* v = PQgetvalue(result_, row_, column);
    if (v[0] == 't' && v[1] == '\0') return 1;  // a boolean expression's value
    if (v[0] == 'f' && v[1] == '\0') return 0;
    std::int64_t out = 0;
    std::from_chars(v, v + std::strlen(v), out);
    return out;
  }
  double real(int column) const override { return std::strtod(PQgetvalue(result_, row_, column), nullptr); }
  std::string text(int column) const override {
    return std::string(PQgetvalue(result_, row_, column), static_cast<std::size_t>(PQgetlength(result_, row_, column)));
  }
  std::vector<unsigned char> blob(int column) const override {
    if (is_null(column)) return {};
    std::size_t size = 0;
    unsigned char* bytes =
        PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(result_, row_, column)), &size);
    if (bytes == nullptr) return {};
    std::vector<unsigned char> out(bytes, bytes + size);
    PQfreemem(bytes);
    return out;
  }

  int column_count() const override { return PQnfields(result_); }
  std::string column_name(int column) const override {
    const char* name = PQfname(result_, column);
    return name != nullptr ? name : "";
  }
  ValueKind kind(int column) const override {
    if (PQgetisnull(result_, row_, column) != 0) return ValueKind::Null;
    switch (PQftype(result_, column)) {
      case 16:  // bool
      case 20:  // int8
      case 21:  // int2
      case 23:  // int4
        return ValueKind::Integer;
      case 700:   // float4
      case 701:   // float8
      case 1700:  // numeric
        return ValueKind::Real;
      case 17: return ValueKind::Blob;  // bytea
      default: return ValueKind::Text;
    }
  }

  void release() noexcept override {
    if (lease_ == nullptr) {
      delete this;
      return;
    }
    clear_result();
    params_.clear();
    bind_error_.clear();
    *lease_ = false;
  }

  const std::string& name() const { return name_; }
  void forget_prepared() { prepared_ = false; }

 private:
  struct Param {
    std::string value;
    bool null = true;
    bool binary = false;
  };

  bool slot(int index) {
    if (index < 1 || static_cast<std::size_t>(index) > referenced_.size()) {
      if (bind_error_.empty()) bind_error_ = "parameter index " + std::to_string(index) + " out of range";
      return false;
    }
    if (params_.size() < static_cast<std::size_t>(index)) params_.resize(static_cast<std::size_t>(index));
    return true;
  }
  void set(int index, std::string value, bool binary) {
    if (!slot(index)) return;
    params_[static_cast<std::size_t>(index - 1)] = Param{std::move(value), false, binary};
  }
  void clear_result() {
    if (result_ != nullptr) PQclear(result_);
    result_ = nullptr;
    row_ = -1;
  }
  std::expected<void, DbError> execute();

  PostgresConnection& owner_;
  std::string sql_;               // translated ($N parameters)
  std::vector<bool> referenced_;  // which $N the SQL holds; the others are declared text
  std::string name_;              // the server-side prepared statement's name; empty: unnamed, for one use
  bool* lease_;                   // cached statement: its slot's in-use flag; nullptr: owned
  bool prepared_ = false;
  std::vector<Param> params_;
  std::string bind_error_;
  PGresult* result_ = nullptr;  // the executed statement's rows
  int row_ = -1;                // the current row of result_
};

class PostgresConnection final : public ConnectionImpl {
 public:
  PostgresConnection(PGconn* conn, std::chrono::milliseconds lock_timeout) : conn_(conn), lock_timeout_(lock_timeout) {}
  ~PostgresConnection() override {
    cache_.clear();
    PQfinish(conn_);
  }

  Engine engine() const override { return Engine::Postgres; }

  std::expected<StatementImpl*, DbError> statement(std::string_view sql, bool cached) override {
    if (auto r = ensure_connected(); !r) return std::unexpected(r.error());
    if (!cached) return new PostgresStatement(*this, postgres_parameters(sql), {}, nullptr);
    return cache_.lease(
        sql, [&] { return statement(sql, false); },
        [&](bool* lease, std::size_t kept) -> std::expected<std::unique_ptr<PostgresStatement>, DbError> {
          return std::make_unique<PostgresStatement>(*this, postgres_parameters(sql),
                                                     "skat_" + std::to_string(kept + 1), lease);
        });
  }

  std::expected<void, DbError> exec(std::string_view sql) override {
    if (auto r = ensure_connected(); !r) return std::unexpected(r.error());
    PGresult* res = PQexec(conn_, std::string(sql).c_str());
    const ExecStatusType status = PQresultStatus(res);
    std::expected<void, DbError> out;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
      out = std::unexpected(result_error(conn_, res, "exec"));
    PQclear(res);
    return out;
  }

  std::expected<void, DbError> integrity_check() override;

  std::expected<void, DbError> backup_to(const std::string&) override {
    return std::unexpected(error(DbErrc::Invalid,
                                 "backup works on SQLite files; back a PostgreSQL database up with pg_dump, or copy it "
                                 "into an SQLite file with `skat admin migrate-store`"));
  }

  bool in_transaction() const override {
    const PGTransactionStatusType s = PQtransactionStatus(conn_);
    return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
  }
  int changes() const override { return changes_; }
  std::size_t cached_statements() const override { return cache_.size(); }

  PGconn* raw() const { return conn_; }
  void set_changes(int n) { changes_ = n; }

  // The server dropped the session (restart, network): reconnect when no transaction was open, and
  // prepare the cached statements again on their next use.
  std::expected<void, DbError> ensure_connected() {
    if (PQstatus(conn_) == CONNECTION_OK) return {};
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK)
      return std::unexpected(DbError{DbErrc::Io, "postgresql: " + one_line(PQerrorMessage(conn_)), 0});
    cache_.for_each([](PostgresStatement& s) { s.forget_prepared(); });
    return configure_session();
  }

  std::expected<void, DbError> configure_session() {
    // busy_timeout's meaning here: how long a statement waits for a row or table lock.
    if (read_only_)
      if (auto r = exec("SET default_transaction_read_only = on"); !r) return r;
    return exec("SET lock_timeout = '" + std::to_string(lock_timeout_.count()) + "ms'");
  }
  void set_read_only(bool read_only) { read_only_ = read_only; }

 private:
  PGconn* conn_;
  std::chrono::milliseconds lock_timeout_;
  StatementCache<PostgresStatement> cache_;
  int changes_ = 0;
  bool read_only_ = false;
};

std::expected<void, DbError> PostgresStatement::execute() {
  PGconn* conn = owner_.raw();
  if (!bind_error_.empty()) return std::unexpected(error(DbErrc::Invalid, "bind: " + bind_error_));
  if (auto r = owner_.ensure_connected(); !r) return r;
  // A parameter number the SQL skips (filters that use some of ?1…?9) is declared text: the server
  // infers the type of the others from where they stand.
  std::vector<Oid> types(referenced_.size(), 0);
  for (std::size_t i = 0; i < referenced_.size(); ++i)
    if (!referenced_[i]) types[i] = 25;  // text
  params_.resize(referenced_.size());
  const int n = static_cast<int>(params_.size());
  if (!name_.empty() && !prepared_) {
    PGresult* res = PQprepare(conn, name_.c_str(), sql_.c_str(), n, types.data());
    const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    DbError e = ok ? DbError{} : result_error(conn, res, "prepare '" + sql_.substr(0, 60) + "'");
    PQclear(res);
    if (!ok) return std::unexpected(std::move(e));
    prepared_ = true;
  }
  std::vector<const char*> values(params_.size());
  std::vector<int> lengths(params_.size());
  std::vector<int> formats(params_.size());
  for (std::size_t i = 0; i < params_.size(); ++i) {
    values[i] = params_[i].null ? nullptr : params_[i].value.data();
    lengths[i] = static_cast<int>(params_[i].value.size());
    formats[i] = params_[i].binary ? 1 : 0;
  }
  result_ = name_.empty()
                ? PQexecParams(conn, sql_.c_str(), n, types.data(), values.data(), lengths.data(), formats.data(), 0)
                : PQexecPrepared(conn, name_.c_str(), n, values.data(), lengths.data(), formats.data(), 0);
  const ExecStatusType status = PQresultStatus(result_);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string what = sql_.substr(0, 40);
    for (char& c : what)
      if (c == '\n') c = ' ';
    DbError e = result_error(conn, result_, "'" + what + "…'");
    clear_result();
    return std::unexpected(std::move(e));
  }
  const std::string_view command = PQcmdStatus(result_);
  if (command.starts_with("INSERT") || command.starts_with("UPDATE") || command.starts_with("DELETE"))
    owner_.set_changes(std::atoi(PQcmdTuples(result_)));
  return {};
}

std::expected<bool, DbError> PostgresStatement::step() {
  if (result_ == nullptr)
    if (auto r = execute(); !r) return std::unexpected(r.error());
  if (row_ + 1 >= PQntuples(result_)) {
    row_ = PQntuples(result_);
    return false;
  }
  ++row_;
  return true;
}

struct Release {
  void operator()(StatementImpl* st) const noexcept { st->release(); }
};

// Every foreign key of the schema in use, checked row by row (an anti-join per key).
std::expected<void, DbError> PostgresConnection::integrity_check() {
  struct Key {
    std::string name, child, parent, child_columns, parent_columns;
  };
  std::vector<Key> keys;
  {
    auto st = statement(
        "SELECT c.conname, quote_ident(cl.relname), quote_ident(pl.relname), "
        "(SELECT string_agg(quote_ident(a.attname), ',' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY "
        "AS k(att, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.att), "
        "(SELECT string_agg(quote_ident(a.attname), ',' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY "
        "AS k(att, n) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.att) "
        "FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class pl ON pl.oid = c.confrelid "
        "WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace ORDER BY c.conname",
        false);
    if (!st) return std::unexpected(st.error());
    const std::unique_ptr<StatementImpl, Release> rows(*st);
    for (;;) {
      auto row = rows->step();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      keys.push_back(Key{rows->text(0), rows->text(1), rows->text(2), rows->text(3), rows->text(4)});
    }
  }
  auto prefixed = [](const std::string& columns, std::string_view alias) {
    std::string out;
    std::size_t start = 0;
    while (start <= columns.size()) {
      std::size_t end = columns.find(',', start);
      if (end == std::string::npos) end = columns.size();
      if (!out.empty()) out += ", ";
      out += std::string(alias) + "." + columns.substr(start, end - start);
      start = end + 1;
    }
    return "(" + out + ")";
  };
  std::vector<std::string> problems;
  for (const Key& k : keys) {
    const std::string child = prefixed(k.child_columns, "x");
    const std::string sql = "SELECT count(*) FROM " + k.child + " x WHERE " + child + " IS NOT NULL AND NOT EXISTS " +
                            "(SELECT 1 FROM " + k.parent + " y WHERE " + prefixed(k.parent_columns, "y") + " = " +
                            child + ")";
    auto st = statement(sql, false);
    if (!st) return std::unexpected(st.error());
    const std::unique_ptr<StatementImpl, Release> count(*st);
    auto row = count->step();
    if (!row) return std::unexpected(row.error());
    if (*row && count->int64(0) > 0)
      problems.push_back("foreign key " + k.name + ": " + std::to_string(count->int64(0)) + " rows of " + k.child +
                         " refer to missing rows of " + k.parent);
  }
  if (problems.empty()) return {};
  std::string message = "integrity check failed: " + problems.front();
  if (problems.size() > 1) message += " (and " + std::to_string(problems.size() - 1) + " more)";
  return std::unexpected(error(DbErrc::Corrupt, message));
}

void ignore_notice(void*, const char*) {}

}  // namespace

std::expected<std::unique_ptr<ConnectionImpl>, DbError> open_postgres(const std::string& url,
                                                                      const OpenOptions& options) {
  if (options.max_bytes > 0)
    return std::unexpected(error(DbErrc::Invalid,
                                 "a size limit applies to SQLite files only; PostgreSQL's "
                                 "space is the server's business"));
  PGconn* conn = PQconnectdb(url.c_str());
  if (conn == nullptr) return std::unexpected(error(DbErrc::Io, "postgresql: out of memory"));
  auto out = std::make_unique<PostgresConnection>(conn, options.busy_timeout);  // PQfinish on every return
  if (PQstatus(conn) != CONNECTION_OK)
    return std::unexpected(DbError{DbErrc::Io, "cannot connect to PostgreSQL: " + one_line(PQerrorMessage(conn)), 0});
  PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  out->set_read_only(options.read_only);
  if (auto r = out->configure_session(); !r) return std::unexpected(r.error());
  return out;
}

}  // namespace skat::db::detail
