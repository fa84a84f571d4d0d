// The lobby side of the server, serialised on one strand: who each connection is (hello, guest
// session tokens, bot accounts; new guests bounded per address, unused ones purged hourly), the
// online list and bot pool (lobby::Lobby), the directory of live tables (bounded per creator,
// connection, address and in all; idle tables are closed), bot invitations (by a table's creator
// or a player seated there; bounded per creator; waiting until a pool bot is free; released when
// the table is abandoned), and a lobby snapshot that HTTP handlers read under a mutex. Client
// messages for a table go on to its TableHost.
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "server/app/address_limits.h"
#include "server/app/db_writer.h"
#include "server/app/hand_strength_cache.h"
#include "server/app/serve_config.h"
#include "server/app/store.h"
#include "server/lobby/lobby.h"
#include "server/net/handlers.h"
#include "server/protocol/server_messages.h"
#include "server/table/table_types.h"

namespace skat::app {

class TableHost;
struct TableHooks;

struct HubStats {
  int tables = 0;
  int tables_playing = 0;
  int players_online = 0;
  int bots_online = 0;
  int bots_free = 0;
};

class Hub : public net::SessionHandler, public std::enable_shared_from_this<Hub> {
 public:
  Hub(boost::asio::io_context& io, const ServeConfig& config, DbWriter& writer);
  // Starts the periodic purge of unused guests (the first one at once).
  void start();

  // net::SessionHandler (called on the connection's strand).
  void on_open(const std::shared_ptr<net::WsSession>& session) override;
  void on_message(const std::shared_ptr<net::WsSession>& session, std::string_view text) override;
  void on_rate_limited(const std::shared_ptr<net::WsSession>& session) override;
  void on_close(const std::shared_ptr<net::WsSession>& session) override;

  // The PGN hand strengths of a deal from the winning tables (empty when none could be loaded).
  const std::function<std::array<int, 3>(const Deal&)>& hand_strengths() const { return hand_strengths_; }
  // Any thread: a game of this deal has begun; its hand strengths are worked out in the background.
  void prefetch_hand_strengths(const Deal& deal) {
    if (strength_cache_) strength_cache_->prefetch(deal);
  }

  // A table the server runs by itself (tournaments): its db row exists (id); the bots it asks
  // for are invited as they become free, and the hooks see its games.
  void open_managed_table(table::TableId id, table::TableConfig config, TableHooks hooks,
                          std::vector<table::BotRequest> bots);

  // A series a previous process left unfinished goes on at its table (same id); its bots are
  // invited back to their seats as they reconnect, its humans rejoin within the grace.
  void resume_table(UnfinishedSeries series);

  // From table strands (post onto the hub strand).
  void request_bot(table::TableId table, table::BotRequest request);
  void release_bot(std::int64_t player_id);
  void note_seat(std::int64_t player_id, std::optional<table::TableId> table);
  void publish_table(protocol::LobbyTable summary);

  // Any thread.
  protocol::Json lobby_snapshot() const;
  // The same snapshot as the text of a `lobby` message (serialised once per rebuild).
  std::shared_ptr<const std::string> lobby_snapshot_text() const;
  HubStats stats() const;
  // Closes every connection and stops every table clock.
  void shutdown();
  // WebSocket connections open now.
  int connections() const { return connections_.load(); }

 private:
  struct Conn {
    std::weak_ptr<net::WsSession> session;
    std::string address;  // address_key of the peer
    std::optional<Identity> who;
    bool hello_pending = false;
    std::set<table::TableId> tables;
  };
  // Who asked for a player's table: its creator, from which connection and address.
  struct TableOrigin {
    std::int64_t player = 0;
    std::uint64_t session = 0;
    std::string address;
  };
  using Reply = std::function<void(std::expected<Identity, std::string>, std::string)>;

