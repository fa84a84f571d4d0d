#include "server/app/hub.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "bots/table_bot/contract_evaluator.h"
#include "bots/tables/table_files.h"
#include "server/app/metrics.h"
#include "server/app/table_host.h"
#include "server/net/ws_session.h"

namespace skat::app {

namespace asio = boost::asio;
using protocol::ErrorCode;

std::string random_token() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char hex[2 * sizeof bytes + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

namespace {

// Every 7th of the 231 unknown skats: about a millisecond per deal, worked out in the background
// while the game is played (HandStrengthCache).
constexpr int kStrengthStride = 7;

std::shared_ptr<HandStrengthCache> strengths_from(const std::string& path) {
  if (path.empty()) return {};
  auto tables = bots::load_tables(path);
  if (!tables) {
    spdlog::warn("hub: no hand strengths in the records ({})", tables.error());
    return {};
  }
  auto shared = std::make_shared<const bots::TableSet>(std::move(*tables));
  return std::make_shared<HandStrengthCache>(
      [shared](const Deal& deal) { return bots::pgn_hand_strengths(*shared, deal, kStrengthStride); });
}

}  // namespace

Hub::Hub(asio::io_context& io, const ServeConfig& config, DbWriter& writer)
    : io_(io),
      strand_(asio::make_strand(io)),
      config_(config),
      writer_(writer),
      guest_quota_(config.guests_per_address_per_hour),
      snapshot_timer_(strand_),
      reap_timer_(strand_),
      purge_timer_(strand_),
      strength_cache_(strengths_from(config.strength_tables)) {
  if (strength_cache_) hand_strengths_ = [cache = strength_cache_](const Deal& deal) { return cache->get(deal); };
  rebuild_snapshot();
}

// Everything on the hub strand runs guarded: no exception reaches Asio.
template <class F>
void Hub::on_strand(F f) {
  asio::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable {
    try {
      f(*self);
    } catch (const std::exception& e) {
      spdlog::error("hub: {}", e.what());
    }
  });
}

void Hub::send_error(const std::shared_ptr<net::WsSession>& session, ErrorCode code, std::string message,
                     std::optional<std::int64_t> request_id, std::optional<table::TableId> table) {
  metrics().errors_sent.fetch_add(1, std::memory_order_relaxed);
  session->send(protocol::to_text(protocol::make_error({code, std::move(message)}, request_id, table)));
}

void Hub::on_open(const std::shared_ptr<net::WsSession>& session) {
  ++connections_;
  on_strand([session, address = address_key(session->remote_address())](Hub& hub) {
    Conn& conn = hub.conns_[session->id()];
    conn.session = session;
    conn.address = address;
  });
}

void Hub::on_message(const std::shared_ptr<net::WsSession>& session, std::string_view text) {
  auto parsed = protocol::parse_client_message(text);
  if (!parsed) {
    metrics().errors_sent.fetch_add(1, std::memory_order_relaxed);
    session->send(protocol::to_text(protocol::make_error(parsed.error())));
    return;
  }
  if (std::holds_alternative<protocol::Ping>(parsed->body)) {
    session->send(protocol::to_text(protocol::make_pong()));
    return;
  }
  on_strand([session, message = std::move(*parsed)](Hub& hub) mutable { hub.dispatch(session, std::move(message)); });
}

void Hub::on_rate_limited(const std::shared_ptr<net::WsSession>& session) {
  // The session counts strikes and closes a flooding client itself.
  send_error(session, ErrorCode::RateLimited, "rate limit exceeded: slow down", std::nullopt);
}

void Hub::on_close(const std::shared_ptr<net::WsSession>& session) {
  --connections_;
  on_strand([id = session->id()](Hub& hub) {
    const auto it = hub.conns_.find(id);
    if (it == hub.conns_.end()) return;
    Conn conn = std::move(it->second);
    hub.conns_.erase(it);
    if (!conn.who) return;
    const std::int64_t pid = conn.who->player_id;
    auto& sessions = hub.player_sessions_[pid];
    sessions.erase(id);
    if (sessions.empty()) {
      hub.player_sessions_.erase(pid);
      if (conn.who->bot) hub.lobby_.bots().remove(pid);
      hub.track_tables_of(pid);  // its tables may now be abandoned
    }
    hub.lobby_.disconnect(pid);
    for (const table::TableId t : conn.tables)
      if (const auto host = hub.tables_.find(t); host != hub.tables_.end()) host->second->session_closed(pid, id);
    hub.refresh_snapshot();
  });
}

void Hub::dispatch(const std::shared_ptr<net::WsSession>& session, protocol::ClientMessage message) {
  const auto it = conns_.find(session->id());
  if (it == conns_.end() || stopping_) return;
  Conn& conn = it->second;
  const auto& body = message.body;
  if (const auto* h = std::get_if<protocol::Hello>(&body)) return hello(session, conn, *h, message.id);
  if (std::holds_alternative<protocol::LobbyRequest>(body)) {
    session->send(lobby_snapshot_text());
    return;
  }
  if (!conn.who) return send_error(session, ErrorCode::NotAuthenticated, "say hello first", message.id);
  if (const auto* c = std::get_if<protocol::CreateTable>(&body)) return create_table(session, *c, message.id);
  if (const auto* a = std::get_if<protocol::AddBot>(&body)) return add_bot(session, *a, message.id);
  const auto table = protocol::table_of(body);
  if (!table) return send_error(session, ErrorCode::UnknownType, "not handled here", message.id);
  const auto host = tables_.find(*table);
  if (host == tables_.end()) return send_error(session, ErrorCode::NoSuchTable, "no such table", message.id, *table);
  conn.tables.insert(*table);
  host->second->client_message(*conn.who, session, std::move(message));
}

void Hub::hello(const std::shared_ptr<net::WsSession>& session, Conn& conn, const protocol::Hello& h,
                std::optional<std::int64_t> request_id) {
  if (conn.who || conn.hello_pending)
    return send_error(session, ErrorCode::BadField, "hello was already sent on this connection", request_id);
  conn.hello_pending = true;
  const std::uint64_t sid = session->id();
  if (h.bot) {
    writer_.post([reply = welcome_later(sid, request_id, h.kind), name = h.name, token = h.token](Store& store) {
      reply(store.verify_bot(name, token), "");
    });
    return;
  }
  // A guest's session token (the store keeps its hash, so it outlives a restart) gives the same
  // player back; an unknown or expired one is ignored and a new guest with a new session begins.
  if (h.token.empty()) return new_guest(sid, h.name, request_id);
  writer_.post([self = shared_from_this(), reply = welcome_later(sid, request_id, ""), sid, request_id, name = h.name,
                token = h.token](Store& store) {
    if (auto known = store.verify_session(token)) return reply(std::move(known), token);
    self->on_strand([sid, request_id, name](Hub& hub) { hub.new_guest(sid, name, request_id); });
  });
}

Hub::Reply Hub::welcome_later(std::uint64_t sid, std::optional<std::int64_t> request_id, std::string kind) {
  return [self = shared_from_this(), sid, request_id, kind = std::move(kind)](
             std::expected<Identity, std::string> result, std::string token) {
    // A bot's announced program is what tournaments and add_bot match on (its account's kind
    // is only a label); a guest announces none.
    if (result && result->bot && !kind.empty()) result->bot_kind = kind;
    self->on_strand([sid, request_id, result = std::move(result), token = std::move(token)](Hub& hub) mutable {
      hub.welcome(sid, std::move(result), std::move(token), request_id);
    });
  };
}

// Every new guest is a player row and a session row: an address may create
// `guests_per_address_per_hour` of them, refilled over the hour.
void Hub::new_guest(std::uint64_t sid, std::string name, std::optional<std::int64_t> request_id) {
  const auto it = conns_.find(sid);
  if (it == conns_.end()) return;
  if (!guest_quota_.take(it->second.address, std::chrono::steady_clock::now())) {
    it->second.hello_pending = false;
    if (const auto session = it->second.session.lock())
      send_error(session, ErrorCode::TooManyGuests,
                 "too many new guests from your address: sign in with the token you were given, or come back later",
                 request_id);
    return;
  }
  writer_.post([reply = welcome_later(sid, request_id, ""), name = std::move(name)](Store& store) {
    auto guest = store.create_guest(name);
    if (!guest) return reply(std::move(guest), "");
    auto created = store.create_session(guest->player_id);
    if (!created) return reply(std::unexpected(created.error()), "");
    reply(std::move(guest), std::move(*created));
  });
}

void Hub::welcome(std::uint64_t session_id, std::expected<Identity, std::string> result, std::string token,
                  std::optional<std::int64_t> request_id) {
  const auto it = conns_.find(session_id);
  if (it == conns_.end()) return;
  Conn& conn = it->second;
  conn.hello_pending = false;
  const auto session = conn.session.lock();
  if (!session) return;
  if (!result) return send_error(session, ErrorCode::AuthFailed, result.error(), request_id);
  const Identity& who = *result;
  conn.who = who;
  session->authenticated();  // the hello deadline (net::Limits::hello_timeout) is met
  player_sessions_[who.player_id].insert(session_id);
  lobby_.connect(who.player_id, who.name, who.bot, who.bot_kind);
  track_tables_of(who.player_id);  // its tables are not abandoned any more
  if (who.bot) {
    session->use_bot_rate_limit();
    lobby_.bots().add(who.player_id, who.name, who.bot_kind);
    if (const auto seated = seated_bots_.find(who.player_id); seated != seated_bots_.end()) {
      lobby_.bots().acquire_by_name(who.name);  // still holds its seat: not free
      conn.tables.insert(seated->second);
    }
  }
  session->send(protocol::to_text(protocol::make_welcome(who.player_id, who.name, who.bot, token)));
  spdlog::info("{} {} (player {}) connected", who.bot ? "bot" : "guest", who.name, who.player_id);
  if (who.bot) {
    invite_back(who);
    serve_waiting_bots();
  }
  refresh_snapshot();
}

table::TableConfig Hub::table_config() const {
  table::TableConfig config;
  config.bot_move_ms = config_.bot_move_ms;
  config.human_move_ms = config_.human_move_ms;
  config.grace_ms = config_.grace_ms;
  config.hand_strengths = hand_strengths_;
  return config;
}

// The table's id comes from the database (its row), so lobby ids and record ids agree.
void Hub::create_table(const std::shared_ptr<net::WsSession>& session, const protocol::CreateTable& create,
                       std::optional<std::int64_t> request_id) {
  table::TableConfig config = table_config();
  if (create.deals) config.deals = *create.deals;
  if (create.event) config.event = *create.event;
  const Conn& conn = conns_[session->id()];
  const TableOrigin origin{conn.who->player_id, session->id(), conn.address};
  // Open tables per player, and per connection and address too (a client may come back as ever
  // new guests). Tables still being created count too, so a burst of requests cannot pass the bounds.
  int by_player = 0, by_connection = 0, by_address = 0;
  auto count = [&](const TableOrigin& o) {
    by_player += o.player == origin.player ? 1 : 0;
    by_connection += o.session == origin.session ? 1 : 0;
    by_address += o.address == origin.address ? 1 : 0;
  };
  for (const auto& [table, o] : creators_) count(o);
  for (const auto& [pending, o] : tables_pending_) count(o);
  std::string refusal;
  if (by_player >= config_.tables_per_player)
    refusal = "you have " + std::to_string(by_player) + " open tables; join or leave one of them first";
  else if (by_connection >= config_.tables_per_connection)
    refusal = "this connection opened " + std::to_string(by_connection) + " tables that are still open";
  else if (by_address >= config_.tables_per_address)
    refusal = "your address has " + std::to_string(by_address) + " open tables";
  else if (std::ssize(tables_) + std::ssize(tables_pending_) >= config_.max_tables)
    refusal = "the server has as many open tables as it may hold";
  if (!refusal.empty()) return send_error(session, ErrorCode::TooManyTables, refusal, request_id);
  const std::uint64_t pending = ++last_pending_;
  tables_pending_[pending] = origin;
  writer_.post([self = shared_from_this(), session, config, origin, pending, request_id](Store& store) {
    auto id = store.create_table(config);
    self->on_strand([session, config, origin, pending, request_id, id = std::move(id)](Hub& hub) {
      hub.tables_pending_.erase(pending);
      if (!id) return hub.send_error(session, ErrorCode::Internal, "table not created: " + id.error(), request_id);
      hub.open_table(session, *id, config, origin, request_id);
    });
  });
}

void Hub::open_table(const std::shared_ptr<net::WsSession>& session, table::TableId id,
                     const table::TableConfig& config, const TableOrigin& origin,
                     std::optional<std::int64_t> request_id) {
  creators_[id] = origin;
  register_table(std::make_shared<TableHost>(io_, table::Table(id, config), origin.player, weak_from_this(), writer_),
                 config);
  track_abandoned(id);  // its creator may have gone meanwhile
  protocol::Json reply = protocol::make_table_created(id);
  if (request_id) reply["id"] = *request_id;
  session->send(protocol::to_text(reply));
}

void Hub::register_table(std::shared_ptr<TableHost> host, const table::TableConfig& config) {
  const table::TableId id = host->id();
  tables_.emplace(id, std::move(host));
  protocol::LobbyTable summary;
  summary.table = id;
  summary.event = config.event;
  summary.deals = config.deals;
  summaries_[id] = summary;
  track_idle(summary);
  refresh_snapshot();
}

void Hub::open_managed_table(table::TableId id, table::TableConfig config, TableHooks hooks,
                             std::vector<table::BotRequest> bots) {
  on_strand([id, config = std::move(config), hooks = std::move(hooks), bots = std::move(bots)](Hub& hub) mutable {
    if (hub.stopping_) return;
    hub.managed_.insert(id);
    hub.register_table(std::make_shared<TableHost>(hub.io_, table::Table(id, config), 0, hub.weak_from_this(),
                                                   hub.writer_, std::move(hooks)),
                       config);
    for (table::BotRequest& r : bots) hub.waiting_bots_.emplace_back(id, std::move(r));
    hub.serve_waiting_bots();
  });
}

void Hub::resume_table(UnfinishedSeries series) {
  on_strand([series = std::move(series)](Hub& hub) {
    if (hub.stopping_) return;
    table::TableConfig config = hub.table_config();
    config.deals = series.deals;
    config.event = series.event;
    table::Table table(series.table, config);
    auto out = table.resume_series(series.so_far, table::Clock::now());
    if (!out) {
      spdlog::error("table {}: the series cannot be resumed: {}", series.table, out.error().message);
      return;
    }
    auto host = std::make_shared<TableHost>(hub.io_, std::move(table), 0, hub.weak_from_this(), hub.writer_);
    hub.register_table(host, config);
    for (int seat = 0; seat < 3; ++seat)
      if (const table::Participant& p = series.so_far.seats[static_cast<std::size_t>(seat)]; p.is_bot)
        hub.returning_bots_[p.player_id] = {series.table, seat};
    host->begin(std::move(*out));
    spdlog::info("table {}: series resumed at game {} of {}", series.table, series.so_far.games.size() + 1,
                 series.deals);
  });
}

// A bot that held a seat at a resumed table is invited back to it (if the seat went to another
// bot meanwhile, the table refuses it and it is free again).
void Hub::invite_back(const Identity& bot) {
  const auto back = returning_bots_.find(bot.player_id);
  if (back == returning_bots_.end()) return;
  const auto [table, seat] = back->second;
  returning_bots_.erase(back);
  if (!tables_.contains(table) || seated_bots_.contains(bot.player_id)) return;
  if (!lobby_.bots().acquire_by_name(bot.name)) return;
  if (!invite(bot.player_id, table, seat)) {
    lobby_.bots().release(bot.player_id);
    return;
  }
  spdlog::info("bot {} invited back to table {} seat {}", bot.player_id, table, seat);
}

// Bots are invited by the table's creator, or by a player seated there before the series starts
// (the table itself knows who sits, so a join just sent is not overtaken); never by message to a
// table the server runs.
void Hub::add_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
                  std::optional<std::int64_t> request_id) {
  const auto host = tables_.find(add.table);
  if (host == tables_.end()) return send_error(session, ErrorCode::NoSuchTable, "no such table", request_id, add.table);
  if (managed_.contains(add.table))
    return send_error(session, ErrorCode::NotAllowed, "the server seats the bots at this table", request_id, add.table);
  const std::int64_t sender = conns_[session->id()].who->player_id;
  if (const auto origin = creators_.find(add.table); origin != creators_.end() && origin->second.player == sender)
    return invite_bot(session, add, request_id);
  host->second->ask_seated_before_series(sender, [weak = weak_from_this(), session, add, request_id](bool seated) {
    const auto self = weak.lock();
    if (!self) return;
    self->on_strand([session, add, request_id, seated](Hub& hub) {
      if (seated) return hub.invite_bot(session, add, request_id);
      hub.send_error(session, ErrorCode::NotAllowed,
                     "only the table's creator, or a player seated there before the series starts, may invite bots",
                     request_id, add.table);
    });
  });
}

