// The fixture of the tests of players' bots and tournaments: an in-process server on SQLite in a
// folder of its own, with guests' session tokens, HTTP calls, house bots and bot clients of any
// account on a thread of their own, and waits for the lobby and for a tournament's end.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "botclient/bot_client.h"
#include "server/app/server.h"
#include "server/http/database_read_model.h"
#include "server/store/database_store.h"
#include "tests/net/ws_test_client.h"

namespace skat::nettest {

namespace bot_accounts_fixture {
namespace fs = std::filesystem;
namespace http = boost::beast::http;
using namespace std::chrono_literals;

inline constexpr const char* kBotAccountsAdmin = "admin-token-for-the-bot-account-tests-0123456789";

class BotAccountsTest : public testing::Test {
 protected:
  void start(skat::app::ServeConfig config = {}) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(testing::TempDir()) / (std::string("skat_bot_accounts_") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const std::string db = (dir_ / "skat.db").string();
    auto store = skat::app::DatabaseStore::open(db);
    ASSERT_TRUE(store) << store.error().message;
    store_ = std::move(*store);
    config.port = 0;
    config.web_dir = (dir_ / "no-web").string();
    server_ = std::make_unique<skat::app::Server>(config, *store_, std::make_shared<skat::app::DatabaseReadModel>(db),
                                                  kBotAccountsAdmin);
    port_ = server_->start(false);
    bot_thread_ = std::thread([this] { bot_io_.run(); });
  }
  void TearDown() override {
    boost::asio::post(bot_io_, [this] {
      for (auto& b : bots_) b->stop();
    });
    work_.reset();
    if (bot_thread_.joinable()) bot_thread_.join();
    workers_.join();
    if (!server_) return;
    server_->stop();
    server_->wait();
  }

  // A guest's session token.
  std::string guest(const std::string& name) {
    WsClient c(port_);
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", name}});
    const auto welcome = c.read_type("welcome");
    EXPECT_TRUE(welcome);
    return welcome ? welcome->value("token", "") : "";
  }
  HttpResult call(http::verb verb, const std::string& target, const std::string& token, const Json& body = nullptr) {
    return skat::nettest::http_request(port_, verb, target, body.is_null() ? "" : body.dump(), token);
  }
  static Json json(const HttpResult& r) { return Json::parse(r.body, nullptr, false); }

  // A bot client of this account announcing `spec` (a player's bot may announce anything).
  void connect_bot(const std::string& name, const std::string& token, const std::string& spec,
                   std::chrono::milliseconds delay = 0ms) {
    skat::botclient::BotSettings s;
    s.endpoint = {"127.0.0.1", std::to_string(port_), "/ws"};
    s.name = name;
    s.token = token;
    s.spec = *skat::bots::parse_bot_spec(spec);
    s.seed = ++bots_connected_;  // bots_ itself belongs to the bot thread
    s.workers = &workers_;
    s.delay = delay;
    boost::asio::post(bot_io_, [this, s] {
      bots_.push_back(std::make_shared<skat::botclient::BotConnection>(bot_io_, s));
      bots_.back()->start();
    });
  }
  // A house bot created through the admin API and connected.
  void house_bot(const std::string& name, const std::string& spec) {
    const auto r =
        call(http::verb::post, "/api/admin/bots", kBotAccountsAdmin, Json{{"name", name}, {"kind", "simple"}});
    ASSERT_EQ(r.status, 201) << r.body;
    connect_bot(name, json(r)["token"], spec);
  }
  // Waits until `n` bots are online (lobby).
  bool bots_online(std::size_t n) {
    for (int tries = 0; tries < 400; ++tries) {
      const Json lobby = json(skat::nettest::http_get(port_, "/api/tables"));
      std::size_t bots = 0;
      for (const Json& p : lobby["online"]) bots += p.value("bot", false) ? 1 : 0;
      if (bots >= n) return true;
      std::this_thread::sleep_for(25ms);
    }
    return false;
  }
  // Whether a player of this name is online (the lobby).
  bool online(const std::string& name) {
    const Json lobby = json(skat::nettest::http_get(port_, "/api/tables"));
    for (const Json& p : lobby["online"])
      if (p.value("name", "") == name) return true;
    return false;
  }
  // Whether the lobby, which follows within a moment, soon shows none of these online.
  bool gone(std::initializer_list<std::string> names) {
    for (int tries = 0; tries < 200; ++tries) {
      if (std::ranges::none_of(names, [&](const std::string& name) { return online(name); })) return true;
      std::this_thread::sleep_for(25ms);
    }
    return false;
  }
  // A guest (on `c`) at seat 0 of a new table with house-1 and house-2 at seats 1 and 2, the series
  // started; the table's id.
  std::int64_t table_with_two_bots(WsClient& c) {
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "anna"}});
    EXPECT_TRUE(c.read_type("welcome"));
    c.send(Json{{"type", "create_table"}, {"deals", 36}});
    const auto created = c.read_type("table_created");
    EXPECT_TRUE(created);
    if (!created) return 0;
    const std::int64_t table = (*created)["table"];
    c.send(Json{{"type", "join_table"}, {"table", table}, {"seat", 0}});
    c.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 1}, {"bot", "house-1"}});
    c.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 2}, {"bot", "house-2"}});
    std::set<int> seated;
    while (seated.size() < 3) {
      const auto m = c.read_until([](const Json& j) { return j.value("type", "") == "seated"; }, 20s);
      EXPECT_TRUE(m);
      if (!m) return 0;
      seated.insert((*m)["seat"].get<int>());
    }
    c.send(Json{{"type", "start_series"}, {"table", table}});
    EXPECT_TRUE(c.read_type("game_started", 20s));
    return table;
  }
  // The next `replacing` of this seat (a substitute asked for), within `wait`.
  static bool replacing(WsClient& c, int seat, std::chrono::milliseconds wait) {
    return c
        .read_until([seat](const Json& j) { return j.value("type", "") == "replacing" && j.value("seat", -1) == seat; },
                    wait)
        .has_value();
  }
  Json wait_ended(std::int64_t id) {
    for (int tries = 0; tries < 1500; ++tries) {
      const Json t = json(skat::nettest::http_get(port_, "/api/tournaments/" + std::to_string(id)));
      if (t.value("status", "") != "running") return t;
      std::this_thread::sleep_for(20ms);
    }
    return nullptr;
  }

  fs::path dir_;
  std::unique_ptr<skat::app::DatabaseStore> store_;
  std::unique_ptr<skat::app::Server> server_;
  unsigned short port_ = 0;
  boost::asio::io_context bot_io_;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_{bot_io_.get_executor()};
  boost::asio::thread_pool workers_{2};
  std::vector<std::shared_ptr<skat::botclient::BotConnection>> bots_;  // touched on the bot thread only
  std::uint64_t bots_connected_ = 0;                                   // the test thread's count
  std::thread bot_thread_;
};

}  // namespace bot_accounts_fixture

}  // namespace skat::nettest
