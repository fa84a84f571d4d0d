// The connection layer: settings of a file database (WAL, synchronous, foreign keys, busy
// timeout), typed binds and columns, the statement cache, transactions that roll back in their
// destructor (and nest as savepoints), integrity_check and the online backup; the files are private
// to their owner. The tests not about SQLite files run on PostgreSQL too (the ".pg" copy).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "db/connection.h"
#include "db/dialect.h"
#include "db/transaction.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

std::string pragma(Connection& c, const std::string& name) {
  auto st = must(c.prepare("PRAGMA " + name));
  EXPECT_TRUE(must(st.step()));
  return st.text(0);
}

std::int64_t count(Connection& c, const std::string& table) {
  auto st = must(c.prepare("SELECT count(*) FROM " + table));
  EXPECT_TRUE(must(st.step()));
  return st.int64(0);
}

TEST(Connection, FileDatabaseSettings) {
  SKAT_SQLITE_ONLY();
  const auto dir = test::temp_dir();
  const std::string path = (dir / "nested" / "deeper" / "skat.db").string();
  Connection c = must(Connection::open(path));
  EXPECT_TRUE(std::filesystem::exists(path));  // parent directories created
  EXPECT_EQ(pragma(c, "journal_mode"), "wal");
  EXPECT_EQ(pragma(c, "synchronous"), "2");  // FULL
  EXPECT_EQ(pragma(c, "foreign_keys"), "1");
  EXPECT_EQ(pragma(c, "busy_timeout"), "5000");

  OpenOptions normal;
  normal.durability = Durability::Normal;
  normal.busy_timeout = std::chrono::milliseconds(250);
  Connection d = must(Connection::open(path, normal));
  EXPECT_EQ(pragma(d, "synchronous"), "1");
  EXPECT_EQ(pragma(d, "busy_timeout"), "250");
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

// The database holds the hashes of every session and bot token: its file, its -wal and -shm files
// and its backups are created 0600 even under the usual umask 022, where SQLite would make 0644.
TEST(Connection, DatabaseFilesAreCreatedPrivate) {
  SKAT_SQLITE_ONLY();
  const mode_t old_umask = ::umask(022);
  const auto dir = test::temp_dir();
  const std::string path = (dir / "skat.db").string();
  {
    Connection c = must(open_database(path));
    must(create_player(c, "Alice", PlayerKind::Human));
    EXPECT_EQ(mode_of(path), 0600u);
    EXPECT_EQ(mode_of(path + "-wal"), 0600u);
    EXPECT_EQ(mode_of(path + "-shm"), 0600u);
    must(c.backup_to((dir / "copy.db").string()));
    EXPECT_EQ(mode_of((dir / "copy.db").string()), 0600u);
  }
  Connection again = must(open_database(path));  // an existing file opens as before
  EXPECT_TRUE(must(find_player(again, "alice")).has_value());
  ::umask(old_umask);
}

TEST(Connection, MissingFileWithoutCreateIsNotFound) {
  SKAT_SQLITE_ONLY();
  OpenOptions options;
  options.create = false;
  auto c = Connection::open((test::temp_dir() / "absent.db").string(), options);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, DbErrc::NotFound);
  EXPECT_NE(c.error().message.find("absent.db"), std::string::npos);
}

TEST(Connection, MemoryDatabasesArePrivate) {
  SKAT_SQLITE_ONLY();
  Connection a = must(Connection::open(":memory:"));
  Connection b = must(Connection::open(":memory:"));
  must(a.exec("CREATE TABLE t (x INTEGER)"));
  EXPECT_FALSE(b.prepare("SELECT * FROM t"));
  EXPECT_EQ(pragma(a, "foreign_keys"), "1");
}

TEST(Connection, BindAndReadEveryType) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  must(c.exec(detail::migration_sql("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n INTEGER)", c.engine())));
  const std::vector<unsigned char> bytes = {0, 1, 2, 255};
  // SQLite keeps a NUL inside text; PostgreSQL's text cannot hold one (the server never stores one).
  const std::string text = c.engine() == Engine::Sqlite ? std::string("a\0b", 3) : std::string("a\u00e4b");
  auto ins = must(c.statement("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)"));
  ins.bind(1, std::int64_t{1} << 40).bind(2, 2.5).bind(3, text).bind_blob(4, bytes);
  ins.bind(5, std::optional<int>{});
  must(ins.run());
  auto sel = must(c.statement("SELECT i, r, s, b, n FROM t"));
  ASSERT_TRUE(must(sel.step()));
  EXPECT_EQ(sel.int64(0), std::int64_t{1} << 40);
  EXPECT_EQ(sel.real(1), 2.5);
  EXPECT_EQ(sel.text(2), text);
  EXPECT_EQ(sel.blob(3), bytes);
  EXPECT_TRUE(sel.is_null(4));
  EXPECT_FALSE(sel.optional_int64(4));
  EXPECT_FALSE(must(sel.step()));
}

