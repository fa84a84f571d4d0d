// The network layer's bounds on connections, against an in-process server: a WebSocket that never
// says hello is closed at its deadline (a welcomed one stays), a plain TCP connection that never
// sends a request, or only half a header, is closed at the header deadline, a binary frame closes
// the connection with 1003, a flood of ping frames is treated like a flood of messages, one address
// holds no more than its share of the connections, and connections beyond the per-address and the
// total cap are refused while the earlier ones go on, until one closes.
#include <gtest/gtest.h>

#include "tests/net/pool_server.h"
#include "tests/support/eventually.h"

namespace {

using skat::nettest::is_error;
using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace std::chrono_literals;
namespace asio = boost::asio;

class BoundsTest : public testing::Test {
 protected:
  void start(skat::app::ServeConfig config) {
    config.strength_tables.clear();
    server_ = std::make_unique<skat::nettest::PoolServer>(config, 0);
    port_ = server_->port();
  }
  static bool welcomed(WsClient& c, const std::string& name) {
    c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", name}});
    const auto m = c.read(30s);
    return m && m->value("type", "") == "welcome";
  }
  static bool answers_ping(WsClient& c) {
    c.send(Json{{"type", "ping"}});
    return c.read_type("pong", 30s).has_value();
  }
  // Reads until the server closes the connection (true) or a read waits 30 s in vain (false).
  static bool closed_by_server(WsClient& c, std::vector<Json>* seen = nullptr) {
    while (const auto m = c.read(30s))
      if (seen) seen->push_back(*m);
    return c.closed() && !c.timed_out();
  }

  std::unique_ptr<skat::nettest::PoolServer> server_;
  unsigned short port_ = 0;
};

TEST_F(BoundsTest, AWebSocketThatNeverSaysHelloIsClosedAtItsDeadline) {
  skat::app::ServeConfig config;
  config.limits.hello_timeout = 300ms;
  start(config);
  WsClient signed_in(port_);
  ASSERT_TRUE(welcomed(signed_in, "anna"));
  WsClient silent(port_);
  EXPECT_TRUE(closed_by_server(silent));
  EXPECT_EQ(silent.close_code(), 1008);  // policy violation
  // A failed hello does not stop the clock.
  WsClient refused(port_);
  refused.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "nobot"}, {"bot", true}, {"token", "forged"}});
  std::vector<Json> seen;
  EXPECT_TRUE(closed_by_server(refused, &seen));
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(is_error(seen.front(), "auth_failed"));
  EXPECT_EQ(refused.close_code(), 1008);
  // The welcomed connection, older than both deadlines, is still served.
  EXPECT_TRUE(answers_ping(signed_in));
}

TEST_F(BoundsTest, AConnectionThatNeverSendsARequestIsClosedAfterTheHeaderDeadline) {
  skat::app::ServeConfig config;
  config.limits.http_header_timeout = 1s;
  start(config);
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port_});
  char byte = 0;
  boost::system::error_code result = asio::error::would_block;
  socket.async_read_some(asio::buffer(&byte, 1), [&](boost::system::error_code ec, std::size_t) { result = ec; });
  io.run_for(30s);
  EXPECT_EQ(result, asio::error::eof);
}

// Half a header held open used to keep its slot for the whole 30 s of the request timeout (a few
// addresses so filled --max-connections); the header has its own, shorter deadline.
TEST_F(BoundsTest, HalfAHeaderIsClosedAtTheHeaderDeadline) {
  skat::app::ServeConfig config;
  config.limits.http_header_timeout = 1s;
  config.limits.http_timeout = 60s;
  start(config);
  const auto half = skat::nettest::raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc", 20s);
  EXPECT_TRUE(half.closed);
  EXPECT_EQ(half.received, "");  // no answer: it never asked anything
  EXPECT_GE(half.elapsed, 900ms);
  EXPECT_LT(half.elapsed, 10s);
  // The deadline runs again from each reply: a kept-alive connection that says nothing more closes.
  const auto idle = skat::nettest::raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 20s);
  EXPECT_EQ(idle.status(), 200) << idle.received;
  EXPECT_TRUE(idle.closed);
  EXPECT_LT(idle.elapsed, 10s);
  // A body that is still coming has the longer timeout: the header arrived in time.
  const auto body = skat::nettest::raw_exchange(
      port_, "POST /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{\"na", 3s);
  EXPECT_FALSE(body.closed) << body.received;
}

