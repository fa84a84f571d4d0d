#include "server/net/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <limits>

#include "server/net/origin.h"
#include "server/net/ws_session.h"

namespace skat::net {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;

std::string content_security_policy(std::string_view style_src) {
  std::string style = "'self'";
  if (!style_src.empty()) (style += ' ') += style_src;
  return "default-src 'self'; script-src 'self'; style-src " + style +
         "; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
         "form-action 'self'; frame-ancestors 'none'";
}

HttpReply make_reply(const HttpRequest& request, http::status status, std::string_view content_type, std::string body) {
  static const std::string kPolicy = content_security_policy();
  HttpReply reply;
  reply.response = HttpResponse(status, request.version());
  reply.response.set(http::field::server, "skat");
  reply.response.set(http::field::content_type, content_type);
  reply.response.set("Content-Security-Policy", kPolicy);
  reply.response.set("X-Content-Type-Options", "nosniff");
  reply.response.set("X-Frame-Options", "DENY");
  reply.response.set("Referrer-Policy", "same-origin");
  reply.response.keep_alive(request.keep_alive());
  reply.response.body() = std::move(body);
  reply.response.prepare_payload();
  return reply;
}

HttpReply retry_later_reply(const HttpRequest& request, http::status status, std::string_view text, int retry_after_s) {
  std::string body = R"({"error":")";
  body += text;  // the callers' own fixed texts, nothing to escape
  body += "\"}";
  HttpReply reply = make_reply(request, status, "application/json", std::move(body));
  reply.response.set(http::field::retry_after, std::to_string(retry_after_s));
  return reply;
}

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, std::shared_ptr<const Services> services, ConnectionSlot slot)
    : stream_(std::move(socket)), services_(std::move(services)), slot_(std::move(slot)) {
  beast::error_code ec;
  const auto remote = stream_.socket().remote_endpoint(ec);
  if (!ec) peer_.address = remote.address();
}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

// The header first, within the header deadline (of the connection's start or the previous reply).
// The body's limit is the route's, set once the header is read (the parser would otherwise refuse a
// long Content-Length before the handler could answer, say, 401 for a missing admin token).
void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(services_->limits.http_header_bytes));
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
  stream_.expires_after(services_->limits.http_header_timeout);
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

// The header alone decides whether the body is read, and how much of it may come: a WebSocket
// upgrade from a foreign Origin is refused, the handler answers some requests at once (an admin
// route without its token), a body longer than the route takes is a 413; none of them reads the body.
void HttpSession::on_header(beast::error_code ec, std::size_t bytes) {
  if (ec) return on_read(ec, bytes);
  const HttpRequest& header = parser_->get();
  std::string_view target = header.target();
  const std::string& prefix = services_->node_prefix;
  if (!prefix.empty() && target.starts_with(prefix + "/")) target.remove_prefix(prefix.size());
  if (beast::websocket::is_upgrade(header) && !origin_allowed(header, services_->allowed_origins)) {
    spdlog::debug("http: WebSocket upgrade refused for its Origin");
    return reply_error(http::status::forbidden, "this Origin may not open a WebSocket here\n");
  }
  HeaderVerdict verdict;
  try {
    verdict = services_->http->on_header(header, target);
  } catch (const std::exception& e) {
    spdlog::error("http {}: {}", std::string(target), e.what());
    return reply_error(http::status::internal_server_error, "internal error\n");
  }
  if (verdict.reply) {
    reply_ = std::move(*verdict.reply);
    reply_->response.keep_alive(false);
    return do_write();
  }
  const std::size_t limit = std::min(verdict.body_limit, services_->limits.http_body_bytes);
  if (const auto length = parser_->content_length(); length && *length > limit)
    return reply_error(http::status::payload_too_large, "request body too large\n");
  parser_->body_limit(limit);  // a chunked body is counted as it comes
  stream_.expires_after(services_->limits.http_timeout);
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec == http::error::body_limit) return reply_error(http::status::payload_too_large, "request body too large\n");
  if (ec == http::error::header_limit)
    return reply_error(http::status::request_header_fields_too_large, "request header too large\n");
  if (ec) return;  // timeout, reset, malformed: nothing worth answering
  HttpRequest request = parser_->release();
  const std::string& prefix = services_->node_prefix;
  if (!prefix.empty() && request.target().starts_with(prefix + "/"))
    request.target(std::string(request.target().substr(prefix.size())));
  if (beast::websocket::is_upgrade(request)) {
    if (request.target() != "/ws")
      return reply_error(http::status::not_found, "WebSocket endpoint is /ws (or /n/NODE/ws of this node)\n");
    std::make_shared<WsSession>(stream_.release_socket(), services_->ws, services_->limits, std::move(slot_))
        ->run(std::move(request));
    return;
  }
  HttpAnswer answer;
  try {
    answer = services_->http->handle(request, peer_);
  } catch (const std::exception& e) {
    spdlog::error("http {}: {}", std::string(request.target()), e.what());
    answer = make_reply(request, http::status::internal_server_error, "text/plain", "internal error\n");
  }
  if (auto* work = std::get_if<BlockingReply>(&answer)) return run_blocking(request, std::move(*work));
  reply_ = std::move(std::get<HttpReply>(answer));
  send_reply();
}

