// Table messages that bypass the hub (server/play/table_routes.h): a seated player's move reaches
// its table and is answered while the hub strand is busy; once the seat ended (left, or the bot
// account was barred) or the table closed, the connection's messages go through the hub again and
// get the answers they always got (not_seated, no_such_table). The metrics count both routes.
#include <gtest/gtest.h>

#include <future>

#include "server/play/metrics.h"
#include "tests/net/pool_server.h"

namespace {

using skat::nettest::guest_hello;
using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::lobby_until;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

// Holds the hub strand (one of the server's io threads) from construction until release() or the
// end of the scope; at most a minute, should a test fail first.
class HubHold {
 public:
  explicit HubHold(skat::app::Hub& hub) {
    auto entered = std::make_shared<std::promise<void>>();
    auto held = entered->get_future();
    hub.run_on_strand([entered, released = release_.get_future().share()] {
      entered->set_value();
      released.wait_for(60s);
    });
    EXPECT_EQ(held.wait_for(30s), std::future_status::ready) << "the hub strand was not reached";
  }
  ~HubHold() { release(); }
  HubHold(const HubHold&) = delete;
  HubHold& operator=(const HubHold&) = delete;
  void release() {
    if (!released_) release_.set_value();
    released_ = true;
  }

 private:
  std::promise<void> release_;
  bool released_ = false;
};

std::uint64_t direct() { return skat::app::metrics().table_messages_direct.load(); }
std::uint64_t via_hub() { return skat::app::metrics().table_messages_via_hub.load(); }

std::optional<Json> say_hello(WsClient& c, const Json& h) {
  c.send(h);
  return c.read_type("welcome");
}

std::int64_t create_table(WsClient& c) {
  c.send(Json{{"type", "create_table"}, {"deals", 1}});
  const auto reply = c.read_type("table_created");
  return reply ? (*reply)["table"].get<std::int64_t>() : -1;
}

// The reply to a chat line at `table`: the line itself, or an error.
std::optional<Json> chat(WsClient& c, std::int64_t table) {
  c.send(Json{{"type", "chat"}, {"table", table}, {"text", "hi"}});
  return c.read_until([](const Json& m) { return m.value("type", "") == "chat" || m.value("type", "") == "error"; });
}

bool seat_empty(const Json& lobby, std::int64_t table, int seat) {
  for (const Json& t : lobby["tables"])
    if (t["table"] == table) return t["seats"][seat].is_null();
  return false;
}

bool table_listed(const Json& lobby, std::int64_t table) {
  for (const Json& t : lobby["tables"])
    if (t["table"] == table) return true;
  return false;
}

skat::app::ServeConfig quiet_config() {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.human_move_ms = 600000;  // no default move stands in for the player's
  config.threads = 2;             // one holds the hub strand, one carries the rest
  return config;
}

TEST(TableRoutes, ASeatedPlayersMoveReachesItsTableWhileTheHubIsBusy) {
  PoolServer pool(quiet_config(), 2);
  WsClient ws(pool.port());
  ASSERT_TRUE(guest_hello(ws, "anna"));
  ASSERT_TRUE(PoolServer::wait_online(ws, 3));
  const auto table = create_table(ws);
  ASSERT_GT(table, 0);
  ws.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ws.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "pool-1"}});
  ws.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "pool-2"}});
  int seated = 0;
  ASSERT_TRUE(ws.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
  ws.send(Json{{"type", "start_series"}, {"table", table}});
  const auto act = ws.read_type("act");
  ASSERT_TRUE(act);
  const std::int64_t turn = (*act)["version"];
  Json move;
  for (const Json& a : (*act)["view"]["legal"])
    if (a["type"] != "concede" && move.is_null()) move = a;
  ASSERT_FALSE(move.is_null());
  move.erase("pos");
  move["table"] = table;
  move["version"] = turn;

  HubHold hold(pool.server().hub());
  const auto direct_before = direct();
  ws.send(move);
  // Nothing else happens at the table until this seat moves: the next event is the move.
  const auto answer = ws.read_until(
      [&](const Json& m) {
        return m.value("type", "") == "error" || (m.value("table", std::int64_t{0}) == table && m.contains("version") &&
                                                  m["version"].get<std::int64_t>() > turn);
      },
      10s);
  ASSERT_TRUE(answer) << "the move waited for the hub";
  EXPECT_EQ((*answer)["type"], move["type"]) << answer->dump();
  EXPECT_GT(direct(), direct_before);  // the bots' next moves may have gone direct as well
  hold.release();
}