void Hub::invite_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
                     std::optional<std::int64_t> request_id) {
  if (stopping_) return;
  if (!tables_.contains(add.table))
    return send_error(session, ErrorCode::NoSuchTable, "no such table", request_id, add.table);
  if (const auto origin = creators_.find(add.table); origin != creators_.end()) {
    const TableOrigin& creator = origin->second;
    if (const int held = bots_held_where([&](const TableOrigin& o) { return o.player == creator.player; });
        held >= config_.bots_per_player)
      return send_error(session, ErrorCode::TooManyBots,
                        "the tables of this table's creator hold " + std::to_string(held) + " pool bots (at most " +
                            std::to_string(config_.bots_per_player) + "); they return after a series",
                        request_id, add.table);
    if (const int held = bots_held_where([&](const TableOrigin& o) { return o.address == creator.address; });
        held >= config_.bots_per_address)
      return send_error(session, ErrorCode::TooManyBots,
                        "the tables created from this table's address hold " + std::to_string(held) +
                            " pool bots (at most " + std::to_string(config_.bots_per_address) +
                            "); they return after a series",
                        request_id, add.table);
  }
  auto bot = lobby_.bots().acquire_by_name(add.bot);  // a bot name, else a kind (empty: any bot)
  if (!bot) bot = lobby_.bots().acquire_by_kind(add.bot);
  if (!bot) return send_error(session, ErrorCode::BadField, "no free bot '" + add.bot + "'", request_id, add.table);
  if (!invite(*bot, add.table, add.seat)) {
    lobby_.bots().release(*bot);
    send_error(session, ErrorCode::Internal, "the bot could not be reached", request_id, add.table);
  }
}

