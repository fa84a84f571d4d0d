#include "server/net/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

namespace skat::net {

namespace asio = boost::asio;
namespace beast = boost::beast;

Listener::Listener(asio::io_context& io, const asio::ip::tcp::endpoint& endpoint,
                   std::shared_ptr<const Services> services)
    : io_(io), acceptor_(asio::make_strand(io)), services_(std::move(services)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void Listener::run() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] { self->do_accept(); });
}

void Listener::stop() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(io_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    spdlog::warn("accept: {}", ec.message());
  } else {
    // Small messages go out at once: without this, Nagle's algorithm holds the second of two
    // back-to-back frames (an event, then the act request) until the peer's delayed ACK (~40 ms).
    socket.set_option(asio::ip::tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(std::move(socket), services_)->run();
  }
  do_accept();
}

}  // namespace skat::net
