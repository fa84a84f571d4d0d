// Migrations: a fresh database gets every embedded migration; opening again is a no-op; a
// database newer than the binary is refused; a failing migration leaves no trace. On both engines
// (the PostgreSQL copy builds the same schema from the same files).
#include <gtest/gtest.h>

#include "common/confusables.h"
#include "db/migrations.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

// The tables of the schema, without the engine's own (PostgreSQL's skat_schema holds the version).
std::vector<std::string> tables(Connection& c) {
  auto st = must(c.prepare(c.engine() == Engine::Sqlite
                               ? "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
                               : "SELECT table_name::text FROM information_schema.tables WHERE table_schema = "
                                 "current_schema() AND table_name <> 'skat_schema' ORDER BY table_name COLLATE \"C\""));
  std::vector<std::string> out;
  while (must(st.step())) out.push_back(st.text(0));
  return out;
}

void set_schema_version(Connection& c, int version) {
  if (c.engine() == Engine::Sqlite)
    must(c.exec("PRAGMA user_version = " + std::to_string(version)));
  else
    must(c.exec("UPDATE skat_schema SET version = " + std::to_string(version)));
}

TEST(Migrations, EmbeddedAndNumberedFromOne) {
  const auto all = embedded_migrations();
  ASSERT_FALSE(all.empty());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].version, static_cast<int>(i) + 1);
    EXPECT_FALSE(all[i].sql.empty());
  }
  EXPECT_EQ(all[0].name, "initial");
  EXPECT_EQ(latest_schema_version(), all.back().version);
}

TEST(Migrations, FreshMemoryDatabase) {
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  EXPECT_EQ(must(schema_version(c)), 0);
  EXPECT_EQ(must(migrate(c)), latest_schema_version());
  EXPECT_EQ(must(schema_version(c)), latest_schema_version());
  EXPECT_EQ(tables(c), (std::vector<std::string>{"bot_accounts", "game_analyses", "game_substitutes", "games", "nodes",
                                                 "players", "provisional_ratings", "rating_history", "rating_snapshots",
                                                 "ratings", "series", "series_seats", "sessions", "table_versions",
                                                 "tables", "tournament_tables", "tournaments"}));
  EXPECT_EQ(must(migrate(c)), 0);
  must(c.integrity_check());
}

TEST(Migrations, FileDatabaseReopenIsANoOp) {
  const std::string path = test::fresh_store((test::temp_dir() / "skat.db").string());
  {
    Connection c = must(open_database(path));
    must(create_player(c, "Alice", PlayerKind::Human));
  }
  Connection c = must(Connection::open(path));
  EXPECT_EQ(must(schema_version(c)), latest_schema_version());
  EXPECT_EQ(must(migrate(c)), 0);
  EXPECT_TRUE(must(find_player(c, "Alice")).has_value());
}

// Names that fold alike could be stored before migration 4 ("sec-1" and "SEC-1" were already one
// name, but not "sec-1" and its full-width or zero-width-space twins): the migration keeps them all
// and their records, and from then on no new name folding like theirs is taken.
TEST(Migrations, PlayerNameKeysSurviveExistingLookAlikes) {
  SKAT_SQLITE_ONLY();  // a PostgreSQL schema is never older than migration 4 with rows in it
  const auto all = embedded_migrations();
  ASSERT_GE(all.size(), 4u);
  ASSERT_EQ(all[3].name, "player_name_key");
  Connection c = must(Connection::open(":memory:"));
  must(migrate(c, all.subspan(0, 3)));
  must(
      c.exec("INSERT INTO players (id, name, kind, created_at) VALUES (1, 'sec-1', 'bot', 0), "
             "(2, 'sec-1' || char(0x200B), 'guest', 0), (3, char(0xFF53, 0xFF45, 0xFF43) || '-1', 'guest', 0), "
             "(4, 'anna', 'guest', 0)"));
  must(migrate(c));
  EXPECT_EQ(must(schema_version(c)), latest_schema_version());
  auto st = must(c.prepare("SELECT id, name_key FROM players ORDER BY id"));
  std::vector<std::pair<std::int64_t, std::string>> keys;
  while (must(st.step())) keys.emplace_back(st.int64(0), st.text(1));
  const std::string sec = text::name_key("sec-1");
  EXPECT_EQ(keys, (std::vector<std::pair<std::int64_t, std::string>>{
                      {1, sec}, {2, sec + "\x01" + "2"}, {3, sec + "\x01" + "3"}, {4, text::name_key("anna")}}));
  auto taken = create_player(c, "SEC-1", PlayerKind::Guest);
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, DbErrc::AlreadyExists);
  auto fullwidth = create_player(c, "\uff33\uff25\uff23-1", PlayerKind::Guest);
  ASSERT_FALSE(fullwidth);
  EXPECT_EQ(fullwidth.error().code, DbErrc::AlreadyExists);
  EXPECT_TRUE(create_player(c, "Anna2", PlayerKind::Guest));
  must(c.integrity_check());
}