int Hub::bots_held_where(const std::function<bool(const TableOrigin&)>& counts) const {
  return static_cast<int>(std::ranges::count_if(seated_bots_, [&](const auto& entry) {
    const auto origin = creators_.find(entry.second);
    return origin != creators_.end() && counts(origin->second);
  }));
}

bool Hub::invite(std::int64_t bot_id, table::TableId table, int seat) {
  const auto sessions = player_sessions_.find(bot_id);
  if (sessions == player_sessions_.end()) return false;
  for (const std::uint64_t sid : sessions->second) {
    const auto conn = conns_.find(sid);
    if (conn == conns_.end()) continue;
    if (const auto session = conn->second.session.lock()) {
      conn->second.tables.insert(table);
      seated_bots_[bot_id] = table;
      session->send(protocol::to_text(protocol::make_invite(table, seat)));
      return true;
    }
  }
  return false;
}

void Hub::request_bot(table::TableId table, table::BotRequest request) {
  on_strand([table, request = std::move(request)](Hub& hub) {
    hub.waiting_bots_.emplace_back(table, request);
    hub.serve_waiting_bots();
  });
}

// Requests in order of arrival, first each with the bot it asked for; then the requests that are
// not exact take any free bot (any bot beats an empty seat), and exact ones keep waiting.
void Hub::serve_waiting_bots() {
  for (const bool any_bot : {false, true}) {
    for (auto it = waiting_bots_.begin(); it != waiting_bots_.end();) {
      const auto& [table, request] = *it;
      if (any_bot && request.exact) {
        ++it;
        continue;
      }
      const auto bot = any_bot ? lobby_.bots().acquire_by_kind("") : lobby_.bots().acquire(request.name, request.kind);
      if (!bot) {
        ++it;
        continue;
      }
      if (!invite(*bot, table, request.seat)) {
        lobby_.bots().remove(*bot);
        continue;  // try this request again with another bot
      }
      spdlog::info("bot {} invited to table {} seat {}", *bot, table, request.seat);
      it = waiting_bots_.erase(it);
    }
  }
}

