// Hostile use of the lobby against an in-process server with pool bots: who may seat bots at a
// table (its creator, or a player seated there before the series), how many pool bots one player's
// tables (and an address's) may hold, bots going back to the pool once a table is abandoned, new guests bounded per
// address, and open tables bounded per connection and per address besides per player.
#include <gtest/gtest.h>

#include <thread>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::lobby_until;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

std::optional<Json> hello(WsClient& c, const std::string& name, const std::string& token = "") {
  Json h{{"type", "hello"}, {"protocol", 1}, {"name", name}};
  if (!token.empty()) h["token"] = token;
  c.send(h);
  return c.read();
}

bool welcomed(const std::optional<Json>& m) { return m && m->value("type", "") == "welcome"; }

std::int64_t create_table(WsClient& c) {
  c.send(Json{{"type", "create_table"}, {"deals", 3}});
  const auto reply = c.read_until([](const Json& m) {
    const std::string type = m.value("type", "");
    return type == "table_created" || type == "error";
  });
  return reply && reply->value("type", "") == "table_created" ? (*reply)["table"].get<std::int64_t>() : -1;
}

void add_bot(WsClient& c, std::int64_t table, int seat, const std::string& bot) {
  c.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", seat}, {"bot", bot}});
}

std::optional<Json> next_error(WsClient& c, std::chrono::milliseconds timeout = 10s) {
  return c.read_until([](const Json& m) { return m.value("type", "") == "error"; }, timeout);
}

// Who sits at each seat of `table` in a lobby message ("" for a free seat), or nothing when the
// table is not listed.
std::optional<std::array<std::string, 3>> seats_of(const Json& lobby, std::int64_t table) {
  for (const Json& t : lobby["tables"]) {
    if (t["table"] != table) continue;
    std::array<std::string, 3> names;
    for (std::size_t s = 0; s < 3; ++s)
      if (t["seats"][s].is_object()) names[s] = t["seats"][s].value("name", "");
    return names;
  }
  return std::nullopt;
}

TEST(LobbyBounds, AStrangerCannotSeatBotsAtSomeoneElsesTableAndTheOwnersFriendCanSit) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  PoolServer pool(config, 2);
  WsClient owner(pool.port());
  ASSERT_TRUE(welcomed(hello(owner, "owner")));
  ASSERT_TRUE(PoolServer::wait_online(owner, 3));
  const std::int64_t table = create_table(owner);
  ASSERT_GT(table, 0);
  owner.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(owner.read_type("seated", 10s));

  WsClient stranger(pool.port());
  ASSERT_TRUE(welcomed(hello(stranger, "stranger")));
  add_bot(stranger, table, 1, "pool-1");
  EXPECT_TRUE(is_error(next_error(stranger), "not_allowed"));
  add_bot(stranger, table, 2, "");
  EXPECT_TRUE(is_error(next_error(stranger), "not_allowed"));

  // The seats the stranger aimed at are free for the owner's friend, who may then invite a bot.
  WsClient friend_(pool.port());
  ASSERT_TRUE(welcomed(hello(friend_, "friend")));
  friend_.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 1}});
  const auto seated = friend_.read_until([](const Json& m) {
    const std::string type = m.value("type", "");
    return type == "seated" || type == "error";
  });
  ASSERT_TRUE(seated);
  ASSERT_EQ(seated->value("type", ""), "seated") << seated->dump();
  EXPECT_EQ((*seated)["player"]["name"], "friend");
  add_bot(friend_, table, 2, "pool-2");
  EXPECT_TRUE(friend_.read_until(
      [](const Json& m) { return m.value("type", "") == "seated" && m["player"].value("name", "") == "pool-2"; }));
  // Once the series runs, a seated player who is not the creator may not invite any more.
  owner.send(Json{{"type", "start_series"}, {"table", table}});
  ASSERT_TRUE(friend_.read_type("game_started"));
  add_bot(friend_, table, 2, "pool-1");
  EXPECT_TRUE(is_error(next_error(friend_), "not_allowed"));
}

