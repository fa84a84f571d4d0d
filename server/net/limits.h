// Limits every connection runs under: HTTP header/body sizes and the time a request's header and
// then its body have to arrive, the WebSocket message size, the outgoing queue bound (a slow reader
// beyond it is dropped), the incoming message rate, the time a WebSocket has to sign in, and the
// caps on open connections in all and per peer address.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>

namespace skat::net {

struct Limits {
  std::size_t http_header_bytes = 8 * 1024;
  // The most body any route takes; each route takes less (HttpHandler::on_header: none for GET).
  std::size_t http_body_bytes = 64 * 1024;
  // A request's header must arrive within this of the connection's start or of the previous reply
  // (a connection that sends none, or half a header, is closed then); its body within http_timeout
  // of the header.
  std::chrono::milliseconds http_header_timeout{std::chrono::seconds(5)};
  std::chrono::milliseconds http_timeout{std::chrono::seconds(30)};
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
  // The per-address cap, when not set, is per_address_cap's share of the total.
  std::size_t max_connections = 10000;
  std::optional<std::size_t> max_connections_per_address;
};

// The cap on one address's connections: as set, else a tenth of max_connections (at least 1, at
// most 64; 64 without a total cap), so that a few addresses cannot take every slot.
inline std::size_t per_address_cap(const Limits& limits) {
  if (limits.max_connections_per_address) return *limits.max_connections_per_address;
  if (limits.max_connections == 0) return 64;
  return std::clamp<std::size_t>(limits.max_connections / 10, 1, 64);
}

}  // namespace skat::net
