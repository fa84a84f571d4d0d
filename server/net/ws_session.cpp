#include "server/net/ws_session.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <utility>

namespace skat::net {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace asio = boost::asio;

namespace {
std::atomic<std::uint64_t> next_session_id{1};
}

WsSession::WsSession(asio::ip::tcp::socket&& socket, std::shared_ptr<SessionHandler> handler, const Limits& limits)
    : ws_(std::move(socket)),
      handler_(std::move(handler)),
      limits_(limits),
      bucket_(limits.ws_rate_per_second, limits.ws_rate_burst),
      id_(next_session_id.fetch_add(1)) {
  beast::error_code ec;
  const auto peer = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  if (!ec) remote_address_ = peer.address().to_string();
}

// Handlers must never let an exception escape into Asio; a failing handler ends the session.
template <class F>
void WsSession::guarded(const char* what, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    spdlog::error("session {}: {} failed: {}", id_, what, e.what());
    drop();
  }
}

void WsSession::run(HttpRequest request) {
  request_ = std::move(request);
  asio::dispatch(ws_.get_executor(), beast::bind_front_handler(&WsSession::on_run, shared_from_this()));
}

void WsSession::on_run() {
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "skat"); }));
  ws_.read_message_max(limits_.ws_message_bytes);
  ws_.async_accept(request_, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return spdlog::debug("session {}: upgrade failed: {}", id_, ec.message());
  request_ = {};
  open_ = true;
  guarded("open", [&] { handler_->on_open(shared_from_this()); });
  do_read();
}

void WsSession::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec != websocket::error::closed && ec != asio::error::operation_aborted)
      spdlog::debug("session {}: read ended: {}", id_, ec.message());
    return finish();
  }
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (!bucket_.take(TokenBucket::Clock::now())) {
    ++strikes_;
    guarded("rate limit", [&] { handler_->on_rate_limited(shared_from_this()); });
    if (strikes_ > limits_.ws_rate_strikes && !closing_) {
      spdlog::info("session {}: closed for flooding", id_);
      do_close();
    }
  } else {
    guarded("message", [&] { handler_->on_message(shared_from_this(), text); });
  }
  do_read();
}

void WsSession::send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }

void WsSession::send(std::shared_ptr<const std::string> text) {
  asio::post(ws_.get_executor(),
             [self = shared_from_this(), text = std::move(text)]() mutable { self->enqueue(std::move(text)); });
}

void WsSession::close() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] { self->do_close(); });
}

void WsSession::use_bot_rate_limit() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->bucket_ = TokenBucket(self->limits_.ws_bot_rate_per_second, self->limits_.ws_bot_rate_burst);
  });
}

void WsSession::enqueue(std::shared_ptr<const std::string> text) {
  if (!open_ || closing_ || finished_) return;
  if (queue_.size() >= limits_.ws_queue_messages) {
    spdlog::warn("session {}: dropped, {} messages waiting (slow reader)", id_, queue_.size());
    return drop();
  }
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) do_write();
}

void WsSession::do_write() {
  ws_.text(true);
  ws_.async_write(asio::buffer(*queue_.front()), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    queue_.clear();
    return drop();
  }
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (closing_ && !close_sent_) do_close();
}

// A close frame goes out after the queued messages (never while a write is in flight).
void WsSession::do_close() {
  if (!open_ || finished_) return;
  closing_ = true;
  if (!queue_.empty() || close_sent_) return;
  close_sent_ = true;
  ws_.async_close(websocket::close_code::normal, beast::bind_front_handler(&WsSession::on_close, shared_from_this()));
}

void WsSession::on_close(beast::error_code ec) {
  if (ec) spdlog::debug("session {}: close: {}", id_, ec.message());
}

// Hard stop: the socket closes, the pending read fails and finish() reports the end once.
void WsSession::drop() {
  closing_ = true;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(ws_).close();
}

void WsSession::finish() {
  if (finished_) return;
  finished_ = true;
  closing_ = true;
  queue_.clear();
  if (open_) guarded("close", [&] { handler_->on_close(shared_from_this()); });
}

}  // namespace skat::net
