// Players' bot accounts and tournaments through an in-process server on SQLite (docs/api.md, "Bot
// accounts" and "Tournaments"): a guest creates, lists, renames, re-keys and deletes their bots
// with their session token, within the per-owner limit; a player's bot that announces a house
// program is never seated for it; a player starts a duplicate tournament of their bot against a
// house program: its seed is drawn and hidden behind its hash until the end, its tables cannot be
// watched and its series are not served while it runs, the bot plays both seats of a 2:1 table
// over two connections, and the match counts for no rating (a friendly one); another owner's bot is named only when it
// accepts challenges; one message is one WebSocket frame, however large; a bot revoked through the API, or revoked or
// disabled in the database by another process, is disconnected and leaves its seat at once (a
// substitute takes it) or within seconds.
#include <gtest/gtest.h>
#include <sodium.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <filesystem>
#include <set>
#include <thread>

#include "botclient/bot_client.h"
#include "db/accounts.h"
#include "db/migrations.h"
#include "server/app/server.h"
#include "server/http/database_read_model.h"
#include "server/store/database_store.h"
#include "tests/net/bot_accounts_fixture.h"
#include "tests/net/ws_test_client.h"

namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using skat::nettest::HttpResult;
using skat::nettest::Json;
using skat::nettest::WsClient;
using skat::nettest::bot_accounts_fixture::BotAccountsTest;
using skat::nettest::bot_accounts_fixture::kBotAccountsAdmin;
using namespace std::chrono_literals;

TEST_F(BotAccountsTest, APlayerManagesTheirOwnBotsWithTheirSessionToken) {
  skat::app::ServeConfig config;
  config.bots_per_owner = 2;
  start(config);
  const std::string anna = guest("anna");
  EXPECT_EQ(call(http::verb::post, "/api/bots", "", Json{{"name", "x"}}).status, 401);
  EXPECT_EQ(call(http::verb::post, "/api/bots", "not-a-session", Json{{"name", "x"}}).status, 401);
  EXPECT_EQ(call(http::verb::post, "/api/bots", kBotAccountsAdmin, Json{{"name", "x"}}).status,
            401);  // not a player's token

  const auto created = call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}});
  ASSERT_EQ(created.status, 201) << created.body;
  const Json bot = json(created);
  EXPECT_EQ(bot["program"], "account:anna-bot");
  EXPECT_EQ(bot["token"].get<std::string>().size(), 64U);
  EXPECT_EQ(call(http::verb::post, "/api/bots", anna, Json{{"name", "ANNA-BOT"}}).status, 409);  // folds alike
  EXPECT_EQ(call(http::verb::post, "/api/bots", anna, Json{{"name", "a b"}, {"kind", "rule"}}).status, 400);
  ASSERT_EQ(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-2"}}).status, 201);
  const auto third = call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-3"}});
  EXPECT_EQ(third.status, 403) << third.body;

  const Json list = json(call(http::verb::get, "/api/bots", anna));
  ASSERT_EQ(list["bots"].size(), 2U);
  EXPECT_EQ(list["limit"], 2);
  EXPECT_EQ(list["bots"][0]["name"], "anna-bot");
  EXPECT_EQ(list["bots"][0]["challenges"], "nobody");
  // Another player sees none of them and cannot touch them.
  const std::string bob = guest("bob");
  EXPECT_TRUE(json(call(http::verb::get, "/api/bots", bob))["bots"].empty());
  const std::string path = "/api/bots/" + std::to_string(bot["player_id"].get<std::int64_t>());
  EXPECT_EQ(call(http::verb::delete_, path, bob).status, 404);
  EXPECT_EQ(call(http::verb::patch, path, bob, Json{{"name", "stolen"}}).status, 404);

  // The bot logs in with its secret; renamed, it logs in under its new name; re-keyed, only with the new secret.
  const std::string secret = bot["token"];
  auto login = [&](const std::string& name, const std::string& token) {
    WsClient c(port_);
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", name}, {"token", token}, {"bot", true}});
    const auto reply = c.read();
    return reply && reply->value("type", "") == "welcome";
  };
  EXPECT_TRUE(login("anna-bot", secret));
  const auto renamed = call(http::verb::patch, path, anna, Json{{"name", "anna-ai"}, {"challenges", "everyone"}});
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(json(renamed)["program"], "account:anna-ai");
  EXPECT_EQ(json(renamed)["challenges"], "everyone");
  EXPECT_TRUE(login("anna-ai", secret));
  const auto rekeyed = call(http::verb::post, path + "/token", anna);
  ASSERT_EQ(rekeyed.status, 200) << rekeyed.body;
  EXPECT_FALSE(login("anna-ai", secret));
  EXPECT_TRUE(login("anna-ai", json(rekeyed)["token"]));
  // The operator disables it: it cannot log in, and cannot be named in a tournament.
  EXPECT_EQ(call(http::verb::post, "/api/admin/bots/anna-ai/disable", kBotAccountsAdmin).status, 200);
  EXPECT_FALSE(login("anna-ai", json(rekeyed)["token"]));
  EXPECT_EQ(call(http::verb::post, "/api/tournaments", anna, Json{{"a", "account:anna-ai"}, {"b", "random"}}).status,
            400);
  EXPECT_EQ(call(http::verb::post, "/api/admin/bots/anna-ai/enable", kBotAccountsAdmin).status, 200);
  // Deleted: gone from the list, and its secret no longer logs in.
  EXPECT_EQ(call(http::verb::delete_, path, anna).status, 200);
  EXPECT_FALSE(login("anna-ai", json(rekeyed)["token"]));
  EXPECT_EQ(json(call(http::verb::get, "/api/bots", anna))["bots"].size(), 1U);
}

