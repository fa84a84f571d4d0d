// One plain HTTP connection: reads a request at a time, its header first (within the header
// deadline of the connection's start or of the previous reply, so a connection that never sends one,
// or half of one, is closed then) and then, as the header allows (HttpHandler::on_header: the
// route's body limit, or an answer without reading the body), its body within the HTTP timeout;
// upgrades `/ws` to a WsSession (which takes over the connection's slot of the connection caps)
// when the Origin allows, and writes the HttpHandler's reply (whole, or chunked from a generator)
// before reading the next request. One write in flight, always on the connection's strand. A reply
// that needs blocking work, and every piece of a chunked reply, is made on the BlockingPool and
// written back on the strand; the session stays alive meanwhile. With the pool full, the answer is 503.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/net/blocking_pool.h"
#include "server/net/connection_slots.h"
#include "server/net/handlers.h"
#include "server/net/limits.h"

namespace skat::net {

struct Services {
  std::shared_ptr<HttpHandler> http;
  std::shared_ptr<SessionHandler> ws;
  Limits limits;
  // "/n/NAME" on a named node (the balancer's route to it), else empty: /n/NAME/ws is its WebSocket
  // endpoint besides /ws, and /n/NAME/… any HTTP request of it (/n/NAME/healthz is /healthz).
  std::string node_prefix;
  // Where blocking work runs (owned by the server, which outlives every session's use of it); null:
  // on the connection's strand.
  BlockingPool* blocking = nullptr;
  // Origins besides the server's own whose pages may open a WebSocket (normal_origin forms).
  std::vector<std::string> allowed_origins;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<const Services> services,
              ConnectionSlot slot = {});
  void run();

 private:
  void do_read();
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void reply_error(boost::beast::http::status status, const char* text);
  void run_blocking(const HttpRequest& request, BlockingReply work);
  void send_reply();
  void do_write();
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_write_header();
  void on_write_header(boost::beast::error_code ec, std::size_t bytes);
  void do_write_chunk();
  void on_chunk(bool more, bool failed);
  void on_write_chunk(bool more, boost::beast::error_code ec, std::size_t bytes);
  void do_write_last_chunk();
  void on_write_last_chunk(boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void do_drain(std::size_t left);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::shared_ptr<const Services> services_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::optional<HttpReply> reply_;
  std::optional<boost::beast::http::response<boost::beast::http::empty_body>> stream_header_;
  std::optional<boost::beast::http::response_serializer<boost::beast::http::empty_body>> header_serializer_;
  std::string chunk_;
  bool keep_alive_ = false;
  ConnectionSlot slot_;
  HttpPeer peer_;
};

}  // namespace skat::net
