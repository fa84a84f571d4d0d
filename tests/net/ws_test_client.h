// Test helpers for the network tests: a blocking WebSocket client and a small HTTP client built
// on Beast, every read bounded by a generous timeout so a broken server fails a test instead of
// hanging it. The Beast code lives in ws_test_client.cpp, compiled once for all the test files
// (instantiated in each of them it was most of their compile time).
#pragma once

#include <boost/beast/http/verb.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace skat::nettest {

using Json = nlohmann::json;

class WsClient {
 public:
  // `from`: the local address to connect from (another loopback address, e.g. "127.0.0.2", is
  // another peer to the server); empty: any.
  explicit WsClient(unsigned short port, std::string path = "/ws", const std::string& from = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // False when the connection is gone (the server may close it while we write).
  bool send(const std::string& text);
  bool send(const Json& j) { return send(j.dump()); }
  bool send_binary(const std::string& bytes);
  // A WebSocket ping frame (the server's pong is consumed by the next read).
  bool ping();

  // The next message, or nothing when the connection closed or `timeout` passed.
  std::optional<std::string> read_text(std::chrono::milliseconds timeout = std::chrono::seconds(30));
  std::optional<Json> read(std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // Skips messages until one satisfies `match`.
  std::optional<Json> read_until(const std::function<bool(const Json&)>& match,
                                 std::chrono::milliseconds timeout = std::chrono::seconds(60));
  std::optional<Json> read_type(const std::string& type, std::chrono::milliseconds timeout = std::chrono::seconds(60));
  bool closed() const { return closed_; }
  // Whether a read gave up waiting (rather than the server closing the connection).
  bool timed_out() const { return timed_out_; }
  // The code of the server's close frame (0: none came).
  int close_code() const;

 private:
  // A text or binary frame; false (and closed) when the connection is gone.
  bool write(const std::string& payload, bool binary);

  struct Connection;
  std::unique_ptr<Connection> connection_;
  bool closed_ = false;
  bool timed_out_ = false;
};

struct HttpResult {
  int status = 0;
  std::string body;
  std::string content_type;
  bool chunked = false;
  std::map<std::string, std::string> headers;  // by lower-case name
};

HttpResult http_request(unsigned short port, boost::beast::http::verb verb, const std::string& target,
                        const std::string& body = "", const std::string& bearer = "");

inline HttpResult http_get(unsigned short port, const std::string& target) {
  return http_request(port, boost::beast::http::verb::get, target);
}

// The status of a WebSocket upgrade of `path` sent with this Host header and, when given, this
// Origin header (101 when accepted; 0 when the connection failed).
int ws_upgrade_status(unsigned short port, const std::string& host, const std::optional<std::string>& origin,
                      const std::string& path = "/ws");

// What a raw TCP exchange got: `bytes` sent as they are, then everything the server sent until it
// closed the connection or `wait` passed (the connection is left open then).
struct RawResult {
  std::string received;
  bool closed = false;                   // the server closed (or reset) the connection
  std::chrono::milliseconds elapsed{0};  // until the close, or the whole wait
  int status() const;                    // of the first HTTP status line received, 0 without
};
RawResult raw_exchange(unsigned short port, const std::string& bytes, std::chrono::milliseconds wait);

// Whether `m` is an error message with this code.
inline bool is_error(const std::optional<Json>& m, const std::string& code) {
  return m && m->value("type", "") == "error" && m->value("code", "") == code;
}

}  // namespace skat::nettest
