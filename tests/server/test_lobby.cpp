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
  pool.add(1, 101, {"p-1", "pimc:worlds=4,budget=3000,tt=16"});
  pool.add(2, 102, {"f-1", "full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules"});
  EXPECT_EQ(pool.acquire_by_kind("full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules", 7),
            (BotPool::Slot{2, 102}));
  EXPECT_EQ(pool.acquire_by_kind("pimc:worlds=20,budget=3000,tt=16", 7), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("pimc", 7), (BotPool::Slot{1, 101}));
}

TEST(Lobby, BotPoolPicksByNameOrKind) {
  BotPool pool;
  pool.add(10, 1, {"simple-a", "simple"});
  pool.add(11, 2, {"simple-b", "simple"});
  pool.add(12, 3, {"random-a", "random"});
  EXPECT_EQ(pool.acquire("", "simple", 7), (BotPool::Slot{10, 1}));
  EXPECT_EQ(pool.acquire("", "simple", 7), (BotPool::Slot{11, 2}));
  EXPECT_EQ(pool.acquire("", "simple", 7), std::nullopt);
  EXPECT_EQ(pool.acquire("random-a", "", 7), (BotPool::Slot{12, 3}));
  EXPECT_EQ(pool.free_count(), 0u);
  pool.release(10, 7);
  EXPECT_TRUE(pool.is_free(10));
  EXPECT_EQ(pool.acquire_by_kind("", 8), (BotPool::Slot{10, 1}));
  pool.remove_connection(11, 2);  // its seat at table 7 stays held by the account
  EXPECT_TRUE(pool.connected(11));
  pool.release(11, 7);
  EXPECT_FALSE(pool.connected(11));
  EXPECT_FALSE(pool.is_free(11));
}

// A player's bot is "account:NAME": never taken for a house program, whatever it announced; it is
// taken by its name, and by "account:NAME".
TEST(Lobby, APlayersBotIsNeverTakenForAHouseProgram) {
  BotPool pool;
  pool.add(20, 1, {"sneaky", "account:sneaky", false});
  EXPECT_EQ(pool.acquire_by_kind("random", 7), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("", 7), std::nullopt);  // not even as any bot
  EXPECT_TRUE(pool.house_programs().empty());
  EXPECT_EQ(pool.acquire_by_kind("account:sneaky", 7), (BotPool::Slot{20, 1}));
  pool.release(20, 7);
  EXPECT_EQ(pool.acquire("sneaky", "", 7), (BotPool::Slot{20, 1}));
}

// A connection plays one seat per table and up to its `seats` at different tables; the account's
// second connection takes a second seat of the same table.
// The server's sandbox connections of a player's bot are taken for "sandbox:NAME" only, and only
// they: not by the bot's name, its "account:NAME" or any program; its own connections never for
// "sandbox:NAME"; a sandbox connection's orphaned seats go to sandbox connections only.
TEST(Lobby, ASandboxConnectionIsTakenOnlyForTheSandboxAndOnlyItIs) {
  BotPool pool;
  pool.add(20, 1, {"anna-bot", "account:anna-bot", false});           // the author's own connection
  pool.add(20, 2, {"anna-bot", "account:anna-bot", false}, 2, true);  // the server's sandbox, two seats
  EXPECT_EQ(pool.acquire_by_kind("sandbox:anna-bot", 7), (BotPool::Slot{20, 2}));
  EXPECT_EQ(pool.acquire_by_name("anna-bot", 8), (BotPool::Slot{20, 1}));
  // The author's connection is full; the sandbox's free seat is not taken by name or program.
  EXPECT_EQ(pool.acquire_by_name("anna-bot", 9), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("account:anna-bot", 9), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("", 9), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("sandbox:anna-bot", 9), (BotPool::Slot{20, 2}));
  // The sandbox connection drops: its seats wait for a sandbox connection, not the author's.
  pool.release(20, 8);
  pool.remove_connection(20, 2);
  EXPECT_TRUE(pool.adopt(20, 1).empty());
  EXPECT_EQ(pool.acquire_by_kind("sandbox:anna-bot", 10), std::nullopt);
  pool.add(20, 4, {"anna-bot", "account:anna-bot", false}, 2, true);
  EXPECT_EQ(pool.adopt(20, 4), (std::vector<TableId>{7, 9}));
}

