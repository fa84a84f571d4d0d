// The cluster's nodes and the bot fleet, in process: a server running as node "a" on a store that
// reports the other live nodes as the test sets them. Its welcome lists the live nodes and its
// bots hear when they change; a fleet connected through /ws gets one connection per listed node,
// at most one each, also for a node listed later. The route to a node keeps host and port.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <mutex>
#include <thread>

#include "botclient/bot_fleet.h"
#include "common/text_rules.h"
#include "server/app/server.h"
#include "server/store/memory_store.h"
#include "tests/net/ws_test_client.h"
#include "tests/support/eventually.h"

namespace {

using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace std::chrono_literals;
namespace botclient = skat::botclient;
namespace text = skat::text;

TEST(BotFleet, TheRouteToANodeKeepsHostAndPort) {
  const botclient::Endpoint first{"skat.example", "8080", "/ws"};
  const botclient::Endpoint b = botclient::route_to_node(first, "b");
  EXPECT_EQ(b.host, "skat.example");
  EXPECT_EQ(b.port, "8080");
  EXPECT_EQ(b.path, "/n/b/ws");
  EXPECT_TRUE(text::is_node_name("node-2_x"));
  for (const char* bad : {"", "B", "a/b", "..", "a b", "n%2f", "abcdefghijklmnopqrstuvwxyz0123456"})
    EXPECT_FALSE(text::is_node_name(bad)) << bad;
}

// A store whose other live nodes are whatever the test says.
class NodesStore : public skat::app::MemoryStore {
 public:
  skat::app::StoreResult<std::vector<NodeTables>> exchange_lobby(const std::string&) override {
    const std::lock_guard lock(mutex_);
    std::vector<NodeTables> out;
    for (const std::string& n : others_) out.push_back({n, "[]"});
    return out;
  }
  void set_others(std::vector<std::string> others) {
    const std::lock_guard lock(mutex_);
    others_ = std::move(others);
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> others_;
};

class NodeServer {
 public:
  NodeServer() {
    skat::app::ServeConfig config;
    config.port = 0;
    config.web_dir = testing::TempDir() + "no-such-web-folder";
    config.node = "a";
    server_ = std::make_unique<skat::app::Server>(config, store_, nullptr, "test-admin-token-0123456789");
    port_ = server_->start(false);
  }
  ~NodeServer() {
    server_->stop();
    server_->wait();
  }
  NodeServer(const NodeServer&) = delete;
  NodeServer& operator=(const NodeServer&) = delete;

  unsigned short port() const { return port_; }
  NodesStore& store() { return store_; }

  // The welcome of a new guest connection.
  std::optional<Json> welcome() {
    WsClient c(port_);
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "guest"}});
    return c.read_type("welcome");
  }

 private:
  NodesStore store_;
  std::unique_ptr<skat::app::Server> server_;
  unsigned short port_ = 0;
};

TEST(BotFleet, ANodeListsTheLiveNodesAndItsBotsConnectToEachOnce) {
  NodeServer server;
  const auto first = server.welcome();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["node"], "a");
  EXPECT_EQ((*first)["nodes"], Json::array({"a"}));

  const auto account = server.store().create_bot("fleet-1", "simple");
  ASSERT_TRUE(account);
  const auto spec = skat::bots::parse_bot_spec("simple");
  ASSERT_TRUE(spec);
  boost::asio::io_context io;
  const std::string port = std::to_string(server.port());
  // Node a is this server (it also listens on /n/a/ws); node b is not up: its route fails.
  botclient::BotFleet fleet(io);
  fleet.add([&](const std::string&) {
    botclient::BotSettings s;
    s.endpoint = {"127.0.0.1", port, "/ws"};
    s.name = account->name;
    s.token = account->token;
    s.spec = *spec;
    return s;
  });
  std::thread io_thread([&] { io.run(); });

  // Both welcomes (through /ws and /n/a/ws) list node a: one connection to it, not two.
  EXPECT_TRUE(skat::test::eventually([&] { return fleet.counts().connected == 2; }, 60s));
  EXPECT_EQ(fleet.counts().connections, 2);
  EXPECT_EQ(fleet.nodes_of(0), std::vector<std::string>{"a"});

  // A guest connected before node b appears hears nothing of it; the bots do.
  WsClient guest(server.port());
  guest.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "early"}});
  ASSERT_TRUE(guest.read_type("welcome"));
  WsClient bot(server.port());
  bot.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "fleet-1"}, {"token", account->token}, {"bot", true}});
  ASSERT_TRUE(bot.read_type("welcome"));
  server.store().set_others({"b"});
  const auto told = bot.read_type("nodes");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["nodes"], Json::array({"a", "b"}));
  EXPECT_TRUE(skat::test::eventually([&] { return fleet.nodes_of(0) == std::vector<std::string>{"a", "b"}; }, 60s));
  EXPECT_EQ(fleet.counts().connections, 3);
  EXPECT_EQ(fleet.counts().connected, 2);  // node b is down: its connection retries
  guest.send(Json{{"type", "ping"}});
  bool told_guest = false;
  EXPECT_TRUE(guest.read_until([&](const Json& m) {
    told_guest = told_guest || m.value("type", "") == "nodes";
    return m.value("type", "") == "pong";
  }));
  EXPECT_FALSE(told_guest);
  const auto later = server.welcome();
  ASSERT_TRUE(later);
  EXPECT_EQ((*later)["nodes"], Json::array({"a", "b"}));

  boost::asio::post(io, [&] { fleet.stop(); });
  io_thread.join();
  EXPECT_EQ(fleet.counts().connected, 0);
}

}  // namespace
