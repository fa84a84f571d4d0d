// Hostile clients against an in-process server (memory store, ephemeral port): forged bot and
// guest tokens, acting at a table one holds no seat at, a reader too slow for what it asks for,
// and the bounds on open tables (per player, and idle tables closed). Each time the offender gets
// an error or is dropped, and everyone else goes on.
#include <gtest/gtest.h>

#include <thread>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

class HostileTest : public testing::Test {
 protected:
  void start(skat::app::ServeConfig config = {}) {
    config.strength_tables.clear();
    server_ = std::make_unique<skat::nettest::PoolServer>(config, 0);
    port_ = server_->port();
  }
  static std::optional<Json> hello(WsClient& c, Json h) {
    h["type"] = "hello";
    h["protocol"] = 1;
    c.send(h);
    return c.read();
  }
  static std::int64_t create_table(WsClient& c) {
    c.send(Json{{"type", "create_table"}, {"deals", 3}});
    const auto created = c.read_type("table_created");
    return created ? (*created)["table"].get<std::int64_t>() : -1;
  }
  static std::vector<std::int64_t> lobby_tables(WsClient& c) {
    c.send(Json{{"type", "lobby"}});
    std::vector<std::int64_t> ids;
    if (const auto lobby = c.read_type("lobby"))
      for (const Json& t : (*lobby)["tables"]) ids.push_back(t["table"].get<std::int64_t>());
    return ids;
  }

  std::unique_ptr<skat::nettest::PoolServer> server_;  // no pool bots
  unsigned short port_ = 0;
};

TEST_F(HostileTest, ForgedBotTokensAreRefusedAndForgedGuestTokensGiveANewGuest) {
  start();
  const auto bot = server_->store().create_bot("robo", "simple");
  ASSERT_TRUE(bot);
  {
    WsClient c(port_);
    std::string forged = bot->token;
    forged.back() = forged.back() == '0' ? '1' : '0';
    EXPECT_TRUE(is_error(hello(c, {{"name", "robo"}, {"bot", true}, {"token", forged}}), "auth_failed"));
    // Refused, not signed in: the connection may not act.
    c.send(Json{{"type", "create_table"}});
    EXPECT_TRUE(is_error(c.read(), "not_authenticated"));
  }
  {
    WsClient c(port_);  // the right secret under another bot's name
    EXPECT_TRUE(is_error(hello(c, {{"name", "nobody"}, {"bot", true}, {"token", bot->token}}), "auth_failed"));
  }
  {
    WsClient c(port_);
    const auto welcome = hello(c, {{"name", "robo"}, {"bot", true}, {"token", bot->token}});
    ASSERT_TRUE(welcome && welcome->value("type", "") == "welcome");
    EXPECT_EQ((*welcome)["player"]["id"].get<std::int64_t>(), bot->player_id);
  }
  WsClient guest(port_);
  const auto first = hello(guest, {{"name", "anna"}});
  ASSERT_TRUE(first && first->value("type", "") == "welcome");
  std::string forged = first->value("token", "");
  ASSERT_FALSE(forged.empty());
  forged.front() = forged.front() == 'a' ? 'b' : 'a';
  WsClient other(port_);
  const auto second = hello(other, {{"name", "anna"}, {"token", forged}});
  ASSERT_TRUE(second && second->value("type", "") == "welcome");
  EXPECT_NE((*second)["player"]["id"], (*first)["player"]["id"]);
  EXPECT_NE(second->value("token", ""), first->value("token", ""));
}

