// Private tables: only the link's key lets a stranger sit down or watch; the lobby lists the table
// to its creator and players only (and names no stranger's seat there); bots the table's creator
// invites come in without the key.
#include <gtest/gtest.h>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::guest_hello;
using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::lobby_until;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;

const Json* listed(const Json& lobby, std::int64_t table) {
  for (const Json& t : lobby["tables"])
    if (t["table"] == table) return &t;
  return nullptr;
}

// The answer to a watch: the table's events (or its state), or an error.
std::optional<Json> answer(WsClient& c) {
  return c.read_until([](const Json& m) { return m.contains("version") || m.value("type", "") == "error"; });
}

skat::app::ServeConfig private_table_config() {
  skat::app::ServeConfig config;
  config.strength_tables.clear();
  config.human_move_ms = 600000;
  return config;
}

TEST(PrivateTables, OnlyTheLinkLetsAStrangerInAndTheLobbyListsItToItsPlayersOnly) {
  PoolServer pool(private_table_config(), 2);
  WsClient anna(pool.port()), ben(pool.port()), eve(pool.port());
  ASSERT_TRUE(guest_hello(anna, "anna"));
  ASSERT_TRUE(guest_hello(ben, "ben"));
  ASSERT_TRUE(guest_hello(eve, "eve"));
  ASSERT_TRUE(PoolServer::wait_online(anna, 5));
  anna.send(Json{{"type", "create_table"}, {"deals", 1}, {"private", true}});
  const auto created = anna.read_type("table_created");
  ASSERT_TRUE(created);
  const std::int64_t table = (*created)["table"];
  const std::string key = (*created)["key"];
  EXPECT_EQ(key.size(), 64u);  // 32 random bytes
  anna.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
  ASSERT_TRUE(anna.read_type("seated"));
  // the creator invites a pool bot: it comes in without the key
  anna.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "pool-1"}});
  ASSERT_TRUE(lobby_until(anna, [&](const Json& l) {
    const Json* t = listed(l, table);
    return t && (*t)["private"] == true && !(*t)["seats"][2].is_null();
  }));
  // a stranger neither sees it nor gets in without the key, or with a wrong one
  eve.send(Json{{"type", "lobby"}});
  const auto eves = eve.read_type("lobby");
  ASSERT_TRUE(eves);
  EXPECT_EQ(listed(*eves, table), nullptr);
  for (const Json& p : (*eves)["online"]) {
    if (p["name"] == "anna") {
      EXPECT_TRUE(p["table"].is_null()) << p.dump();
    }
  }
  eve.send(Json{{"type", "watch_table"}, {"table", table}});
  EXPECT_TRUE(is_error(answer(eve), "not_allowed"));
  eve.send(Json{{"type", "resume"}, {"table", table}, {"version", 0}});
  EXPECT_TRUE(is_error(answer(eve), "not_allowed"));
  eve.send(Json{{"type", "join_table"}, {"table", table}, {"key", std::string(64, '0')}});
  EXPECT_TRUE(is_error(answer(eve), "not_allowed"));
  eve.send(Json{{"type", "join_table"}, {"table", table}, {"key", key.substr(0, 63)}});
  EXPECT_TRUE(is_error(answer(eve), "not_allowed"));
  // a friend with the link watches, then sits down; the table is in the friend's lobby then
  ben.send(Json{{"type", "watch_table"}, {"table", table}, {"key", key}});
  const auto watched = answer(ben);
  ASSERT_TRUE(watched);
  EXPECT_NE((*watched)["type"], "error") << watched->dump();
  ben.send(Json{{"type", "resume"}, {"table", table}, {"version", 0}});
  EXPECT_NE(answer(ben).value()["type"], "error");
  ben.send(Json{{"type", "join_table"}, {"table", table}, {"key", key}});
  const auto seated = ben.read_until([&](const Json& m) {
    return (m.value("type", "") == "seated" && m["player"]["name"] == "ben") || m.value("type", "") == "error";
  });
  ASSERT_TRUE(seated && (*seated)["type"] == "seated") << (seated ? seated->dump() : "nothing");
  EXPECT_EQ((*seated)["seat"], 1);
  EXPECT_TRUE(lobby_until(ben, [&](const Json& l) { return listed(l, table) != nullptr; }));
  // and the public lobby (HTTP) leaves it out too
  const Json open = pool.server().hub().lobby_snapshot();
  EXPECT_EQ(listed(open, table), nullptr);
}

}  // namespace
