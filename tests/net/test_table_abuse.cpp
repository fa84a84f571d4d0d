// One player against a table, through the server: a chat flood over several connections (bounded
// per player, and in the stored game), table errors reaching only the connection that caused them,
// a table's creator removing an uninvited player before the series, and a series whose humans all
// left giving its pool bots back at once.
#include <gtest/gtest.h>

#include <thread>

#include "protocol/client_messages.h"
#include "server/table/chat_limits.h"
#include "tests/net/pool_server.h"
#include "tests/support/eventually.h"

namespace {

using skat::nettest::guest_hello;
using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::lobby_until;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

// Says hello (with a token: as that player again); the welcome, or nothing.

std::int64_t create_table(WsClient& c, int deals) {
  c.send(Json{{"type", "create_table"}, {"deals", deals}});
  const auto reply = c.read_type("table_created");
  return reply ? (*reply)["table"].get<std::int64_t>() : -1;
}

// `creator` (welcomed) sits at seat 0 of a new table, invites two pool bots and starts the series.
std::int64_t start_with_bots(WsClient& creator, int deals) {
  const auto table = create_table(creator, deals);
  EXPECT_GT(table, 0);
  creator.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  creator.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", ""}});
  creator.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", ""}});
  int seated = 0;
  EXPECT_TRUE(creator.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
  creator.send(Json{{"type", "start_series"}, {"table", table}});
  EXPECT_TRUE(creator.read_type("game_started"));
  return table;
}

int free_bots(const Json& lobby) {
  int n = 0;
  for (const Json& p : lobby["online"])
    if (p.value("bot", false) && (!p.contains("table") || p["table"].is_null())) ++n;
  return n;
}

TEST(TableAbuse, AChatFloodOverSeveralConnectionsOfOnePlayerIsBounded) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.human_move_ms = 300;       // the flooder's own moves: its clock plays them
  config.timeouts_before_gone = 0;  // and goes on playing them: no substitute, no grace to wait out
  PoolServer pool(config, 2);
  std::vector<std::unique_ptr<WsClient>> conns;
  conns.push_back(std::make_unique<WsClient>(pool.port()));
  const auto welcome = guest_hello(*conns[0], "flooder");
  ASSERT_TRUE(welcome);
  const std::string token = (*welcome)["token"];
  for (int i = 1; i < 3; ++i) {
    conns.push_back(std::make_unique<WsClient>(pool.port()));
    ASSERT_TRUE(guest_hello(*conns.back(), "flooder", token));
  }
  ASSERT_TRUE(PoolServer::wait_online(*conns[0], 3));
  const auto table = start_with_bots(*conns[0], 1);

  constexpr int kLinesEach = 20;
  for (int i = 0; i < kLinesEach; ++i)
    for (auto& c : conns) c->send(Json{{"type", "chat"}, {"table", table}, {"text", std::string(300, 'x')}});
  // The connections share the player's allowance: each hears of its own refused lines.
  int heard = 0;  // chat lines the first connection hears (every accepted line)
  for (std::size_t c = 0; c < conns.size(); ++c) {
    const auto refused = conns[c]->read_until(
        [&](const Json& m) {
          if (c == 0) heard += m.value("type", "") == "chat";
          return m.value("type", "") == "error";
        },
        30s);
    ASSERT_TRUE(is_error(refused, "chat_limited")) << "connection " << c;
  }
  ASSERT_TRUE(conns[0]->read_until(
      [&](const Json& m) {
        heard += m.value("type", "") == "chat";
        return m.value("type", "") == "series_finished";
      },
      120s));
  EXPECT_LT(heard, 3 * kLinesEach);
  // The stored game holds the accepted lines, within the game's bound.
  for (int tries = 0; tries < 600 && pool.store().games() < 1; ++tries) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(pool.store().games(), 1u);
  int stored = 0;
  for (const Json& e : pool.store().last_game_events()) stored += e.value("type", "") == "chat";
  EXPECT_EQ(stored, heard);
  EXPECT_LE(stored, skat::table::kMaxChatLinesPerGame);
}

TEST(TableAbuse, ATableErrorGoesOnlyToTheConnectionThatSentTheMessage) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  PoolServer pool(config, 2);
  WsClient first(pool.port());
  const auto welcome = guest_hello(first, "twice");
  ASSERT_TRUE(welcome);
  WsClient second(pool.port());
  ASSERT_TRUE(guest_hello(second, "twice", (*welcome)["token"]));
  ASSERT_TRUE(PoolServer::wait_online(first, 3));
  const auto table = start_with_bots(first, 3);
  // A card in the auction (not even the seat's turn): refused, to the sender. The second connection
  // plays the seat as well as the first.
  second.send(Json{{"type", "play"}, {"table", table}, {"card", "CJ"}, {"id", 41}});
  const auto refused = second.read_type("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["id"], 41);
  // The first connection's next message is answered after that error was sent: it saw none.
  first.send(Json{{"type", "chat"}, {"table", table}, {"text", "still here"}});
  ASSERT_TRUE(first.read_until([&](const Json& m) {
    EXPECT_NE(m.value("type", ""), "error") << m.dump();
    return m.value("type", "") == "chat";
  }));
}

TEST(TableAbuse, TheCreatorRemovesAnUninvitedPlayerBeforeTheSeriesOnly) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  PoolServer pool(config, 1);
  WsClient creator(pool.port()), intruder(pool.port()), stranger(pool.port());
  ASSERT_TRUE(guest_hello(creator, "creator"));
  ASSERT_TRUE(guest_hello(intruder, "intruder"));
  ASSERT_TRUE(guest_hello(stranger, "stranger"));
  ASSERT_TRUE(PoolServer::wait_online(creator, 4));
  const auto table = create_table(creator, 3);
  ASSERT_GT(table, 0);
  creator.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(creator.read_type("seated"));
  intruder.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 1}});
  ASSERT_TRUE(intruder.read_type("seated"));
  stranger.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 2}});
  ASSERT_TRUE(stranger.read_type("seated"));
  // Only the creator may remove.
  stranger.send(Json{{"type", "remove_player"}, {"table", table}, {"seat", 1}});
  EXPECT_TRUE(is_error(stranger.read_type("error"), "not_allowed"));
  creator.send(Json{{"type", "remove_player"}, {"table", table}, {"seat", 1}});
  const auto told = intruder.read_until([](const Json& m) { return m.value("type", "") == "left"; });
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["seat"], 1);
  EXPECT_TRUE(told->value("removed", false));
  ASSERT_TRUE(stranger.read_until([](const Json& m) { return m.value("type", "") == "left"; }));
  // The removed player does not sit down again; a bot takes the seat and the series starts.
  intruder.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 1}});
  EXPECT_TRUE(is_error(intruder.read_type("error"), "not_allowed"));
  creator.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", ""}});
  ASSERT_TRUE(creator.read_until([](const Json& m) { return m.value("type", "") == "seated"; }));
  creator.send(Json{{"type", "start_series"}, {"table", table}});
  ASSERT_TRUE(creator.read_type("game_started"));
  creator.send(Json{{"type", "remove_player"}, {"table", table}, {"seat", 2}});
  EXPECT_TRUE(is_error(creator.read_type("error"), "series_running"));
}

