// Test helpers for the network tests: a blocking WebSocket client and a small HTTP client built
// on Beast, every read bounded by a generous timeout so a broken server fails a test instead of
// hanging it.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace skat::nettest {

using Json = nlohmann::json;
namespace beast = boost::beast;
namespace asio = boost::asio;

class WsClient {
 public:
  // `from`: the local address to connect from (another loopback address, e.g. "127.0.0.2", is
  // another peer to the server); empty: any.
  explicit WsClient(unsigned short port, std::string path = "/ws", const std::string& from = "") : ws_(io_) {
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(asio::ip::tcp::v4());
    if (!from.empty()) socket.bind({asio::ip::make_address(from), 0});
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    ws_.read_message_max(8 * 1024 * 1024);
    ws_.handshake("127.0.0.1:" + std::to_string(port), path);
  }

  // False when the connection is gone (the server may close it while we write).
  bool send(const std::string& text) {
    beast::error_code ec;
    ws_.text(true);
    ws_.write(asio::buffer(text), ec);
    if (ec) closed_ = true;
    return !ec;
  }
  bool send(const Json& j) { return send(j.dump()); }
  bool send_binary(const std::string& bytes) {
    beast::error_code ec;
    ws_.binary(true);
    ws_.write(asio::buffer(bytes), ec);
    if (ec) closed_ = true;
    return !ec;
  }
  // A WebSocket ping frame (the server's pong is consumed by the next read).
  bool ping() {
    beast::error_code ec;
    ws_.ping({}, ec);
    if (ec) closed_ = true;
    return !ec;
  }

  // The next message, or nothing when the connection closed or `timeout` passed.
  std::optional<std::string> read_text(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    if (closed_) return std::nullopt;
    bool done = false;
    beast::error_code result;
    buffer_.clear();
    ws_.async_read(buffer_, [&](beast::error_code ec, std::size_t) {
      done = true;
      result = ec;
    });
    io_.restart();
    io_.run_for(timeout);
    if (!done) {
      beast::get_lowest_layer(ws_).cancel();
      io_.restart();
      io_.run();
      closed_ = true;
      timed_out_ = true;
      return std::nullopt;
    }
    if (result) {
      closed_ = true;
      return std::nullopt;
    }
    return beast::buffers_to_string(buffer_.data());
  }

  std::optional<Json> read(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    auto text = read_text(timeout);
    if (!text) return std::nullopt;
    return Json::parse(*text, nullptr, false);
  }

  // Skips messages until one satisfies `match`.
  std::optional<Json> read_until(const std::function<bool(const Json&)>& match,
                                 std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
      auto m = read(left);
      if (!m) return std::nullopt;
      if (match(*m)) return m;
    }
    return std::nullopt;
  }
  std::optional<Json> read_type(const std::string& type, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    return read_until([&](const Json& j) { return j.is_object() && j.value("type", "") == type; }, timeout);
  }
  bool closed() const { return closed_; }
  // Whether a read gave up waiting (rather than the server closing the connection).
  bool timed_out() const { return timed_out_; }
  // The code of the server's close frame (0: none came).
  int close_code() const { return static_cast<int>(ws_.reason().code); }

 private:
  asio::io_context io_;
  beast::websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  bool closed_ = false;
  bool timed_out_ = false;
};

struct HttpResult {
  int status = 0;
  std::string body;
  std::string content_type;
  bool chunked = false;
};

inline HttpResult http_request(unsigned short port, beast::http::verb verb, const std::string& target,
                               const std::string& body = "", const std::string& bearer = "") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  asio::ip::tcp::resolver resolver(io);
  stream.connect(resolver.resolve("127.0.0.1", std::to_string(port)));
  beast::http::request<beast::http::string_body> req(verb, target, 11);
  req.set(beast::http::field::host, "127.0.0.1");
  if (!bearer.empty()) req.set(beast::http::field::authorization, "Bearer " + bearer);
  if (!body.empty()) {
    req.body() = body;
    req.set(beast::http::field::content_type, "application/json");
  }
  req.prepare_payload();
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response_parser<beast::http::string_body> parser;
  parser.body_limit(256 * 1024 * 1024);
  beast::http::read(stream, buffer, parser);
  HttpResult r;
  r.status = static_cast<int>(parser.get().result_int());
  r.body = parser.get().body();
  r.content_type = std::string(parser.get()[beast::http::field::content_type]);
  r.chunked = parser.get().chunked();
  beast::error_code ec;
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  return r;
}

// Whether `m` is an error message with this code.
inline bool is_error(const std::optional<Json>& m, const std::string& code) {
  return m && m->value("type", "") == "error" && m->value("code", "") == code;
}

inline HttpResult http_get(unsigned short port, const std::string& target) {
  return http_request(port, beast::http::verb::get, target);
}

}  // namespace skat::nettest
