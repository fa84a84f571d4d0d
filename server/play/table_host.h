// One live table and everything that touches it, serialised on the table's own strand: the pure
// Table, its move-clock timer (calls Table::on_clock), which connections hold which seat or
// watch, and the delivery of its output (messages per audience, records to the DbWriter, bot
// requests and releases, seats and its lobby line to the TableServices the app gives it). A message reaches a seat only
// if the seat's current occupant is the player of that connection. A finished game is durable before anyone hears of
// it: the output that ends a game, and everything after it, is held until the writer has committed
// the game.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "protocol/client_messages.h"
#include "protocol/server_messages.h"
#include "server/net/ws_session.h"
#include "server/play/table_services.h"
#include "server/store/db_writer.h"
#include "server/store/identity_store.h"
#include "server/table/table.h"

namespace skat::app {

// What a table the server runs by itself (a tournament table) needs besides a normal one.
struct TableHooks {
  std::function<void(const table::FinishedGame&)> on_game;  // each finished game, on the table strand
  bool start_when_full = false;  // its one series starts as soon as the three seats are taken
  bool sealed = false;           // nobody may watch it (a tournament with an outside program, while it runs)
  // Non-empty: a private table. Joining or watching it needs this key (its link's), except for its
  // creator, its players (and the people substitutes sit in for) and the bots the server invites.
  std::string private_key;
};

class TableHost : public std::enable_shared_from_this<TableHost> {
 public:
  // `creator` may start a series without holding a seat (e.g. a table of three bots).
  TableHost(boost::asio::io_context& io, table::Table table, std::int64_t creator,
            std::weak_ptr<TableServices> services, DbWriter& writer, TableHooks hooks = {});

  table::TableId id() const { return id_; }
  // Set at construction, never changed: may be read from any thread.
  bool is_private() const { return !hooks_.private_key.empty(); }
  // Delivers output the table produced before the host existed (a resumed series): its events,
  // bot requests and clock.
  void begin(table::TableOutput out);
  // All of these post onto the table strand.
  // `received`: when the server read the message (move_latency counts from there).
  void client_message(const Identity& who, std::shared_ptr<net::WsSession> session, protocol::TableMessage message,
                      std::chrono::steady_clock::time_point received);
  void session_closed(std::int64_t player_id, std::uint64_t session_id);
  // Whether this player sits at the table while no series runs (who may invite bots besides the
  // table's creator); `answer` runs on the table strand.
  void ask_seated_before_series(std::int64_t player_id, std::function<void(bool)> answer);
  // A bot account that may no longer play (revoked or disabled) leaves every seat it occupies here,
  // as by leave_table: before a series the seat is free, during one a substitute is asked for at once.
  void remove_bot(std::int64_t player_id);
  // The table was abandoned: unless a series runs, its bots leave and go back to the pool.
  void dismiss_bots();
  // The server is done with this table (its tournament was cancelled or ended): a running series
  // ends as abandoned with the games finished so far, no series starts again, and every bot, those
  // still on their way too, goes back to the pool.
  void end_managed();
  // Stops the clock for good (server shutdown): running games stay as they are in the db.
  void shutdown();

 private:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  struct Attached {
    std::weak_ptr<net::WsSession> session;
    std::int64_t player_id = 0;
  };

  using Steady = std::chrono::steady_clock;

  template <class F>
  void on_strand(F f);
  // Each table message is handled here and only here.
  void dispatch(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                const protocol::TableMessage& message, Steady::time_point queued);
  template <class F>
  void play(Steady::time_point queued, F f);
  void join(const Identity& who, const std::shared_ptr<net::WsSession>& session, std::optional<std::int64_t> request_id,
            std::optional<int> wanted);
  void watch(const std::shared_ptr<net::WsSession>& session);
  void leave(const Identity& who, int seat, std::optional<std::int64_t> request_id,
             const std::shared_ptr<net::WsSession>& session);
  void start_series(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                    std::optional<std::int64_t> request_id);
  void remove_player(const Identity& who, const std::shared_ptr<net::WsSession>& session,
                     std::optional<std::int64_t> request_id, int seat);
  void resume(const Identity& who, const std::shared_ptr<net::WsSession>& session, std::int64_t version);
  std::optional<int> held_seat(const Identity& who, std::uint64_t session_id, std::optional<int> wanted) const;
  void attach(int seat, const Identity& who, const std::shared_ptr<net::WsSession>& session);
  void detach_player(int seat, std::int64_t player_id);
  void apply(table::TableOutput out);
  // apply, with the table's errors sent to `sender` only.
  void apply_answering(net::WsSession& sender, table::TableOutput out);
  void release_bots(const std::shared_ptr<TableServices>& services);
  void deliver(int audience, const std::shared_ptr<const std::string>& text);
  void send_now(int audience, const std::shared_ptr<const std::string>& text);
  void committed();
  void send_direct(const std::shared_ptr<net::WsSession>& session, const table::TableOutput& out);
  void arm_clock();
  void on_clock(boost::system::error_code ec);
  void publish();
  // Whether `who` may sit down at or watch this table with `key` (always, unless it is private).
  bool admits(const Identity& who, const std::string& key, bool invited_bot) const;
  void refuse_private(net::WsSession& session, std::optional<std::int64_t> request_id) const;

  table::TableId id_;
  std::int64_t creator_;
  Strand strand_;
  table::Table table_;
  std::weak_ptr<TableServices> services_;
  DbWriter& writer_;
  boost::asio::steady_timer timer_;
  std::optional<table::TimePoint> armed_;
  std::optional<protocol::LobbyTable> published_;  // the lobby has this summary: publish changes only
  bool stopped_ = false;
  TableHooks hooks_;
  bool started_by_hook_ = false;
  bool ended_ = false;  // end_managed: bots that arrive are sent back
  std::array<std::map<std::uint64_t, Attached>, 3> seats_;
  std::map<std::uint64_t, std::weak_ptr<net::WsSession>> spectators_;
  std::uint64_t prefetched_deal_ = 0;    // the deal whose hand strengths were asked for last
  int commits_awaited_ = 0;              // finished games posted to the writer and not yet committed
  bool release_when_committed_ = false;  // the series ended: its bots leave once its records are committed
  std::deque<std::pair<int, std::shared_ptr<const std::string>>> held_;  // (audience, message)
  static constexpr std::size_t kMaxRemoved = 256;
  std::set<std::int64_t> removed_;  // people the creator removed: they do not sit here again
};

table::Participant participant_of(const Identity& who);

}  // namespace skat::app
