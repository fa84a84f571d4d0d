// `skat idle`: opens N WebSocket connections to a running server (optionally signing each in as a
// guest) and holds them idle for a while, then reports how many were opened and stayed open, the
// server's connection count (GET /api/metrics) and its memory per connection (VmRSS with
// --server-pid, before the first connection and with all of them open).
#include <spdlog/spdlog.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "botclient/bot_client.h"
#include "cli/command.h"
#include "cli/server_probe.h"

namespace skat::cli {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using Json = nlohmann::json;
using tcp = asio::ip::tcp;

struct IdleArgs {
  std::string url = "ws://127.0.0.1:8080/ws";
  int connections = 1000;
  double seconds = 10;
  int server_pid = 0;
  bool hello = false;
  int in_flight = 200;  // connections being opened at once
};

struct Tally {
  int opened = 0;
  int failed = 0;
  int dropped = 0;  // closed by the server while held
  std::string first_error;
};

class IdleConnection : public std::enable_shared_from_this<IdleConnection> {
 public:
  IdleConnection(asio::io_context& io, const botclient::Endpoint& endpoint, const tcp::resolver::results_type& address,
                 bool hello, int index, Tally& tally, std::function<void()> done)
      : ws_(io),
        endpoint_(endpoint),
        address_(address),
        hello_(hello),
        index_(index),
        tally_(tally),
        done_(std::move(done)) {}

  void open() {
    beast::get_lowest_layer(ws_).async_connect(address_, [self = shared_from_this()](beast::error_code ec, auto) {
      if (ec) return self->fail("connect", ec);
      self->ws_.async_handshake(self->endpoint_.host, self->endpoint_.path,
                                [self](beast::error_code e) { self->on_handshake(e); });
    });
  }

 private:
  void on_handshake(beast::error_code ec) {
    if (ec) return fail("handshake", ec);
    if (!hello_) return opened();
    text_ = Json{{"type", "hello"}, {"protocol", 1}, {"name", "idle" + std::to_string(index_)}}.dump();
    ws_.async_write(asio::buffer(text_), [self = shared_from_this()](beast::error_code e, std::size_t) {
      if (e) return self->fail("hello", e);
      self->ws_.async_read(self->buffer_, [self](beast::error_code r, std::size_t) {
        if (r) return self->fail("welcome", r);
        self->buffer_.clear();
        self->opened();
      });
    });
  }
  void opened() {
    ++tally_.opened;
    done_();
    hold();
  }
  // Reads until the server closes: anything it sends is dropped; a close counts as a drop.
  void hold() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->buffer_.clear();
      if (ec) {
        if (ec != asio::error::operation_aborted) ++self->tally_.dropped;
        return;
      }
      self->hold();
    });
  }
  void fail(const char* what, beast::error_code ec) {
    ++tally_.failed;
    if (tally_.first_error.empty()) tally_.first_error = std::string(what) + ": " + ec.message();
    done_();
  }

  websocket::stream<beast::tcp_stream> ws_;
  const botclient::Endpoint& endpoint_;
  const tcp::resolver::results_type& address_;
  bool hello_;
  int index_;
  Tally& tally_;
  std::function<void()> done_;
  beast::flat_buffer buffer_;
  std::string text_;
};

int run_idle(const IdleArgs& args) {
  const auto endpoint = botclient::parse_ws_url(args.url);
  if (!endpoint) {
    spdlog::error("idle: not a ws:// URL: {}", args.url);
    return 2;
  }
  const long rss_before = args.server_pid > 0 ? proc_status_kib(args.server_pid, "VmRSS") : -1;
  asio::io_context io;
  const auto address = tcp::resolver(io).resolve(endpoint->host, endpoint->port);
  Tally tally;
  std::vector<std::shared_ptr<IdleConnection>> held;
  held.reserve(static_cast<std::size_t>(args.connections));
  int started = 0;
  int finished = 0;
  const auto begin = std::chrono::steady_clock::now();
  std::function<void()> start_more = [&] {
    while (started < args.connections && started - finished < args.in_flight) {
      held.push_back(std::make_shared<IdleConnection>(io, *endpoint, address, args.hello, started, tally, [&] {
        ++finished;
        if (finished % 1000 == 0) std::cerr << "opened " << tally.opened << " of " << args.connections << "\n";
        asio::post(io, start_more);
      }));
      ++started;
      held.back()->open();
    }
  };
  start_more();
  // Open everything, then hold for --seconds.
  asio::steady_timer hold(io);
  std::function<void()> check = [&] {
    if (finished < args.connections) {
      hold.expires_after(std::chrono::milliseconds(50));
      return hold.async_wait([&](beast::error_code) { check(); });
    }
    const double open_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::cout << fmt::format("opened: {} of {} in {:.1f} s ({} failed{}{})\n", tally.opened, args.connections, open_s,
                             tally.failed, tally.first_error.empty() ? "" : ", first: ", tally.first_error);
    hold.expires_after(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(args.seconds)));
    hold.async_wait([&](beast::error_code) { io.stop(); });
  };
  check();
  io.run();
  const Json metrics = fetch_metrics(*endpoint);
  std::cout << fmt::format("held {} s: {} still open, {} closed by the server\n", args.seconds,
                           tally.opened - tally.dropped, tally.dropped);
  std::cout << "server connections_open: " << metrics.value("connections_open", -1) << "\n";
  if (args.server_pid > 0) {
    const long rss = proc_status_kib(args.server_pid, "VmRSS");
    const int open = tally.opened - tally.dropped;
    std::cout << fmt::format("server_rss: {} KiB before, {} KiB with the connections open", rss_before, rss);
    if (open > 0 && rss_before >= 0 && rss >= 0)
      std::cout << fmt::format(": {:.1f} KiB per connection", static_cast<double>(rss - rss_before) / open);
    std::cout << "\n";
  }
  return tally.failed == 0 && tally.dropped == 0 ? 0 : 1;
}

}  // namespace

Command add_idle_command(CLI::App& parent) {
  auto args = std::make_shared<IdleArgs>();
  CLI::App* app =
      parent.add_subcommand("idle", "Hold many idle WebSocket connections to a running server and report its memory");
  app->add_option("--url", args->url, "Server WebSocket URL")->capture_default_str();
  app->add_option("--connections", args->connections, "Connections to open")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app->add_option("--seconds", args->seconds, "How long to hold them once open")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();
  app->add_option("--server-pid", args->server_pid, "PID of the server, for its memory (VmRSS)");
  app->add_flag("--hello", args->hello, "Sign each connection in as a guest (a database row per connection)");
  app->add_option("--in-flight", args->in_flight, "Connections being opened at once")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  return {app, [args] { return run_idle(*args); }};
}

}  // namespace skat::cli