TEST(LobbyBounds, OneGuestCannotTakeMoreThanItsShareOfThePoolBots) {
  skat::app::ServeConfig config;  // bots_per_player: 4 by default
  config.strength_tables.clear();
  PoolServer pool(config, 6);
  WsClient hoarder(pool.port());
  ASSERT_TRUE(welcomed(hello(hoarder, "hoarder")));
  ASSERT_TRUE(PoolServer::wait_online(hoarder, 7));
  const std::int64_t first = create_table(hoarder);
  const std::int64_t second = create_table(hoarder);
  ASSERT_GT(first, 0);
  ASSERT_GT(second, 0);
  for (int seat = 0; seat < 3; ++seat) add_bot(hoarder, first, seat, "");
  add_bot(hoarder, second, 0, "");
  add_bot(hoarder, second, 1, "");
  EXPECT_TRUE(is_error(next_error(hoarder), "too_many_bots"));
  add_bot(hoarder, second, 2, "");
  EXPECT_TRUE(is_error(next_error(hoarder), "too_many_bots"));

  // The bots left over are there for someone else.
  WsClient other(pool.port());
  ASSERT_TRUE(welcomed(hello(other, "other")));
  const std::int64_t own = create_table(other);
  ASSERT_GT(own, 0);
  other.send(Json{{"type", "watch_table"}, {"table", own}});
  add_bot(other, own, 0, "");
  add_bot(other, own, 1, "");
  int bots = 0;
  EXPECT_TRUE(other.read_until([&](const Json& m) {
    return m.value("type", "") == "seated" && m["player"].value("bot", false) && ++bots == 2;
  }));
}

// New guest identities from one address share the address's bots: the second identity gets
// what the first left of the address's share, and no more.
TEST(LobbyBounds, GuestsFromOneAddressShareItsBots) {
  skat::app::ServeConfig config;  // bots_per_player: 4 by default
  config.bots_per_address = 5;
  config.strength_tables.clear();
  PoolServer pool(config, 7);
  WsClient first(pool.port());
  ASSERT_TRUE(welcomed(hello(first, "first")));
  ASSERT_TRUE(PoolServer::wait_online(first, 8));
  const std::int64_t a = create_table(first);
  const std::int64_t b = create_table(first);
  ASSERT_GT(b, 0);
  for (int seat = 0; seat < 3; ++seat) add_bot(first, a, seat, "");
  add_bot(first, b, 0, "");
  // The first guest's four bots sit before the second guest asks (the two connections' requests
  // would otherwise race for the address's last bot).
  ASSERT_TRUE(lobby_until(first, [&](const Json& lobby) {
    const auto at_a = seats_of(lobby, a);
    const auto at_b = seats_of(lobby, b);
    return at_a && at_b && !(*at_a)[0].empty() && !(*at_a)[1].empty() && !(*at_a)[2].empty() && !(*at_b)[0].empty();
  }));
  WsClient second(pool.port());
  ASSERT_TRUE(welcomed(hello(second, "second")));
  const std::int64_t c = create_table(second);
  ASSERT_GT(c, 0);
  second.send(Json{{"type", "watch_table"}, {"table", c}});
  add_bot(second, c, 0, "");
  EXPECT_TRUE(second.read_until(
      [](const Json& m) { return m.value("type", "") == "seated" && m["player"].value("bot", false); }));
  add_bot(second, c, 1, "");
  const auto refused = next_error(second);
  EXPECT_TRUE(is_error(refused, "too_many_bots"));
  EXPECT_NE(refused->value("message", "").find("address"), std::string::npos) << refused->dump();
}