namespace {

// The reply `work` makes, or a 500 when it throws (`head`: the request's version and keep-alive).
HttpReply make_blocking_reply(const BlockingReply& work, const HttpRequest& head) {
  try {
    return work();
  } catch (const std::exception& e) {
    spdlog::error("http {}: {}", std::string(head.target()), e.what());
    return make_reply(head, http::status::internal_server_error, "text/plain", "internal error\n");
  }
}

}  // namespace

// The work runs on the pool; its reply is written on the strand. The job holds the session.
void HttpSession::run_blocking(const HttpRequest& request, BlockingReply work) {
  HttpRequest head(request.method(), request.target(), request.version());
  head.keep_alive(request.keep_alive());
  if (services_->blocking == nullptr) {
    reply_ = make_blocking_reply(work, head);
    return send_reply();
  }
  auto job = [self = shared_from_this(), work = std::move(work), head] {
    HttpReply reply = make_blocking_reply(work, head);
    asio::post(self->stream_.get_executor(), [self, reply = std::move(reply)]() mutable {
      self->reply_ = std::move(reply);
      self->send_reply();
    });
  };
  if (!services_->blocking->try_post(std::move(job))) {
    reply_ = retry_later_reply(request, http::status::service_unavailable, "server busy: too many requests waiting");
    send_reply();
  }
}

void HttpSession::send_reply() {
  stream_.expires_after(services_->limits.http_timeout);
  if (reply_->next_chunk) return do_write_header();
  do_write();
}

void HttpSession::reply_error(http::status status, const char* text) {
  HttpRequest request;
  request.version(11);
  request.keep_alive(false);
  reply_ = make_reply(request, status, "text/plain", text);
  reply_->response.keep_alive(false);
  do_write();
}

void HttpSession::do_write() {
  keep_alive_ = reply_->response.keep_alive();
  http::async_write(stream_, reply_->response,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive_));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  reply_.reset();
  if (ec) return;
  if (!keep_alive) return do_close();
  do_read();
}

// Chunked replies: the header first, then one chunk per generator call, then the last chunk.
void HttpSession::do_write_header() {
  keep_alive_ = reply_->response.keep_alive();
  stream_header_.emplace(reply_->response.result(), reply_->response.version());
  for (const auto& field : reply_->response) stream_header_->set(field.name_string(), field.value());
  stream_header_->erase(http::field::content_length);
  stream_header_->chunked(true);
  header_serializer_.emplace(*stream_header_);
  stream_.expires_never();
  http::async_write_header(stream_, *header_serializer_,
                           beast::bind_front_handler(&HttpSession::on_write_header, shared_from_this()));
}

void HttpSession::on_write_header(beast::error_code ec, std::size_t) {
  if (ec) return;
  do_write_chunk();
}

// The next piece is pulled on the pool (no write is in flight meanwhile), then written on the strand.
void HttpSession::do_write_chunk() {
  auto pull = [self = shared_from_this()] {
    bool more = true;
    bool failed = false;
    self->chunk_.clear();
    try {
      while (more && self->chunk_.empty()) more = self->reply_->next_chunk(self->chunk_);
    } catch (const std::exception& e) {
      spdlog::error("http stream: {}", e.what());
      failed = true;
    }
    return std::pair{more, failed};
  };
  if (services_->blocking == nullptr) {
    const auto [more, failed] = pull();
    return on_chunk(more, failed);
  }
  services_->blocking->post([self = shared_from_this(), pull] {
    const auto [more, failed] = pull();
    asio::post(self->stream_.get_executor(), [self, more, failed] { self->on_chunk(more, failed); });
  });
}

void HttpSession::on_chunk(bool more, bool failed) {
  if (failed) return do_close();  // the client sees a truncated chunked body, never a false end
  if (chunk_.empty()) return do_write_last_chunk();
  stream_.expires_after(services_->limits.http_timeout);
  asio::async_write(stream_, http::make_chunk(asio::buffer(chunk_)),
                    beast::bind_front_handler(&HttpSession::on_write_chunk, shared_from_this(), more));
}

void HttpSession::on_write_chunk(bool more, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (more) return do_write_chunk();
  do_write_last_chunk();
}

void HttpSession::do_write_last_chunk() {
  stream_.expires_after(services_->limits.http_timeout);
  asio::async_write(stream_, http::make_chunk_last(),
                    beast::bind_front_handler(&HttpSession::on_write_last_chunk, shared_from_this()));
}

void HttpSession::on_write_last_chunk(beast::error_code ec, std::size_t) {
  reply_.reset();
  header_serializer_.reset();
  stream_header_.reset();
  if (ec) return;
  if (!keep_alive_) return do_close();
  do_read();
}

// What the client still sends (the body of a request answered from its header alone) is read and
// dropped for a moment, up to 64 KiB, so that closing does not reset the connection before the
// client has read the answer.
void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  if (ec) return;
  stream_.expires_after(std::chrono::seconds(1));
  do_drain(64 * 1024);
}

void HttpSession::do_drain(std::size_t left) {
  buffer_.consume(buffer_.size());
  stream_.async_read_some(buffer_.prepare(2048),
                          [self = shared_from_this(), left](beast::error_code ec, std::size_t n) {
                            if (ec || n >= left) return;
                            self->do_drain(left - n);
                          });
}

}  // namespace skat::net