// Without --max-connections-per-address one address holds at most a tenth of --max-connections.
TEST_F(BoundsTest, OneAddressHoldsNoMoreThanItsShareOfTheConnections) {
  skat::app::ServeConfig config;
  config.limits.max_connections = 20;  // a share of 2
  start(config);
  std::vector<std::unique_ptr<WsClient>> held;
  for (int i = 0; i < 2; ++i) {
    held.push_back(std::make_unique<WsClient>(port_, "/ws", "127.0.0.1"));
    ASSERT_TRUE(welcomed(*held.back(), "a" + std::to_string(i)));
  }
  EXPECT_ANY_THROW(WsClient(port_, "/ws", "127.0.0.1"));
  const auto raw = skat::nettest::raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 10s);
  EXPECT_EQ(raw.status(), 503) << raw.received;
  // Another address has its own share.
  WsClient other(port_, "/ws", "127.0.0.2");
  EXPECT_TRUE(welcomed(other, "b0"));
  EXPECT_EQ(skat::net::per_address_cap({}), 64U);  // 10,000 in all: 64 each, as before
  skat::net::Limits set;
  set.max_connections = 20;
  set.max_connections_per_address = 15;
  EXPECT_EQ(skat::net::per_address_cap(set), 15U);  // set by the operator: as set
}

TEST_F(BoundsTest, ABinaryFrameClosesTheConnectionAsUnsupportedData) {
  start({});
  WsClient c(port_);
  ASSERT_TRUE(welcomed(c, "anna"));
  ASSERT_TRUE(c.send_binary(Json{{"type", "ping"}}.dump()));
  std::vector<Json> seen;
  EXPECT_TRUE(closed_by_server(c, &seen));
  EXPECT_TRUE(seen.empty()) << seen.front().dump();  // not answered
  EXPECT_EQ(c.close_code(), 1003);
  WsClient next(port_);
  ASSERT_TRUE(welcomed(next, "berta"));
  EXPECT_TRUE(answers_ping(next));
}

TEST_F(BoundsTest, APingFloodIsRateLimitedAndThenClosed) {
  start({});
  WsClient c(port_);
  ASSERT_TRUE(welcomed(c, "anna"));
  for (int i = 0; i < 300; ++i)
    if (!c.ping()) break;
  std::vector<Json> seen;
  EXPECT_TRUE(closed_by_server(c, &seen));
  EXPECT_TRUE(!seen.empty() && is_error(seen.front(), "rate_limited"));
  EXPECT_EQ(c.close_code(), 1008);
}

TEST_F(BoundsTest, ConnectionsBeyondTheCapsAreRefusedUntilOneCloses) {
  skat::app::ServeConfig config;
  config.limits.max_connections = 5;
  config.limits.max_connections_per_address = 3;
  start(config);
  std::vector<std::unique_ptr<WsClient>> first, second;  // from 127.0.0.1, from 127.0.0.2
  for (int i = 0; i < 3; ++i) {
    first.push_back(std::make_unique<WsClient>(port_, "/ws", "127.0.0.1"));
    ASSERT_TRUE(welcomed(*first.back(), "a" + std::to_string(i)));
  }
  // A fourth from the same address is refused, a WebSocket and plain HTTP alike.
  EXPECT_ANY_THROW(WsClient(port_, "/ws", "127.0.0.1"));
  int status = 0;
  try {
    status = skat::nettest::http_get(port_, "/healthz").status;
  } catch (const std::exception&) {
    status = -1;  // closed before the 503 could be read
  }
  EXPECT_TRUE(status == 503 || status == -1) << status;
  // Another address has room until the total is reached.
  for (int i = 0; i < 2; ++i) {
    second.push_back(std::make_unique<WsClient>(port_, "/ws", "127.0.0.2"));
    ASSERT_TRUE(welcomed(*second.back(), "b" + std::to_string(i)));
  }
  EXPECT_ANY_THROW(WsClient(port_, "/ws", "127.0.0.2"));
  // Everyone admitted goes on.
  for (auto& c : first) EXPECT_TRUE(answers_ping(*c));
  for (auto& c : second) EXPECT_TRUE(answers_ping(*c));
  // One closes: its slot frees, for its own address first of all.
  first.erase(first.begin());
  std::unique_ptr<WsClient> late;
  EXPECT_TRUE(skat::test::eventually(
      [&] {
        try {
          late = std::make_unique<WsClient>(port_, "/ws", "127.0.0.1");
          return true;
        } catch (const std::exception&) {
          return false;
        }
      },
      60s, 50ms));
  ASSERT_TRUE(late);
  ASSERT_TRUE(welcomed(*late, "late"));
  EXPECT_TRUE(answers_ping(*late));
  EXPECT_ANY_THROW(WsClient(port_, "/ws", "127.0.0.3"));  // full again in all
}

}  // namespace