TEST(Lobby, OneAccountSitsAtSeveralTablesAndSeatsThroughItsConnections) {
  BotPool pool;
  pool.add(30, 1, {"multi", "account:multi", false}, 2);
  EXPECT_EQ(pool.acquire_by_name("multi", 7), (BotPool::Slot{30, 1}));
  EXPECT_EQ(pool.acquire_by_name("multi", 7), std::nullopt);  // one seat per table on a connection
  EXPECT_EQ(pool.acquire_by_name("multi", 8), (BotPool::Slot{30, 1}));
  EXPECT_EQ(pool.acquire_by_name("multi", 9), std::nullopt);  // two seats on it at most
  pool.add(30, 2, {"multi", "account:multi", false});
  EXPECT_EQ(pool.acquire_by_name("multi", 7), (BotPool::Slot{30, 2}));
  EXPECT_EQ(pool.free_count(), 0u);
  // Connection 2 closes: its seat at table 7 waits for the account's next connection.
  pool.remove_connection(30, 2);
  pool.add(30, 3, {"multi", "account:multi", false});
  EXPECT_EQ(pool.adopt(30, 3), std::vector<TableId>{7});
  EXPECT_FALSE(pool.is_free(30));
  pool.release(30, 7);
  EXPECT_TRUE(pool.is_free(30));
}

// A bot process keeps an account connected more than once (through the balancer and to every
// node): for a program, another account comes before the same one's second seat at a table.
TEST(Lobby, AnotherAccountComesBeforeASecondSeatOfOneAtATable) {
  BotPool pool;
  pool.add(40, 1, {"rule-1", "rule"});
  pool.add(40, 2, {"rule-1", "rule"});
  pool.add(41, 3, {"rule-2", "rule"});
  EXPECT_EQ(pool.acquire_by_kind("rule", 7), (BotPool::Slot{40, 1}));
  EXPECT_EQ(pool.acquire_by_kind("rule", 7), (BotPool::Slot{41, 3}));
  // No other account is free: the account's second connection takes a second seat (a 2:1 table).
  EXPECT_EQ(pool.acquire_by_kind("", 7), (BotPool::Slot{40, 2}));
  EXPECT_EQ(pool.acquire_by_kind("", 7), std::nullopt);
  // At another table the lowest id comes first again.
  pool.release(40, 7);
  pool.release(41, 7);
  EXPECT_EQ(pool.acquire_by_kind("rule", 8), (BotPool::Slot{40, 1}));
  EXPECT_EQ(pool.acquire_by_kind("rule", 8), (BotPool::Slot{41, 3}));
}

// "level:NAME" takes a house bot of that strength level, never a player's bot or another level.
TEST(Lobby, ALevelAsksForAHouseBotOfThatLevel) {
  BotPool pool;
  pool.add(50, 1, {"beginner-1", "simple", true, "beginner"});
  pool.add(51, 2, {"club-1", "full:worlds=4,nodes=200,stop=1", true, "club"});
  pool.add(52, 3, {"anna-bot", "account:anna-bot", false});
  EXPECT_EQ(pool.acquire_by_kind("level:strongest", 7), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("level:club", 7), (BotPool::Slot{51, 2}));
  EXPECT_EQ(pool.acquire_by_kind("level:club", 7), std::nullopt);
  EXPECT_EQ(pool.acquire_by_kind("level:beginner", 7), (BotPool::Slot{50, 1}));
  EXPECT_EQ(pool.acquire_by_kind("level:", 7), std::nullopt);
}

}  // namespace
}  // namespace skat::lobby
