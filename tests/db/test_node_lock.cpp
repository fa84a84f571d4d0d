// One server per database and node (db/node_lock.h), on both engines: a second lock of the same
// node is refused while the first is held and granted once it is released; other nodes' locks
// are independent; the probe sees a held lock and leaves a free one free. On SQLite the lock
// survives the store's own connections opening and closing the database file.
#include <gtest/gtest.h>

#include <filesystem>

#include "db/node_lock.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

std::string store_location() { return test::fresh_store((test::temp_dir() / "skat.db").string()); }

TEST(NodeLock, ASecondLockOfTheSameNodeIsRefusedUntilTheFirstIsReleased) {
  const std::string db = store_location();
  must(open_database(db));
  std::optional<NodeLock> first = must(NodeLock::acquire(db, ""));
  const auto second = NodeLock::acquire(db, "");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, DbErrc::Busy);
  EXPECT_NE(second.error().message.find("another skat serve runs as the single node"), std::string::npos)
      << second.error().message;
  first.reset();
  EXPECT_TRUE(NodeLock::acquire(db, ""));
}

TEST(NodeLock, AHardLinkToTheDatabaseFindsTheLockHeld) {
  SKAT_SQLITE_ONLY();
  const std::string db = store_location();
  must(open_database(db));
  const auto other_dir = std::filesystem::path(db).parent_path() / "elsewhere";
  std::filesystem::create_directories(other_dir);
  const auto link = other_dir / "same.db";
  std::filesystem::create_hard_link(db, link);
  std::optional<NodeLock> first = must(NodeLock::acquire(db, ""));
  const auto second = NodeLock::acquire(link.string(), "");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, DbErrc::Busy);
  EXPECT_NE(second.error().message.find("another path to the same file"), std::string::npos) << second.error().message;
  EXPECT_TRUE(NodeLock::acquire(link.string(), "other"));  // another node's byte is free
  first.reset();
  EXPECT_TRUE(NodeLock::acquire(link.string(), ""));
}

TEST(NodeLock, EachNodeHasItsOwnLock) {
  const std::string db = store_location();
  must(open_database(db));
  const NodeLock a = must(NodeLock::acquire(db, "a"));
  const NodeLock b = must(NodeLock::acquire(db, "b"));
  const NodeLock single = must(NodeLock::acquire(db, ""));
  const auto again = NodeLock::acquire(db, "b");
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("node 'b'"), std::string::npos) << again.error().message;
}

TEST(NodeLock, TheProbeSeesAHeldLockAndLeavesAFreeOneFree) {
  const std::string db = store_location();
  must(open_database(db));
  std::optional<NodeLock> a = must(NodeLock::acquire(db, "a"));
  EXPECT_TRUE(must(NodeLock::held(db, "a")));
  EXPECT_FALSE(must(NodeLock::held(db, "c")));
  EXPECT_FALSE(must(NodeLock::held(db, "c")));  // the probe released what it tried
  EXPECT_TRUE(NodeLock::acquire(db, "c"));
  a.reset();
  EXPECT_FALSE(must(NodeLock::held(db, "a")));
}

TEST(NodeLock, TheStoresConnectionsOpeningAndClosingTheFileKeepTheLock) {
  SKAT_SQLITE_ONLY();
  const std::string db = store_location();
  const NodeLock lock = must(NodeLock::acquire(db, ""));
  for (int i = 0; i < 3; ++i) {
    Connection c = must(open_database(db));
    must(c.exec("CREATE TABLE IF NOT EXISTS t (x INTEGER)"));
  }
  EXPECT_FALSE(NodeLock::acquire(db, ""));
  EXPECT_TRUE(must(NodeLock::held(db, "")));
}

}  // namespace
}  // namespace skat::db
