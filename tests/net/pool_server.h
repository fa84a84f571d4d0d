// Test fixture for the network tests: an in-process server on a free port (memory store) with a
// pool of in-process bot clients (groups of one program each; `simple` by default) on their own
// thread with a shared pool of decision workers, and a helper that waits until a client sees
// every bot online.
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "botclient/bot_client.h"
#include "server/app/server.h"
#include "server/store/memory_store.h"
#include "tests/net/ws_test_client.h"

namespace skat::nettest {

// Says hello as a guest named `name` (with `token` when given): the welcome, or nothing when the
// server answers anything else first.
inline std::optional<Json> guest_hello(WsClient& c, const std::string& name, const std::string& token = "") {
  Json h{{"type", "hello"}, {"protocol", 1}, {"name", name}};
  if (!token.empty()) h["token"] = token;
  c.send(h);
  auto m = c.read();
  if (!m || m->value("type", "") != "welcome") return std::nullopt;
  return m;
}

// Polls the lobby until `done` holds for it (the snapshot may lag by its rebuild window).
inline bool lobby_until(WsClient& c, const std::function<bool(const Json&)>& done) {
  for (int tries = 0; tries < 600; ++tries) {
    c.send(Json{{"type", "lobby"}});
    const auto lobby = c.read_type("lobby");
    if (!lobby) return false;
    if (done(*lobby)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// `count` bots named prefix-1, prefix-2, … running `spec`, answering no sooner than `delay`.
struct BotGroup {
  std::string prefix;
  std::string spec = "simple";
  int count = 1;
  std::chrono::milliseconds delay{0};
};

class PoolServer {
 public:
  // Starts the server with `config` (port and web folder are set here) and `bots` pool bots named
  // pool-1, pool-2, ….
  PoolServer(app::ServeConfig config, int bots) : PoolServer(std::move(config), {BotGroup{"pool", "simple", bots}}) {}

  PoolServer(app::ServeConfig config, const std::vector<BotGroup>& groups) {
    config.port = 0;
    config.web_dir = testing::TempDir() + "no-such-web-folder";
    server_ = std::make_unique<app::Server>(config, store_, nullptr, "test-admin-token-0123456789");
    port_ = server_->start(false);
    std::uint64_t seed = 0;
    for (const BotGroup& group : groups) {
      const auto spec = bots::parse_bot_spec(group.spec);
      EXPECT_TRUE(spec) << group.spec;
      if (!spec) continue;
      for (int i = 1; i <= group.count; ++i) {
        const auto account = store_.create_bot(group.prefix + "-" + std::to_string(i), spec->kind);
        EXPECT_TRUE(account);
        if (!account) continue;
        botclient::BotSettings s;
        s.endpoint = {"127.0.0.1", std::to_string(port_), "/ws"};
        s.name = account->name;
        s.token = account->token;
        s.spec = *spec;
        s.seed = ++seed;
        s.workers = &workers_;
        s.delay = group.delay;
        bots_.push_back(std::make_shared<botclient::BotConnection>(bot_io_, s));
        bots_.back()->start();
      }
    }
    bot_thread_ = std::thread([this] { bot_io_.run(); });
  }
  ~PoolServer() {
    boost::asio::post(bot_io_, [this] {
      for (auto& b : bots_) b->stop();
    });
    bot_thread_.join();
    workers_.join();
    server_->stop();
    server_->wait();
  }
  PoolServer(const PoolServer&) = delete;
  PoolServer& operator=(const PoolServer&) = delete;

  unsigned short port() const { return port_; }
  app::Server& server() { return *server_; }
  app::MemoryStore& store() { return store_; }

  // Polls the lobby with `client` (already welcomed) until `online` players are online.
  static bool wait_online(WsClient& client, std::size_t online) {
    for (int tries = 0; tries < 2000; ++tries) {
      client.send(Json{{"type", "lobby"}});
      const auto lobby = client.read_type("lobby");
      if (!lobby) return false;
      if ((*lobby)["online"].size() >= online) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

 private:
  app::MemoryStore store_;
  std::unique_ptr<app::Server> server_;
  unsigned short port_ = 0;
  boost::asio::io_context bot_io_;
  boost::asio::thread_pool workers_{2};
  std::vector<std::shared_ptr<botclient::BotConnection>> bots_;
  std::thread bot_thread_;
};

}  // namespace skat::nettest
