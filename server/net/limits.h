// Limits every connection runs under: HTTP header/body sizes, the WebSocket message size, the
// outgoing queue bound (a slow reader beyond it is dropped) and the incoming message rate.
#pragma once

#include <chrono>
#include <cstddef>

namespace skat::net {

struct Limits {
  std::size_t http_header_bytes = 8 * 1024;
  std::size_t http_body_bytes = 64 * 1024;
  std::chrono::seconds http_timeout{30};
  std::size_t ws_message_bytes = 64 * 1024;
  std::size_t ws_queue_messages = 256;  // outgoing messages waiting; more and the client is dropped
  double ws_rate_per_second = 20.0;     // token bucket refill
  double ws_rate_burst = 40.0;          // token bucket size
  int ws_rate_strikes = 20;             // messages over the limit before the connection is closed
  // Authenticated bot accounts act for every move of all-bot tables (dozens of moves a second at
  // several tables), so their connections get a larger bucket once they have logged in.
  double ws_bot_rate_per_second = 1000.0;
  double ws_bot_rate_burst = 2000.0;
};

}  // namespace skat::net
