// `skat loadgen`: drives a running server with K all-bot tables and reports what it sustained.
// Guest connections (one per --tables-per-guest tables, so that each stays under the server's
// per-connection message rate) create the tables, invite three pool bots to each by kind, and
// start a series; the lobby is polled over the WebSocket and a table whose series is over (its
// bots went back to the pool) is invited and started again. After --seconds it prints tables
// playing, games and moves per second, the server's move handling percentiles (GET /api/metrics),
// errors, and the server's memory (/proc/PID/status with --server-pid).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

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
using Steady = std::chrono::steady_clock;

struct LoadArgs {
  std::string url = "ws://127.0.0.1:8080/ws";
  int tables = 10;
  int deals = 4;
  double seconds = 60;
  int server_pid = 0;
  int tables_per_guest = 8;
  std::string bot = "simple";
  double poll_ms = 250;
};

class Guest;

enum class Phase { Inviting, Starting, Playing };

struct TableState {
  std::shared_ptr<Guest> owner;
  Phase phase = Phase::Inviting;
  Steady::time_point since;
  bool started_once = false;
};

struct Load {
  LoadArgs args;
  botclient::Endpoint endpoint;
  std::map<std::int64_t, TableState> tables;
  std::uint64_t errors = 0;
  std::uint64_t series_done = 0;
  std::uint64_t restarts = 0;
  std::uint64_t stale_invites = 0;
  bool warm = false;
  Steady::time_point warm_at;
  double server_cpu_warm = -1;  // the server's CPU seconds when every table had started
  Json metrics_warm;
  std::uint64_t samples = 0;
  std::uint64_t playing_sum = 0;
  int playing_min = -1;
  int playing_last = 0;
  void on_lobby(const Json& lobby);
  void invite(std::int64_t table, TableState& t);
};

class Guest : public std::enable_shared_from_this<Guest> {
 public:
  Guest(asio::io_context& io, Load& load, int index, int tables)
      : io_(io), load_(load), index_(index), tables_(tables), ws_(io), resolver_(io), poll_(io) {}

  void start() {
    resolver_.async_resolve(
        load_.endpoint.host, load_.endpoint.port, [self = shared_from_this()](beast::error_code ec, auto results) {
          if (ec) return self->fail("resolve", ec);
          beast::get_lowest_layer(self->ws_).async_connect(results, [self](beast::error_code ec2, auto) {
            if (ec2) return self->fail("connect", ec2);
            beast::get_lowest_layer(self->ws_).socket().set_option(asio::ip::tcp::no_delay(true), ec2);
            self->handshake();
          });
        });
  }

  void send(const Json& message) {
    queue_.push_back(message.dump());
    if (queue_.size() == 1 && open_) write();
  }

  void close() {
    poll_.cancel();
    if (open_) ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
    open_ = false;
  }

 private:
  void fail(const char* what, beast::error_code ec) {
    if (closing_) return;
    ++load_.errors;
    spdlog::error("loadgen: guest {}: {}: {}", index_, what, ec.message());
  }

  void handshake() {
    beast::get_lowest_layer(ws_).expires_never();
    ws_.read_message_max(64 * 1024 * 1024);
    ws_.async_handshake(
        load_.endpoint.host + ":" + load_.endpoint.port, load_.endpoint.path,
        [self = shared_from_this()](beast::error_code ec) {
          if (ec) return self->fail("handshake", ec);
          self->open_ = true;
          self->send(Json{
              {"type", "hello"}, {"protocol", 1}, {"name", "loadgen-" + std::to_string(self->index_)}, {"bot", false}});
          self->read();
        });
  }

  void write() {
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write", ec);
      self->queue_.pop_front();
      if (!self->queue_.empty() && self->open_) self->write();
    });
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("read", ec);
      const Json message = Json::parse(beast::buffers_to_string(self->buffer_.data()), nullptr, false);
      self->buffer_.consume(self->buffer_.size());
      self->handle(message);
      self->read();
    });
  }

  void handle(const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "welcome") {
      for (int i = 0; i < tables_; ++i)
        send(Json{{"type", "create_table"}, {"deals", load_.args.deals}, {"event", "loadgen"}});
      if (index_ == 0) poll();
    } else if (type == "table_created") {
      const std::int64_t id = m.value("table", std::int64_t{0});
      TableState& t = load_.tables[id];
      t.owner = shared_from_this();
      load_.invite(id, t);
    } else if (type == "lobby") {
      load_.on_lobby(m);
    } else if (type == "error") {
      ++load_.errors;
      if (load_.errors <= 10) spdlog::warn("loadgen: guest {}: {}", index_, m.dump());
    }
  }

  void poll() {
    send(Json{{"type", "lobby"}});
    poll_.expires_after(std::chrono::microseconds(static_cast<std::int64_t>(load_.args.poll_ms * 1000)));
    poll_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && self->open_) self->poll();
    });
  }

 public:
  bool closing_ = false;

 private:
  asio::io_context& io_;
  Load& load_;
  int index_;
  int tables_;
  websocket::stream<beast::tcp_stream> ws_;
  asio::ip::tcp::resolver resolver_;
  asio::steady_timer poll_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool open_ = false;
};

