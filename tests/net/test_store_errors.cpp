// How the API answers a store's failure, by its kind, on a server whose store is in memory: a
// player's bot accounts need a database (Unavailable: 503 "database: no database"), a house bot
// name taken twice is a Conflict (409), and an unknown bot token is refused to the client with the
// store's words.
#include <gtest/gtest.h>

#include "tests/net/pool_server.h"

namespace {

using skat::nettest::HttpResult;
using skat::nettest::Json;
using skat::nettest::PoolServer;
using skat::nettest::WsClient;
namespace http = boost::beast::http;

constexpr const char* kStoreErrorsAdmin = "test-admin-token-0123456789";

std::string guest_token(unsigned short port) {
  WsClient c(port);
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "carla"}});
  const auto welcome = c.read_type("welcome");
  EXPECT_TRUE(welcome);
  return welcome ? welcome->value("token", "") : "";
}

std::string error_of(const HttpResult& r) {
  return Json::parse(r.body, nullptr, false).value("error", std::string("(no error in: ") + r.body + ")");
}

TEST(StoreErrors, AnUnavailableDatabaseIsA503) {
  PoolServer pool(skat::app::ServeConfig{}, 0);
  const std::string token = guest_token(pool.port());
  ASSERT_FALSE(token.empty());
  const HttpResult list = skat::nettest::http_request(pool.port(), http::verb::get, "/api/bots", "", token);
  EXPECT_EQ(list.status, 503) << list.body;
  EXPECT_EQ(error_of(list), "database: no database");
  const HttpResult revoke = skat::nettest::http_request(pool.port(), http::verb::post, "/api/admin/bots/nobody/revoke",
                                                        "", kStoreErrorsAdmin);
  EXPECT_EQ(revoke.status, 503) << revoke.body;
}

TEST(StoreErrors, AHouseBotNameTakenIsAConflict) {
  PoolServer pool(skat::app::ServeConfig{}, 0);
  const std::string body = Json{{"name", "house-x"}, {"kind", "simple"}}.dump();
  const HttpResult first =
      skat::nettest::http_request(pool.port(), http::verb::post, "/api/admin/bots", body, kStoreErrorsAdmin);
  ASSERT_EQ(first.status, 201) << first.body;
  const HttpResult again =
      skat::nettest::http_request(pool.port(), http::verb::post, "/api/admin/bots", body, kStoreErrorsAdmin);
  EXPECT_EQ(again.status, 409) << again.body;
  EXPECT_EQ(error_of(again), "a player named 'house-x' exists");
}

TEST(StoreErrors, AWrongBotTokenIsRefusedWithTheStoresWords) {
  PoolServer pool(skat::app::ServeConfig{}, 1);  // pool-1
  WsClient c(pool.port());
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "pool-1"}, {"bot", true}, {"token", "not-its-token"}});
  const auto error = c.read_type("error");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->value("code", ""), "auth_failed") << error->dump();
  EXPECT_EQ(error->value("message", ""), "unknown bot or wrong token") << error->dump();
}

}  // namespace
