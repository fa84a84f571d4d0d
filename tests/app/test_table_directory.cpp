// The hub's directory of live tables (server/play/table_directory.h), on an explicit clock: the
// bounds on open tables per creator, connection, address and in all (tables being created count),
// when a table is idle and closes, and when a player's table is abandoned.
#include <gtest/gtest.h>

#include "server/play/table_directory.h"
#include "server/store/memory_store.h"

namespace skat::app {
namespace {

using namespace std::chrono_literals;
using Clock = TableDirectory::Clock;

class TableDirectoryTest : public ::testing::Test {
 protected:
  std::shared_ptr<TableHost> host(table::TableId id) {
    return std::make_shared<TableHost>(io_, table::Table(id, table::TableConfig{}), 0, std::weak_ptr<TableServices>{},
                                       writer_);
  }
  static protocol::LobbyTable line(table::TableId id) {
    protocol::LobbyTable summary;
    summary.table = id;
    return summary;
  }

  boost::asio::io_context io_;
  MemoryStore store_;
  DbWriter writer_{store_};
  const Clock::time_point t0_ = Clock::now();
  std::set<std::int64_t> online_;
  TableDirectory::Online is_online_ = [this](std::int64_t player) { return online_.contains(player); };
};

TEST_F(TableDirectoryTest, BoundsCountOpenTablesAndTablesBeingCreated) {
  TableDirectory tables(TableLimits{.per_player = 2, .per_connection = 3, .per_address = 4, .in_all = 5});
  const TableOrigin anna{1, 10, "192.0.2.1"};
  EXPECT_FALSE(tables.refusal(anna));
  tables.add(host(1), {}, anna, false, t0_);
  const std::uint64_t pending = tables.reserve(anna);
  const auto refused = tables.refusal(anna);
  ASSERT_TRUE(refused);
  EXPECT_EQ(*refused, "you have 2 open tables; join or leave one of them first");
  tables.unreserve(pending);
  EXPECT_FALSE(tables.refusal(anna));

  // A new guest on the same connection, then on another connection from the same address.
  tables.add(host(2), {}, TableOrigin{2, 10, "192.0.2.1"}, false, t0_);
  tables.add(host(3), {}, TableOrigin{3, 10, "192.0.2.1"}, false, t0_);
  EXPECT_EQ(tables.refusal(TableOrigin{4, 10, "192.0.2.1"}), "this connection opened 3 tables that are still open");
  tables.add(host(4), {}, TableOrigin{5, 11, "192.0.2.1"}, false, t0_);
  EXPECT_EQ(tables.refusal(TableOrigin{6, 12, "192.0.2.1"}), "your address has 4 open tables");
  // Tables the server runs count toward the bound in all, not toward anyone's.
  tables.add(host(5), {}, std::nullopt, true, t0_);
  EXPECT_EQ(tables.refusal(TableOrigin{7, 13, "198.51.100.1"}), "the server has as many open tables as it may hold");
  EXPECT_TRUE(tables.managed(5));
  EXPECT_FALSE(tables.managed(1));
  EXPECT_EQ(tables.origin(4)->player, 5);
  EXPECT_EQ(tables.origin(5), nullptr);
}

TEST_F(TableDirectoryTest, AnIdleTableClosesAfterItsTimeUnlessSomeoneIsOnTheWay) {
  TableDirectory tables(TableLimits{});
  tables.add(host(1), {}, std::nullopt, false, t0_);
  tables.add(host(2), {}, std::nullopt, false, t0_);
  tables.add(host(3), {}, std::nullopt, false, t0_);
  EXPECT_TRUE(tables.any_idle());
  // Table 2 gets a player, table 3 a spectator: neither is idle any more.
  protocol::LobbyTable seated = line(2);
  seated.seats[0].player_id = 42;
  EXPECT_TRUE(tables.update(seated, t0_ + 1min, is_online_));
  protocol::LobbyTable watched = line(3);
  watched.spectators = 1;
  EXPECT_TRUE(tables.update(watched, t0_ + 1min, is_online_));
  EXPECT_EQ(tables.seated_players(), std::set<std::int64_t>{42});

  EXPECT_TRUE(tables.close_idle(10min, t0_ + 9min, {}).empty());
  EXPECT_TRUE(tables.close_idle(10min, t0_ + 10min, {1}).empty());  // a bot is on its way to table 1
  EXPECT_EQ(tables.close_idle(10min, t0_ + 10min, {}), std::vector<table::TableId>{1});
  EXPECT_FALSE(tables.contains(1));
  EXPECT_EQ(tables.size(), 2U);
  // A closed table's late lobby line is ignored.
  EXPECT_FALSE(tables.update(line(1), t0_ + 11min, is_online_));
  EXPECT_FALSE(tables.contains(1));

  // Once the spectator leaves, table 3's idle time starts then.
  EXPECT_TRUE(tables.update(line(3), t0_ + 20min, is_online_));
  EXPECT_TRUE(tables.close_idle(10min, t0_ + 29min, {}).empty());
  EXPECT_EQ(tables.close_idle(10min, t0_ + 30min, {}), std::vector<table::TableId>{3});
}

TEST_F(TableDirectoryTest, APlayersTableIsAbandonedWhenNoHumanSitsThereAndItsCreatorIsGone) {
  TableDirectory tables(TableLimits{});
  online_ = {1};
  tables.add(host(7), {}, TableOrigin{1, 10, "192.0.2.1"}, false, t0_);
  tables.add(host(8), {}, std::nullopt, true, t0_);  // the server's: never abandoned
  protocol::LobbyTable bots_only = line(7);
  bots_only.seats[1] = {.player_id = 900, .name = "bot", .bot = true};
  tables.update(bots_only, t0_, is_online_);
  tables.update(line(8), t0_, is_online_);
  EXPECT_FALSE(tables.any_abandoned());
  EXPECT_TRUE(tables.bot_seated(7));

  online_.clear();  // the creator's last connection closed
  tables.recheck_tables_of(1, t0_ + 1s, is_online_);
  EXPECT_TRUE(tables.any_abandoned());
  EXPECT_TRUE(tables.abandoned_for(30s, t0_ + 30s).empty());
  EXPECT_EQ(tables.abandoned_for(30s, t0_ + 31s), std::vector<table::TableId>{7});

  // A running series is not abandoned, and neither is a table with a human at it.
  protocol::LobbyTable running = bots_only;
  running.running = true;
  tables.update(running, t0_ + 40s, is_online_);
  EXPECT_FALSE(tables.any_abandoned());
  protocol::LobbyTable human = bots_only;
  human.seats[0] = {.player_id = 2, .name = "ben"};
  tables.update(human, t0_ + 50s, is_online_);
  EXPECT_FALSE(tables.any_abandoned());

  // The creator comes back while only bots sit there: not abandoned.
  tables.update(bots_only, t0_ + 60s, is_online_);
  EXPECT_TRUE(tables.any_abandoned());
  online_ = {1};
  tables.recheck_tables_of(1, t0_ + 61s, is_online_);
  EXPECT_FALSE(tables.any_abandoned());
}

}  // namespace
}  // namespace skat::app
