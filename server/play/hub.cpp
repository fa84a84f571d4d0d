// The hub: its parts composed, each client message routed once (server/play/hub.h).
#include "server/play/hub.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>
#include <string>

#include "bots/bot_levels.h"
#include "common/overloaded.h"
#include "server/play/client_error.h"
#include "server/play/metrics.h"
#include "server/play/strand_post.h"
#include "server/store/random_token.h"

namespace skat::app {

namespace asio = boost::asio;
using protocol::ErrorCode;

std::shared_ptr<Hub> Hub::create(asio::io_context& io, const ServeConfig& config, DbWriter& writer) {
  auto hub = std::make_shared<Hub>(Token{}, io, config, writer);
  std::weak_ptr<Hub> weak = hub;
  hub->sessions_->wire(
      [weak](Connection& conn, const std::shared_ptr<net::WsSession>& session, const std::string& token) {
        if (const auto self = weak.lock()) self->welcome(conn, session, token);
      },
      [weak] {
        const auto self = weak.lock();
        return self ? self->tables_.seated_players() : std::set<std::int64_t>{};
      });
  hub->nodes_->wire({.own_tables =
                         [weak] {
                           std::vector<protocol::LobbyTable> mine;
                           if (const auto self = weak.lock())
                             for (const auto& [id, t] : self->tables_.summaries())
                               if (!t.is_private) mine.push_back(t);  // listed to its members here only
                           return mine;
                         },
                     .remote_tables_changed =
                         [weak] {
                           if (const auto self = weak.lock()) self->refresh_snapshot();
                         },
                     .resume =
                         [weak](UnfinishedSeries series) {
                           if (const auto self = weak.lock()) self->resume_table(std::move(series));
                         }});
  hub->bot_check_->wire([weak](std::int64_t bot) {
    if (const auto self = weak.lock())
      for (const auto& [table, summary] : self->tables_.summaries())
        if (const auto host = self->tables_.host(table)) host->remove_bot(bot);
  });
  return hub;
}

Hub::Hub(Token, asio::io_context& io, const ServeConfig& config, DbWriter& writer)
    : io_(io),
      strand_(asio::make_strand(io)),
      config_(config),
      writer_(writer),
      sessions_(std::make_shared<Sessions>(
          strand_, writer,
          SessionLimits{config.guests_per_address_per_hour, config.guest_unused_after, config.guest_purge_every})),
      tables_(TableLimits{config.tables_per_player, config.tables_per_connection, config.tables_per_address,
                          config.max_tables}),
      bots_(lobby_, *sessions_, tables_, BotCaps{config.bots_per_player, config.bots_per_address}),
      nodes_(std::make_shared<NodeExchange>(strand_, writer, sessions_, config.node)),
      bot_check_(std::make_shared<BotAccountCheck>(strand_, writer, sessions_, config.bot_account_check_every)),
      snapshot_timer_(strand_),
      reap_timer_(strand_),
      strength_cache_(hand_strengths_from_tables(config.strength_tables)) {
  if (strength_cache_) hand_strengths_ = [cache = strength_cache_](const Deal& deal) { return cache->get(deal); };
  rebuild_snapshot();
}

// Everything on the hub strand runs guarded: no exception reaches Asio.
template <class F>
void Hub::on_strand(F f) {
  post_guarded(strand_, shared_from_this(), std::move(f), "hub");
}

void Hub::start() {
  sessions_->start_purge();
  nodes_->start();
  bot_check_->start();
}

// The connection's routes are its session's context: its table messages read them on its strand.
void Hub::on_open(const std::shared_ptr<net::WsSession>& session) {
  ++connections_;
  auto routes = std::make_shared<TableRoutes>();
  session->set_context(routes);
  on_strand(
      [session, routes = std::move(routes)](Hub& hub) mutable { hub.sessions_->open(session, std::move(routes)); });
}

namespace {

TableRoutes* routes_of(const net::WsSession& session) { return static_cast<TableRoutes*>(session.context()); }

// Uncounts a table message that went through the hub once the hub has handed it on (or refused it),
// at the end of its job on the hub strand: from then on the connection's later messages to that
// table may go direct (TableRoutes).
struct HandedOver {
  TableRoutes* routes;
  table::TableId table;
  HandedOver(TableRoutes* r, table::TableId t) : routes(r), table(t) {}
  HandedOver(const HandedOver&) = delete;
  HandedOver& operator=(const HandedOver&) = delete;
  ~HandedOver() {
    if (routes) routes->handed_over(table);
  }
};

}  // namespace

// Each kind of message has its one place: ping is answered here on the connection's strand, a
// table message whose route is open goes straight to its table's strand (TableRoutes), everything
// else in order on the hub strand.
void Hub::on_message(const std::shared_ptr<net::WsSession>& session, std::string_view text) {
  auto parsed = protocol::parse_client_message(text);
  if (!parsed) return send_error(*session, parsed.error(), protocol::message_id(text));
  const auto request_id = parsed->id;
  std::visit(Overloaded{
                 [&](protocol::ConnectionBody& body) {
                   std::visit(Overloaded{
                                  [&](protocol::Ping&) { session->send(protocol::to_text(protocol::make_pong())); },
                                  [&](protocol::Hello& hello) {
                                    on_strand([session, hello = std::move(hello), request_id](Hub& hub) {
                                      Connection* conn = hub.sessions_->find(session->id());
                                      if (conn && !hub.stopping_)
                                        hub.sessions_->hello(session, *conn, hello, request_id);
                                    });
                                  },
                              },
                              body);
                 },
                 [&](protocol::LobbyBody& body) {
                   on_strand([session, body = std::move(body), request_id](Hub& hub) {
                     hub.lobby_message(session, body, request_id);
                   });
                 },
                 [&](protocol::TableBody& body) {
                   route_table_message(session, {request_id, std::move(body)});
                 },
             },
             parsed->body);
}

void Hub::lobby_message(const std::shared_ptr<net::WsSession>& session, const protocol::LobbyBody& body,
                        std::optional<std::int64_t> request_id) {
  const Connection* conn = sessions_->find(session->id());
  if (!conn || stopping_) return;
  auto authenticated = [&] {
    if (!conn->who) send_error(*session, {ErrorCode::NotAuthenticated, "say hello first"}, request_id);
    return conn->who.has_value();
  };
  std::visit(Overloaded{
                 [&](const protocol::LobbyRequest&) {
                   session->send(conn->who ? snapshot_.text_for(conn->who->player_id) : snapshot_.text());
                 },
                 [&](const protocol::CreateTable& create) {
                   if (authenticated()) create_table(session, *conn, create, request_id);
                 },
                 [&](const protocol::AddBot& add) {
                   if (authenticated()) add_bot(session, *conn, add, request_id);
                 },
                 [&](const protocol::DeclineChallenge& decline) {
                   if (!authenticated()) return;
                   const std::string refused = !conn->who->bot ? "only a bot account declines a challenge"
                                               : decline_      ? decline_(conn->who->player_id, decline.tournament)
                                                               : "no tournaments here";
                   if (!refused.empty()) send_error(*session, {ErrorCode::NotAllowed, refused}, request_id);
                 },
             },
             body);
}

void Hub::tell_player(std::int64_t player_id, std::string text) {
  on_strand([player_id, text = std::move(text)](Hub& hub) { hub.sessions_->send_to_player(player_id, text); });
}

void Hub::route_table_message(const std::shared_ptr<net::WsSession>& session, protocol::TableMessage message) {
  const auto received = std::chrono::steady_clock::now();
  const table::TableId table = protocol::table_of(message.body);
  TableRoutes* routes = routes_of(*session);
  // A join always goes through the hub: it may be refused there (a table the server runs).
  const bool join = std::holds_alternative<protocol::JoinTable>(message.body);
  if (routes && !join && routes->try_direct(table, [&](TableHost& host, const Identity& who) {
        host.client_message(who, session, std::move(message), received);
      })) {
    metrics().table_messages_direct.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  metrics().table_messages_via_hub.fetch_add(1, std::memory_order_relaxed);
  on_strand([session, message = std::move(message), received, table](Hub& hub) mutable {
    const HandedOver done{routes_of(*session), table};
    hub.table_message(session, std::move(message), received);
  });
}

void Hub::table_message(const std::shared_ptr<net::WsSession>& session, protocol::TableMessage message,
                        std::chrono::steady_clock::time_point received) {
  Connection* conn = sessions_->find(session->id());
  if (!conn || stopping_) return;
  if (!conn->who) return send_error(*session, {ErrorCode::NotAuthenticated, "say hello first"}, message.id);
  const table::TableId table = protocol::table_of(message.body);
  const auto host = tables_.host(table);
  if (!host) return nodes_->send_table_elsewhere(*session, table, message.id);
  // At a table the server runs (a tournament's) only the bots it invited sit down.
  if (std::holds_alternative<protocol::JoinTable>(message.body) && tables_.managed(table) &&
      !(conn->who->bot && bots_.invited(conn->who->player_id, table)))
    return send_error(*session, {ErrorCode::NotAllowed, "the server seats the players at this table"}, message.id,
                      table);
  if (auto* join = std::get_if<protocol::JoinTable>(&message.body))
    join->invited = conn->who->bot && bots_.invited(conn->who->player_id, table);
  conn->tables.insert(table);
  // Sitting, watching or coming back opens the direct route, used once this message is handed on.
  const bool attaches = std::holds_alternative<protocol::JoinTable>(message.body) ||
                        std::holds_alternative<protocol::WatchTable>(message.body) ||
                        std::holds_alternative<protocol::Resume>(message.body);
  host->client_message(*conn->who, session, std::move(message), received);
  if (attaches) conn->routes->open(table, host);
}

void Hub::on_rate_limited(const std::shared_ptr<net::WsSession>& session) {
  // The session counts strikes and closes a flooding client itself.
  send_error(*session, {ErrorCode::RateLimited, "rate limit exceeded: slow down"}, std::nullopt);
}

void Hub::on_close(const std::shared_ptr<net::WsSession>& session) {
  --connections_;
  if (TableRoutes* routes = routes_of(*session)) routes->close_all();
  on_strand([id = session->id()](Hub& hub) {
    auto closed = hub.sessions_->close(id);
    if (!closed || !closed->conn.who) return;
    const Identity& who = *closed->conn.who;
    if (who.bot) hub.bots_.disconnected(who.player_id, id);
    if (closed->last_of_player) {
      hub.tables_.recheck_tables_of(who.player_id, std::chrono::steady_clock::now(), hub.online());
      hub.schedule_reap();  // its tables may now be abandoned
    }
    hub.lobby_.disconnect(who.player_id);
    for (const table::TableId t : closed->conn.tables)
      if (const auto host = hub.tables_.host(t)) host->session_closed(who.player_id, id);
    hub.refresh_snapshot();
  });
}

void Hub::welcome(Connection& conn, const std::shared_ptr<net::WsSession>& session, const std::string& token) {
  const Identity who = *conn.who;
  if (who.bot) bot_check_->allow(who.player_id);  // it logs in: allowed again (enabled, created anew)
  lobby_.connect(who.player_id, who.name, who.bot, who.bot_kind,
                 who.bot ? std::string(bots::bot_level(who.bot_kind).value_or("")) : std::string{});
  tables_.recheck_tables_of(who.player_id, std::chrono::steady_clock::now(), online());  // not abandoned any more
  if (who.bot) {
    session->use_bot_rate_limit();
    bots_.connected(who, conn, session->id(), who.seats);
  }
  session->send(protocol::to_text(
      protocol::make_welcome(who.player_id, who.name, who.bot, token, config_.node, nodes_->live_nodes())));
  spdlog::info("{} {} (player {}) connected", who.bot ? "bot" : "guest", who.name, who.player_id);
  if (who.bot) bots_.welcomed(who);
  refresh_snapshot();
}

TableDirectory::Online Hub::online() const {
  return [sessions = sessions_.get()](std::int64_t player) { return sessions->online(player); };
}

table::TableConfig Hub::table_config() const {
  table::TableConfig config;
  config.bot_move_ms = config_.bot_move_ms;
  config.human_move_ms = config_.human_move_ms;
  config.result_pause_ms = config_.result_pause_ms;
  config.result_wait_ms = config_.result_wait_ms;
  config.grace_ms = config_.grace_ms;
  config.abandon_after_ms = config_.abandon_after_ms;
  config.timeouts_before_gone = config_.timeouts_before_gone;
  config.hand_strengths = hand_strengths_;
  return config;
}

// The table's id comes from the database (its row), so lobby ids and record ids agree.
void Hub::create_table(const std::shared_ptr<net::WsSession>& session, const Connection& conn,
                       const protocol::CreateTable& create, std::optional<std::int64_t> request_id) {
  table::TableConfig config = table_config();
  if (create.deals) config.deals = *create.deals;
  if (create.event) config.event = *create.event;
  config.kontra = create.kontra;
  const TableOrigin origin{conn.who->player_id, session->id(), conn.address};
  if (const auto refusal = tables_.refusal(origin))
    return send_error(*session, {ErrorCode::TooManyTables, *refusal}, request_id);
  const std::uint64_t pending = tables_.reserve(origin);
  TableHooks hooks;
  if (create.private_table) hooks.private_key = random_token();
  writer_.post([self = shared_from_this(), session, config, origin, pending, request_id, hooks](RecordStore& store) {
    auto id = store.create_table(config, hooks.private_key);
    self->on_strand([session, config, origin, pending, request_id, hooks, id = std::move(id)](Hub& hub) {
      hub.tables_.unreserve(pending);
      if (!id)
        return send_error(*session, {ErrorCode::Internal, "table not created: " + id.error().message}, request_id);
      hub.add_table(std::make_shared<TableHost>(hub.io_, table::Table(*id, config), origin.player, hub.weak_from_this(),
                                                hub.writer_, hooks),
                    config, origin, false);
      hub.tables_.recheck_abandoned(*id, std::chrono::steady_clock::now(), hub.online());  // its creator may be gone
      hub.schedule_reap();
      protocol::Json reply = protocol::make_table_created(*id, hooks.private_key);
      if (request_id) reply["id"] = *request_id;
      session->send(protocol::to_text(reply));
    });
  });
}

void Hub::add_table(std::shared_ptr<TableHost> host, const table::TableConfig& config,
                    std::optional<TableOrigin> origin, bool managed) {
  tables_.add(std::move(host), config, std::move(origin), managed, std::chrono::steady_clock::now());
  schedule_reap();
  refresh_snapshot();
}

void Hub::open_managed_table(table::TableId id, table::TableConfig config, TableHooks hooks,
                             std::vector<table::BotRequest> bots) {
  on_strand([id, config = std::move(config), hooks = std::move(hooks), bots = std::move(bots)](Hub& hub) mutable {
    if (hub.stopping_) return;
    hub.add_table(std::make_shared<TableHost>(hub.io_, table::Table(id, config), 0, hub.weak_from_this(), hub.writer_,
                                              std::move(hooks)),
                  config, std::nullopt, true);
    hub.bots_.request_whole(id, std::move(bots));
  });
}

void Hub::end_managed_table(table::TableId id) {
  on_strand([id](Hub& hub) {
    hub.bots_.drop_requests(id);
    if (const auto host = hub.tables_.host(id)) host->end_managed();
  });
}

void Hub::waiting_at(std::vector<table::TableId> tables,
                     std::function<void(std::map<table::TableId, BotDispatch::Waiting>)> answer) {
  on_strand([tables = std::move(tables), answer = std::move(answer)](Hub& hub) {
    std::map<table::TableId, BotDispatch::Waiting> out;
    for (const table::TableId t : tables)
      if (auto w = hub.bots_.waiting_at(t)) out.emplace(t, std::move(*w));
    answer(std::move(out));
  });
}

void Hub::resume_table(UnfinishedSeries series) {
  on_strand([series = std::move(series)](Hub& hub) {
    if (hub.stopping_) return;
    table::TableConfig config = hub.table_config();
    config.deals = series.deals;
    config.event = series.event;
    config.kontra = series.kontra;
    table::Table table(series.table, config);
    auto out = table.resume_series(series.so_far, table::Clock::now());
    if (!out) {
      spdlog::error("table {}: the series cannot be resumed: {}", series.table, out.error().message);
      return;
    }
    // (its creator is not kept: a private table's players come back by their seats, friends by its link)
    TableHooks hooks;
    hooks.private_key = series.private_key;
    auto host =
        std::make_shared<TableHost>(hub.io_, std::move(table), 0, hub.weak_from_this(), hub.writer_, std::move(hooks));
    hub.add_table(host, config, std::nullopt, false);
    host->begin(std::move(*out));
    for (int seat = 0; seat < 3; ++seat)
      if (const table::Participant& p = series.so_far.seats[static_cast<std::size_t>(seat)]; p.is_bot)
        hub.bots_.expect_back(p.player_id, series.table, seat);
    spdlog::info("table {}: series resumed at game {} of {}", series.table, series.so_far.games.size() + 1,
                 series.deals);
  });
}

// Bots are invited by the table's creator, or by a player seated there before the series starts
// (the table itself knows who sits, so a join just sent is not overtaken); never by message to a
// table the server runs.
void Hub::add_bot(const std::shared_ptr<net::WsSession>& session, const Connection& conn, const protocol::AddBot& add,
                  std::optional<std::int64_t> request_id) {
  const auto host = tables_.host(add.table);
  if (!host) return nodes_->send_table_elsewhere(*session, add.table, request_id);
  if (tables_.managed(add.table))
    return send_error(*session, {ErrorCode::NotAllowed, "the server seats the bots at this table"}, request_id,
                      add.table);
  const std::int64_t sender = conn.who->player_id;
  if (const TableOrigin* origin = tables_.origin(add.table); origin && origin->player == sender)
    return invite_bot(session, add, request_id);
  host->ask_seated_before_series(sender, [weak = weak_from_this(), session, add, request_id](bool seated) {
    const auto self = weak.lock();
    if (!self) return;
    self->on_strand([session, add, request_id, seated](Hub& hub) {
      if (seated) return hub.invite_bot(session, add, request_id);
      send_error(*session,
                 {ErrorCode::NotAllowed,
                  "only the table's creator, or a player seated there before the series starts, may invite bots"},
                 request_id, add.table);
    });
  });
}

void Hub::invite_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
                     std::optional<std::int64_t> request_id) {
  if (stopping_) return;
  if (auto invited = bots_.invite_for_player(add); !invited)
    send_error(*session, invited.error(), request_id, add.table);
}

void Hub::request_bot(table::TableId table, table::BotRequest request) {
  on_strand(
      [table, request = std::move(request)](Hub& hub) mutable { hub.bots_.request(table, {std::move(request)}); });
}

void Hub::release_bot(std::int64_t player_id, table::TableId table) {
  on_strand([player_id, table](Hub& hub) {
    hub.bots_.release(player_id, table);
    hub.refresh_snapshot();
  });
}

void Hub::drop_bot_requests(table::TableId table) {
  on_strand([table](Hub& hub) { hub.bots_.drop_requests(table); });
}

void Hub::note_seat(std::int64_t player_id, std::optional<table::TableId> table) {
  on_strand([player_id, table](Hub& hub) {
    hub.lobby_.set_table(player_id, table);
    hub.refresh_snapshot();
  });
}

void Hub::seat_ended(table::TableId table, std::int64_t player_id) {
  on_strand([table, player_id](Hub& hub) { hub.sessions_->close_routes(player_id, table); });
}

void Hub::publish_table(protocol::LobbyTable summary) {
  on_strand([summary = std::move(summary)](Hub& hub) {
    if (!hub.tables_.update(summary, std::chrono::steady_clock::now(), hub.online())) return;
    hub.schedule_reap();
    hub.refresh_snapshot();
  });
}

void Hub::bot_account_changed(std::int64_t player_id, BotChange change) {
  on_strand([player_id, change](Hub& hub) {
    switch (change) {
      case BotChange::ChallengesNobody: return hub.bots_.set_challenges(player_id, false);
      case BotChange::ChallengesEveryone: return hub.bots_.set_challenges(player_id, true);
      case BotChange::Closed: return hub.sessions_->close_player(player_id);
      case BotChange::Barred: return hub.bot_check_->bar(player_id);
    }
  });
}

void Hub::prefetch_hand_strengths(const Deal& deal) {
  if (strength_cache_) strength_cache_->prefetch(deal);
}

void Hub::schedule_reap() {
  if (reap_scheduled_ || stopping_ || (!tables_.any_idle() && !tables_.any_abandoned())) return;
  reap_scheduled_ = true;
  auto period = config_.table_idle_close / 2;
  if (tables_.any_abandoned())
    period = std::min<std::chrono::milliseconds>(period, std::chrono::milliseconds(config_.grace_ms / 2));
  reap_timer_.expires_after(
      std::clamp<std::chrono::milliseconds>(period, std::chrono::milliseconds(10), std::chrono::minutes(1)));
  reap_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    self->on_strand([](Hub& hub) {
      hub.reap_scheduled_ = false;
      hub.reap();
      hub.schedule_reap();
    });
  });
}

