// The listening socket: accepts connections, each on its own strand, and hands them to an
// HttpSession holding a slot of the connection caps (a connection beyond a cap is answered 503 and
// closed at once). When accept fails (out of descriptors, of memory) it waits before trying again,
// 50 ms doubling to 1 s, and logs at most one line a second per kind of failure. stop() closes the
// acceptor so a shutting-down server takes no new connections.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>

#include "server/net/connection_slots.h"
#include "server/net/http_session.h"
#include "server/net/log_throttle.h"

namespace skat::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once (throws on failure, before any handler runs).
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           std::shared_ptr<const Services> services);
  void run();
  void stop();
  unsigned short port() const { return port_; }
  // Open connections (thread-safe).
  std::size_t connections() const { return slots_->open(); }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  void back_off(boost::beast::error_code ec);
  void admit(boost::asio::ip::tcp::socket socket);
  void refuse(boost::asio::ip::tcp::socket& socket, Refusal why, const boost::asio::ip::address& peer);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  std::shared_ptr<const Services> services_;
  std::shared_ptr<ConnectionSlots> slots_;
  std::chrono::milliseconds delay_{0};  // the current back-off after failed accepts; 0 after a success
  LogThrottle log_;
  unsigned short port_ = 0;
};

}  // namespace skat::net
