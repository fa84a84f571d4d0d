// Bot pool and takeover with an in-process server and in-process bot clients: two guests play
// with a pool bot, one drops its connection mid-series, and after the grace period another pool
// bot takes the seat over and the series is played to the end (the other guest's moves by its
// clock) and stored.
#include <gtest/gtest.h>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::Json;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

TEST(Takeover, PoolBotTakesOverADisconnectedHumanSeat) {
  skat::app::ServeConfig config;
  config.grace_ms = 200;
  config.human_move_ms = 100;  // the guest who stays never moves: its clock plays for it
  PoolServer pool(config, 3);
  WsClient stayer(pool.port());
  stayer.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "stayer"}});
  ASSERT_TRUE(stayer.read_type("welcome"));
  {
    WsClient human(pool.port());
    human.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "leaver"}});
    ASSERT_TRUE(human.read_type("welcome"));
    ASSERT_TRUE(PoolServer::wait_online(human, 5));
    human.send(Json{{"type", "create_table"}, {"deals", 3}});
    const auto created = human.read_type("table_created");
    ASSERT_TRUE(created);
    const auto table = (*created)["table"].get<std::int64_t>();
    human.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
    ASSERT_TRUE(human.read_type("seated"));
    stayer.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 1}});
    human.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "pool-1"}});
    int seated = 0;
    ASSERT_TRUE(human.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 2; }));
    human.send(Json{{"type", "start_series"}, {"table", table}});
    ASSERT_TRUE(human.read_type("game_started"));
  }  // the leaver's connection drops here
  const auto replaced = stayer.read_type("replaced");
  ASSERT_TRUE(replaced);
  EXPECT_EQ((*replaced)["seat"], 0);
  EXPECT_TRUE((*replaced)["player"].value("bot", false));

  bool stored = false;
  for (int tries = 0; tries < 6000 && !stored; ++tries) {
    stored = pool.store().series() == 1;
    if (!stored) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(stored);
  EXPECT_EQ(pool.store().games(), 3u);
}

// A person who leaves a running series is no longer at the table in the lobby's list of players;
// the table's seat shows the substitute that plays on.
TEST(Takeover, APersonWhoLeftIsNotListedAtTheTable) {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.human_move_ms = 600000;
  PoolServer pool(config, 3);
  WsClient anna(pool.port());
  ASSERT_TRUE(skat::nettest::guest_hello(anna, "anna"));
  ASSERT_TRUE(PoolServer::wait_online(anna, 3));
  anna.send(Json{{"type", "create_table"}, {"deals", 12}});
  const auto created = anna.read_type("table_created");
  ASSERT_TRUE(created);
  const auto table = (*created)["table"].get<std::int64_t>();
  anna.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  anna.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "pool-1"}});
  anna.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "pool-2"}});
  int seated = 0;
  ASSERT_TRUE(anna.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
  anna.send(Json{{"type", "start_series"}, {"table", table}});
  ASSERT_TRUE(anna.read_type("game_started"));
  const auto anna_at = [&](const Json& lobby) -> std::optional<Json> {
    for (const Json& p : lobby["online"])
      if (p["name"] == "anna") return p["table"];
    return std::nullopt;
  };
  ASSERT_TRUE(skat::nettest::lobby_until(anna, [&](const Json& l) { return anna_at(l) == Json(table); }));
  anna.send(Json{{"type", "leave_table"}, {"table", table}});
  EXPECT_TRUE(skat::nettest::lobby_until(anna, [&](const Json& l) {
    const auto at = anna_at(l);
    if (!at || !at->is_null()) return false;
    for (const Json& t : l["tables"])
      if (t["table"] == table && t["seats"][0].is_object() && t["seats"][0]["bot"] == true) return true;
    return false;
  }));
}

}  // namespace