// A player's bot announcing "random" is seated neither by a tournament of the house program random
// nor by add_bot "random"; only house accounts running it are.
TEST_F(BotAccountsTest, APlayersBotIsNeverSeatedForTheProgramItAnnounces) {
  start();
  const std::string anna = guest("anna");
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "sneaky"}}));
  connect_bot("sneaky", bot["token"], "random");
  connect_bot("sneaky", bot["token"], "random");
  for (const char* name : {"house-r1", "house-r2", "house-s1", "house-s2"})
    house_bot(name, std::string(name).starts_with("house-r") ? "random" : "simple");
  ASSERT_TRUE(bots_online(5));
  const Json options = json(skat::nettest::http_get(port_, "/api/tournaments/options"));
  ASSERT_EQ(options["house"].size(), 2U) << options.dump();  // random and simple; not the player's bot
  const auto started = call(http::verb::post, "/api/admin/tournaments", kBotAccountsAdmin,
                            Json{{"a", "random"}, {"b", "simple"}, {"deals", 2}, {"seed", 5}});
  ASSERT_EQ(started.status, 201) << started.body;
  const Json t = wait_ended(json(started)["id"]);
  ASSERT_EQ(t["status"], "finished") << t.dump();
  EXPECT_EQ(t["seed"], 5);  // revealed at the end
  for (const Json& s : t["series"]) {
    const Json series =
        json(skat::nettest::http_get(port_, "/api/series?table=" + std::to_string(s["table"].get<int>())));
    for (const Json& item : series["series"])
      for (const Json& seat : item["seats"]) {
        EXPECT_NE(seat["name"], "sneaky");
        EXPECT_TRUE(seat.value("bot_kind", "") == "random" || seat.value("bot_kind", "") == "simple") << seat.dump();
      }
  }
  // add_bot by program never takes it either (both house random bots are free again, take them).
  WsClient c(port_);
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "anna"}, {"token", anna}});
  ASSERT_TRUE(c.read_type("welcome"));
  c.send(Json{{"type", "create_table"}});
  const auto table = c.read_type("table_created");
  ASSERT_TRUE(table);
  c.send(Json{{"type", "watch_table"}, {"table", (*table)["table"]}});
  for (int seat = 0; seat < 3; ++seat)
    c.send(Json{{"type", "add_bot"}, {"table", (*table)["table"]}, {"seat", seat}, {"bot", "random"}});
  int seated = 0;
  for (int i = 0; i < 3; ++i) {
    const auto m = c.read_until(
        [](const Json& j) { return j.value("type", "") == "error" || j.value("type", "") == "seated"; }, 10s);
    if (m && m->value("type", "") == "seated") {
      ++seated;
      EXPECT_NE((*m)["player"]["name"], "sneaky");
    }
  }
  EXPECT_EQ(seated, 2);  // the two house bots; the third request finds no free house bot
}

