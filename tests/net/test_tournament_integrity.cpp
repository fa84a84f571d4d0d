// Tournaments that no bot can cheat or jam, through an in-process server on SQLite (docs/bots.md,
// "What is rated"; docs/api.md, "Tournaments"): a program no bot online runs is refused at once,
// naming those online; a table claims no bot until all three of its bots are free, and a tournament
// whose table waits too long for bots that cannot come ends and says why, one whose bots are busy
// waits for them; its starter or the operator cancels it, and its
// bots are free at once; add_bot never seats another player's bot that accepts no challenges,
// however it is named; a player's bot may not take a program's name or look like another player's;
// an uploaded program plays a
// rated tournament in the server's sandbox, its series counted only once the tournament has ended.
#include <gtest/gtest.h>

#include <fstream>

#include "db/migrations.h"
#include "tests/net/bot_accounts_fixture.h"

namespace {

namespace http = boost::beast::http;
using skat::nettest::Json;
using skat::nettest::WsClient;
using skat::nettest::bot_accounts_fixture::BotAccountsTest;
using skat::nettest::bot_accounts_fixture::kBotAccountsAdmin;
using namespace std::chrono_literals;

std::string tournament_path(std::int64_t id) { return "/api/tournaments/" + std::to_string(id); }

// A guest's table (the guest on `c`, watching it) and what add_bot `bot` at `seat` gets: "seated"
// (with the bot's name) or the error's code.
std::int64_t own_table(WsClient& c, const std::string& token) {
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "guest"}, {"token", token}});
  EXPECT_TRUE(c.read_type("welcome"));
  c.send(Json{{"type", "create_table"}});
  const auto created = c.read_type("table_created");
  EXPECT_TRUE(created);
  if (!created) return 0;
  const std::int64_t table = (*created)["table"];
  c.send(Json{{"type", "watch_table"}, {"table", table}});
  return table;
}
std::string add_bot(WsClient& c, std::int64_t table, int seat, const std::string& bot) {
  c.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", seat}, {"bot", bot}});
  const auto m = c.read_until(
      [&](const Json& j) {
        return j.value("type", "") == "error" || (j.value("type", "") == "seated" && j.value("seat", -1) == seat);
      },
      10s);
  if (!m) return "nothing";
  if (m->value("type", "") == "error") return m->value("code", "");
  return "seated:" + (*m)["player"].value("name", "");
}

TEST_F(BotAccountsTest, ATournamentOfAProgramNoBotOnlineRunsIsRefusedNamingThoseOnline) {
  start();
  house_bot("house-1", "simple");
  ASSERT_TRUE(bots_online(1));
  const std::string anna = guest("anna");
  const auto refused =
      call(http::verb::post, "/api/tournaments", anna, Json{{"a", "rule"}, {"b", "simple"}, {"deals", 10}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(json(refused)["error"].get<std::string>().find("'rule'; online: simple"), std::string::npos)
      << refused.body;
  const auto admin =
      call(http::verb::post, "/api/admin/tournaments", kBotAccountsAdmin, Json{{"a", "pimc"}, {"b", "simple"}});
  EXPECT_EQ(admin.status, 400) << admin.body;
  // A player's bot that is not online is refused too.
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}}));
  const auto offline =
      call(http::verb::post, "/api/tournaments", anna, Json{{"a", "account:anna-bot"}, {"b", "simple"}});
  EXPECT_EQ(offline.status, 400) << offline.body;
  EXPECT_NE(offline.body.find("not online"), std::string::npos);
  EXPECT_TRUE(json(skat::nettest::http_get(port_, "/api/tournaments"))["tournaments"].empty());
  (void)bot;
}