TEST_F(HostileTest, NobodyActsAtATableWhereTheyHoldNoSeat) {
  start();
  WsClient owner(port_);
  ASSERT_TRUE(hello(owner, {{"name", "owner"}}));
  const std::int64_t table = create_table(owner);
  ASSERT_GT(table, 0);
  owner.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(owner.read_until([](const Json& m) { return m.value("type", "") == "seated"; }, 10s));
  WsClient intruder(port_);
  ASSERT_TRUE(hello(intruder, {{"name", "intruder"}}));
  for (const Json& command :
       {Json{{"type", "bid"}, {"table", table}, {"value", 18}},
        Json{{"type", "play"}, {"table", table}, {"card", "CJ"}}, Json{{"type", "start_series"}, {"table", table}},
        Json{{"type", "leave_table"}, {"table", table}}}) {
    intruder.send(command);
    EXPECT_TRUE(is_error(intruder.read(), "not_seated")) << command.dump();
  }
  // The owner's seat is untouched (the lobby snapshot may lag by its rebuild window).
  WsClient watcher(port_);
  ASSERT_TRUE(hello(watcher, {{"name", "watcher"}}));
  bool owner_seated = false;
  for (int i = 0; i < 100 && !owner_seated; ++i) {
    watcher.send(Json{{"type", "lobby"}});
    const auto lobby = watcher.read_type("lobby");
    ASSERT_TRUE(lobby);
    for (const Json& t : (*lobby)["tables"])
      if (t["table"] == table && t["seats"][0].is_object()) owner_seated = t["seats"][0].value("name", "") == "owner";
    if (!owner_seated) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(owner_seated);
}

TEST_F(HostileTest, ASlowReaderIsDroppedAndTheServerGoesOn) {
  skat::app::ServeConfig config;
  config.tables_per_player = 200;
  config.tables_per_connection = 200;
  config.tables_per_address = 200;
  config.limits.ws_queue_messages = 8;
  config.limits.ws_rate_per_second = 1e6;
  config.limits.ws_rate_burst = 1e6;
  start(config);
  WsClient slow(port_);
  ASSERT_TRUE(hello(slow, {{"name", "slow"}}));
  for (int i = 0; i < 150; ++i) ASSERT_GT(create_table(slow), 0) << i;
  // Each lobby answer is some 30 KB: a thousand of them unread overflow the socket buffers, and
  // then the queue bound.
  const int asked = 1000;
  for (int i = 0; i < asked; ++i)
    if (!slow.send(Json{{"type", "lobby"}})) break;
  std::this_thread::sleep_for(500ms);
  int answers = 0;
  while (slow.read(10s)) ++answers;
  EXPECT_LT(answers, asked);
  EXPECT_TRUE(slow.closed());
  WsClient next(port_);
  ASSERT_TRUE(hello(next, {{"name", "next"}}));
  next.send(Json{{"type", "ping"}});
  EXPECT_TRUE(next.read_type("pong"));
}

TEST_F(HostileTest, OpenTablesAreBoundedPerPlayerAndIdleOnesClose) {
  skat::app::ServeConfig config;
  config.tables_per_player = 3;
  config.table_idle_close = 300ms;
  start(config);
  WsClient c(port_);
  ASSERT_TRUE(hello(c, {{"name", "maker"}}));
  const std::int64_t kept = create_table(c);
  ASSERT_GT(kept, 0);
  c.send(Json{{"type", "join_table"}, {"table", kept}, {"seat", 1}});
  ASSERT_TRUE(c.read_until([](const Json& m) { return m.value("type", "") == "seated"; }, 10s));
  const std::int64_t empty1 = create_table(c);
  const std::int64_t empty2 = create_table(c);
  ASSERT_GT(empty2, empty1);
  c.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(
      is_error(c.read_until([](const Json& m) { return m.value("type", "") == "error"; }, 10s), "too_many_tables"));
  // The two empty tables close; the one with a player stays.
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 200; ++i) {
    ids = lobby_tables(c);
    if (ids.size() == 1) break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(ids, std::vector<std::int64_t>{kept});
  c.send(Json{{"type", "join_table"}, {"table", empty1}});
  EXPECT_TRUE(
      is_error(c.read_until([](const Json& m) { return m.value("type", "") == "error"; }, 10s), "no_such_table"));
  // Room again for new tables.
  EXPECT_GT(create_table(c), empty2);
}

}  // namespace