TEST_F(BotAccountsTest, APlayerPlaysASealedTournamentOfTheirBotAgainstAHouseProgram) {
  start();
  const std::string anna = guest("anna");
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}}));
  // Two connections of one account: both seats of a 2:1 table. Slow enough to watch it running.
  connect_bot("anna-bot", bot["token"], "random", 50ms);
  connect_bot("anna-bot", bot["token"], "random", 50ms);
  house_bot("house-1", "rule");
  house_bot("house-2", "rule");
  ASSERT_TRUE(bots_online(3));  // anna-bot is one player online over two connections
  EXPECT_EQ(call(http::verb::post, "/api/tournaments", "", Json{{"a", "account:anna-bot"}, {"b", "rule"}}).status, 401);
  EXPECT_EQ(call(http::verb::post, "/api/tournaments", anna,
                 Json{{"a", "account:anna-bot"}, {"b", "rule"}, {"deals", 1}, {"seed", 3}})
                .status,
            400);  // the server draws the seed
  EXPECT_EQ(
      call(http::verb::post, "/api/tournaments", anna, Json{{"a", "program:python3 x.py"}, {"b", "rule"}, {"deals", 1}})
          .status,
      400);
  // Another owner's bot only when it accepts challenges.
  const std::string bob = guest("bob");
  const auto refused = call(http::verb::post, "/api/tournaments", bob, Json{{"a", "account:anna-bot"}, {"b", "rule"}});
  EXPECT_EQ(refused.status, 403) << refused.body;

  const auto started =
      call(http::verb::post, "/api/tournaments", anna, Json{{"a", "account:anna-bot"}, {"b", "rule"}, {"deals", 2}});
  ASSERT_EQ(started.status, 201) << started.body;
  const std::int64_t id = json(started)["id"];
  const std::string commitment = json(started)["seed_sha256"];
  ASSERT_EQ(commitment.size(), 64U);
  const Json running = json(skat::nettest::http_get(port_, "/api/tournaments/" + std::to_string(id)));
  ASSERT_EQ(running["status"], "running");
  EXPECT_TRUE(running["seed"].is_null());
  EXPECT_TRUE(running["seed_text"].is_null());
  EXPECT_EQ(running["seed_sha256"], commitment);
  EXPECT_TRUE(running["sealed"].get<bool>());
  EXPECT_EQ(running["started_by"]["name"], "anna");
  EXPECT_EQ(running["owners"]["a"]["name"], "anna");
  EXPECT_TRUE(running["owners"]["b"].is_null());
  EXPECT_EQ(running["a"], "account:anna-bot");
  // Nothing of it is served or watchable while it runs.
  EXPECT_TRUE(json(skat::nettest::http_get(port_, "/api/series"))["series"].empty());
  Json lobby;
  for (int tries = 0; tries < 200 && (lobby.is_null() || lobby["tables"].empty()); ++tries) {
    if (tries > 0) std::this_thread::sleep_for(10ms);  // the lobby snapshot follows within 50 ms
    lobby = json(skat::nettest::http_get(port_, "/api/tables"));
  }
  ASSERT_FALSE(lobby["tables"].empty());
  WsClient watcher(port_);
  watcher.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "bob"}, {"token", bob}});
  ASSERT_TRUE(watcher.read_type("welcome"));
  watcher.send(Json{{"type", "watch_table"}, {"table", lobby["tables"][0]["table"]}});
  const auto refusal = watcher.read_type("error", 10s);
  ASSERT_TRUE(refusal);
  EXPECT_EQ((*refusal)["code"], "not_allowed");
  // Nor can anyone sit down at a tournament table uninvited: not a person, not a bot account.
  for (const Json& t : lobby["tables"]) {
    watcher.send(Json{{"type", "join_table"}, {"table", t["table"]}});
    const auto seat_refused = watcher.read_type("error", 10s);
    ASSERT_TRUE(seat_refused);
    EXPECT_EQ((*seat_refused)["code"], "not_allowed");
  }
  const Json other = json(call(http::verb::post, "/api/bots", bob, Json{{"name", "bob-bot"}}));
  WsClient intruder(port_);
  intruder.send(
      Json{{"type", "hello"}, {"protocol", 1}, {"name", "bob-bot"}, {"token", other["token"]}, {"bot", true}});
  ASSERT_TRUE(intruder.read_type("welcome"));
  intruder.send(Json{{"type", "join_table"}, {"table", lobby["tables"].back()["table"]}, {"seat", 0}});
  const auto intruded = intruder.read_type("error", 10s);
  ASSERT_TRUE(intruded);
  EXPECT_EQ((*intruded)["code"], "not_allowed");

  const Json t = wait_ended(id);
  ASSERT_FALSE(t.is_null()) << skat::nettest::http_get(port_, "/api/tables").body;
  ASSERT_EQ(t["status"], "finished") << t.dump();
  ASSERT_TRUE(t["seed"].is_number_unsigned());
  EXPECT_EQ(skat::app::seed_commitment(t["seed"].get<std::uint64_t>()), commitment);
  // the seed's exact text too: a browser rounds a 64-bit number
  EXPECT_EQ(t["seed_text"], std::to_string(t["seed"].get<std::uint64_t>()));
  EXPECT_EQ(t["deals_done"], 2);
  // Its series are served now; the bot sat at both A seats of the 2:1 tables.
  int two_seats = 0;
  for (const Json& s : t["series"]) {
    const Json series =
        json(skat::nettest::http_get(port_, "/api/series?table=" + std::to_string(s["table"].get<int>())));
    ASSERT_EQ(series["series"].size(), 1U);
    int mine = 0;
    for (const Json& seat : series["series"][0]["seats"]) mine += seat["name"] == "anna-bot" ? 1 : 0;
    if (s["seating"] == "2:1") two_seats += mine == 2 ? 1 : 0;
  }
  EXPECT_EQ(two_seats, 3);
  // A friendly match: the bot played on its own connections, which saw the same deals at several
  // tables, so its series count in no leaderboard (and no rating).
  EXPECT_FALSE(t["rated"].get<bool>());
  const Json board = json(skat::nettest::http_get(port_, "/api/leaderboard?kind=bots"));
  for (const Json& row : board["players"]) EXPECT_NE(row["name"], "anna-bot");
  // Once anna's bot accepts challenges, bob may name it.
  const std::string path = "/api/bots/" + std::to_string(bot["player_id"].get<std::int64_t>());
  ASSERT_EQ(call(http::verb::patch, path, anna, Json{{"challenges", "everyone"}}).status, 200);
  const Json options = json(call(http::verb::get, "/api/tournaments/options", bob));
  ASSERT_EQ(options["bots"].size(), 2U);  // bob's own bot first, then anna's that accepts challenges
  EXPECT_EQ(options["bots"][0]["program"], "account:bob-bot");
  EXPECT_TRUE(options["bots"][0]["mine"].get<bool>());
  EXPECT_EQ(options["bots"][1]["program"], "account:anna-bot");
  EXPECT_FALSE(options["bots"][1]["mine"].get<bool>());
  EXPECT_EQ(options["bots"][1]["owner"]["name"], "anna");
  EXPECT_EQ(options["limits"]["deals_today"], 0);
  const auto challenge = call(http::verb::post, "/api/tournaments", bob,
                              Json{{"a", "rule"}, {"b", "account:anna-bot"}, {"deals", 1}, {"seating", "1:2"}});
  EXPECT_EQ(challenge.status, 201) << challenge.body;
  EXPECT_EQ(json(call(http::verb::get, "/api/tournaments/options", bob))["limits"]["deals_today"], 1);
}