// Three pool bots; a guest starts a long series with two of them and goes. Once the grace is over
// nobody of the series is left: it ends as abandoned (no bot takes the guest's seat), its bots are
// free again and another table gets them.
TEST(TableAbuse, ASeriesWhoseHumansAllLeftGivesItsBotsBack) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.grace_ms = 300;
  config.abandon_after_ms = 300;
  PoolServer pool(config, 3);
  WsClient observer(pool.port());
  ASSERT_TRUE(guest_hello(observer, "observer"));
  ASSERT_TRUE(PoolServer::wait_online(observer, 4));
  std::int64_t table = 0;
  {
    WsClient leaver(pool.port());
    ASSERT_TRUE(guest_hello(leaver, "leaver"));
    table = start_with_bots(leaver, skat::protocol::kMaxDeals);
  }  // gone mid-series
  EXPECT_TRUE(lobby_until(observer, [&](const Json& lobby) {
    bool running = false;
    for (const Json& t : lobby["tables"])
      if (t["table"] == table) running = t.value("running", false);
    return free_bots(lobby) == 3 && !running;
  }));
  for (int tries = 0; tries < 600 && pool.store().abandoned_series() < 1; ++tries) std::this_thread::sleep_for(50ms);
  EXPECT_EQ(pool.store().abandoned_series(), 1u);
  // The lobby's list shows where bots sit; the pool (what add_bot takes from) also holds a bot on
  // its way to a seat and gets a series' bots back only once its records are committed: wait for
  // the pool itself to have all three.
  EXPECT_TRUE(skat::test::eventually(
      [&] {
        const Json metrics = Json::parse(skat::nettest::http_get(pool.port(), "/api/metrics").body, nullptr, false);
        return metrics.is_object() && metrics.value("bots_free", 0) == 3;
      },
      60s, 50ms));
  const auto mine = create_table(observer, 3);
  ASSERT_GT(mine, 0);
  observer.send(Json{{"type", "join_table"}, {"table", mine}, {"seat", 0}});
  for (int seat = 1; seat < 3; ++seat)
    observer.send(Json{{"type", "add_bot"}, {"table", mine}, {"seat", seat}, {"bot", ""}});
  int seated = 0;
  EXPECT_TRUE(observer.read_until([&](const Json& m) {
    EXPECT_NE(m.value("type", ""), "error") << m.dump();
    return m.value("type", "") == "seated" && m["table"] == mine && ++seated == 3;
  }));
}

}  // namespace
