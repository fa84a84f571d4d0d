// Bot pool and takeover with an in-process server and in-process bot clients: a guest plays
// with two pool bots, drops its connection mid-series, and after the grace period the third
// pool bot takes the seat over and the series is played to the end and stored.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <thread>

#include "server/app/memory_store.h"
#include "server/app/server.h"
#include "server/botclient/bot_client.h"
#include "tests/net/ws_test_client.h"

namespace {

using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

TEST(Takeover, PoolBotTakesOverADisconnectedHumanSeat) {
  skat::app::MemoryStore store;
  skat::app::ServeConfig config;
  config.port = 0;
  config.web_dir = testing::TempDir() + "no-such-web-folder";
  config.grace_ms = 200;
  skat::app::Server server(config, store, nullptr, "test-admin-token-0123456789");
  const unsigned short port = server.start(false);

  boost::asio::io_context bot_io;
  std::vector<std::shared_ptr<skat::botclient::BotConnection>> bots;
  for (int i = 1; i <= 3; ++i) {
    const auto account = store.create_bot("pool-" + std::to_string(i), "simple");
    ASSERT_TRUE(account);
    skat::botclient::BotSettings s;
    s.endpoint = {"127.0.0.1", std::to_string(port), "/ws"};
    s.name = account->name;
    s.token = account->token;
    s.seed = static_cast<std::uint64_t>(i);
    bots.push_back(std::make_shared<skat::botclient::BotConnection>(bot_io, s));
    bots.back()->start();
  }
  std::thread bot_thread([&] { bot_io.run(); });

  {
    WsClient human(port);
    human.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "leaver"}});
    ASSERT_TRUE(human.read_type("welcome"));
    // Wait until the pool has its three bots.
    for (int tries = 0; tries < 2000; ++tries) {
      human.send(Json{{"type", "lobby"}});
      const auto lobby = human.read_type("lobby");
      ASSERT_TRUE(lobby);
      if ((*lobby)["online"].size() == 4) break;
      std::this_thread::sleep_for(50ms);
    }
    human.send(Json{{"type", "create_table"}, {"deals", 3}});
    const auto created = human.read_type("table_created");
    ASSERT_TRUE(created);
    const auto table = (*created)["table"].get<std::int64_t>();
    human.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
    human.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "pool-1"}});
    human.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "pool-2"}});
    int seated = 0;
    ASSERT_TRUE(human.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
    human.send(Json{{"type", "start_series"}, {"table", table}});
    ASSERT_TRUE(human.read_type("game_started"));
  }  // the human's connection drops here

  bool stored = false;
  for (int tries = 0; tries < 6000 && !stored; ++tries) {
    stored = store.series() == 1;
    if (!stored) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(stored);
  EXPECT_EQ(store.games(), 3u);
  boost::asio::post(bot_io, [&] {
    for (auto& b : bots) b->stop();
  });
  bot_thread.join();
  server.stop();
  server.wait();
}

}  // namespace