// A bot challenged by another player is told (who, the sides, deals, seating, the test) and may
// decline: the tournament ends at once and says so, and its owner sees the challenge on its list.
// Its owner's own tournaments are no challenge; another bot, or a tournament that does not
// challenge it, cannot be declined.
TEST_F(BotAccountsTest, AChallengedBotIsToldAndMayDecline) {
  start();
  const std::string anna = guest("anna");
  const Json bot =
      json(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}, {"challenges", "everyone"}}));
  house_bot("house-1", "rule");
  WsClient annas_bot(port_);
  annas_bot.send(
      Json{{"type", "hello"}, {"protocol", 1}, {"name", "anna-bot"}, {"token", bot["token"]}, {"bot", true}});
  ASSERT_TRUE(annas_bot.read_type("welcome"));
  ASSERT_TRUE(bots_online(2));
  const std::string bob = guest("bob");
  const auto started =
      call(http::verb::post, "/api/tournaments", bob,
           Json{{"a", "rule"}, {"b", "account:anna-bot"}, {"deals", 5}, {"seating", "1:2"}, {"sprt", {0, 5}}});
  ASSERT_EQ(started.status, 201) << started.body;
  const std::int64_t id = json(started)["id"];
  const auto challenge = annas_bot.read_type("challenge", 10s);
  ASSERT_TRUE(challenge);
  EXPECT_EQ((*challenge)["tournament"], id);
  EXPECT_EQ((*challenge)["challenger"]["name"], "bob");
  EXPECT_EQ((*challenge)["side"], "b");
  EXPECT_EQ((*challenge)["a"], "rule");
  EXPECT_EQ((*challenge)["deals"], 5);
  EXPECT_EQ((*challenge)["seating"], "1:2");
  EXPECT_EQ((*challenge)["sprt"], Json::array({0.0, 5.0}));
  // A tournament that is not running, and a guest, are refused with an error.
  annas_bot.send(Json{{"type", "decline_challenge"}, {"tournament", id + 1}, {"id", 9}});
  const auto refused = annas_bot.read_type("error", 10s);
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["id"], 9);
  WsClient guest_conn(port_);
  guest_conn.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "carl"}});
  ASSERT_TRUE(guest_conn.read_type("welcome"));
  guest_conn.send(Json{{"type", "decline_challenge"}, {"tournament", id}});
  EXPECT_TRUE(guest_conn.read_type("error", 10s));
  EXPECT_EQ(json(skat::nettest::http_get(port_, "/api/tournaments/" + std::to_string(id)))["status"], "running");

  annas_bot.send(Json{{"type", "decline_challenge"}, {"tournament", id}});
  const Json ended = wait_ended(id);
  ASSERT_FALSE(ended.is_null());
  EXPECT_EQ(ended["status"], "cancelled");
  EXPECT_EQ(ended["end_reason"], "declined by the bot anna-bot");
  const Json mine = json(call(http::verb::get, "/api/bots", anna));
  ASSERT_EQ(mine["bots"][0]["challenges_received"].size(), 1U);
  const Json& seen = mine["bots"][0]["challenges_received"][0];
  EXPECT_EQ(seen["tournament"], id);
  EXPECT_EQ(seen["by"]["name"], "bob");
  EXPECT_EQ(seen["status"], "cancelled");
  EXPECT_EQ(seen["end_reason"], "declined by the bot anna-bot");

  // Anna's own tournament of her bot challenges nobody: no message, and no decline.
  const auto own = call(http::verb::post, "/api/tournaments", anna,
                        Json{{"a", "rule"}, {"b", "account:anna-bot"}, {"deals", 1}, {"seating", "1:2"}});
  ASSERT_EQ(own.status, 201) << own.body;
  const std::int64_t own_id = json(own)["id"];
  annas_bot.send(Json{{"type", "decline_challenge"}, {"tournament", own_id}});
  const auto not_a_challenge = annas_bot.read_until(
      [](const Json& j) { return j.value("type", "") == "error" || j.value("type", "") == "challenge"; }, 10s);
  ASSERT_TRUE(not_a_challenge);
  EXPECT_EQ((*not_a_challenge)["type"], "error");
  EXPECT_TRUE(json(call(http::verb::get, "/api/bots", anna))["bots"][0]["challenges_received"].size() == 1U);
}