void Load::invite(std::int64_t table, TableState& t) {
  for (int seat = 0; seat < 3; ++seat)
    t.owner->send(Json{{"type", "add_bot"}, {"table", table}, {"seat", seat}, {"bot", args.bot}});
  t.phase = Phase::Inviting;
  t.since = Steady::now();
}

// One lobby snapshot: moves each of our tables along (invited → started → playing → over).
void Load::on_lobby(const Json& lobby) {
  const auto now = Steady::now();
  int playing = 0;
  for (const Json& row : lobby.value("tables", Json::array())) {
    const auto it = tables.find(row.value("table", std::int64_t{0}));
    if (it == tables.end()) continue;
    TableState& t = it->second;
    int seated = 0;
    for (const Json& s : row.value("seats", Json::array())) seated += s.is_object() ? 1 : 0;
    const bool running = row.value("running", false);
    playing += running ? 1 : 0;
    switch (t.phase) {
      case Phase::Inviting:
        if (running) {  // started by an earlier start_series
          t.phase = Phase::Playing;
        } else if (seated == 3) {
          t.owner->send(Json{{"type", "start_series"}, {"table", it->first}});
          t.phase = Phase::Starting;
          t.since = now;
        } else if (now - t.since > std::chrono::seconds(5)) {
          ++stale_invites;  // a lost invitation: ask again for the seats still free
          t.since = now;
          for (int seat = 0; seat < 3; ++seat)
            if (!row["seats"][static_cast<std::size_t>(seat)].is_object())
              t.owner->send(Json{{"type", "add_bot"}, {"table", it->first}, {"seat", seat}, {"bot", args.bot}});
        }
        break;
      case Phase::Starting:
        if (running) {
          t.phase = Phase::Playing;
          t.started_once = true;
        } else if (seated < 3) {  // the whole series came and went between two polls
          t.started_once = true;
          ++series_done;
          ++restarts;
          invite(it->first, t);
        }
        break;
      case Phase::Playing:
        t.started_once = true;
        if (!running) {
          ++series_done;
          ++restarts;
          if (seated == 0) {
            invite(it->first, t);
          } else {  // bots still leaving: try again next poll
            t.phase = Phase::Inviting;
            t.since = now - std::chrono::seconds(4);
          }
        }
        break;
    }
  }
  playing_last = playing;
  if (!warm && static_cast<int>(tables.size()) == args.tables) {
    bool all = true;
    for (const auto& [id, t] : tables) all = all && t.started_once;
    if (all) {
      warm = true;
      warm_at = now;
      metrics_warm = fetch_metrics(endpoint);
      if (args.server_pid > 0) server_cpu_warm = proc_cpu_seconds(args.server_pid);
    }
  }
  if (warm) {
    ++samples;
    playing_sum += static_cast<std::uint64_t>(playing);
    playing_min = playing_min < 0 ? playing : std::min(playing_min, playing);
  }
}

