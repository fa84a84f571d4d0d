// Hostile input to the HTTP API of an in-process server on a SQLite database (docs/api.md): admin
// bodies whose fields have the wrong JSON type or value are a 400 with a JSON error, never a 500;
// query strings with a malformed percent-escape, a control character, a negative id or an unknown,
// repeated or empty parameter are a 400, never a filter dropped in silence; an admin request
// without its token is refused before its body, and a body longer than its route takes is a 413;
// a body that names a key twice is a 400; every reply carries the security headers; a guest cannot take a bot's name in
// another guise.
#include <gtest/gtest.h>
#include <sodium.h>

#include <filesystem>

#include "server/app/server.h"
#include "server/http/api_query.h"
#include "server/http/database_read_model.h"
#include "server/store/database_store.h"
#include "tests/net/ws_test_client.h"

namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using skat::nettest::HttpResult;
using skat::nettest::Json;
using skat::nettest::WsClient;

constexpr const char* kHttpInputAdmin = "admin-token-for-the-http-input-tests-0123456789";

class HttpInputTest : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(testing::TempDir()) / (std::string("skat_http_input_") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const std::string db = (dir_ / "skat.db").string();
    auto store = skat::app::DatabaseStore::open(db);
    ASSERT_TRUE(store) << store.error().message;
    store_ = std::move(*store);
    skat::app::ServeConfig config;
    config.port = 0;
    config.web_dir = (dir_ / "no-web").string();
    server_ = std::make_unique<skat::app::Server>(config, *store_, std::make_shared<skat::app::DatabaseReadModel>(db),
                                                  kHttpInputAdmin);
    port_ = server_->start(false);
  }
  void TearDown() override {
    if (!server_) return;
    server_->stop();
    server_->wait();
  }

  HttpResult post(const std::string& target, const std::string& body) {
    return skat::nettest::http_request(port_, http::verb::post, target, body, kHttpInputAdmin);
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

// A body with a key twice was read with the last value winning; it is a 400 that names the key.
TEST_F(HttpInputTest, ABodyThatNamesAKeyTwiceIsA400) {
  for (const char* body : {R"({"name":"house-1","kind":"simple","kind":"rule"})", R"({"name":"a","name":"b"})"}) {
    const auto r = post("/api/admin/bots", body);
    EXPECT_TRUE(bad_request(r)) << body << " → " << r.status << " " << r.body;
    EXPECT_NE(r.body.find("appears twice"), std::string::npos) << r.body;
  }
  const auto r = post("/api/admin/tournaments", R"({"a":"rule","b":"simple","deals":2,"deals":3})");
  EXPECT_TRUE(bad_request(r)) << r.status << " " << r.body;
  EXPECT_EQ(post("/api/admin/bots", R"({"name":"house-1","kind":"simple"})").status, 201);
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

// `?table=-1`, `?from=-1` and a "%00" in a query were a 200 (a filter for no table, a name with a NUL in it).
TEST_F(HttpInputTest, NegativeIdsAndControlCharactersInAQueryAreA400) {
  ASSERT_EQ(get("/api/series?table=1&player=2").status, 200);
  ASSERT_EQ(get("/api/series?from=0&to=253402300799999").status, 200);
  ASSERT_EQ(get("/api/tables?anything=goes").status, 200);  // a route that reads no query ignores it
  for (const char* target : {"/api/series?table=-1",
                             "/api/series?table=0",
                             "/api/series?table=99999999999999999999",
                             "/api/series?player=-1",
                             "/api/series?player=0",
                             "/api/export.pgn?table=-5",
                             "/api/series?player=%00",
                             "/api/series?player=anna%00",
                             "/api/series?bot=simple%0A",
                             "/api/series?player=a%1Fb",
                             "/api/series?player=a%7Fb",
                             "/api/series?player=a%C2%85b",
                             "/api/leaderboard?kind=%00",
                             "/api/players/1?limit=%00",
                             "/api/series?%00=1",
                             "/api/tables?x=%00",
                             "/healthz?x=%0D%0A",
                             "/api/tables?x=%zz",
                             "/index.html?x=%00",
                             "/api/series?from=-1",
                             "/api/series?to=-86400000",
                             "/api/series?from=253402300800000",
                             "/api/export.pgn?from=-1"}) {
    const auto r = get(target);
    EXPECT_TRUE(bad_request(r)) << target << " → " << r.status << " " << r.body;
  }
}

// An admin request without the token is refused from its header: the body it declares is never
// waited for (it used to be read in full, up to 64 KiB, before the token was looked at).
TEST_F(HttpInputTest, AnAdminRequestWithoutTheTokenIsRefusedBeforeItsBody) {
  for (const char* length : {"60000", "100000000"}) {
    const std::string header = std::string("POST /api/admin/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n") +
                               "Content-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n";
    const auto r = skat::nettest::raw_exchange(port_, header, std::chrono::seconds(10));
    EXPECT_EQ(r.status(), 401) << length << ": " << r.received;
    EXPECT_TRUE(r.closed) << length;
    EXPECT_LT(r.elapsed, std::chrono::seconds(5)) << length;
  }
  const std::string forged =
      "POST /api/admin/bots/x/revoke HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "Authorization: Bearer not-the-token\r\nContent-Length: 50000\r\n\r\n";
  const auto r = skat::nettest::raw_exchange(port_, forged, std::chrono::seconds(10));
  EXPECT_EQ(r.status(), 401) << r.received;
  EXPECT_TRUE(r.closed);
}

// Each route takes the body it needs: a few KiB for the JSON POSTs, none for GET.
TEST_F(HttpInputTest, ABodyLongerThanItsRouteTakesIsA413) {
  const std::string big = R"({"name":")" + std::string(5000, 'x') + R"("})";  // 5 KiB, under the old 64 KiB
  EXPECT_EQ(post("/api/admin/bots", big).status, 413);
  EXPECT_EQ(skat::nettest::http_request(port_, http::verb::post, "/api/bots", big, "some-session").status, 413);
  EXPECT_EQ(skat::nettest::http_request(port_, http::verb::post, "/api/tournaments", big).status, 413);
  EXPECT_EQ(skat::nettest::http_request(port_, http::verb::get, "/api/tables", "{}").status, 413);
  // Declared too long, the body is not waited for; a chunked one is counted as it comes.
  const auto declared = skat::nettest::raw_exchange(
      port_, "POST /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n", std::chrono::seconds(10));
  EXPECT_EQ(declared.status(), 413) << declared.received;
  EXPECT_LT(declared.elapsed, std::chrono::seconds(5));
  std::string chunked = std::string("POST /api/admin/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ") +
                        kHttpInputAdmin + "\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 3; ++i) chunked += "800\r\n" + std::string(0x800, ' ') + "\r\n";
  chunked += "0\r\n\r\n";
  const auto counted = skat::nettest::raw_exchange(port_, chunked, std::chrono::seconds(10));
  EXPECT_EQ(counted.status(), 413) << counted.received;
  // Within its limit the route answers as before.
  EXPECT_EQ(post("/api/admin/bots", R"({"name":"fits-1","kind":"simple"})").status, 201);
}

// Every reply, whatever produced it, carries the security headers; the status page's inline
// style is allowed by its hash.
TEST_F(HttpInputTest, EveryReplyCarriesTheSecurityHeaders) {
  const std::vector<std::pair<std::string, int>> targets = {{"/", 200},
                                                            {"/healthz", 200},
                                                            {"/api/tables", 200},
                                                            {"/api/series?table=-1", 400},
                                                            {"/api/nothing", 404},
                                                            {"/missing.js", 404},
                                                            {"/api/admin/bots", 401}};
  for (const auto& [target, status] : targets) {
    const auto r = get(target);
    EXPECT_EQ(r.status, status) << target;
    const auto header = [&](const std::string& name) {
      const auto it = r.headers.find(name);
      return it == r.headers.end() ? std::string() : it->second;
    };
    const std::string csp = header("content-security-policy");
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << target << ": " << csp;
    EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << target;
    EXPECT_NE(csp.find("connect-src 'self'"), std::string::npos) << target;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << target;
    EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << target;
    EXPECT_EQ(header("x-content-type-options"), "nosniff") << target;
    EXPECT_EQ(header("x-frame-options"), "DENY") << target;
    EXPECT_EQ(header("referrer-policy"), "same-origin") << target;
  }
  // The status page (no web folder here): its one <style> is allowed by the hash of its text.
  const auto page = get("/");
  const std::string csp =
      page.headers.count("content-security-policy") ? page.headers.at("content-security-policy") : "";
  const std::size_t open = page.body.find("<style>"), close = page.body.find("</style>");
  ASSERT_NE(open, std::string::npos);
  ASSERT_NE(close, std::string::npos);
  const std::string style = page.body.substr(open + 7, close - open - 7);
  unsigned char hash[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(hash, reinterpret_cast<const unsigned char*>(style.data()), style.size());
  char base64[sodium_base64_ENCODED_LEN(crypto_hash_sha256_BYTES, sodium_base64_VARIANT_ORIGINAL)];
  sodium_bin2base64(base64, sizeof base64, hash, sizeof hash, sodium_base64_VARIANT_ORIGINAL);
  EXPECT_NE(csp.find("style-src 'self' 'sha256-" + std::string(base64) + "'"), std::string::npos) << csp;
  EXPECT_EQ(page.body.find("style=\""), std::string::npos);  // no inline style attribute either
}

TEST_F(HttpInputTest, WhatDoesNotExistIsA404AndABadIdA400) {
  const auto list = get("/api/tournaments");
  ASSERT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(Json::parse(list.body), (Json{{"tournaments", Json::array()}, {"ladder", nullptr}}));
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
        "/api/series?other=1", "/api/series?player=a&player=b", "/api/series?player", "/api/series?player=%00",
        "/api/series?player=a%09b", "/api/series?player=%C2%9F"}) {
    const auto r = query_params(bad, {"player"});
    EXPECT_FALSE(r) << bad;
  }
  using skat::app::check_query;
  EXPECT_TRUE(check_query("/anything"));
  EXPECT_TRUE(check_query("/anything?a=J%C3%BCrgen+M&b=%C2%A0"));  // U+00A0 is no control
  EXPECT_FALSE(check_query("/anything?a=%00"));
  EXPECT_FALSE(check_query("/anything?a=%ff"));
  EXPECT_FALSE(check_query("/anything?a=%z"));
  // Only the view is read, never what follows it in memory (a request's target is no C string).
  const std::string buffer = "/api/series?table=1X\x7f";
  EXPECT_TRUE(check_query(std::string_view(buffer).substr(0, buffer.size() - 2)));
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