  template <class F>
  void on_strand(F f);
  void dispatch(const std::shared_ptr<net::WsSession>& session, protocol::ClientMessage message);
  void hello(const std::shared_ptr<net::WsSession>& session, Conn& conn, const protocol::Hello& hello,
             std::optional<std::int64_t> request_id);
  void welcome(std::uint64_t session_id, std::expected<Identity, std::string> result, std::string token,
               std::optional<std::int64_t> request_id);
  // Hands a hello's outcome back to the hub strand (to welcome), from the writer thread.
  Reply welcome_later(std::uint64_t session_id, std::optional<std::int64_t> request_id, std::string kind);
  // A new guest for this connection, if its address may create one now.
  void new_guest(std::uint64_t session_id, std::string name, std::optional<std::int64_t> request_id);
  // A player's table's settings from the server's: move clocks, grace, the records' hand strengths.
  table::TableConfig table_config() const;
  void create_table(const std::shared_ptr<net::WsSession>& session, const protocol::CreateTable& create,
                    std::optional<std::int64_t> request_id);
  void open_table(const std::shared_ptr<net::WsSession>& session, table::TableId id, const table::TableConfig& config,
                  const TableOrigin& origin, std::optional<std::int64_t> request_id);
  void register_table(std::shared_ptr<TableHost> host, const table::TableConfig& config);
  void add_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
               std::optional<std::int64_t> request_id);
  // add_bot once the sender may invite: within the bots its table's creator may hold.
  void invite_bot(const std::shared_ptr<net::WsSession>& session, const protocol::AddBot& add,
                  std::optional<std::int64_t> request_id);
  // Pool bots seated at or invited to the tables this player created.
  int bots_held_where(const std::function<bool(const TableOrigin&)>& counts) const;
  bool invite(std::int64_t bot_id, table::TableId table, int seat);
  void invite_back(const Identity& bot);
  void serve_waiting_bots();
  // Rebuilds the snapshot now, or once at the end of the current window when it was rebuilt less
  // than a window ago: a rebuild walks every table and player, so not one per move. The window
  // grows with the number of tables (50 ms up to 100 tables, 0.5 ms per table, at most 500 ms), so
  // the share of the hub's time spent on rebuilds stays bounded as the server fills up.
  void refresh_snapshot();
  void rebuild_snapshot();
  // Notes when a table became idle (nobody seated, watching or invited, no series running) and
  // closes the tables idle for longer than config_.table_idle_close (a timer on the hub strand).
  void track_idle(const protocol::LobbyTable& summary);
  void schedule_reap();
  void reap_idle_tables();
  // A player's table is abandoned when no series runs, no human sits at it and its creator has no
  // connection; after the grace its bots go back to the pool (reap timer).
  bool abandoned(table::TableId table) const;
  void track_abandoned(table::TableId table);
  void track_tables_of(std::int64_t creator);
  void dismiss_abandoned_bots();
  void schedule_purge(std::chrono::milliseconds after);
  void purge_unused_guests();
  void send_error(const std::shared_ptr<net::WsSession>& session, protocol::ErrorCode code, std::string message,
                  std::optional<std::int64_t> request_id, std::optional<table::TableId> table = std::nullopt);

  boost::asio::io_context& io_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  ServeConfig config_;
  DbWriter& writer_;
  lobby::Lobby lobby_;
  std::map<std::uint64_t, Conn> conns_;
  std::map<std::int64_t, std::set<std::uint64_t>> player_sessions_;
  std::map<table::TableId, std::shared_ptr<TableHost>> tables_;
  std::map<table::TableId, protocol::LobbyTable> summaries_;
  std::map<table::TableId, TableOrigin> creators_;       // tables opened by a player
  std::set<table::TableId> managed_;                     // tables the server runs (tournaments)
  std::map<std::uint64_t, TableOrigin> tables_pending_;  // tables asked for, not yet opened
  std::uint64_t last_pending_ = 0;
  std::map<table::TableId, std::chrono::steady_clock::time_point> idle_since_;
  std::map<table::TableId, std::chrono::steady_clock::time_point> abandoned_since_;
  GuestQuota guest_quota_;
  std::map<std::int64_t, table::TableId> seated_bots_;
  std::map<std::int64_t, std::pair<table::TableId, int>> returning_bots_;  // bot → its seat at a resumed table
  std::deque<std::pair<table::TableId, table::BotRequest>> waiting_bots_;
  bool stopping_ = false;
  std::atomic<int> connections_ = 0;

  boost::asio::steady_timer snapshot_timer_;
  boost::asio::steady_timer reap_timer_;
  boost::asio::steady_timer purge_timer_;
  bool reap_scheduled_ = false;
  bool snapshot_pending_ = false;
  std::chrono::steady_clock::time_point snapshot_built_{};
  mutable std::mutex snapshot_mutex_;
  protocol::Json snapshot_;
  std::shared_ptr<const std::string> snapshot_text_;
  HubStats stats_;
  std::shared_ptr<HandStrengthCache> strength_cache_;
  std::function<std::array<int, 3>(const Deal&)> hand_strengths_;
};

// A fresh random token of 32 bytes from libsodium, as 64 hex digits.
std::string random_token();

}  // namespace skat::app
