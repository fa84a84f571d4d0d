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