void Hub::release_bot(std::int64_t player_id) {
  on_strand([player_id](Hub& hub) {
    hub.seated_bots_.erase(player_id);
    hub.lobby_.set_table(player_id, std::nullopt);
    hub.lobby_.bots().release(player_id);
    hub.serve_waiting_bots();
    hub.refresh_snapshot();
  });
}

void Hub::note_seat(std::int64_t player_id, std::optional<table::TableId> table) {
  on_strand([player_id, table](Hub& hub) {
    hub.lobby_.set_table(player_id, table);
    hub.refresh_snapshot();
  });
}

void Hub::publish_table(protocol::LobbyTable summary) {
  on_strand([summary = std::move(summary)](Hub& hub) {
    if (!hub.tables_.contains(summary.table)) return;  // closed meanwhile
    hub.summaries_[summary.table] = summary;
    hub.track_idle(summary);
    hub.track_abandoned(summary.table);
    hub.refresh_snapshot();
  });
}

void Hub::track_idle(const protocol::LobbyTable& summary) {
  const bool idle =
      !summary.running && summary.spectators == 0 &&
      std::ranges::none_of(summary.seats, [](const protocol::LobbySeat& s) { return s.player_id.has_value(); });
  if (!idle) {
    idle_since_.erase(summary.table);
    return;
  }
  idle_since_.try_emplace(summary.table, std::chrono::steady_clock::now());
  schedule_reap();
}