int run_loadgen(const LoadArgs& args) {
  const auto endpoint = botclient::parse_ws_url(args.url);
  if (!endpoint) {
    spdlog::error("loadgen: --url must look like ws://host:port/ws");
    return 1;
  }
  Load load;
  load.args = args;
  load.endpoint = *endpoint;
  // The pool first: invitations sent before the bots have signed in would fail.
  Json before = fetch_metrics(*endpoint);
  for (int i = 0; i < 600 && before.value("bots_free", 0) < 3 * args.tables; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    before = fetch_metrics(*endpoint);
  }
  if (before.value("bots_free", 0) < 3 * args.tables)
    spdlog::warn("loadgen: only {} free bots for {} tables", before.value("bots_free", 0), args.tables);
  const auto start = Steady::now();
  asio::io_context io(1);
  std::vector<std::shared_ptr<Guest>> guests;
  for (int left = args.tables, i = 0; left > 0; left -= args.tables_per_guest, ++i)
    guests.push_back(std::make_shared<Guest>(io, load, i, std::min(left, args.tables_per_guest)));
  for (auto& g : guests) g->start();
  asio::steady_timer deadline(io);
  deadline.expires_after(std::chrono::microseconds(static_cast<std::int64_t>(args.seconds * 1e6)));
  Json after;
  deadline.async_wait([&](beast::error_code) {
    after = fetch_metrics(*endpoint);
    for (auto& g : guests) {
      g->closing_ = true;
      g->close();
    }
    io.stop();
  });
  io.run();
  load.tables.clear();  // the guests go before the io_context they use
  const double elapsed = std::chrono::duration<double>(Steady::now() - start).count();

  auto delta = [&](const Json& from, const char* key) {
    return after.value(key, std::uint64_t{0}) - from.value(key, std::uint64_t{0});
  };
  const Json& base = load.warm ? load.metrics_warm : before;
  const double window = load.warm ? std::chrono::duration<double>(Steady::now() - load.warm_at).count() : elapsed;
  std::cout << "tables: " << args.tables << " (" << guests.size() << " guest connections, " << args.deals
            << " deals per series)\n";
  std::cout << "warm_up_s: "
            << (load.warm ? fmt::format("{:.1f}", std::chrono::duration<double>(load.warm_at - start).count())
                          : std::string("never (not every table started)"))
            << "\n";
  std::cout << "tables_playing: " << after.value("tables_playing", 0) << " at the end; "
            << fmt::format(
                   "mean {:.1f}, min {} over {} lobby samples after warm-up",
                   load.samples ? static_cast<double>(load.playing_sum) / static_cast<double>(load.samples) : 0.0,
                   load.playing_min, load.samples)
            << "\n";
  std::cout << "games_finished: " << delta(base, "games_finished") << " in " << fmt::format("{:.1f}", window) << " s ("
            << delta(before, "games_finished") << " in the whole run; series restarted " << load.restarts << ")\n";
  std::cout << "moves_per_second: " << fmt::format("{:.0f}", static_cast<double>(delta(base, "moves_handled")) / window)
            << "\n";
  std::cout << "games_per_second: "
            << fmt::format("{:.1f}", static_cast<double>(delta(base, "games_finished")) / window) << "\n";
  const Json& h = after["move_handling"];
  const Json& l = after["move_latency"];
  std::cout << fmt::format("server_move_handling_us: p50 {:.1f} p90 {:.1f} p99 {:.1f} max {:.1f} (n={})\n",
                           h.value("p50_us", 0.0), h.value("p90_us", 0.0), h.value("p99_us", 0.0),
                           h.value("max_us", 0.0), h.value("count", 0));
  const Json& thread_cpu = after["move_cpu"];
  std::cout << fmt::format("server_move_cpu_us (thread CPU time of the same work): p50 {:.1f} p90 {:.1f} p99 {:.1f}\n",
                           thread_cpu.value("p50_us", 0.0), thread_cpu.value("p90_us", 0.0),
                           thread_cpu.value("p99_us", 0.0));
  std::cout << fmt::format("server_move_latency_us (incl. strand queue): p50 {:.1f} p99 {:.1f} max {:.1f}\n",
                           l.value("p50_us", 0.0), l.value("p99_us", 0.0), l.value("max_us", 0.0));
  std::cout << "errors: " << load.errors << " received by loadgen; " << delta(before, "errors_sent")
            << " sent by the server; " << load.stale_invites << " invitations repeated\n";
  std::cout << "server_games_finished_total: " << after.value("games_finished", 0) << "\n";
  std::cout << "connections_open: " << after.value("connections_open", 0) << "\n";
  const double cpu_end = args.server_pid > 0 ? proc_cpu_seconds(args.server_pid) : -1;
  if (load.warm && load.server_cpu_warm >= 0 && cpu_end >= 0) {
    const double cpu = cpu_end - load.server_cpu_warm;
    const auto moves = delta(base, "moves_handled");
    std::cout << fmt::format("server_cpu: {:.1f} s in {:.1f} s ({:.0f} % of one core), {:.1f} us per move\n", cpu,
                             window, 100.0 * cpu / window, moves ? 1e6 * cpu / static_cast<double>(moves) : 0.0);
  }
  if (args.server_pid > 0)
    std::cout << "server_rss: " << proc_status(args.server_pid, "VmRSS") << " (peak "
              << proc_status(args.server_pid, "VmHWM") << ")\n";
  return load.errors == 0 && load.warm ? 0 : 1;
}

}  // namespace

Command add_loadgen_command(CLI::App& parent) {
  auto args = std::make_shared<LoadArgs>();
  CLI::App* app = parent.add_subcommand("loadgen", "Load a running server with all-bot tables and report");
  app->add_option("--url", args->url, "Server WebSocket URL")->capture_default_str();
  app->add_option("--tables", args->tables, "Tables to keep playing")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app->add_option("--deals", args->deals, "Deals per series")->check(CLI::Range(1, 1000))->capture_default_str();
  app->add_option("--seconds", args->seconds, "Duration of the run")->check(positive_number())->capture_default_str();
  app->add_option("--server-pid", args->server_pid, "PID of the server, for its memory (VmRSS)");
  app->add_option("--tables-per-guest", args->tables_per_guest, "Tables per guest connection")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app->add_option("--bot", args->bot, "Bot kind (or name) to invite")->capture_default_str();
  app->add_option("--poll-ms", args->poll_ms, "Lobby polling interval (ms)")
      ->check(positive_number())
      ->capture_default_str();
  return {app, [args] { return run_loadgen(*args); }};
}

}  // namespace skat::cli
