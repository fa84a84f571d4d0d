// Server addresses as clients are given them (botclient/server_url.h): the HTTP base of the CLI
// and the WebSocket URL of the bot client, with default ports, IPv6 hosts and refusals.
#include <gtest/gtest.h>

#include "botclient/server_url.h"

namespace skat::botclient {
namespace {

TEST(ServerUrl, ReadsHostPortAndPath) {
  const auto ws = parse_server_url("ws://127.0.0.1:8080/ws", "ws");
  ASSERT_TRUE(ws);
  EXPECT_EQ(ws->host, "127.0.0.1");
  EXPECT_EQ(ws->port, "8080");
  EXPECT_EQ(ws->path, "/ws");
  EXPECT_EQ(ws->authority, "127.0.0.1:8080");

  const auto http = parse_server_url("http://skat.example", "http");
  ASSERT_TRUE(http);
  EXPECT_EQ(http->host, "skat.example");
  EXPECT_EQ(http->port, "80");
  EXPECT_EQ(http->path, "/");

  const auto v6 = parse_server_url("ws://[::1]:9000/ws?debug=1", "ws");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->host, "::1");
  EXPECT_EQ(v6->authority, "[::1]:9000");
  EXPECT_EQ(v6->path, "/ws?debug=1");
}

TEST(ServerUrl, RefusesWhatIsNoServerAddress) {
  EXPECT_FALSE(parse_server_url("http://127.0.0.1:8080", "ws"));  // another scheme
  EXPECT_FALSE(parse_server_url("127.0.0.1:8080", "http"));
  EXPECT_FALSE(parse_server_url("ws:///ws", "ws"));  // no host
  EXPECT_FALSE(parse_server_url("ws://host:port/ws", "ws"));
  EXPECT_FALSE(parse_server_url("ws://host:99999/ws", "ws"));
  EXPECT_FALSE(parse_server_url("ws://host:/ws", "ws"));
  EXPECT_FALSE(parse_server_url("ws://user@host:8080/ws", "ws"));
  EXPECT_FALSE(parse_server_url("ws://host:8080/ws#top", "ws"));
  EXPECT_FALSE(parse_server_url("ws://host:8080/%zz", "ws"));
  EXPECT_FALSE(parse_server_url("", "ws"));
}

}  // namespace
}  // namespace skat::botclient