TEST_F(BotAccountsTest, ATableThatCannotBeSeatedHoldsNoBotAndItsTournamentEndsSayingWhy) {
  skat::app::ServeConfig config;
  config.tournament_wait = 1500ms;
  config.tournament_check = 100ms;
  start(config);
  house_bot("house-1", "simple");
  house_bot("house-2", "simple");
  ASSERT_TRUE(bots_online(2));
  const auto started = call(http::verb::post, "/api/admin/tournaments", kBotAccountsAdmin,
                            Json{{"a", "simple"}, {"b", "simple"}, {"deals", 5}, {"seating", "2:1"}});
  ASSERT_EQ(started.status, 201) << started.body;
  // Its tables need three bots each and hold none meanwhile: a guest seats both.
  const std::string bob = guest("bob");
  WsClient c(port_);
  const std::int64_t table = own_table(c, bob);
  EXPECT_TRUE(add_bot(c, table, 1, "simple").starts_with("seated:"));
  EXPECT_TRUE(add_bot(c, table, 2, "simple").starts_with("seated:"));
  const Json t = wait_ended(json(started)["id"]);
  ASSERT_FALSE(t.is_null());
  EXPECT_EQ(t["status"], "aborted");
  EXPECT_EQ(t["deals_done"], 0);
  const std::string why = t["end_reason"].is_string() ? t["end_reason"].get<std::string>() : "";
  EXPECT_NE(why.find("3 × simple"), std::string::npos) << t.dump();
  EXPECT_NE(why.find("online: simple (2)"), std::string::npos) << t.dump();
}

// Bots of the program that are connected but busy free up in time: the tournament waits for them
// (holding none meanwhile) past the wait, and plays once they are free.
TEST_F(BotAccountsTest, ATournamentWaitsForBusyBotsOfItsProgram) {
  skat::app::ServeConfig config;
  config.tournament_wait = 300ms;
  config.tournament_check = 100ms;
  start(config);
  for (const char* name : {"house-1", "house-2", "house-3"}) house_bot(name, "simple");
  ASSERT_TRUE(bots_online(3));
  // A guest's table holds two of the three for a while.
  const std::string bob = guest("bob");
  WsClient c(port_);
  const std::int64_t table = own_table(c, bob);
  ASSERT_TRUE(add_bot(c, table, 1, "simple").starts_with("seated:"));
  ASSERT_TRUE(add_bot(c, table, 2, "simple").starts_with("seated:"));
  const auto started = call(http::verb::post, "/api/admin/tournaments", kBotAccountsAdmin,
                            Json{{"a", "simple"}, {"b", "simple"}, {"deals", 1}, {"seating", "2:1"}});
  ASSERT_EQ(started.status, 201) << started.body;
  std::this_thread::sleep_for(1s);  // well past the wait
  EXPECT_EQ(json(skat::nettest::http_get(port_, tournament_path(json(started)["id"])))["status"], "running");
  // The guest sends them away: they are free, and the tournament's table takes all three.
  for (int seat : {1, 2}) c.send(Json{{"type", "remove_player"}, {"table", table}, {"seat", seat}});
  const Json t = wait_ended(json(started)["id"]);
  ASSERT_FALSE(t.is_null());
  EXPECT_EQ(t["status"], "finished") << t.dump();
}