TEST(Connection, BindErrorIsReportedByStep) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  auto st = must(c.statement("SELECT ?1"));
  st.bind(2, 5);  // no such parameter
  auto r = st.step();
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("bind"), std::string::npos);
}

TEST(Connection, StatementsArePreparedOnce) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  for (int i = 0; i < 10; ++i) {
    auto st = must(c.statement("SELECT ?1 + 1"));
    st.bind(1, i);
    ASSERT_TRUE(must(st.step()));
    EXPECT_EQ(st.integer(0), i + 1);
  }
  EXPECT_EQ(c.cached_statements(), 1u);
  // The same text while the cached statement is still in use: a second one, not the same object.
  auto outer = must(c.statement("SELECT ?1 + 1"));
  outer.bind(1, 1);
  auto inner = must(c.statement("SELECT ?1 + 1"));
  inner.bind(1, 10);
  ASSERT_TRUE(must(outer.step()));
  ASSERT_TRUE(must(inner.step()));
  EXPECT_EQ(outer.integer(0), 2);
  EXPECT_EQ(inner.integer(0), 11);
  EXPECT_EQ(c.cached_statements(), 1u);
}

TEST(Connection, OneStatementPerPrepare) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  // SQLite refuses at prepare; PostgreSQL prepares on the first step, and refuses there.
  auto st = c.statement("SELECT 1; SELECT 2");
  if (c.engine() == Engine::Sqlite) {
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().code, DbErrc::Invalid);
    EXPECT_FALSE(c.statement("SELEKT 1"));
  } else {
    ASSERT_TRUE(st);
    EXPECT_FALSE(st->step());
    auto typo = c.statement("SELEKT 1");
    ASSERT_TRUE(typo);
    EXPECT_FALSE(typo->step());
  }
}

TEST(Transaction, RollsBackInItsDestructor) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  must(c.exec("CREATE TABLE t (x INTEGER)"));
  {
    auto tx = must(Transaction::begin(c));
    EXPECT_TRUE(c.in_transaction());
    must(c.exec("INSERT INTO t VALUES (1)"));
    EXPECT_EQ(count(c, "t"), 1);
  }
  EXPECT_FALSE(c.in_transaction());
  EXPECT_EQ(count(c, "t"), 0);
  {
    auto tx = must(Transaction::begin(c));
    must(c.exec("INSERT INTO t VALUES (2)"));
    must(tx.commit());
    EXPECT_FALSE(tx.active());
  }
  EXPECT_EQ(count(c, "t"), 1);
}

TEST(Transaction, NestedTransactionsAreSavepoints) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  must(c.exec("CREATE TABLE t (x INTEGER)"));
  {
    auto outer = must(Transaction::begin(c));
    must(c.exec("INSERT INTO t VALUES (1)"));
    {
      auto inner = must(Transaction::begin(c));
      must(c.exec("INSERT INTO t VALUES (2)"));
    }  // rolls back the inner part only
    EXPECT_EQ(count(c, "t"), 1);
    {
      auto inner = must(Transaction::begin(c));
      must(c.exec("INSERT INTO t VALUES (3)"));
      must(inner.commit());
    }
    EXPECT_TRUE(c.in_transaction());
    must(outer.commit());
  }
  EXPECT_EQ(count(c, "t"), 2);
  {
    auto outer = must(Transaction::begin(c));
    auto inner = must(Transaction::begin(c));
    must(c.exec("INSERT INTO t VALUES (4)"));
    must(inner.commit());
  }  // the outer rollback takes the committed savepoint with it
  EXPECT_EQ(count(c, "t"), 2);
}

TEST(Transaction, ImmediateTransactionsWaitForTheWriter) {
  SKAT_SQLITE_ONLY();  // PostgreSQL locks rows as they are written, not the database at BEGIN
  const std::string path = (test::temp_dir() / "lock.db").string();
  OpenOptions quick;
  quick.busy_timeout = std::chrono::milliseconds(50);
  Connection a = must(Connection::open(path, quick));
  Connection b = must(Connection::open(path, quick));
  auto held = must(Transaction::begin(a));
  auto second = Transaction::begin(b);  // BEGIN IMMEDIATE: fails at the start, not half-way
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, DbErrc::Busy);
  must(held.commit());
  auto third = must(Transaction::begin(b));
  must(third.commit());
}