// Tables abandoned for longer than the grace send their bots back to the pool (a bot still on its
// way is sent back once it sits) and drop their requests for bots. Then the tables idle for longer
// than table_idle_close close, unless someone is on the way to them (a bot invited or waited for).
void Hub::reap() {
  const auto now = std::chrono::steady_clock::now();
  const std::set<table::TableId> holding = bots_.holding();
  for (const table::TableId table : tables_.abandoned_for(std::chrono::milliseconds(config_.grace_ms), now)) {
    bots_.drop_requests(table);
    if (!holding.contains(table) && !tables_.bot_seated(table)) continue;
    if (const auto host = tables_.host(table)) host->dismiss_bots();
  }
  const auto closed = tables_.close_idle(config_.table_idle_close, now, bots_.awaited());
  for (const table::TableId table : closed) {
    sessions_->close_routes_to(table);
    spdlog::info("table {} closed (idle)", table);
  }
  if (!closed.empty()) refresh_snapshot();
}

void Hub::refresh_snapshot() {
  if (snapshot_pending_) return;
  const auto window = LobbySnapshot::window(tables_.summaries().size());
  if (std::chrono::steady_clock::now() - snapshot_.built() >= window) return rebuild_snapshot();
  snapshot_pending_ = true;
  snapshot_timer_.expires_at(snapshot_.built() + window);
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
  snapshot_.rebuild(tables_.summaries(), lobby_, std::chrono::steady_clock::now(), config_.node,
                    nodes_->remote_tables());
}

void Hub::shutdown() {
  on_strand([](Hub& hub) {
    hub.stopping_ = true;
    hub.reap_timer_.cancel();
    hub.nodes_->stop();
    hub.bot_check_->stop();
    hub.sessions_->stop();  // first: no message goes straight to a table any more
    hub.tables_.shutdown_all();
  });
}

void Hub::run_on_strand(std::function<void()> job) {
  on_strand([job = std::move(job)](Hub&) { job(); });
}

}  // namespace skat::app
