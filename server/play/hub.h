// The lobby side of the server, on one strand: a thin composition of its parts. Sessions knows who
// each connection is (and its direct routes to its tables, TableRoutes); the TableDirectory holds
// the live tables and their bounds; BotDispatch sends pool bots to seats; the LobbySnapshot is what
// HTTP handlers and new connections read; the NodeExchange trades lobby lines with the other nodes
// and takes over the series of silent ones; the BotAccountCheck bars bot accounts that may no
// longer play. The hub routes each client message once (by kind: connection, lobby, table; a table
// message whose connection has an open route to its table goes there without the hub strand),
// opens tables for players, for tournaments and for series a previous process left unfinished,
// closes idle tables and sends the bots of abandoned ones home, and serves the tables as their
// TableServices.
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "protocol/client_messages.h"
#include "server/lobby/lobby.h"
#include "server/net/handlers.h"
#include "server/play/bot_account_check.h"
#include "server/play/bot_dispatch.h"
#include "server/play/hand_strength_cache.h"
#include "server/play/lobby_snapshot.h"
#include "server/play/node_exchange.h"
#include "server/play/sessions.h"
#include "server/play/table_directory.h"
#include "server/play/table_host.h"
#include "server/play/table_services.h"
#include "server/serve_config.h"
#include "server/store/db_writer.h"
#include "server/store/node_store.h"

namespace skat::app {

class Hub : public net::SessionHandler, public TableServices, public std::enable_shared_from_this<Hub> {
  struct Token {};

 public:
  static std::shared_ptr<Hub> create(boost::asio::io_context& io, const ServeConfig& config, DbWriter& writer);
  Hub(Token, boost::asio::io_context& io, const ServeConfig& config, DbWriter& writer);
  // Starts the periodic purge of unused guests (the first one at once).
  void start();

  // net::SessionHandler (called on the connection's strand).
  void on_open(const std::shared_ptr<net::WsSession>& session) override;
  void on_message(const std::shared_ptr<net::WsSession>& session, std::string_view text) override;
  void on_rate_limited(const std::shared_ptr<net::WsSession>& session) override;
  void on_close(const std::shared_ptr<net::WsSession>& session) override;

  // The PGN hand strengths of a deal from the winning tables (empty when none could be loaded).
  const std::function<std::array<int, 3>(const Deal&)>& hand_strengths() const { return hand_strengths_; }

  // A table the server runs by itself (tournaments): its db row exists (id); the bots it asks
  // for are invited as they become free, and the hooks see its games.
  void open_managed_table(table::TableId id, table::TableConfig config, TableHooks hooks,
                          std::vector<table::BotRequest> bots);
  // The server is done with a table it runs (TableHost::end_managed): its waiting requests are
  // dropped and its bots go back to the pool.
  void end_managed_table(table::TableId id);
  // Sends `text` to every connection of a player (a challenged bot account), on the strand.
  void tell_player(std::int64_t player_id, std::string text);
  // Who answers a bot's decline_challenge (the tournament director, server/app/server.cpp): the
  // bot account's player id and the tournament; empty when it is declined, else why not. Set
  // once before the first connection opens.
  using DeclineHandler = std::function<std::string(std::int64_t bot_player, std::int64_t tournament)>;
  void set_decline_handler(DeclineHandler handler) { decline_ = std::move(handler); }
  // What each of these tables waits for (BotDispatch::Waiting; tables that wait for nothing are
  // left out), answered on the hub strand.
  void waiting_at(std::vector<table::TableId> tables,
                  std::function<void(std::map<table::TableId, BotDispatch::Waiting>)> answer);
  // A series a previous process left unfinished goes on at its table (same id); its bots are
  // invited back to their seats as they reconnect, its humans rejoin within the grace.
  void resume_table(UnfinishedSeries series);