TEST_F(BotAccountsTest, TheStarterOrTheOperatorCancelsATournamentAndItsBotsAreFreeAtOnce) {
  start();
  for (const char* name : {"house-1", "house-2", "house-3"}) house_bot(name, "simple");
  ASSERT_TRUE(bots_online(3));
  const std::string anna = guest("anna");
  const std::string bob = guest("bob");
  const auto started = call(http::verb::post, "/api/tournaments", anna,
                            Json{{"a", "simple"}, {"b", "simple"}, {"deals", 300}, {"seating", "2:1"}});
  ASSERT_EQ(started.status, 201) << started.body;
  const std::int64_t id = json(started)["id"];
  // Under way: its first table has a series.
  for (int tries = 0; tries < 400; ++tries) {
    if (!json(skat::nettest::http_get(port_, tournament_path(id)))["series"].empty()) break;
    std::this_thread::sleep_for(25ms);
  }
  EXPECT_EQ(call(http::verb::post, tournament_path(id) + "/cancel", "").status, 401);
  EXPECT_EQ(call(http::verb::post, tournament_path(id) + "/cancel", bob).status, 403);
  EXPECT_EQ(call(http::verb::get, tournament_path(id) + "/cancel", anna).status, 405);
  const auto cancelled = call(http::verb::post, tournament_path(id) + "/cancel", anna);
  ASSERT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_EQ(json(cancelled)["status"], "cancelled");
  const Json t = json(skat::nettest::http_get(port_, tournament_path(id)));
  EXPECT_EQ(t["status"], "cancelled");
  EXPECT_EQ(t["end_reason"], "cancelled by the player who started it");
  EXPECT_EQ(call(http::verb::post, tournament_path(id) + "/cancel", anna).status, 409);
  // Its bots are free again: a guest seats all three.
  WsClient c(port_);
  const std::int64_t table = own_table(c, bob);
  int seated = 0;
  for (int tries = 0; tries < 50 && seated < 3; ++tries) {
    if (add_bot(c, table, seated, "simple").starts_with("seated:"))
      ++seated;
    else
      std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(seated, 3);
  // The games played so far are kept: its series are stored, aborted.
  const Json ended = json(skat::nettest::http_get(port_, tournament_path(id)));
  ASSERT_FALSE(ended["series"].empty()) << ended.dump();
  for (const Json& s : ended["series"]) {
    const Json series =
        json(skat::nettest::http_get(port_, "/api/series?table=" + std::to_string(s["table"].get<int>())));
    ASSERT_EQ(series["series"].size(), 1U) << series.dump();
    EXPECT_EQ(series["series"][0]["status"], "aborted") << series.dump();
  }

  // The operator cancels anyone's.
  const auto other = call(http::verb::post, "/api/tournaments", anna,
                          Json{{"a", "simple"}, {"b", "simple"}, {"deals", 300}, {"seating", "1:2"}});
  ASSERT_EQ(other.status, 201) << other.body;
  const auto by_operator = call(http::verb::post, tournament_path(json(other)["id"]) + "/cancel", kBotAccountsAdmin);
  EXPECT_EQ(by_operator.status, 200) << by_operator.body;
  EXPECT_EQ(json(skat::nettest::http_get(port_, tournament_path(json(other)["id"])))["end_reason"],
            "cancelled by the operator");
}

TEST_F(BotAccountsTest, AddBotNeverSeatsAnotherPlayersBotThatAcceptsNoChallenges) {
  start();
  const std::string anna = guest("anna");
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}}));
  connect_bot("anna-bot", bot["token"], "random");
  ASSERT_TRUE(bots_online(1));
  const std::string bob = guest("bob");
  WsClient c(port_);
  const std::int64_t table = own_table(c, bob);
  EXPECT_EQ(add_bot(c, table, 1, "account:anna-bot"), "not_allowed");
  EXPECT_EQ(add_bot(c, table, 1, "anna-bot"), "not_allowed");
  // Its owner seats it at her own table either way.
  WsClient own(port_);
  const std::int64_t hers = own_table(own, anna);
  EXPECT_EQ(add_bot(own, hers, 1, "account:anna-bot"), "seated:anna-bot");
}

TEST_F(BotAccountsTest, APlayersBotMayNotTakeAProgramsNameNorLookLikeAnotherPlayer) {
  start();
  const std::string anna = guest("anna");
  for (const char* name :
       {"simple", "Rule", "pimc", "full", "random", "account:x", "sandbox:x", "simp1e", "\u0455imple"}) {
    const auto r = call(http::verb::post, "/api/bots", anna, Json{{"name", name}});
    EXPECT_EQ(r.status, 400) << name << ": " << r.body;
  }
  EXPECT_EQ(call(http::verb::post, "/api/bots", anna, Json{{"name", "simple-sam"}}).status, 201);
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "sam"}}));
  const auto renamed = call(http::verb::patch, "/api/bots/" + std::to_string(bot["player_id"].get<std::int64_t>()),
                            anna, Json{{"name", "simple"}});
  EXPECT_EQ(renamed.status, 400) << renamed.body;
}