// A full disk, played by a quota on the file (PRAGMA max_page_count): the write is refused with
// a clear error, the file stays intact with everything committed before, and writes go on once
// there is room again.
TEST(Connection, AFullDatabaseRefusesTheWriteAndKeepsWhatItHad) {
  SKAT_SQLITE_ONLY();
  const std::string path = (test::temp_dir() / "full.db").string();
  OpenOptions quota;
  quota.max_bytes = 256 * 1024;
  int stored = 0;
  SeriesId s = 0;
  {
    Connection c = must(open_database(path, quota));
    const auto ids = test::three_players(c);
    s = test::running_series(c, ids, 2000);
    const PgnSeries games = test::selfplay_series(9, 2000);
    std::optional<DbError> refused;
    for (const PgnGame& g : games.games) {
      auto inserted = insert_game(c, game_record_from(s, g));
      if (!inserted) {
        refused = inserted.error();
        break;
      }
      ++stored;
    }
    ASSERT_TRUE(refused) << "the quota was never reached";
    EXPECT_EQ(refused->code, DbErrc::Full);
    EXPECT_NE(refused->message.find("full"), std::string::npos) << refused->message;
    EXPECT_GT(stored, 10);
    must(c.integrity_check());
    EXPECT_EQ(static_cast<int>(must(list_games(c, s)).size()), stored);
  }
  Connection again = must(open_database(path));  // room again (no quota)
  must(again.integrity_check());
  ASSERT_EQ(static_cast<int>(must(list_games(again, s)).size()), stored);
  const PgnSeries more = test::selfplay_series(10, 1);
  PgnGame next = more.games.front();
  next.id = stored + 1;
  must(insert_game(again, game_record_from(s, next)));
  EXPECT_EQ(static_cast<int>(must(list_games(again, s)).size()), stored + 1);
}

TEST(Connection, IntegrityCheckAndBackup) {
  SKAT_SQLITE_ONLY();
  const auto dir = test::temp_dir();
  Connection c = must(open_database((dir / "live.db").string()));
  must(c.integrity_check());
  const auto ids = test::three_players(c);
  const SeriesId s = test::running_series(c, ids);
  test::insert_games(c, s, test::selfplay_series(5, 4));
  const std::string copy = (dir / "backups" / "copy.db").string();
  must(c.backup_to(copy));
  EXPECT_FALSE(std::filesystem::exists(copy + ".partial"));
  Connection b = must(open_database(copy));
  must(b.integrity_check());
  EXPECT_EQ(must(list_games(b, s)), must(list_games(c, s)));
  EXPECT_EQ(must(get_series(b, s)), must(get_series(c, s)));
}

TEST(Connection, IntegrityCheckReportsBrokenForeignKeys) {
  Connection c = test::memory_db();
  // Foreign keys off for this connection (PostgreSQL: the replica role skips their triggers).
  must(c.exec(c.engine() == Engine::Sqlite ? "PRAGMA foreign_keys = OFF" : "SET session_replication_role = replica"));
  must(c.exec("INSERT INTO series_seats (series_id, seat, player_id) VALUES (99, 0, 98)"));
  auto r = c.integrity_check();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, DbErrc::Corrupt);
  EXPECT_NE(r.error().message.find("series_seats"), std::string::npos) << r.error().message;
}

}  // namespace
}  // namespace skat::db

namespace skat::db {
namespace {

// A PostgreSQL session the server dropped (a restart, a network cut, here pg_terminate_backend):
// the statement that meets the dead session fails with Io, and the next one opens the session
// again and prepares its cached statements anew (the writer retries refused games).
TEST(Connection, APostgresSessionTheServerDroppedIsOpenedAgain) {
  if (!test::on_postgres()) GTEST_SKIP() << "about PostgreSQL sessions";
  const std::string url = test::fresh_store(":memory:");
  Connection c = must(open_database(url));
  must(create_player(c, "Before", PlayerKind::Guest));
  std::int64_t pid = 0;
  {
    auto st = must(c.statement("SELECT pg_backend_pid()"));
    ASSERT_TRUE(must(st.step()));
    pid = st.int64(0);
  }
  Connection other = must(Connection::open(url));
  must(other.exec("SELECT pg_terminate_backend(" + std::to_string(pid) + ")"));
  auto dropped = create_player(c, "During", PlayerKind::Guest);
  if (!dropped) {
    EXPECT_EQ(dropped.error().code, DbErrc::Io) << dropped.error().message;
  }
  must(create_player(c, "After", PlayerKind::Guest));  // a cached statement, prepared again
  EXPECT_TRUE(must(find_player(c, "Before")).has_value());
  EXPECT_TRUE(must(find_player(c, "After")).has_value());
}

}  // namespace
}  // namespace skat::db