TEST_F(BotAccountsTest, APlayersTournamentsStayWithinTheirLimits) {
  skat::app::ServeConfig config;
  config.player_tournament_deals_per_day = 10;
  config.player_tournament_tables = 6;
  config.player_tournament_max_deals = 8;
  start(config);
  house_bot("house-1", "rule");
  house_bot("house-2", "random");
  ASSERT_TRUE(bots_online(2));
  const std::string anna = guest("anna");
  EXPECT_EQ(call(http::verb::post, "/api/tournaments", anna, Json{{"a", "rule"}, {"b", "random"}, {"deals", 9}}).status,
            400);
  // Two bots cannot seat a table of three: the tournament waits, holding its six tables.
  ASSERT_EQ(call(http::verb::post, "/api/tournaments", anna, Json{{"a", "rule"}, {"b", "random"}, {"deals", 2}}).status,
            201);
  const auto tables = call(http::verb::post, "/api/tournaments", anna,
                           Json{{"a", "rule"}, {"b", "random"}, {"deals", 1}, {"seating", "2:1"}});
  EXPECT_EQ(tables.status, 429) << tables.body;
  const Json options = json(call(http::verb::get, "/api/tournaments/options", anna));
  EXPECT_EQ(options["limits"]["deals_today"], 4);
  EXPECT_EQ(options["limits"]["tables_running"], 6);
}