TEST(TableRoutes, AfterLeavingItsSeatAConnectionsMessagesGoThroughTheHubAsBefore) {
  PoolServer pool(quiet_config(), 0);
  WsClient ws(pool.port());
  ASSERT_TRUE(guest_hello(ws, "anna"));
  const auto table = create_table(ws);
  ws.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(ws.read_type("seated"));
  auto direct_before = direct();
  EXPECT_EQ(chat(ws, table)->value("type", ""), "chat");
  EXPECT_EQ(direct(), direct_before + 1);

  ws.send(Json{{"type", "leave_table"}, {"table", table}});  // `left` goes to those still there
  // The table tells the hub that the seat ended before it updates its lobby line.
  ASSERT_TRUE(lobby_until(ws, [&](const Json& lobby) { return seat_empty(lobby, table, 0); }));
  direct_before = direct();
  const auto via_hub_before = via_hub();
  EXPECT_TRUE(is_error(chat(ws, table), "not_seated"));
  EXPECT_EQ(direct(), direct_before);
  EXPECT_EQ(via_hub(), via_hub_before + 1);
}

// bea's join is refused (the seat is anna's), but bea talks to the table: a route. The table
// closes once anna left and it stayed idle: bea's messages go through the hub, no_such_table.
TEST(TableRoutes, OnceItsTableClosedAConnectionsMessagesGoThroughTheHubAsBefore) {
  auto config = quiet_config();
  config.table_idle_close = 200ms;
  PoolServer pool(config, 0);
  WsClient anna(pool.port());
  WsClient bea(pool.port());
  ASSERT_TRUE(guest_hello(anna, "anna"));
  ASSERT_TRUE(guest_hello(bea, "bea"));
  const auto table = create_table(anna);
  anna.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(anna.read_type("seated"));
  bea.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(is_error(bea.read_type("error"), "seat_taken"));
  auto direct_before = direct();
  EXPECT_TRUE(is_error(chat(bea, table), "not_seated"));
  EXPECT_EQ(direct(), direct_before + 1);

  ASSERT_TRUE(lobby_until(bea, [&](const Json& lobby) { return table_listed(lobby, table); }));
  anna.send(Json{{"type", "leave_table"}, {"table", table}});
  ASSERT_TRUE(lobby_until(bea, [&](const Json& lobby) { return !table_listed(lobby, table); }));
  direct_before = direct();
  const auto via_hub_before = via_hub();
  EXPECT_TRUE(is_error(chat(bea, table), "no_such_table"));
  EXPECT_EQ(direct(), direct_before);
  EXPECT_EQ(via_hub(), via_hub_before + 1);
}

// A bot account barred while it sits: its connection closes, its seat is freed, and a connection
// it opens again reaches the table only through the hub, which finds no seat of it there.
TEST(TableRoutes, ABarredBotNoLongerReachesItsTable) {
  auto config = quiet_config();
  config.bot_account_check_every = std::chrono::milliseconds::zero();
  PoolServer pool(config, 0);
  const auto account = pool.store().create_bot("rogue", "simple");
  ASSERT_TRUE(account);
  const Json bot_hello{{"type", "hello"}, {"protocol", 1},           {"name", "rogue"},
                       {"bot", true},     {"token", account->token}, {"kind", "simple"}};
  WsClient anna(pool.port());
  ASSERT_TRUE(guest_hello(anna, "anna"));
  auto bot = std::make_unique<WsClient>(pool.port());
  ASSERT_TRUE(say_hello(*bot, bot_hello));
  ASSERT_TRUE(PoolServer::wait_online(anna, 2));
  const auto table = create_table(anna);
  anna.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  anna.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "rogue"}});
  const auto invite = bot->read_type("invite");
  ASSERT_TRUE(invite);
  bot->send(Json{{"type", "join_table"}, {"table", table}, {"seat", 1}});
  ASSERT_TRUE(
      bot->read_until([](const Json& m) { return m.value("type", "") == "seated" && m.value("seat", -1) == 1; }));
  auto direct_before = direct();
  EXPECT_EQ(chat(*bot, table)->value("type", ""), "chat");
  EXPECT_EQ(direct(), direct_before + 1);

  pool.server().hub().bot_account_changed(account->player_id, skat::app::Hub::BotChange::Barred);
  EXPECT_FALSE(bot->read_until([](const Json&) { return false; }, 10s));
  EXPECT_TRUE(bot->closed()) << "the server closes a barred bot's connection";
  ASSERT_TRUE(anna.read_until([](const Json& m) { return m.value("type", "") == "left" && m.value("seat", -1) == 1; }));

  bot = std::make_unique<WsClient>(pool.port());
  ASSERT_TRUE(say_hello(*bot, bot_hello));  // not revoked in the store: it may log in again
  direct_before = direct();
  const auto via_hub_before = via_hub();
  EXPECT_TRUE(is_error(chat(*bot, table), "not_seated"));
  EXPECT_EQ(direct(), direct_before);
  EXPECT_EQ(via_hub(), via_hub_before + 1);
}

}  // namespace