// Migration 10 keys names by their look: existing look-alikes keep their names, the older the key.
TEST(Migrations, LookAlikeNamesFromBeforeTheSkeletonKeyKeepTheirRows) {
  SKAT_SQLITE_ONLY();  // a PostgreSQL schema is never older than migration 10 with rows in it
  const auto all = embedded_migrations();
  ASSERT_GE(all.size(), 10u);
  ASSERT_EQ(all[9].name, "name_skeletons");
  Connection c = must(Connection::open(":memory:"));
  must(migrate(c, all.subspan(0, 9)));
  must(
      c.exec("INSERT INTO players (id, name, kind, created_at, name_key) VALUES "
             "(1, 'hb-1', 'bot', 0, 'hb-1'), (2, 'hb' || char(0x2010) || '1', 'bot', 0, 'hb' || char(0x2010) || '1'), "
             "(3, char(0x04bb) || 'b-1', 'guest', 0, char(0x04bb) || 'b-1')"));
  must(migrate(c));
  auto st = must(c.prepare("SELECT id, name_key FROM players ORDER BY id"));
  std::vector<std::pair<std::int64_t, std::string>> keys;
  while (must(st.step())) keys.emplace_back(st.int64(0), st.text(1));
  const std::string hb = text::name_key("hb-1");
  EXPECT_EQ(keys, (std::vector<std::pair<std::int64_t, std::string>>{
                      {1, hb}, {2, hb + "\x01" + "2"}, {3, hb + "\x01" + "3"}}));
  auto taken = create_player(c, "HB-1", PlayerKind::Guest);
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().code, DbErrc::AlreadyExists);
  must(c.integrity_check());
}

TEST(Migrations, NewerDatabaseIsRefused) {
  const std::string path = test::fresh_store((test::temp_dir() / "future.db").string());
  {
    Connection c = must(open_database(path));
    set_schema_version(c, latest_schema_version() + 1);
  }
  auto opened = open_database(path);
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().code, DbErrc::SchemaTooNew);
  EXPECT_NE(opened.error().message.find("newer skat"), std::string::npos) << opened.error().message;
  Connection raw = must(Connection::open(path));
  EXPECT_EQ(must(schema_version(raw)), latest_schema_version() + 1);  // untouched
}

TEST(Migrations, AppliesOnlyWhatIsMissingInOrder) {
  const Migration v1[] = {{1, "one", "CREATE TABLE a (x INTEGER);"}};
  const Migration v2[] = {{1, "one", "CREATE TABLE a (x INTEGER);"},
                          {2, "two", "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (7);"}};
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  EXPECT_EQ(must(migrate(c, v1)), 1);
  EXPECT_EQ(must(migrate(c, v2)), 1);
  EXPECT_EQ(must(schema_version(c)), 2);
  EXPECT_EQ(tables(c), (std::vector<std::string>{"a", "b"}));
  auto older = migrate(c, v1);
  ASSERT_FALSE(older);
  EXPECT_EQ(older.error().code, DbErrc::SchemaTooNew);
}

TEST(Migrations, AFailingMigrationLeavesNoTrace) {
  const Migration bad[] = {{1, "one", "CREATE TABLE a (x INTEGER);"},
                           {2, "broken", "CREATE TABLE b (y INTEGER); INSERT INTO nowhere VALUES (1);"}};
  Connection c = must(Connection::open(test::fresh_store(":memory:")));
  auto r = migrate(c, bad);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("migration 2 (broken)"), std::string::npos) << r.error().message;
  EXPECT_EQ(must(schema_version(c)), 1);
  EXPECT_EQ(tables(c), std::vector<std::string>{"a"});
}

}  // namespace
}  // namespace skat::db
