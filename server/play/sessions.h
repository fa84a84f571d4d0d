// Who each connection is, on the hub strand: its address, the identity its hello proved (a bot
// account's secret, a guest's session token, or a new guest, new guests bounded per address), the
// tables it talks to and its direct routes to them (TableRoutes, read on the connection's strand),
// and every player's open connections. Tokens are checked on the DbWriter's
// thread; the outcome comes back to the strand and goes to the `Identified` callback, which
// welcomes the player. Guests who never played are purged hourly (those online or seated stay).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol/client_messages.h"
#include "server/net/ws_session.h"
#include "server/play/address_limits.h"
#include "server/play/table_routes.h"
#include "server/store/db_writer.h"
#include "server/store/identity_store.h"

namespace skat::app {

struct Connection {
  std::weak_ptr<net::WsSession> session;
  std::string address;  // address_key of the peer
  std::optional<Identity> who;
  bool hello_pending = false;
  std::optional<bool> hints;  // what its hello asked for (absent: people yes, bots no)
  int seats = 1;              // a bot connection: seats it plays at once (hello "seats")
  std::set<table::TableId> tables;
  std::shared_ptr<TableRoutes> routes = std::make_shared<TableRoutes>();  // the session's context too
};

struct SessionLimits {
  int guests_per_address_per_hour = 20;
  std::chrono::hours guest_unused_after{std::chrono::days(7)};
  std::chrono::milliseconds guest_purge_every{std::chrono::hours(1)};
};

class Sessions : public std::enable_shared_from_this<Sessions> {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // A connection proved who it is (conn.who is set): welcome it. `token` is the guest's session
  // token, to be handed to the client (empty for a bot). On the strand.
  using Identified =
      std::function<void(Connection& conn, const std::shared_ptr<net::WsSession>& session, const std::string& token)>;
  // Players the purge keeps besides those online (those seated at a live table). On the strand.
  using Seated = std::function<std::set<std::int64_t>()>;

  Sessions(Strand strand, DbWriter& writer, SessionLimits limits);
  // The owner's side, set once before the first connection opens.
  void wire(Identified identified, Seated seated);

  // All of these run on the strand.
  // A new connection, with the routes its session holds as context.
  void open(const std::shared_ptr<net::WsSession>& session, std::shared_ptr<TableRoutes> routes);
  struct Closed {
    Connection conn;
    bool last_of_player = false;  // the player has no connection left
  };
  std::optional<Closed> close(std::uint64_t session_id);
  Connection* find(std::uint64_t session_id);
  // A hello on this connection: at most one, answered through `Identified` or an error reply.
  void hello(const std::shared_ptr<net::WsSession>& session, Connection& conn, const protocol::Hello& hello,
             std::optional<std::int64_t> request_id);
  bool online(std::int64_t player_id) const { return by_player_.contains(player_id); }
  // This connection, when live, noted as talking to `table` (a bot invited there).
  std::shared_ptr<net::WsSession> reach_connection(std::uint64_t session_id, table::TableId table);
  // Closes every connection of this player (a bot account deleted, disabled, renamed or re-keyed);
  // their routes close at once, before anything the caller posts to a table next.
  void close_player(std::int64_t player_id);
  // The player's seat at `table` ended: its connections' messages to it go through the hub again.
  void close_routes(std::int64_t player_id, table::TableId table);
  // The table closed: nobody's messages go straight to it any more.
  void close_routes_to(table::TableId table);
  // The bot accounts signed in on some connection now.
  std::vector<std::int64_t> bot_players() const;
  // Sends `text` to every connection of a bot account.
  void send_to_bots(const std::string& text);
  // Sends `text` to every connection of this player.
  void send_to_player(std::int64_t player_id, const std::string& text);
  // Starts the periodic purge of unused guests (the first one at once); stop() ends it.
  void start_purge();
  // Stops the purge and closes every connection (and its routes).
  void stop();

 private:
  using Verdict = StoreResult<Identity>;
  // Hands a hello's outcome back to the strand, from the writer thread.
  std::function<void(Verdict, std::string)> answer_later(std::uint64_t session_id,
                                                         std::optional<std::int64_t> request_id);
  void answer(std::uint64_t session_id, Verdict verdict, const std::string& token,
              std::optional<std::int64_t> request_id);
  // A new guest for this connection, if its address may create one now.
  void new_guest(std::uint64_t session_id, std::string name, std::optional<std::int64_t> request_id);
  void schedule_purge(std::chrono::milliseconds after);
  void purge_unused_guests();

  Strand strand_;
  DbWriter& writer_;
  SessionLimits limits_;
  Identified identified_;
  Seated seated_;
  std::map<std::uint64_t, Connection> conns_;
  std::map<std::int64_t, std::set<std::uint64_t>> by_player_;
  GuestQuota guest_quota_;
  boost::asio::steady_timer purge_timer_;
  bool stopped_ = false;
};

}  // namespace skat::app