bool Hub::abandoned(table::TableId table) const {
  const auto summary = summaries_.find(table);
  if (summary == summaries_.end() || summary->second.running || managed_.contains(table)) return false;
  for (const protocol::LobbySeat& seat : summary->second.seats)
    if (seat.player_id && !seat.bot) return false;
  const auto origin = creators_.find(table);  // a resumed series' table has none
  return origin == creators_.end() || !player_sessions_.contains(origin->second.player);
}

void Hub::track_abandoned(table::TableId table) {
  if (!abandoned(table)) {
    abandoned_since_.erase(table);
    return;
  }
  abandoned_since_.try_emplace(table, std::chrono::steady_clock::now());
  schedule_reap();
}

void Hub::track_tables_of(std::int64_t creator) {
  for (const auto& [table, origin] : creators_)
    if (origin.player == creator) track_abandoned(table);
}

// Tables abandoned for longer than the grace send their bots back to the pool (a bot still on its
// way is sent back once it sits) and drop their requests for bots.
void Hub::dismiss_abandoned_bots() {
  const auto now = std::chrono::steady_clock::now();
  std::set<table::TableId> holding;
  for (const auto& [bot, table] : seated_bots_) holding.insert(table);
  for (const auto& [table, since] : abandoned_since_) {
    if (now - since < std::chrono::milliseconds(config_.grace_ms)) continue;
    std::erase_if(waiting_bots_, [&](const auto& waiting) { return waiting.first == table; });
    const auto summary = summaries_.find(table);
    const bool bot_seated =
        summary != summaries_.end() &&
        std::ranges::any_of(summary->second.seats, [](const auto& s) { return s.player_id && s.bot; });
    if (!holding.contains(table) && !bot_seated) continue;
    if (const auto host = tables_.find(table); host != tables_.end()) host->second->dismiss_bots();
  }
}

