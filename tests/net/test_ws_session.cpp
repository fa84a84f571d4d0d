// The WebSocket session and HTTP front of an in-process server (memory store, ephemeral port):
// hello and lobby, malformed and unknown messages answered with errors (echoing their id), invalid
// UTF-8 closing with 1007, the Origin rule of the upgrade, an oversized frame,
// the rate limit (error, then disconnect when it goes on), guest tokens, admin auth, status page.
#include <gtest/gtest.h>

#include "server/net/origin.h"
#include "tests/net/pool_server.h"

namespace {

using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::WsClient;
namespace http = boost::beast::http;

class SessionTest : public testing::Test {
 protected:
  void start(skat::net::Limits limits = {}, std::vector<std::string> allowed_origins = {}) {
    skat::app::ServeConfig config;
    config.limits = limits;
    config.allowed_origins = std::move(allowed_origins);
    server_ = std::make_unique<skat::nettest::PoolServer>(config, 0);
    port_ = server_->port();
  }
  Json hello(WsClient& c, const std::string& name, const std::string& token = "") {
    Json h{{"type", "hello"}, {"protocol", 1}, {"name", name}};
    if (!token.empty()) h["token"] = token;
    c.send(h);
    auto w = c.read_type("welcome");
    EXPECT_TRUE(w.has_value());
    return w.value_or(Json());
  }

