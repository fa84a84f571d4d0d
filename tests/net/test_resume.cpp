// A human over the network: plays with two pool bots, loses the connection in the middle of the
// card play, comes back with its session token, takes its seat again and resumes from the last
// version it saw. Every event version of the series is applied exactly once, in order, and the
// game is finished by the same player and stored.
#include <gtest/gtest.h>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::Json;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;

// The client side of docs/protocol.md §8: events are applied strictly in version order; a gap
// asks for a resume; act requests are answered with a legal action.
struct HumanClient {
  std::int64_t table = 0;
  std::int64_t last = 0;  // the last version applied
  int applied = 0;        // events applied
  int states = 0;         // full state messages applied
  bool resuming = false;
  std::int64_t answered = -1;  // the version of the last act request answered
  int tricks_seen = 0;
  bool series_over = false;

  void on(WsClient& ws, const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "state") {
      last = m["version"].get<std::int64_t>();
      ++states;
      resuming = false;
      return;
    }
    if (type == "act") {
      // Answer each request once, and only when every event up to the turn it names has been
      // applied (after a reconnect both the seat's return and the resume re-send the pending
      // request; its version names the turn, older than the disconnect events that followed).
      const auto v = m["version"].get<std::int64_t>();
      if (v > last || v == answered) return;
      answered = v;
      return act(ws, m);
    }
    if (!m.contains("version") || m.value("table", std::int64_t{0}) != table) return;
    const auto v = m["version"].get<std::int64_t>();
    if (v <= last) return;  // already applied
    if (v > last + 1) {     // missed something: ask for it once
      if (!resuming) ws.send(Json{{"type", "resume"}, {"table", table}, {"version", last}});
      resuming = true;
      return;
    }
    last = v;
    ++applied;
    resuming = false;
    if (type == "play" && m.contains("trick_winner")) ++tricks_seen;
    if (type == "series_finished") series_over = true;
  }

  void act(WsClient& ws, const Json& m) {
    const Json& view = m["view"];
    Json choice;
    for (const Json& a : view["legal"])  // never concede: the test needs card play
      if (a["type"] != "concede" && choice.is_null()) choice = a;
    if (view["phase"] == "bidding" && view["current_bid"].get<int>() >= 30)
      for (const Json& a : view["legal"])
        if (a["type"] == "pass") choice = a;
    choice.erase("pos");
    choice["table"] = table;
    ws.send(choice);
  }
};

TEST(Resume, AHumanReconnectsMidGameAndResumesFromItsLastVersion) {
  skat::app::ServeConfig config;
  PoolServer pool(config, 2);
  HumanClient me;
  std::string token;
  std::int64_t player_id = 0;
  {
    WsClient ws(pool.port());
    ws.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "anna"}});
    const auto welcome = ws.read_type("welcome");
    ASSERT_TRUE(welcome);
    token = (*welcome)["token"];
    player_id = (*welcome)["player"]["id"];
    ASSERT_TRUE(PoolServer::wait_online(ws, 3));
    ws.send(Json{{"type", "create_table"}, {"deals", 1}});
    const auto created = ws.read_type("table_created");
    ASSERT_TRUE(created);
    me.table = (*created)["table"];
    ws.send(Json{{"type", "join_table"}, {"table", me.table}, {"seat", 0}});
    ws.send(Json{{"type", "add_bot"}, {"table", me.table}, {"seat", 1}, {"bot", "pool-1"}});
    ws.send(Json{{"type", "add_bot"}, {"table", me.table}, {"seat", 2}, {"bot", "pool-2"}});
    int seated = 0;
    bool started = false;
    // Play until the second trick is complete (or the game ended without card play), then drop.
    while (me.tricks_seen < 2 && !me.series_over) {
      const auto m = ws.read();
      ASSERT_TRUE(m) << "connection lost before the drop";
      me.on(ws, *m);
      if (m->value("type", "") == "seated" && ++seated == 3 && !started) {
        ws.send(Json{{"type", "start_series"}, {"table", me.table}});
        started = true;
      }
    }
    ASSERT_FALSE(me.series_over) << "the game ended before any card play; pick another seed";
  }  // the connection drops here, in the middle of the card play

  const std::int64_t version_at_drop = me.last;
  WsClient ws(pool.port());
  ws.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "someone-else"}, {"token", token}});
  const auto welcome = ws.read_type("welcome");
  ASSERT_TRUE(welcome);
  EXPECT_EQ((*welcome)["player"]["id"], player_id) << "the session token gives the same player back";
  EXPECT_EQ((*welcome)["player"]["name"], "anna");
  ws.send(Json{{"type", "join_table"}, {"table", me.table}, {"seat", 0}});
  ws.send(Json{{"type", "resume"}, {"table", me.table}, {"version", me.last}});
  me.resuming = true;
  while (!me.series_over) {
    const auto m = ws.read();
    ASSERT_TRUE(m) << "connection lost after the reconnect";
    ASSERT_NE(m->value("type", ""), "error") << m->dump();
    me.on(ws, *m);
  }
  EXPECT_GT(me.last, version_at_drop);
  // Every version 1..last was applied exactly once (events kept since the series start), so no
  // full state was needed.
  EXPECT_EQ(me.states, 0);
  EXPECT_EQ(me.applied, me.last);
  for (int tries = 0; tries < 200 && pool.store().series() < 1; ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(pool.store().games(), 1u);
  EXPECT_EQ(pool.store().series(), 1u);
}

}  // namespace