// A message larger than Beast's 4 KiB write buffer still arrives as one text frame.
TEST_F(BotAccountsTest, EveryMessageIsOneFrame) {
  start();
  std::vector<std::unique_ptr<WsClient>> hosts;
  for (int p = 0; p < 3; ++p) {
    hosts.push_back(std::make_unique<WsClient>(port_));
    hosts.back()->send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "host-" + std::to_string(p)}});
    ASSERT_TRUE(hosts.back()->read_type("welcome"));
    for (int t = 0; t < 10; ++t) {
      hosts.back()->send(Json{{"type", "create_table"}, {"event", std::string(60, 'e')}});
      ASSERT_TRUE(hosts.back()->read_type("table_created"));
    }
  }
  for (int tries = 0; tries < 200; ++tries) {  // the lobby snapshot is rebuilt at most every 50 ms
    if (json(skat::nettest::http_get(port_, "/api/tables"))["tables"].size() == 30U) break;
    std::this_thread::sleep_for(20ms);
  }
  namespace asio = boost::asio;
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port_});
  asio::write(socket, asio::buffer(std::string("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                               "Sec-WebSocket-Version: 13\r\n\r\n")));
  asio::streambuf head;
  asio::read_until(socket, head, "\r\n\r\n");
  std::string rest(asio::buffers_begin(head.data()), asio::buffers_end(head.data()));
  ASSERT_NE(rest.find(" 101 "), std::string::npos) << rest;
  rest.erase(0, rest.find("\r\n\r\n") + 4);
  const std::string lobby = R"({"type":"lobby"})";
  std::string frame{static_cast<char>(0x81), static_cast<char>(0x80 | lobby.size()), 0, 0, 0, 0};  // mask 0
  asio::write(socket, asio::buffer(frame + lobby));
  auto take = [&](std::size_t n) {
    std::string out = rest.substr(0, std::min(n, rest.size()));
    rest.erase(0, out.size());
    if (out.size() < n) {
      std::string more(n - out.size(), '\0');
      asio::read(socket, asio::buffer(more));
      out += more;
    }
    return out;
  };
  const std::string header = take(2);
  const auto b0 = static_cast<unsigned char>(header[0]);
  std::size_t length = static_cast<unsigned char>(header[1]) & 0x7f;
  if (length == 126) {
    const std::string ext = take(2);
    length = static_cast<std::size_t>(static_cast<unsigned char>(ext[0]) << 8 | static_cast<unsigned char>(ext[1]));
  }
  EXPECT_EQ(b0, 0x81);  // FIN, text: the whole message in this frame
  EXPECT_GT(length, 4096U);
  const Json message = Json::parse(take(length), nullptr, false);
  EXPECT_EQ(message.value("type", ""), "lobby");
  EXPECT_EQ(message["tables"].size(), 30U);
}

// Revoked through the API, a bot is gone at once: its connections close and a substitute is asked
// for its seat, with no reconnect grace (it cannot come back); its token no longer logs in.
TEST_F(BotAccountsTest, ABotRevokedThroughTheApiLeavesItsSeatAtOnce) {
  skat::app::ServeConfig config;
  config.grace_ms = 600000;  // a disconnect alone would hold the seat for ten minutes
  start(config);
  const auto made =
      call(http::verb::post, "/api/admin/bots", kBotAccountsAdmin, Json{{"name", "house-1"}, {"kind", "simple"}});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string secret = json(made)["token"];
  connect_bot("house-1", secret, "simple");
  house_bot("house-2", "simple");
  house_bot("house-3", "simple");  // free for the substitute
  ASSERT_TRUE(bots_online(3));
  WsClient c(port_);
  const std::int64_t table = table_with_two_bots(c);
  ASSERT_NE(table, 0);

  EXPECT_EQ(call(http::verb::post, "/api/admin/bots/house-1/revoke", "").status, 401);
  const auto revoked = call(http::verb::post, "/api/admin/bots/house-1/revoke", kBotAccountsAdmin);
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  EXPECT_EQ(json(revoked), (Json{{"name", "house-1"}, {"revoked", true}}));
  EXPECT_TRUE(replacing(c, 1, 10s));
  const auto substitute =
      c.read_until([](const Json& j) { return j.value("type", "") == "replaced" && j.value("seat", -1) == 1; }, 20s);
  ASSERT_TRUE(substitute);
  EXPECT_EQ((*substitute)["player"]["name"], "house-3");
  EXPECT_TRUE(gone({"house-1"}));
  WsClient again(port_);
  again.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "house-1"}, {"token", secret}, {"bot", true}});
  EXPECT_TRUE(skat::nettest::is_error(again.read(), "auth_failed"));
  EXPECT_EQ(call(http::verb::post, "/api/admin/bots/house-1/revoke", kBotAccountsAdmin).status,
            200);  // twice: no error
  EXPECT_EQ(call(http::verb::post, "/api/admin/bots/nobody/revoke", kBotAccountsAdmin).status, 404);
  EXPECT_EQ(call(http::verb::get, "/api/admin/bots/house-2/revoke", kBotAccountsAdmin).status, 405);
}