  std::unique_ptr<skat::nettest::PoolServer> server_;  // no pool bots
  unsigned short port_ = 0;
};

TEST_F(SessionTest, HelloLobbyAndErrorsKeepTheSessionGoing) {
  start();
  WsClient c(port_);
  const Json welcome = hello(c, "anna");
  EXPECT_EQ(welcome["player"]["name"], "anna");
  EXPECT_GE(welcome.value("token", "").size(), 32u);  // 128+ bits, hex
  c.send(Json{{"type", "lobby"}});
  auto lobby = c.read_type("lobby");
  ASSERT_TRUE(lobby);
  EXPECT_TRUE((*lobby)["tables"].is_array());
  c.send(std::string("this is not json"));
  EXPECT_TRUE(is_error(c.read(), "bad_json"));
  c.send(Json{{"type", "no_such_type"}});
  EXPECT_TRUE(is_error(c.read(), "unknown_type"));
  c.send(Json{{"type", "play"}, {"table", 99}, {"card", "CJ"}});
  EXPECT_TRUE(is_error(c.read(), "no_such_table"));
  c.send(Json{{"type", "ping"}});
  auto pong = c.read();
  ASSERT_TRUE(pong);
  EXPECT_EQ(pong->value("type", ""), "pong");
}

// Errors of a message that cannot be read echo its "id" when it is a JSON object with one
// (docs/protocol.md §1); text that is not JSON has none to echo.
TEST_F(SessionTest, ParseErrorsEchoTheMessagesId) {
  start();
  WsClient c(port_);
  hello(c, "anna");
  const auto error_with_id = [&](const Json& message, const std::string& code, std::int64_t id) {
    c.send(message.dump());
    const auto e = c.read();
    EXPECT_TRUE(is_error(e, code)) << message.dump() << " → " << (e ? e->dump() : "nothing");
    EXPECT_TRUE(e && e->contains("id") && (*e)["id"] == id) << message.dump() << " → " << (e ? e->dump() : "nothing");
  };
  error_with_id(Json{{"type", "no_such_type"}, {"id", 7}}, "unknown_type", 7);
  error_with_id(Json{{"id", 8}}, "unknown_type", 8);
  error_with_id(Json{{"type", "ping"}, {"id", 9}, {"extra", 1}}, "unknown_field", 9);
  error_with_id(Json{{"type", "play"}, {"id", 10}, {"table", "seven"}, {"card", "CJ"}}, "bad_field", 10);
  error_with_id(Json{{"type", "chat"}, {"id", 11}, {"table", 1}}, "missing_field", 11);
  // Not JSON (cut short, or an escape that is no character), no object, or an id out of range: no id.
  for (const std::string& text :
       {std::string("{\"type\":\"ping\",\"id\":13"), std::string("[1,2]"),
        std::string(R"({"type":"chat","id":12,"table":1,"text":"\ud800"})"), std::string(R"({"type":"nope","id":-1})"),
        std::string(R"({"type":"nope","id":"14"})")}) {
    c.send(text);
    const auto e = c.read();
    EXPECT_TRUE(e && e->value("type", "") == "error" && !e->contains("id")) << text << " → " << (e ? e->dump() : "");
  }
}

// Beast checks the UTF-8 of every text frame and closes with 1007 itself (it cannot be turned
// off), before the server could answer bad_json: the documented behaviour (docs/protocol.md §9).
TEST_F(SessionTest, InvalidUtf8InATextFrameClosesWith1007) {
  start();
  WsClient c(port_);
  hello(c, "anna");
  ASSERT_TRUE(c.send(std::string("{\"type\":\"chat\",\"table\":1,\"text\":\"caf\xc3\"}")));
  while (c.read(std::chrono::seconds(10))) {
  }
  EXPECT_TRUE(c.closed());
  EXPECT_FALSE(c.timed_out());
  EXPECT_EQ(c.close_code(), 1007);
  // A JSON escape that is no character is valid UTF-8 text: bad_json, and the session goes on.
  WsClient d(port_);
  hello(d, "bert");
  d.send(std::string(R"({"type":"chat","table":1,"text":"\ud800"})"));
  EXPECT_TRUE(is_error(d.read(), "bad_json"));
  d.send(Json{{"type", "ping"}});
  EXPECT_TRUE(d.read_type("pong"));
  // A key twice is bad_json too (it got a pong, the last "type" winning), and the session goes on.
  d.send(std::string(R"({"type":"chat","type":"ping"})"));
  EXPECT_TRUE(is_error(d.read(), "bad_json"));
  d.send(Json{{"type", "ping"}});
  EXPECT_TRUE(d.read_type("pong"));
}

// Another site's page cannot open a WebSocket with the visitor's browser; bots (no Origin), the
// server's own pages and the listed origins can.
TEST_F(SessionTest, TheUpgradeIsRefusedForAForeignOrigin) {
  start({}, {"https://skat.example.org", "http://localhost:5173/"});
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  using skat::nettest::ws_upgrade_status;
  EXPECT_EQ(ws_upgrade_status(port_, host, std::nullopt), 101);
  EXPECT_EQ(ws_upgrade_status(port_, host, "http://" + host), 101);
  EXPECT_EQ(ws_upgrade_status(port_, "LocalHost:" + std::to_string(port_), "http://localhost:" + std::to_string(port_)),
            101);
  EXPECT_EQ(ws_upgrade_status(port_, "skat.example.org", "https://skat.example.org"), 101);  // behind a proxy
  EXPECT_EQ(ws_upgrade_status(port_, "skat.example.org", "http://skat.example.org"), 101);
  EXPECT_EQ(ws_upgrade_status(port_, host, "https://skat.example.org"), 101);  // listed
  EXPECT_EQ(ws_upgrade_status(port_, host, "https://SKAT.example.org:443"), 101);
  EXPECT_EQ(ws_upgrade_status(port_, host, "http://localhost:5173"), 101);
  for (const std::string& origin :
       {std::string("http://evil.example"), std::string("https://skat.example.org:8443"),
        std::string("http://skat.example.org"), std::string("http://127.0.0.1:1"), "https://" + host + ".evil.example",
        "https://" + host,  // the same host and port over TLS: not this plain-HTTP server's origin
        std::string("null"), std::string("file://"), "http://127.0.0.1:" + std::to_string(port_) + "@evil.example"}) {
    EXPECT_EQ(ws_upgrade_status(port_, host, origin), 403) << origin;
  }
  EXPECT_EQ(ws_upgrade_status(port_, "skat.example.org:8080", "http://skat.example.org"), 403);
  EXPECT_EQ(ws_upgrade_status(port_, "skat.example.org:8443", "https://skat.example.org:8443"), 403);
  // A refused upgrade took no slot for long, and the server goes on.
  WsClient c(port_);
  hello(c, "anna");
}

TEST(Origin, OneSpellingOfAnOrigin) {
  using skat::net::normal_origin;
  EXPECT_EQ(normal_origin("https://Skat.Example.org/"), "https://skat.example.org");
  EXPECT_EQ(normal_origin("https://skat.example.org:443"), "https://skat.example.org");
  EXPECT_EQ(normal_origin("http://skat.example.org:80"), "http://skat.example.org");
  EXPECT_EQ(normal_origin("http://skat.example.org:8080"), "http://skat.example.org:8080");
  EXPECT_EQ(normal_origin("http://[::1]:8080"), "http://[::1]:8080");
  for (const char* bad : {"skat.example.org", "ftp://skat.example.org", "https://skat.example.org/play",
                          "https://skat.example.org?x=1", "https://user@skat.example.org", "null", "", "https://"})
    EXPECT_FALSE(normal_origin(bad)) << bad;
}

TEST_F(SessionTest, MessagesBeforeHelloAreRefused) {
  start();
  WsClient c(port_);
  c.send(Json{{"type", "create_table"}});
  EXPECT_TRUE(is_error(c.read(), "not_authenticated"));
}

TEST_F(SessionTest, OversizedFrameClosesTheConnection) {
  start();
  WsClient c(port_);
  hello(c, "big");
  if (!c.send(std::string(100 * 1024, 'x'))) return;  // closed while we were still writing
  const auto reply = c.read();
  EXPECT_TRUE(!reply || reply->value("type", "") == "error");
  if (reply) {  // an error instead of closing: the session must go on
    c.send(Json{{"type", "ping"}});
    EXPECT_TRUE(c.read_type("pong"));
  }
}

TEST_F(SessionTest, FloodGetsRateLimitErrorsAndTheSessionContinues) {
  skat::net::Limits limits;
  limits.ws_rate_strikes = 1000;
  start(limits);
  WsClient c(port_);
  hello(c, "flooder");
  const int sent = 200;
  for (int i = 0; i < sent; ++i) c.send(Json{{"type", "ping"}});
  int pongs = 0, limited = 0;
  for (int i = 0; i < sent; ++i) {
    auto m = c.read();
    ASSERT_TRUE(m);
    if (m->value("type", "") == "pong") ++pongs;
    if (is_error(m, "rate_limited")) ++limited;
  }
  EXPECT_GT(limited, 0);
  EXPECT_GT(pongs, 0);
  EXPECT_EQ(pongs + limited, sent);
  c.send(Json{{"type", "lobby"}});  // still served (or limited), but not closed
  auto next = c.read();
  ASSERT_TRUE(next);
  EXPECT_FALSE(c.closed());
}

TEST_F(SessionTest, RepeatedFloodingDisconnects) {
  skat::net::Limits limits;
  limits.ws_rate_strikes = 5;
  start(limits);
  WsClient c(port_);
  hello(c, "flooder");
  for (int i = 0; i < 300; ++i) c.send(Json{{"type", "ping"}});
  bool closed = false;
  for (int i = 0; i < 400 && !closed; ++i) closed = !c.read().has_value();
  EXPECT_TRUE(closed);
}

TEST_F(SessionTest, GuestTokenGivesTheSamePlayerBack) {
  start();
  std::string token;
  std::int64_t id = 0;
  {
    WsClient c(port_);
    const Json w = hello(c, "bert");
    token = w.value("token", "");
    id = w["player"]["id"].get<std::int64_t>();
  }
  WsClient again(port_);
  const Json w = hello(again, "ignored", token);
  EXPECT_EQ(w["player"]["id"].get<std::int64_t>(), id);
  WsClient other(port_);
  EXPECT_NE(hello(other, "bert")["player"]["id"].get<std::int64_t>(), id);
}

TEST_F(SessionTest, HttpHealthTablesStatusPageAndAdmin) {
  start();
  using skat::nettest::http_get;
  using skat::nettest::http_request;
  EXPECT_EQ(http_get(port_, "/healthz").status, 200);
  const auto tables = http_get(port_, "/api/tables");
  EXPECT_EQ(tables.status, 200);
  EXPECT_TRUE(Json::parse(tables.body).contains("tables"));
  const auto page = http_get(port_, "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("Tables:"), std::string::npos);
  EXPECT_EQ(http_get(port_, "/../../etc/passwd").status, 404);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/admin/bots", R"({"name":"x"})").status, 401);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/admin/bots", R"({"name":"x"})", "wrong").status, 401);
  const auto created = http_request(port_, http::verb::post, "/api/admin/bots", R"({"name":"robo","kind":"simple"})",
                                    "test-admin-token-0123456789");
  EXPECT_EQ(created.status, 201);
  EXPECT_EQ(Json::parse(created.body).value("token", "").size(), 64u);
  // The new account logs in as a bot.
  WsClient bot(port_);
  bot.send(Json{{"type", "hello"},
                {"protocol", 1},
                {"name", "robo"},
                {"token", Json::parse(created.body)["token"]},
                {"bot", true}});
  auto w = bot.read_type("welcome");
  ASSERT_TRUE(w);
  EXPECT_TRUE((*w)["player"]["bot"].get<bool>());
  WsClient impostor(port_);
  impostor.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "robo"}, {"token", "nope"}, {"bot", true}});
  EXPECT_TRUE(is_error(impostor.read(), "auth_failed"));
}

}  // namespace
