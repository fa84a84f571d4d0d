// Hostile input to the HTTP API of an in-process server on a SQLite database (docs/api.md): admin
// bodies whose fields have the wrong JSON type or value are a 400 with a JSON error, never a 500;
// query strings with a malformed percent-escape or an unknown, repeated or empty parameter are a
// 400, never a filter dropped in silence; a guest cannot take a bot's name in another guise.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/app/api_query.h"
#include "server/app/database_read_model.h"
#include "server/app/database_store.h"
#include "server/app/server.h"
#include "tests/net/ws_test_client.h"

namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using skat::nettest::HttpResult;
using skat::nettest::Json;
using skat::nettest::WsClient;

constexpr const char* kAdmin = "admin-token-for-the-http-input-tests-0123456789";

class HttpInputTest : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(testing::TempDir()) / (std::string("skat_http_input_") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const std::string db = (dir_ / "skat.db").string();
    auto store = skat::app::DatabaseStore::open(db);
    ASSERT_TRUE(store) << store.error();
    store_ = std::move(*store);
    skat::app::ServeConfig config;
    config.port = 0;
    config.web_dir = (dir_ / "no-web").string();
    server_ = std::make_unique<skat::app::Server>(config, *store_, std::make_shared<skat::app::DatabaseReadModel>(db),
                                                  kAdmin);
    port_ = server_->start(false);
  }
  void TearDown() override {
    if (!server_) return;
    server_->stop();
    server_->wait();
  }

  HttpResult post(const std::string& target, const std::string& body) {
    return skat::nettest::http_request(port_, http::verb::post, target, body, kAdmin);
  }
  HttpResult get(const std::string& target) { return skat::nettest::http_get(port_, target); }
  // A 400 whose body is a JSON object {"error": "…"}.
  static bool bad_request(const HttpResult& r) {
    const Json body = Json::parse(r.body, nullptr, false);
    return r.status == 400 && body.is_object() && body.contains("error") && body["error"].is_string();
  }

  fs::path dir_;
  std::unique_ptr<skat::app::DatabaseStore> store_;
  std::unique_ptr<skat::app::Server> server_;
  unsigned short port_ = 0;
};

TEST_F(HttpInputTest, AdminBotFieldsOfTheWrongTypeAreA400) {
  for (const std::string& body :
       {std::string(R"({"name":"house-1","kind":5})"),  // was a 500: an uncaught JSON type error
        std::string(R"({"name":"house-1","kind":null})"), std::string(R"({"name":"house-1","kind":["simple"]})"),
        std::string(R"({"name":"house-1","kind":"Simple Bot"})"), std::string(R"({"name":5})"),
        std::string(R"({"kind":"simple"})"), std::string(R"({"name":"house-1","kinds":"simple"})"),
        std::string(R"({"name":"sec-1\u200b"})"), std::string(R"({"name":" house"})"),
        R"({"name":")" + std::string(33, 'x') + "\"}", std::string(R"(["house-1"])"), std::string("not json")}) {
    const auto r = post("/api/admin/bots", body);
    EXPECT_TRUE(bad_request(r)) << body << " → " << r.status << " " << r.body;
  }
  const auto made = post("/api/admin/bots", R"({"name":"sec-1","kind":"simple"})");
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(Json::parse(made.body)["name"], "sec-1");
  EXPECT_EQ(post("/api/admin/bots", R"({"name":"SEC-1"})").status, 409);
  EXPECT_EQ(post("/api/admin/bots", R"({"name":"\uff53\uff45\uff43\uff0d\uff11"})").status, 409);
}

TEST_F(HttpInputTest, AdminTournamentFieldsOfTheWrongTypeAreA400) {
  for (const char* body :
       {R"({"a":5,"b":"simple"})", R"({"a":"rule","b":null})", R"({"a":"rule","b":"simple","deals":"10"})",
        R"({"a":"rule","b":"simple","deals":2.5})", R"({"a":"rule","b":"simple","deals":0})",
        R"({"a":"rule","b":"simple","deals":100001})", R"({"a":"rule","b":"simple","deals":1e30})",
        R"({"a":"rule","b":"simple","seed":-1})", R"({"a":"rule","b":"simple","seed":"7"})",
        R"({"a":"rule","b":"simple","seating":2})", R"({"a":"rule","b":"simple","seating":"3:0"})",
        R"({"a":"rule","b":"simple","rounds":3})", R"("rule")"}) {
    const auto r = post("/api/admin/tournaments", body);
    EXPECT_TRUE(bad_request(r)) << body << " → " << r.status << " " << r.body;
  }
}

