#include "botclient/bot_client.h"

#include <spdlog/spdlog.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/post.hpp>
#include <random>

#include "botclient/server_url.h"
#include "protocol/json_codec.h"

namespace skat::botclient {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Json = nlohmann::json;

std::optional<Endpoint> parse_ws_url(std::string_view url) {
  const auto parsed = parse_server_url(url, "ws");
  if (!parsed) return std::nullopt;
  return Endpoint{parsed->host, parsed->port, parsed->path};
}

std::chrono::milliseconds answer_margin(std::chrono::milliseconds clock) {
  return std::clamp(clock / 10, std::chrono::milliseconds(200), std::chrono::milliseconds(1000));
}

BotConnection::BotConnection(asio::io_context& io, BotSettings settings)
    : io_(io), settings_(std::move(settings)), resolver_(io), backoff_timer_(io), delay_timer_(io) {}

void BotConnection::start() { do_resolve(); }

void BotConnection::stop() {
  if (stopped_) return;  // once: a second close while the first is under way is not allowed
  stopped_ = true;
  welcomed_ = false;
  backoff_timer_.cancel();
  delay_timer_.cancel();
  resolver_.cancel();
  if (ws_ && connected_) {
    ws_->async_close(websocket::close_code::going_away, [ws = ws_](beast::error_code) {});
  } else if (ws_) {
    beast::get_lowest_layer(*ws_).close();
  }
}

void BotConnection::do_resolve() {
  if (stopped_) return;
  resolver_.async_resolve(settings_.endpoint.host, settings_.endpoint.port,
                          beast::bind_front_handler(&BotConnection::on_resolve, shared_from_this()));
}

void BotConnection::on_resolve(beast::error_code ec, asio::ip::tcp::resolver::results_type results) {
  if (stopped_) return;  // stopped while resolving: no connection is opened
  if (ec) return retry(nullptr, "resolve", ec);
  ws_ = std::make_shared<Stream>(io_);  // one io thread per bot process: no strand needed
  queue_.clear();
  buffer_.clear();
  connected_ = false;
  beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(*ws_).async_connect(
      results, beast::bind_front_handler(&BotConnection::on_connect, shared_from_this(), ws_));
}

void BotConnection::on_connect(std::shared_ptr<Stream> ws, beast::error_code ec, asio::ip::tcp::endpoint) {
  if (ws != ws_) return;
  if (ec || stopped_) return retry(ws, "connect", ec);
  beast::get_lowest_layer(*ws).expires_never();
  beast::get_lowest_layer(*ws).socket().set_option(asio::ip::tcp::no_delay(true), ec);  // see net/listener.cpp
  ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws->read_message_max(4 * 1024 * 1024);
  const std::string host = settings_.endpoint.host + ":" + settings_.endpoint.port;
  ws->async_handshake(host, settings_.endpoint.path,
                      beast::bind_front_handler(&BotConnection::on_handshake, shared_from_this(), ws));
}

void BotConnection::on_handshake(std::shared_ptr<Stream> ws, beast::error_code ec) {
  if (ws != ws_) return;
  if (ec || stopped_) return retry(ws, "handshake", ec);
  connected_ = true;
  Json hello{{"type", "hello"}, {"protocol", 1}, {"name", settings_.name}, {"token", settings_.token}, {"bot", true}};
  if (settings_.announce_kind) hello["kind"] = settings_.spec.describe();
  send(hello.dump());
  do_read();
}

void BotConnection::do_read() {
  ws_->async_read(buffer_, beast::bind_front_handler(&BotConnection::on_read, shared_from_this(), ws_));
}

void BotConnection::on_read(std::shared_ptr<Stream> ws, beast::error_code ec, std::size_t) {
  if (ws != ws_) return;
  if (ec) return retry(ws, "read", ec);
  if (stopped_) return;  // stopped: what arrives now is for nobody
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  try {
    handle(text);
  } catch (const std::exception& e) {
    spdlog::error("bot {}: {}", settings_.name, e.what());
  }
  do_read();
}

void BotConnection::send(std::string text) {
  if (!ws_ || !connected_) return;  // a reply to a table we lost: the resume after reconnecting asks again
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) do_write();
}