  // TableServices, from table strands (each posts onto the hub strand).
  void request_bot(table::TableId table, table::BotRequest request) override;
  void release_bot(std::int64_t player_id, table::TableId table) override;
  void drop_bot_requests(table::TableId table) override;
  void note_seat(std::int64_t player_id, std::optional<table::TableId> table) override;
  void seat_ended(table::TableId table, std::int64_t player_id) override;
  void publish_table(protocol::LobbyTable summary) override;
  // Any thread.
  void prefetch_hand_strengths(const Deal& deal) override;
  // A bot account changed (any thread): whom it accepts challenges from; or its connections close
  // (Closed: renamed or re-keyed, it must log in again); or it may no longer play (Barred:
  // revoked, disabled or deleted): its connections close and it leaves every seat at once, a
  // substitute taking it in a running series, as when a player leaves.
  enum class BotChange { ChallengesNobody, ChallengesEveryone, Closed, Barred };
  void bot_account_changed(std::int64_t player_id, BotChange change);

  // Any thread.
  protocol::Json lobby_snapshot() const { return snapshot_.json(); }
  LobbyStats stats() const { return snapshot_.stats(); }
  // Closes every connection and stops every table clock.
  void shutdown();
  // WebSocket connections open now.
  int connections() const { return connections_.load(); }
  // Runs `job` on the hub strand, in turn with everything else there (tests hold the strand with it).
  void run_on_strand(std::function<void()> job);

 private:
  DeclineHandler decline_;
  template <class F>
  void on_strand(F f);
  // The one place for each kind of message.
  void lobby_message(const std::shared_ptr<net::WsSession>& session, const protocol::LobbyBody& body,
                     std::optional<std::int64_t> request_id);
  // On the connection's strand: straight to the table when the connection's route is open, else
  // through the hub strand (table_message).
  void route_table_message(const std::shared_ptr<net::WsSession>& session, protocol::TableMessage message);
  void table_message(const std::shared_ptr<net::WsSession>& session, protocol::TableMessage message,
                     std::chrono::steady_clock::time_point received);
  // A connection proved who it is (Sessions::Identified).
  void welcome(Connection& conn, const std::shared_ptr<net::WsSession>& session, const std::string& token);
  // A player's table's settings from the server's: move clocks, grace, the records' hand strengths.
  table::TableConfig table_config() const;
  void create_table(const std::shared_ptr<net::WsSession>& session, const Connection& conn,
                    const protocol::CreateTable& create, std::optional<std::int64_t> request_id);
  void add_table(std::shared_ptr<TableHost> host, const table::TableConfig& config, std::optional<TableOrigin> origin,
                 bool managed);
  void add_bot(const std::shared_ptr<net::WsSession>& session, const Connection& conn, const protocol::AddBot& add,
               std::optional<std::int64_t> request_id);
  void invite_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
                  std::optional<std::int64_t> request_id);
  TableDirectory::Online online() const;
  // Rebuilds the snapshot now, or once at the end of its window (LobbySnapshot::window).
  void refresh_snapshot();
  void rebuild_snapshot();
  // Closes the tables idle for longer than config_.table_idle_close and sends the bots of tables
  // abandoned for longer than the grace back to the pool (a timer on the hub strand).
  void schedule_reap();
  void reap();

  boost::asio::io_context& io_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  ServeConfig config_;
  DbWriter& writer_;
  lobby::Lobby lobby_;
  std::shared_ptr<Sessions> sessions_;
  TableDirectory tables_;
  BotDispatch bots_;
  LobbySnapshot snapshot_;
  std::shared_ptr<NodeExchange> nodes_;
  std::shared_ptr<BotAccountCheck> bot_check_;
  bool stopping_ = false;
  std::atomic<int> connections_ = 0;

  boost::asio::steady_timer snapshot_timer_;
  boost::asio::steady_timer reap_timer_;
  bool reap_scheduled_ = false;
  bool snapshot_pending_ = false;
  std::shared_ptr<HandStrengthCache> strength_cache_;
  std::function<std::array<int, 3>(const Deal&)> hand_strengths_;
};

}  // namespace skat::app
