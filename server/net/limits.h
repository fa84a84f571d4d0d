// Limits every connection runs under: HTTP header/body sizes, the WebSocket message size, the
// outgoing queue bound (a slow reader beyond it is dropped), the incoming message rate, the time a
// WebSocket has to sign in, and the caps on open connections in all and per peer address.
#pragma once

#include <chrono>
#include <cstddef>

namespace skat::net {

struct Limits {
  std::size_t http_header_bytes = 8 * 1024;
  std::size_t http_body_bytes = 64 * 1024;
  std::chrono::seconds http_timeout{30};  // a request must arrive whole within it (also the first)
  std::size_t ws_message_bytes = 64 * 1024;
  std::size_t ws_queue_messages = 256;  // outgoing messages waiting; more and the client is dropped
  double ws_rate_per_second = 20.0;     // token bucket refill (messages, pings and pongs)
  double ws_rate_burst = 40.0;          // token bucket size
  int ws_rate_strikes = 20;             // frames over the limit before the connection is closed
  // Authenticated bot accounts act for every move of all-bot tables (dozens of moves a second at
  // several tables), so their connections get a larger bucket once they have logged in.
  double ws_bot_rate_per_second = 1000.0;
  double ws_bot_rate_burst = 2000.0;
  // A WebSocket whose player is not welcomed within this time (from the upgrade) is closed.
  std::chrono::milliseconds hello_timeout{std::chrono::seconds(10)};
  // Open TCP connections (HTTP and WebSocket alike), in all and from one peer address (an IPv6
  // peer counts by its /64); one more is refused at accept. 0: no cap. The total matches the
  // target of 10,000 idle connections (docs/performance.md), about 115 MB when all are signed in.
  std::size_t max_connections = 10000;
  std::size_t max_connections_per_address = 64;
};

}  // namespace skat::net
