// The networked bot: one WebSocket connection per bot account. It says hello with its account
// name, secret and program (its bot spec), joins the table it is invited to, and answers each
// `act` request by rebuilding the SeatView from the JSON and asking its bots:: player on a worker
// thread (so that a long search never holds up the connections sharing the I/O thread), with a
// deadline a margin before the move clock runs out. Each game gets a fresh player, seeded by the
// act's `seed` when the table sends one (tournaments) and made from the spec anew, so a bot with
// outer learning picks up a newer table version at the next game. After a dropped connection it
// reconnects with exponential backoff and resumes from the last table version it saw; an answer
// refused as `stale` (its turn is past) makes it resume the table too, to answer the newer turn.
// Hooks let an owner see every message and decide the requests itself (the program bridge,
// bridge/program_bridge.h), and hear of the cluster's nodes (BotFleet, bot_fleet.h).
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot_factory.h"
#include "bots/player.h"

namespace skat::botclient {

struct Endpoint {
  std::string host;
  std::string port;
  std::string path = "/ws";
};

// ws://host:port/path; nothing for anything else.
std::optional<Endpoint> parse_ws_url(std::string_view url);

// How long before the end of the move clock a bot must have its answer on the way: a tenth of
// the clock, at least 200 ms and at most 1 s (5 s clock: 4.5 s of thinking at most).
std::chrono::milliseconds answer_margin(std::chrono::milliseconds clock);

// One act request, as received.
struct ActRequest {
  std::int64_t table = 0;
  std::int64_t version = 0;
  int game = 0;
  std::optional<std::uint64_t> seed;
  std::chrono::milliseconds clock{0};
  std::chrono::steady_clock::time_point received;
  SeatView view;
  // When the answer must be on its way: the move clock less answer_margin().
  std::chrono::steady_clock::time_point deadline() const { return received + clock - answer_margin(clock); }
};

// What an owner may put in place of a connection's own behaviour; each hook is optional.
struct ConnectionHooks {
  // Every message received, as parsed and as text, before the connection acts on it (I/O thread).
  std::function<void(const nlohmann::json& message, const std::string& text)> on_message;
  // Decides a request instead of a player of the spec (on the decision thread; nothing: no answer).
  std::function<std::optional<Action>(const ActRequest& request)> decide;
  // The server refused the account's hello (auth_failed: its token was re-keyed or revoked, the
  // account renamed, deleted or disabled); the connection has stopped and does not retry (I/O
  // thread).
  std::function<void(const std::string& why)> on_refused;
  // The names of the cluster's live nodes, as a welcome or a `nodes` message lists them (a server
  // of several nodes, docs/protocol.md §2; I/O thread).
  std::function<void(const std::vector<std::string>& nodes)> on_nodes;
};

struct BotSettings {
  Endpoint endpoint;
  std::string name;
  std::string token;
  bots::BotSpec spec;  // the player program (bots/bot_factory.h)
  std::uint64_t seed = 1;
  std::ofstream* message_log = nullptr;  // every received message as "name<TAB>json" (debug)
  // Where decisions run; none: on the I/O thread (one bot, or tests).
  boost::asio::thread_pool* workers = nullptr;
  // Answers no earlier than this after the request (to test the server's move clock; 0: off).
  std::chrono::milliseconds delay{0};
  bool announce_kind = true;  // hello names the spec as `kind` (a house bot's program)
  ConnectionHooks hooks;
};

class BotConnection : public std::enable_shared_from_this<BotConnection> {
 public:
  BotConnection(boost::asio::io_context& io, BotSettings settings);
  void start();
  void stop();
  int moves() const { return moves_; }
  // Welcomed on the connection open now (any thread).
  bool welcomed() const { return welcomed_; }

 private:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  void do_resolve();
  void on_resolve(boost::beast::error_code ec, boost::asio::ip::tcp::resolver::results_type results);
  void on_connect(std::shared_ptr<Stream> ws, boost::beast::error_code ec, boost::asio::ip::tcp::endpoint);
  void on_handshake(std::shared_ptr<Stream> ws, boost::beast::error_code ec);
  void do_read();
  void on_read(std::shared_ptr<Stream> ws, boost::beast::error_code ec, std::size_t bytes);
  void send(std::string text);
  void do_write();
  void on_write(std::shared_ptr<Stream> ws, boost::beast::error_code ec, std::size_t bytes);
  using Request = ActRequest;

  void handle(const std::string& text);
  void nodes_listed(const nlohmann::json& message);  // a welcome's or a `nodes` message's list
  void answer(const nlohmann::json& act);
  void think_next();  // starts on the pending request when no decision runs
  void answer_when_due(const Request& request, std::optional<Action> action);
  void decided(const Request& request, std::optional<Action> action);
  void ensure_player(const Request& request);
  void retry(const std::shared_ptr<Stream>& ws, const char* why, boost::beast::error_code ec);

  boost::asio::io_context& io_;
  BotSettings settings_;
  std::unique_ptr<bots::Player> player_;                     // the current game's, used by one decision at a time
  std::optional<std::array<std::uint64_t, 3>> player_game_;  // table, game and seed it was made for
  std::uint64_t players_made_ = 0;
  std::optional<Request> pending_;  // the newest request not yet thought about
  bool thinking_ = false;
  boost::asio::ip::tcp::resolver resolver_;
  std::shared_ptr<Stream> ws_;  // the current connection; handlers of older ones see a mismatch
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  boost::asio::steady_timer backoff_timer_;
  boost::asio::steady_timer delay_timer_;  // holds an answer back for BotSettings::delay
  int failures_ = 0;
  bool stopped_ = false;
  bool connected_ = false;
  std::map<std::int64_t, std::int64_t> tables_;    // table → last version seen
  std::map<std::int64_t, std::int64_t> answered_;  // table → version of the last act request answered
  std::atomic<int> moves_ = 0;
  std::atomic<bool> welcomed_ = false;
};

}  // namespace skat::botclient
