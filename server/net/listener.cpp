#include "server/net/listener.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <string_view>

namespace skat::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
using namespace std::chrono_literals;

namespace {
constexpr std::chrono::milliseconds kFirstDelay = 50ms;
constexpr std::chrono::milliseconds kLastDelay = 1s;
// Written by hand (no request was read), with the security headers every reply carries (make_reply).
constexpr std::string_view kBusyReply =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 21\r\n"
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\n"
    "X-Frame-Options: DENY\r\nReferrer-Policy: same-origin\r\nConnection: close\r\n\r\ntoo many connections\n";
}  // namespace

Listener::Listener(asio::io_context& io, const asio::ip::tcp::endpoint& endpoint,
                   std::shared_ptr<const Services> services)
    : io_(io),
      acceptor_(asio::make_strand(io)),
      retry_(acceptor_.get_executor()),
      services_(std::move(services)),
      slots_(std::make_shared<ConnectionSlots>(services_->limits.max_connections, per_address_cap(services_->limits))) {
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
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(io_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) return back_off(ec);
  delay_ = 0ms;
  admit(std::move(socket));
  do_accept();
}

// Out of descriptors the same accept fails again at once: retrying without a pause would spin a
// core and flood the log. The connection waits in the kernel's backlog meanwhile.
void Listener::back_off(beast::error_code ec) {
  delay_ = delay_ == 0ms ? kFirstDelay : std::min(delay_ * 2, kLastDelay);
  if (const auto held_back = log_.admit("accept " + ec.to_string(), LogThrottle::Clock::now()))
    spdlog::warn("accept failed: {}; retrying in {} ms ({} more failures like it since the last line)", ec.message(),
                 delay_.count(), *held_back);
  retry_.expires_after(delay_);
  retry_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
    if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
  });
}

void Listener::admit(asio::ip::tcp::socket socket) {
  beast::error_code ec;
  const auto peer = socket.remote_endpoint(ec);
  if (ec) return;  // the peer is gone already
  auto slot = slots_->acquire(peer.address());
  if (!slot) return refuse(socket, slot.error(), peer.address());
  // Small messages go out at once: without this, Nagle's algorithm holds the second of two
  // back-to-back frames (an event, then the act request) until the peer's delayed ACK (~40 ms).
  socket.set_option(asio::ip::tcp::no_delay(true), ec);
  std::make_shared<HttpSession>(std::move(socket), services_, std::move(*slot))->run();
}

// A 503 if the socket takes it without waiting (a fresh socket's send buffer is empty), then close.
void Listener::refuse(asio::ip::tcp::socket& socket, Refusal why, const asio::ip::address& peer) {
  const bool total = why == Refusal::total;
  if (const auto held_back = log_.admit(total ? "cap total" : "cap address", LogThrottle::Clock::now()))
    spdlog::warn("refused a connection from {}: {} ({} more refused since the last line)", peer.to_string(),
                 total ? "--max-connections reached" : "the per-address cap (--max-connections-per-address) reached",
                 *held_back);
  beast::error_code ec;
  socket.non_blocking(true, ec);
  if (!ec) socket.write_some(asio::buffer(kBusyReply), ec);
  socket.shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  socket.close(ec);
}

}  // namespace skat::net
