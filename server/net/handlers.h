// The seams between the network layer and the application: what a WebSocket session reports
// (open, message, over the rate limit, closed) and how an HTTP request becomes a reply, either a
// whole body or a chunked stream pulled piece by piece. Handlers run on the connection's strand.
#pragma once

#include <boost/beast/http.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace skat::net {

class WsSession;

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
  // When set, the body is sent chunked: called until it returns false, each call filling `chunk`
  // (an empty chunk with true is skipped). The response's own body is then ignored.
  std::function<bool(std::string& chunk)> next_chunk;
};

class HttpHandler {
 public:
  virtual ~HttpHandler() = default;
  virtual HttpReply handle(const HttpRequest& request) = 0;
};

// A plain reply with the given status, content type and body.
HttpReply make_reply(const HttpRequest& request, boost::beast::http::status status, std::string_view content_type,
                     std::string body);

}  // namespace skat::net