std::string example_bot() {
  std::ifstream in(std::string(SKAT_SOURCE_DIR) + "/examples/bots/heuristic_bot.py");
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST_F(BotAccountsTest, AnUploadedProgramPlaysARatedTournamentInTheSandbox) {
  start();
  const Json options = json(skat::nettest::http_get(port_, "/api/tournaments/options"));
  if (!options["sandbox"]["available"].get<bool>())
    GTEST_SKIP() << "no sandbox here: " << options["sandbox"]["why_not"].get<std::string>();
  // The house side answers slowly, so that the 1:2 tables (which wait for the three house bots)
  // play while the 2:1 tables' series are over.
  for (const char* name : {"house-1", "house-2", "house-3"}) {
    const auto r =
        call(http::verb::post, "/api/admin/bots", kBotAccountsAdmin, Json{{"name", name}, {"kind", "simple"}});
    ASSERT_EQ(r.status, 201) << r.body;
    connect_bot(name, json(r)["token"], "simple", 60ms);
  }
  ASSERT_TRUE(bots_online(3));
  const std::string anna = guest("anna");
  const Json bot = json(call(http::verb::post, "/api/bots", anna, Json{{"name", "anna-bot"}}));
  const std::string program = "/api/bots/" + std::to_string(bot["player_id"].get<std::int64_t>()) + "/program";
  EXPECT_EQ(call(http::verb::put, program, anna, Json{{"language", "cobol"}, {"source", "x"}}).status, 400);
  EXPECT_EQ(call(http::verb::put, program, anna, Json{{"language", "python3"}, {"source", ""}}).status, 400);
  EXPECT_EQ(call(http::verb::get, program, anna).status, 404);  // none yet
  const std::string bob = guest("bob");
  EXPECT_EQ(call(http::verb::put, program, bob, Json{{"language", "python3"}, {"source", "print(1)"}}).status, 404);
  const auto uploaded = call(http::verb::put, program, anna, Json{{"language", "python3"}, {"source", example_bot()}});
  ASSERT_EQ(uploaded.status, 200) << uploaded.body;
  EXPECT_EQ(json(uploaded)["program"], "sandbox:anna-bot");
  EXPECT_EQ(json(call(http::verb::get, program, anna))["source"], example_bot());
  EXPECT_EQ(json(call(http::verb::get, "/api/bots", anna))["bots"][0]["uploaded"], "python3");

  const auto started = call(http::verb::post, "/api/tournaments", anna,
                            Json{{"a", "sandbox:anna-bot"}, {"b", "simple"}, {"deals", 2}, {"seating", "both"}});
  ASSERT_EQ(started.status, 201) << started.body;
  const std::int64_t id = json(started)["id"];
  const Json running = json(skat::nettest::http_get(port_, tournament_path(id)));
  EXPECT_TRUE(running["rated"].get<bool>());
  EXPECT_TRUE(running["sealed"].get<bool>());
  // While it runs, its finished series count nowhere: not for the bot, not for the house bots.
  auto db = skat::db::open_database((dir_ / "skat.db").string());
  ASSERT_TRUE(db) << db.error().message;
  bool seen_while_running = false;
  for (int tries = 0; tries < 1500 && !seen_while_running; ++tries) {
    auto st = db->statement("SELECT count(*) FROM series WHERE status = 'finished'");
    ASSERT_TRUE(st);
    ASSERT_TRUE(st->step());
    const int finished = st->integer(0);
    const Json now = json(skat::nettest::http_get(port_, tournament_path(id)));
    if (now["status"] != "running") break;
    if (finished > 0) {
      seen_while_running = true;
      EXPECT_TRUE(json(skat::nettest::http_get(port_, "/api/leaderboard?kind=bots"))["players"].empty());
    } else {
      std::this_thread::sleep_for(20ms);
    }
  }
  EXPECT_TRUE(seen_while_running);
  const Json t = wait_ended(id);
  ASSERT_FALSE(t.is_null());
  ASSERT_EQ(t["status"], "finished") << t.dump();
  EXPECT_EQ(t["a"], "sandbox:anna-bot");
  EXPECT_EQ(t["report"]["a"], "sandbox:anna-bot");
  const Json faults = t["report"]["seatings"].back()["a"]["program_faults"];
  EXPECT_EQ(faults, (Json{{"timeouts", 0}, {"crashes", 0}, {"garbage", 0}})) << t["report"].dump();
  // Rated: the series are the bot account's and count now.
  bool listed = false;
  for (int tries = 0; tries < 100 && !listed; ++tries) {
    const Json board = json(skat::nettest::http_get(port_, "/api/leaderboard?kind=bots"));
    for (const Json& row : board["players"])
      if (row["name"] == "anna-bot") {
        listed = true;
        EXPECT_EQ(row["owner"]["name"], "anna");
        EXPECT_EQ(row["series"], 9);  // once per seat: two at each 2:1 table, one at each 1:2 table
      }
    if (!listed) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(listed);
  EXPECT_EQ(call(http::verb::delete_, program, anna).status, 200);
  EXPECT_EQ(call(http::verb::post, "/api/tournaments", anna, Json{{"a", "sandbox:anna-bot"}, {"b", "simple"}}).status,
            400);
}

}  // namespace