// `skat admin revoke-bot` (or a disable) runs as another process on the same database: the server
// notices within a few seconds and unseats the bot as if through the API.
TEST_F(BotAccountsTest, ABotRevokedOrDisabledInTheDatabaseByAnotherProcessIsUnseatedWithinSeconds) {
  skat::app::ServeConfig config;
  config.grace_ms = 600000;
  start(config);
  house_bot("house-1", "simple");
  house_bot("house-2", "simple");
  ASSERT_TRUE(bots_online(2));
  WsClient c(port_);
  const std::int64_t table = table_with_two_bots(c);
  ASSERT_NE(table, 0);

  auto other = skat::db::open_database((dir_ / "skat.db").string());  // what `skat admin` opens
  ASSERT_TRUE(other) << other.error().message;
  ASSERT_TRUE(skat::db::revoke_bot(*other, "house-1"));
  const auto revoked_at = std::chrono::steady_clock::now();
  EXPECT_TRUE(replacing(c, 1, 10s));
  EXPECT_LT(std::chrono::steady_clock::now() - revoked_at, 8s);
  ASSERT_TRUE(skat::db::set_bot_disabled(*other, "house-2", true));
  EXPECT_TRUE(replacing(c, 2, 10s));
  EXPECT_TRUE(gone({"house-1", "house-2"}));
}

}  // namespace