void BotConnection::do_write() {
  ws_->text(true);
  ws_->async_write(asio::buffer(queue_.front()),
                   beast::bind_front_handler(&BotConnection::on_write, shared_from_this(), ws_));
}

void BotConnection::on_write(std::shared_ptr<Stream> ws, beast::error_code ec, std::size_t) {
  if (ws != ws_) return;
  if (ec) return retry(ws, "write", ec);
  queue_.pop_front();
  if (!queue_.empty()) do_write();
}

// Backoff 0.25 s, 0.5 s, 1 s … capped at 8 s, with jitter so that many bots do not reconnect in step.
void BotConnection::retry(const std::shared_ptr<Stream>& ws, const char* why, beast::error_code ec) {
  if (ws && ws != ws_) return;
  if (ws_) {
    beast::error_code ignored;
    beast::get_lowest_layer(*ws_).socket().close(ignored);
  }
  ws_.reset();
  connected_ = false;
  welcomed_ = false;
  queue_.clear();
  answered_.clear();  // an answer may have been lost with the connection: the resume asks again
  if (stopped_) return;
  ++failures_;
  const int shift = std::min(failures_ - 1, 5);
  std::uniform_int_distribution<int> jitter(0, 250);
  std::minstd_rand rng(static_cast<unsigned>(settings_.seed) + static_cast<unsigned>(failures_));
  const auto delay = std::chrono::milliseconds((250 << shift) + jitter(rng));
  spdlog::info("bot {}: {} failed ({}), retrying in {} ms", settings_.name, why, ec.message(), delay.count());
  backoff_timer_.expires_after(delay);
  backoff_timer_.async_wait([self = shared_from_this()](beast::error_code e) {
    if (!e) self->do_resolve();
  });
}

void BotConnection::handle(const std::string& text) {
  if (settings_.message_log) *settings_.message_log << settings_.name << '\t' << text << '\n' << std::flush;
  const Json m = Json::parse(text, nullptr, false);
  if (!m.is_object()) return;
  if (settings_.hooks.on_message) settings_.hooks.on_message(m, text);
  const std::string type = m.value("type", "");
  if (m.contains("table") && m["table"].is_number_integer() && m.contains("version") &&
      m["version"].is_number_integer()) {
    auto& last = tables_[m["table"].get<std::int64_t>()];
    last = std::max(last, m["version"].get<std::int64_t>());
  }
  if (type == "welcome") {
    failures_ = 0;
    welcomed_ = true;
    spdlog::info("bot {}: connected to {}", settings_.name, settings_.endpoint.path);
    for (const auto& [table, version] : tables_)
      send(Json{{"type", "resume"}, {"table", table}, {"version", version}}.dump());
    nodes_listed(m);
  } else if (type == "nodes") {
    nodes_listed(m);
  } else if (type == "invite") {
    const auto table = m.value("table", std::int64_t{0});
    tables_.try_emplace(table, 0);
    send(Json{{"type", "join_table"}, {"table", table}, {"seat", m.value("seat", 0)}}.dump());
  } else if (type == "act") {
    answer(m);
  } else if (type == "error") {
    const std::string code = m.value("code", "");
    spdlog::warn("bot {}: server error {}: {}", settings_.name, code, m.value("message", ""));
    if (code == "auth_failed") {
      stop();
      if (settings_.hooks.on_refused) settings_.hooks.on_refused(m.value("message", ""));
    }
    // The answer was for a turn that is past: read the table again (missed events, then the act
    // request if the turn is ours), so a newer request is answered within its clock.
    if (code == "stale" && m.contains("table") && m["table"].is_number_integer()) {
      const auto table = m["table"].get<std::int64_t>();
      send(Json{{"type", "resume"}, {"table", table}, {"version", tables_[table]}}.dump());
    }
  }
}

void BotConnection::nodes_listed(const Json& message) {
  const auto nodes = message.find("nodes");
  if (!settings_.hooks.on_nodes || nodes == message.end() || !nodes->is_array()) return;
  std::vector<std::string> names;
  for (const Json& n : *nodes)
    if (n.is_string()) names.push_back(n.get<std::string>());
  settings_.hooks.on_nodes(names);
}