TEST(LobbyBounds, BotsGoBackToThePoolWhenTheCreatorIsGonePastTheGrace) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.grace_ms = 300;
  config.table_idle_close = 300ms;
  PoolServer pool(config, 2);
  WsClient observer(pool.port());
  ASSERT_TRUE(welcomed(hello(observer, "observer")));
  ASSERT_TRUE(PoolServer::wait_online(observer, 3));
  std::int64_t table = 0;
  {
    WsClient creator(pool.port());
    ASSERT_TRUE(welcomed(hello(creator, "creator")));
    table = create_table(creator);
    ASSERT_GT(table, 0);
    add_bot(creator, table, 0, "pool-1");
    add_bot(creator, table, 1, "pool-2");
    ASSERT_TRUE(lobby_until(observer, [&](const Json& lobby) {
      const auto seats = seats_of(lobby, table);
      return seats && (*seats)[0] == "pool-1" && (*seats)[1] == "pool-2";
    }));
  }  // the creator's connection drops with the bots seated and no series started

  // Both bots are free again and the table, empty now, is closed as idle.
  EXPECT_TRUE(lobby_until(observer, [&](const Json& lobby) {
    int free_bots = 0;
    for (const Json& p : lobby["online"])
      if (p.value("bot", false) && (!p.contains("table") || p["table"].is_null())) ++free_bots;
    return free_bots == 2 && !seats_of(lobby, table);
  }));
  const std::int64_t mine = create_table(observer);
  ASSERT_GT(mine, 0);
  observer.send(Json{{"type", "watch_table"}, {"table", mine}});
  add_bot(observer, mine, 0, "pool-1");
  add_bot(observer, mine, 1, "pool-2");
  int bots = 0;
  EXPECT_TRUE(observer.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++bots == 2; }));
}

TEST(LobbyBounds, ABurstOfTokenlessHellosFromOneAddressIsBounded) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.guests_per_address_per_hour = 5;
  PoolServer pool(config, 0);
  std::string token;
  std::int64_t first = 0;
  for (int i = 0; i < 5; ++i) {
    WsClient c(pool.port());
    const auto w = hello(c, "burst" + std::to_string(i));
    ASSERT_TRUE(welcomed(w)) << i;
    if (i == 0) {
      token = w->value("token", "");
      first = (*w)["player"]["id"].get<std::int64_t>();
    }
  }
  WsClient sixth(pool.port());
  EXPECT_TRUE(is_error(hello(sixth, "burst5"), "too_many_guests"));
  // Refused, not signed in.
  sixth.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(is_error(sixth.read(), "not_authenticated"));
  // An unknown token would make a new guest too.
  WsClient forged(pool.port());
  EXPECT_TRUE(is_error(hello(forged, "forger", std::string(64, 'a')), "too_many_guests"));
  // A guest with its token is not new: it comes back as itself.
  WsClient back(pool.port());
  const auto again = hello(back, "whoever", token);
  ASSERT_TRUE(welcomed(again));
  EXPECT_EQ((*again)["player"]["id"].get<std::int64_t>(), first);
}

TEST(LobbyBounds, OpenTablesAreBoundedPerConnectionAndPerAddress) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.tables_per_player = 10;
  config.tables_per_connection = 3;
  config.tables_per_address = 5;
  PoolServer pool(config, 0);
  WsClient one(pool.port());
  ASSERT_TRUE(welcomed(hello(one, "first-identity")));
  for (int i = 0; i < 3; ++i) ASSERT_GT(create_table(one), 0) << i;
  one.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(is_error(next_error(one), "too_many_tables"));
  // A second identity on the same connection is refused, and the connection's bound holds.
  EXPECT_TRUE(is_error(hello(one, "second-identity"), "bad_field"));
  one.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(is_error(next_error(one), "too_many_tables"));

  // Another guest on another connection from the same address: two more, then the address is full.
  WsClient two(pool.port());
  ASSERT_TRUE(welcomed(hello(two, "third-identity")));
  ASSERT_GT(create_table(two), 0);
  ASSERT_GT(create_table(two), 0);
  two.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(is_error(next_error(two), "too_many_tables"));
}

}  // namespace