TEST_F(HttpInputTest, MalformedQueryStringsAreA400NotADroppedFilter) {
  ASSERT_EQ(get("/api/series").status, 200);
  ASSERT_EQ(get("/api/series?player=anna&limit=5").status, 200);
  ASSERT_EQ(get("/api/series?player=J%C3%BCrgen+M").status, 200);
  for (const char* target :
       {"/api/series?player=%zz", "/api/series?player=%4", "/api/series?player=ab%", "/api/series?player=%ff",
        "/api/series?playr=anna", "/api/series?player=anna&player=bert",
        "/api/series?player=", "/api/series?table=%31%", "/api/export.pgn?player=%zz", "/api/export.sgf?bot=%g1",
        "/api/export.pgn?colour=red", "/api/leaderboard?kind=%zz", "/api/leaderboard?kind=bots&kind=all",
        "/api/leaderboard?knd=bots", "/api/players/1?limit=%zz", "/api/players/1?player=anna"}) {
    const auto r = get(target);
    EXPECT_TRUE(bad_request(r)) << target << " → " << r.status << " " << r.body;
  }
}

TEST_F(HttpInputTest, WhatDoesNotExistIsA404AndABadIdA400) {
  const auto list = get("/api/tournaments");
  ASSERT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(Json::parse(list.body), (Json{{"tournaments", Json::array()}}));
  for (const char* target : {"/api/tournaments/999", "/api/players/999", "/api/series/999.pgn", "/api/series/999.sgf",
                             "/api/series/999/games", "/api/nothing"}) {
    const auto r = get(target);
    EXPECT_EQ(r.status, 404) << target << " → " << r.body;
  }
  for (const char* target : {"/api/tournaments/x", "/api/players/0", "/api/series/-1.pgn", "/api/series/a/games"})
    EXPECT_TRUE(bad_request(get(target))) << target;
}

TEST(QueryParams, DecodesWhatIsWellFormedAndRefusesTheRest) {
  using skat::app::query_params;
  const auto ok = query_params("/api/series?player=J%C3%BCrgen+M%2B&limit=5", {"player", "limit"});
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(*ok, (skat::app::QueryParams{{"player", "J\u00fcrgen M+"}, {"limit", "5"}}));
  EXPECT_EQ(query_params("/api/series", {"player"}).value(), skat::app::QueryParams{});
  EXPECT_EQ(query_params("/api/series?", {"player"}).value(), skat::app::QueryParams{});
  for (const char* bad :
       {"/api/series?player=%zz", "/api/series?player=%4", "/api/series?player=a%", "/api/series?player=%C3",
        "/api/series?other=1", "/api/series?player=a&player=b", "/api/series?player"}) {
    const auto r = query_params(bad, {"player"});
    EXPECT_FALSE(r) << bad;
  }
}

TEST_F(HttpInputTest, AGuestCannotTakeABotsNameInAnotherGuise) {
  ASSERT_EQ(post("/api/admin/bots", R"({"name":"sec-1"})").status, 201);
  for (const std::string& guise : {std::string("SEC-1"), std::string("\uff53\uff45\uff43\uff0d\uff11")}) {
    WsClient c(port_);
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", guise}});
    const auto welcome = c.read_type("welcome");
    ASSERT_TRUE(welcome) << guise;
    const std::string given = (*welcome)["player"]["name"];
    EXPECT_NE(given, guise);
    EXPECT_TRUE(given.starts_with(guise + "-")) << given;  // the server's de-duplicating suffix
  }
  WsClient hidden(port_);
  hidden.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "sec-1\u200b"}});
  EXPECT_TRUE(skat::nettest::is_error(hidden.read(), "bad_field"));
}

}  // namespace
