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

WsSession::WsSession(asio::ip::tcp::socket&& socket, std::shared_ptr<SessionHandler> handler, const Limits& limits,
                     ConnectionSlot slot)
    : ws_(std::move(socket)),
      hello_timer_(ws_.get_executor()),
      handler_(std::move(handler)),
      limits_(limits),
      bucket_(limits.ws_rate_per_second, limits.ws_rate_burst),
      id_(next_session_id.fetch_add(1)),
      slot_(std::move(slot)) {
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
  // One message, one frame (docs/protocol.md §1): Beast would otherwise cut messages larger than
  // its write buffer (4 KiB) into continuation frames, which simple clients miss.
  ws_.auto_fragment(false);
  // Beast answers pings by itself inside the read; they still cost a token each, like a message.
  ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
    if (kind != websocket::frame_type::close)
      asio::post(ws_.get_executor(), [self = shared_from_this()] { self->on_control_frame(); });
  });
  arm_hello_timer();
  ws_.async_accept(request_, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) {
    hello_timer_.cancel();
    return spdlog::debug("session {}: upgrade failed: {}", id_, ec.message());
  }
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
  if (closing_) return do_read();  // nothing more is handled; the read ends with the close
  if (!ws_.got_text()) {
    spdlog::debug("session {}: closed for a binary frame", id_);
    do_close({websocket::close_code::unknown_data, "binary frames are refused"});
  } else if (take_token()) {
    guarded("message", [&] { handler_->on_message(shared_from_this(), text); });
  }
  do_read();
}

// One token per incoming frame; over the limit it is a strike (reported to the handler), and past
// the allowed strikes the session closes.
bool WsSession::take_token() {
  if (bucket_.take(TokenBucket::Clock::now())) return true;
  ++strikes_;
  guarded("rate limit", [&] { handler_->on_rate_limited(shared_from_this()); });
  if (strikes_ > limits_.ws_rate_strikes && !closing_) {
    spdlog::info("session {}: closed for flooding", id_);
    do_close({websocket::close_code::policy_error, "too many messages"});
  }
  return false;
}

void WsSession::on_control_frame() {
  if (!open_ || closing_ || finished_) return;
  take_token();
}

void WsSession::arm_hello_timer() {
  hello_timer_.expires_after(limits_.hello_timeout);
  hello_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (const auto self = weak.lock()) self->on_hello_deadline(ec);
  });
}

// No welcome in time: a close frame saying why; a peer that does not answer it within one more
// period (or is still in the upgrade) is dropped.
void WsSession::on_hello_deadline(beast::error_code ec) {
  if (ec || authenticated_ || finished_) return;
  if (hello_expired_ || !open_) return drop();
  hello_expired_ = true;
  spdlog::debug("session {}: closed, no hello within {} ms", id_, limits_.hello_timeout.count());
  do_close({websocket::close_code::policy_error, "no hello in time"});
  arm_hello_timer();
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

void WsSession::authenticated() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->authenticated_ = true;
    if (!self->hello_expired_) self->hello_timer_.cancel();
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
  if (closing_ && !close_sent_) do_close(close_reason_);
}

// A close frame goes out after the queued messages (never while a write is in flight).
// The first reason given is the one sent.
void WsSession::do_close(websocket::close_reason reason) {
  if (!open_ || finished_) return;
  if (!closing_) close_reason_ = std::move(reason);
  closing_ = true;
  if (!queue_.empty() || close_sent_) return;
  close_sent_ = true;
  ws_.async_close(close_reason_, beast::bind_front_handler(&WsSession::on_close, shared_from_this()));
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
  hello_timer_.cancel();
  if (open_) guarded("close", [&] { handler_->on_close(shared_from_this()); });
}

}  // namespace skat::net