void Hub::schedule_reap() {
  if (reap_scheduled_ || stopping_ || (idle_since_.empty() && abandoned_since_.empty())) return;
  reap_scheduled_ = true;
  auto period = config_.table_idle_close / 2;
  if (!abandoned_since_.empty())
    period = std::min<std::chrono::milliseconds>(period, std::chrono::milliseconds(config_.grace_ms / 2));
  reap_timer_.expires_after(
      std::clamp<std::chrono::milliseconds>(period, std::chrono::milliseconds(10), std::chrono::minutes(1)));
  reap_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    self->on_strand([](Hub& hub) {
      hub.reap_scheduled_ = false;
      hub.reap_idle_tables();
      hub.schedule_reap();
    });
  });
}

// A table someone is on the way to (a bot invited or still to be invited) is not idle.
void Hub::reap_idle_tables() {
  dismiss_abandoned_bots();
  const auto now = std::chrono::steady_clock::now();
  std::set<table::TableId> awaited;
  for (const auto& [bot, table] : seated_bots_) awaited.insert(table);
  for (const auto& [table, request] : waiting_bots_) awaited.insert(table);
  std::vector<table::TableId> closing;
  for (const auto& [table, since] : idle_since_)
    if (now - since >= config_.table_idle_close && !awaited.contains(table)) closing.push_back(table);
  for (const table::TableId table : closing) {
    if (const auto host = tables_.find(table); host != tables_.end()) {
      host->second->shutdown();
      tables_.erase(host);
    }
    summaries_.erase(table);
    creators_.erase(table);
    managed_.erase(table);
    idle_since_.erase(table);
    abandoned_since_.erase(table);
    spdlog::info("table {} closed (idle)", table);
  }
  if (!closing.empty()) refresh_snapshot();
}

