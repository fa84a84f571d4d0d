// The networked bot: one WebSocket connection per bot account. It says hello with its account
// name and secret, joins the table it is invited to, answers each `act` request by rebuilding
// the SeatView from the JSON and asking its bots:: player, and after a dropped connection
// reconnects with exponential backoff and resumes from the last table version it saw.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdint>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

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

struct BotSettings {
  Endpoint endpoint;
  std::string name;
  std::string token;
  bots::BotSpec spec;  // the player program (bots/bot_factory.h)
  std::uint64_t seed = 1;
  std::ofstream* message_log = nullptr;  // every received message as "name<TAB>json" (debug)
};

class BotConnection : public std::enable_shared_from_this<BotConnection> {
 public:
  BotConnection(boost::asio::io_context& io, BotSettings settings);
  void start();
  void stop();
  int moves() const { return moves_; }

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
  void handle(const std::string& text);
  void answer(const nlohmann::json& act);
  void retry(const std::shared_ptr<Stream>& ws, const char* why, boost::beast::error_code ec);

  boost::asio::io_context& io_;
  BotSettings settings_;
  std::unique_ptr<bots::Player> player_;
  boost::asio::ip::tcp::resolver resolver_;
  std::shared_ptr<Stream> ws_;  // the current connection; handlers of older ones see a mismatch
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  boost::asio::steady_timer backoff_timer_;
  int failures_ = 0;
  bool stopped_ = false;
  bool connected_ = false;
  std::map<std::int64_t, std::int64_t> tables_;  // table → last version seen
  int moves_ = 0;
};

}  // namespace skat::botclient
