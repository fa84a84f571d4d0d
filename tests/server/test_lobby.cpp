// Lobby bookkeeping: online players with several connections, table ids, the bot pool.
#include <gtest/gtest.h>

#include "server/lobby/lobby.h"

namespace skat::lobby {
namespace {

TEST(Lobby, OnlinePlayersCountConnections) {
  Lobby lobby;
  lobby.connect(1, "anna", false);
  lobby.connect(1, "anna", false);
  lobby.connect(2, "bot", true, "simple");
  lobby.set_table(1, 5);
  EXPECT_EQ(lobby.online().size(), 2u);
  EXPECT_EQ(lobby.find(1)->table, 5);
  lobby.disconnect(1);
  EXPECT_NE(lobby.find(1), nullptr);
  lobby.disconnect(1);
  EXPECT_EQ(lobby.find(1), nullptr);
  EXPECT_EQ(lobby.next_table_id(), 1);
  EXPECT_EQ(lobby.next_table_id(), 2);
}

TEST(Lobby, AnnouncedSpecsMatchTheirKindOrExactly) {
  EXPECT_TRUE(kind_matches("pimc:worlds=20,budget=3000,tt=16", "pimc"));
  EXPECT_TRUE(kind_matches("pimc:worlds=20,budget=3000,tt=16", "pimc:worlds=20,budget=3000,tt=16"));
  EXPECT_FALSE(kind_matches("pimc:worlds=20,budget=3000,tt=16", "pimc:worlds=4,budget=3000,tt=16"));
  EXPECT_FALSE(kind_matches("pimcx:worlds=1", "pimc"));
  EXPECT_FALSE(kind_matches("rule", "simple"));
  EXPECT_TRUE(kind_matches("rule", ""));
  BotPool pool;
  pool.add(1, "p-1", "pimc:worlds=4,budget=3000,tt=16");
  pool.add(2, "f-1", "full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules");
  EXPECT_EQ(pool.acquire_by_kind("full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules"), 2);
  EXPECT_EQ(pool.acquire_by_kind("pimc:worlds=20,budget=3000,tt=16"), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("pimc"), 1);
}

TEST(Lobby, BotPoolPicksByNameOrKind) {
  BotPool pool;
  pool.add(10, "simple-a", "simple");
  pool.add(11, "simple-b", "simple");
  pool.add(12, "random-a", "random");
  EXPECT_EQ(pool.acquire("", "simple"), 10);
  EXPECT_EQ(pool.acquire("", "simple"), 11);
  EXPECT_EQ(pool.acquire("", "simple"), std::nullopt);
  EXPECT_EQ(pool.acquire("random-a", ""), 12);
  EXPECT_EQ(pool.free_count(), 0u);
  pool.release(10);
  EXPECT_TRUE(pool.is_free(10));
  EXPECT_EQ(pool.acquire_by_kind(""), 10);
  pool.remove(11);
  pool.release(11);
  EXPECT_FALSE(pool.is_free(11));
}

}  // namespace
}  // namespace skat::lobby