void Hub::refresh_snapshot() {
  const auto window = std::chrono::microseconds(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(summaries_.size()) * 500, 50'000, 500'000));
  if (snapshot_pending_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - snapshot_built_ >= window) return rebuild_snapshot();
  snapshot_pending_ = true;
  snapshot_timer_.expires_at(snapshot_built_ + window);
  snapshot_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self) return;
    self->snapshot_pending_ = false;
    if (ec) return;
    try {
      self->rebuild_snapshot();
    } catch (const std::exception& e) {
      spdlog::error("hub: {}", e.what());
    }
  });
}

void Hub::rebuild_snapshot() {
  snapshot_built_ = std::chrono::steady_clock::now();
  std::vector<protocol::LobbyTable> tables;
  HubStats stats;
  for (const auto& [id, t] : summaries_) {
    tables.push_back(t);
    ++stats.tables;
    if (t.running) ++stats.tables_playing;
  }
  std::vector<protocol::LobbyPlayer> online;
  for (const lobby::OnlinePlayer& p : lobby_.online()) {
    online.push_back({p.id, p.name, p.bot, p.table});
    if (p.bot)
      ++stats.bots_online;
    else
      ++stats.players_online;
  }
  stats.bots_free = static_cast<int>(lobby_.bots().free_count());
  protocol::Json snapshot = protocol::make_lobby(tables, online);
  auto text = std::make_shared<const std::string>(protocol::to_text(snapshot));
  std::lock_guard lock(snapshot_mutex_);
  snapshot_ = std::move(snapshot);
  snapshot_text_ = std::move(text);
  stats_ = stats;
}

protocol::Json Hub::lobby_snapshot() const {
  std::lock_guard lock(snapshot_mutex_);
  return snapshot_;
}

std::shared_ptr<const std::string> Hub::lobby_snapshot_text() const {
  std::lock_guard lock(snapshot_mutex_);
  return snapshot_text_;
}

HubStats Hub::stats() const {
  std::lock_guard lock(snapshot_mutex_);
  return stats_;
}

void Hub::start() {
  on_strand([](Hub& hub) { hub.purge_unused_guests(); });
}

void Hub::schedule_purge(std::chrono::milliseconds after) {
  if (stopping_) return;
  purge_timer_.expires_after(after);
  purge_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    self->on_strand([](Hub& hub) { hub.purge_unused_guests(); });
  });
}

// Guests who played no game go `guest_unused_after` after their creation; whoever is online or
// sits at a live table now stays (the store also keeps those who signed in since its last purge).
void Hub::purge_unused_guests() {
  if (stopping_) return;
  std::set<std::int64_t> keep;
  for (const auto& [player, sessions] : player_sessions_) keep.insert(player);
  for (const auto& [table, summary] : summaries_)
    for (const protocol::LobbySeat& seat : summary.seats)
      if (seat.player_id) keep.insert(*seat.player_id);
  const db::Timestamp now = db::now();
  writer_.post([keep = std::move(keep), now, before = now - config_.guest_unused_after](Store& store) {
    if (const auto purged = store.purge_unused_guests(now, before, keep); !purged)
      spdlog::warn("hub: unused guests not purged: {}", purged.error());
    else if (*purged > 0)
      spdlog::info("hub: {} unused guest(s) purged", *purged);
  });
  schedule_purge(config_.guest_purge_every);
}

void Hub::shutdown() {
  on_strand([](Hub& hub) {
    hub.stopping_ = true;
    hub.reap_timer_.cancel();
    hub.purge_timer_.cancel();
    for (auto& [id, host] : hub.tables_) host->shutdown();
    for (auto& [id, conn] : hub.conns_)
      if (const auto session = conn.session.lock()) session->close();
  });
}

}  // namespace skat::app
