// The seams between the network layer and the application: what a WebSocket session reports
// (open, message, over the rate limit, closed), what a request's header alone decides (the body it
// may have, or an answer before any body is read), and how an HTTP request becomes a reply, either
// a whole body or a chunked stream pulled piece by piece. Every reply carries the security headers
// of make_reply. Handlers run on the connection's strand; an HTTP handler answers there at once
// only when the answer is cheap and in memory, and otherwise returns the work that makes the reply,
// which the session runs on its BlockingPool (as it does every piece of a chunked reply).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace skat::net {

class WsSession;

// What the application keeps per WebSocket connection for its own use on the connection's strand
// (SessionHandler::on_open sets it, before the first message is read; the session holds it).
class SessionContext {
 public:
  virtual ~SessionContext() = default;
};

class SessionHandler {
 public:
  virtual ~SessionHandler() = default;
  virtual void on_open(const std::shared_ptr<WsSession>& session) = 0;
  virtual void on_message(const std::shared_ptr<WsSession>& session, std::string_view text) = 0;
  virtual void on_rate_limited(const std::shared_ptr<WsSession>& session) = 0;
  virtual void on_close(const std::shared_ptr<WsSession>& session) = 0;
};

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

struct HttpReply {
  HttpResponse response;
  // When set, the body is sent chunked: called (on a thread of the BlockingPool, one call at a
  // time) until it returns false, each call filling `chunk` (an empty chunk with true is skipped).
  // The response's own body is then ignored.
  std::function<bool(std::string& chunk)> next_chunk;
};

// Who sent a request (per-address limits count it under ConnectionSlots::peer_key).
struct HttpPeer {
  boost::asio::ip::address address;
};

// Work that may block (the database, files, the writer): run on a thread of the BlockingPool, it
// returns the reply. It may throw: the client then gets a 500.
using BlockingReply = std::function<HttpReply()>;
// A handler's answer: the reply itself, or the work that makes it.
using HttpAnswer = std::variant<HttpReply, BlockingReply>;

// What a request's header decides before its body is read.
struct HeaderVerdict {
  // The most body bytes the route takes (Limits::http_body_bytes caps it); more is a 413.
  std::size_t body_limit = 0;
  // An answer without reading the body (e.g. 401 for an admin route without its token); the
  // connection closes after it.
  std::optional<HttpReply> reply;
};

class HttpHandler {
 public:
  virtual ~HttpHandler() = default;
  // `request` holds the header only (its body is not read yet); `target` is its target without the
  // node prefix. By default GET and HEAD take no body, other methods up to Limits::http_body_bytes.
  virtual HeaderVerdict on_header(const HttpRequest& request, std::string_view target) {
    (void)target;
    const auto method = request.method();
    const bool bodiless = method == boost::beast::http::verb::get || method == boost::beast::http::verb::head;
    return {bodiless ? 0 : std::numeric_limits<std::size_t>::max(), std::nullopt};
  }
  // Called on the connection's strand with the whole request; must not block.
  virtual HttpAnswer handle(const HttpRequest& request, const HttpPeer& peer) = 0;
};

// The Content-Security-Policy of every reply: what the web client needs (scripts, styles, fonts and
// connections, the WebSocket included, from this origin; images from it and data: URLs) and no
// framing. `style_src` adds sources to style-src (a page's own inline style by its hash).
std::string content_security_policy(std::string_view style_src = {});

// A plain reply with the given status, content type and body, and the security headers: the
// Content-Security-Policy above, X-Content-Type-Options: nosniff, X-Frame-Options: DENY and
// Referrer-Policy: same-origin.
HttpReply make_reply(const HttpRequest& request, boost::beast::http::status status, std::string_view content_type,
                     std::string body);
// A JSON error {"error":`text`} with a Retry-After of `retry_after_s` seconds (429, 503: come again).
HttpReply retry_later_reply(const HttpRequest& request, boost::beast::http::status status, std::string_view text,
                            int retry_after_s = 1);

}  // namespace skat::net
