// The listening socket: accepts connections, each on its own strand, and hands them to an
// HttpSession. stop() closes the acceptor so a shutting-down server takes no new connections.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "server/net/http_session.h"

namespace skat::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once (throws on failure, before any handler runs).
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           std::shared_ptr<const Services> services);
  void run();
  void stop();
  unsigned short port() const { return port_; }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<const Services> services_;
  unsigned short port_ = 0;
};

}  // namespace skat::net