void BotConnection::answer(const Json& act) {
  auto view = protocol::seat_view_from_json(act.value("view", Json()));
  if (!view) {
    spdlog::error("bot {}: unreadable view: {}", settings_.name, view.error().message);
    return;
  }
  if (view->to_act != view->pos || view->legal.empty()) return;
  Request r;
  r.table = act.value("table", std::int64_t{0});
  r.version = act.value("version", std::int64_t{0});
  // The same request again (a resume re-sends the pending one): it is answered already.
  if (const auto done = answered_.find(r.table); done != answered_.end() && done->second == r.version) return;
  r.game = act.value("game", 0);
  if (const auto seed = act.find("seed"); seed != act.end() && seed->is_number_unsigned())
    r.seed = seed->get<std::uint64_t>();
  r.clock =
      std::chrono::milliseconds(std::clamp<std::int64_t>(act.value("clock_ms", std::int64_t{5000}), 1, 3'600'000));
  r.received = std::chrono::steady_clock::now();
  r.view = std::move(*view);
  pending_ = std::move(r);  // a newer request replaces one not yet started
  think_next();
}

// A fresh player for each game: seeded by the table when it sends a seed, else by the bot's own
// seed and the number of players made so far.
void BotConnection::ensure_player(const Request& r) {
  const std::array<std::uint64_t, 3> game{static_cast<std::uint64_t>(r.table), static_cast<std::uint64_t>(r.game),
                                          r.seed.value_or(0)};
  if (player_ && player_game_ == game) return;
  const std::uint64_t seed = r.seed ? *r.seed : settings_.seed * 0x9E3779B97F4A7C15ULL + players_made_;
  player_ = bots::make_player(settings_.spec, seed);
  player_game_ = game;
  ++players_made_;
}

void BotConnection::think_next() {
  if (stopped_) return;  // a stopped connection hands its workers nothing more
  if (thinking_ || !pending_) return;
  Request r = std::move(*pending_);
  pending_.reset();
  if (!settings_.hooks.decide) {
    try {
      ensure_player(r);
    } catch (const std::exception& e) {  // e.g. the tables folder emptied: keep the old player
      spdlog::error("bot {}: no new player: {}", settings_.name, e.what());
      if (!player_) return;
    }
  }
  thinking_ = true;
  auto work = [self = shared_from_this(), r = std::move(r)]() mutable {
    std::optional<Action> action;
    try {
      if (self->settings_.hooks.decide) {
        action = self->settings_.hooks.decide(r);
      } else {
        self->player_->set_deadline(r.deadline());
        action = self->player_->decide(r.view);
      }
    } catch (const std::exception& e) {
      spdlog::error("bot {}: decision failed: {}", self->settings_.name, e.what());
    }
    asio::post(self->io_, [self, r = std::move(r), action] { self->answer_when_due(r, action); });
  };
  if (settings_.workers)
    asio::post(*settings_.workers, std::move(work));
  else
    asio::post(io_, std::move(work));
}

// The `delay` setting holds the answer back on this connection's own timer, never on a decision
// worker: other bots share the workers, and a worker asleep would make them late too.
void BotConnection::answer_when_due(const Request& r, std::optional<Action> action) {
  const auto due = r.received + settings_.delay;
  if (settings_.delay.count() <= 0 || due <= std::chrono::steady_clock::now()) return decided(r, action);
  delay_timer_.expires_at(due);
  delay_timer_.async_wait([self = shared_from_this(), r, action](beast::error_code ec) {
    if (!ec) self->decided(r, action);
  });
}

void BotConnection::decided(const Request& r, std::optional<Action> action) {
  thinking_ = false;
  // A newer request for the same table means the table moved on (e.g. the clock ran out).
  // One for the same version is a repeat (after a resume) of what is answered here.
  const bool stale = pending_ && pending_->table == r.table && pending_->version > r.version;
  if (pending_ && pending_->table == r.table && pending_->version == r.version) pending_.reset();
  if (action && !stale) {
    Json reply = protocol::action_to_json(*action);
    reply.erase("pos");
    reply["table"] = r.table;
    reply["version"] = r.version;
    answered_[r.table] = r.version;
    send(reply.dump());
    ++moves_;
  }
  think_next();
}

}  // namespace skat::botclient
