// The Beast side of the network tests' clients (tests/net/ws_test_client.h).
#include "tests/net/ws_test_client.h"

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>

namespace skat::nettest {

namespace beast = boost::beast;
namespace asio = boost::asio;

struct WsClient::Connection {
  asio::io_context io;
  beast::websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
};

WsClient::WsClient(unsigned short port, std::string path, const std::string& from)
    : connection_(std::make_unique<Connection>()) {
  auto& ws = connection_->ws;
  auto& socket = beast::get_lowest_layer(ws).socket();
  socket.open(asio::ip::tcp::v4());
  if (!from.empty()) socket.bind({asio::ip::make_address(from), 0});
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  ws.read_message_max(8 * 1024 * 1024);
  ws.handshake("127.0.0.1:" + std::to_string(port), path);
}

WsClient::~WsClient() = default;

bool WsClient::send(const std::string& text) { return write(text, false); }

bool WsClient::send_binary(const std::string& bytes) { return write(bytes, true); }

bool WsClient::write(const std::string& payload, bool binary) {
  beast::error_code ec;
  connection_->ws.binary(binary);
  connection_->ws.write(asio::buffer(payload), ec);
  if (ec) closed_ = true;
  return !ec;
}

bool WsClient::ping() {
  beast::error_code ec;
  connection_->ws.ping({}, ec);
  if (ec) closed_ = true;
  return !ec;
}

std::optional<std::string> WsClient::read_text(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  Connection& c = *connection_;
  bool done = false;
  beast::error_code result;
  c.buffer.clear();
  c.ws.async_read(c.buffer, [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  c.io.restart();
  c.io.run_for(timeout);
  if (!done) {
    beast::get_lowest_layer(c.ws).cancel();
    c.io.restart();
    c.io.run();
    closed_ = true;
    timed_out_ = true;
    return std::nullopt;
  }
  if (result) {
    closed_ = true;
    return std::nullopt;
  }
  return beast::buffers_to_string(c.buffer.data());
}

std::optional<Json> WsClient::read(std::chrono::milliseconds timeout) {
  auto text = read_text(timeout);
  if (!text) return std::nullopt;
  return Json::parse(*text, nullptr, false);
}

std::optional<Json> WsClient::read_until(const std::function<bool(const Json&)>& match,
                                         std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    auto m = read(left);
    if (!m) return std::nullopt;
    if (match(*m)) return m;
  }
  return std::nullopt;
}

std::optional<Json> WsClient::read_type(const std::string& type, std::chrono::milliseconds timeout) {
  return read_until([&](const Json& j) { return j.is_object() && j.value("type", "") == type; }, timeout);
}

int WsClient::close_code() const { return static_cast<int>(connection_->ws.reason().code); }

HttpResult http_request(unsigned short port, beast::http::verb verb, const std::string& target, const std::string& body,
                        const std::string& bearer) {
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
  for (const auto& field : parser.get()) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[name] = std::string(field.value());
  }
  beast::error_code ec;
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  return r;
}

int ws_upgrade_status(unsigned short port, const std::string& host, const std::optional<std::string>& origin,
                      const std::string& path) {
  asio::io_context io;
  beast::websocket::stream<beast::tcp_stream> ws(io);
  beast::error_code ec;
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws).socket().connect({asio::ip::make_address("127.0.0.1"), port}, ec);
  if (ec) return 0;
  ws.set_option(beast::websocket::stream_base::decorator([origin](beast::websocket::request_type& req) {
    if (origin) req.set(beast::http::field::origin, *origin);
  }));
  beast::websocket::response_type res;
  ws.handshake(res, host, path, ec);
  return static_cast<int>(res.result_int());
}

int RawResult::status() const {
  if (!received.starts_with("HTTP/1.1 ") || received.size() < 12) return 0;
  return std::stoi(received.substr(9, 3));
}

RawResult raw_exchange(unsigned short port, const std::string& bytes, std::chrono::milliseconds wait) {
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(socket, asio::buffer(bytes));
  RawResult r;
  const auto start = std::chrono::steady_clock::now();
  std::array<char, 4096> chunk{};
  std::function<void()> read_more = [&] {
    socket.async_read_some(asio::buffer(chunk), [&](beast::error_code ec, std::size_t n) {
      r.received.append(chunk.data(), n);
      if (ec) {
        r.closed = true;
        r.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        return;
      }
      read_more();
    });
  };
  read_more();
  io.run_for(wait);
  if (!r.closed) r.elapsed = wait;
  return r;
}

}  // namespace skat::nettest
