// One WebSocket connection: owns the stream, its strand, the always-pending read, the bounded
// outgoing queue (one write in flight; a reader too slow to keep the queue under its bound is
// dropped), the per-connection rate limit (text messages, pings and pongs alike), the refusal of
// binary frames, the deadline for signing in, the connection's slot of the connection caps and the
// application's context of the connection. Everything else goes to the SessionHandler.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "server/net/connection_slots.h"
#include "server/net/handlers.h"
#include "server/net/limits.h"
#include "server/net/token_bucket.h"

namespace skat::net {

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<SessionHandler> handler, const Limits& limits,
            ConnectionSlot slot = {});

  // Completes the upgrade of `request` and starts reading.
  void run(HttpRequest request);
  // Thread-safe: queues one text message (dropped silently once the session is closing).
  void send(std::string text);
  void send(std::shared_ptr<const std::string> text);
  // Thread-safe: sends a close frame after the queued messages.
  void close();
  // Thread-safe: switches to the (larger) rate limit of an authenticated bot account.
  void use_bot_rate_limit();
  // Thread-safe: the player is welcomed; the hello deadline no longer applies.
  void authenticated();

  // The application's context of this connection: set in SessionHandler::on_open, read in the
  // handler's calls (all on the connection's strand).
  void set_context(std::shared_ptr<SessionContext> context) { context_ = std::move(context); }
  SessionContext* context() const { return context_.get(); }

  std::uint64_t id() const { return id_; }
  // The peer's IP address as text ("" when the socket could not tell), fixed at construction.
  const std::string& remote_address() const { return remote_address_; }

 private:
  void on_run();
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  bool take_token();
  void on_control_frame();
  void on_hello_deadline(boost::beast::error_code ec);
  void arm_hello_timer();
  void enqueue(std::shared_ptr<const std::string> text);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_close(boost::beast::websocket::close_reason reason = boost::beast::websocket::close_code::normal);
  void on_close(boost::beast::error_code ec);
  void drop();
  void finish();
  template <class F>
  void guarded(const char* what, F&& f);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::steady_timer hello_timer_;
  HttpRequest request_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::shared_ptr<SessionHandler> handler_;
  Limits limits_;
  TokenBucket bucket_;
  int strikes_ = 0;
  bool open_ = false;
  bool closing_ = false;
  bool close_sent_ = false;
  bool finished_ = false;
  bool authenticated_ = false;
  bool hello_expired_ = false;
  boost::beast::websocket::close_reason close_reason_;
  std::uint64_t id_;
  std::string remote_address_;
  ConnectionSlot slot_;
  std::shared_ptr<SessionContext> context_;
};

}  // namespace skat::net
