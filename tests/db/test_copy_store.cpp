// Copying a database between stores (db/copy_store.h): the copy holds every row with its id, and
// the comparison finds what differs (a changed game, a missing row), so `migrate-store`'s proof can
// fail. On SQLite, and on PostgreSQL in the ".pg" copy.
#include <gtest/gtest.h>

#include "db/accounts.h"
#include "db/copy_store.h"
#include "tests/db/db_test_support.h"

namespace skat::db {
namespace {

using test::must;

Connection filled() {
  Connection c = test::memory_db();
  const auto seats = test::three_players(c);
  test::insert_games(c, test::running_series(c, seats, 12), test::selfplay_series(3, 12));
  must(create_bot(c, "Robo", "simple"));
  return c;
}

TEST(CopyStore, TheCopyIsIdentical) {
  Connection from = filled();
  Connection to = test::memory_db();
  const auto copied = must(copy_store(from, to));
  EXPECT_EQ(copied, must(count_rows(from)));
  const StoreComparison same = must(compare_stores(from, to));
  EXPECT_EQ(same.series, 1);
  EXPECT_EQ(same.games, 12);
  EXPECT_TRUE(same.problems.empty()) << same.problems.front();
  EXPECT_EQ(must(create_player(to, "After", PlayerKind::Guest)).id, 5);  // ids go on after the copied ones
}

TEST(CopyStore, DifferencesAreFound) {
  Connection from = filled();
  Connection to = test::memory_db();
  must(copy_store(from, to));
  must(to.exec("UPDATE games SET sf1 = sf1 + 1 WHERE idx = 3"));
  must(to.exec("DELETE FROM sessions"));
  must(to.exec("DELETE FROM bot_accounts"));
  const StoreComparison changed = must(compare_stores(from, to));
  ASSERT_EQ(changed.problems.size(), 2u);
  EXPECT_EQ(changed.problems[0], "bot_accounts: 1 rows against 0");
  EXPECT_NE(changed.problems[1].find("the games differ"), std::string::npos) << changed.problems[1];
}

TEST(CopyStore, OnlyIntoAnEmptyStore) {
  Connection from = filled();
  Connection to = test::memory_db();
  must(create_player(to, "Squatter", PlayerKind::Human));
  auto refused = copy_store(from, to);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, DbErrc::AlreadyExists);
}

}  // namespace
}  // namespace skat::db
