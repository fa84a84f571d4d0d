// The tables one connection reaches without the hub. The hub (on its strand) opens a route when it
// hands the connection's join_table, watch_table or resume to a table, and closes it when the
// connection's player leaves its seat there, when the table closes, and for good when the
// connection closes or its bot account is barred or changed. On the connection's strand a table
// message then goes straight onto its table's strand, with the identity the hub established at
// hello, if that table's route is open and no earlier message of this connection for that table is
// still on its way through the hub; anything else goes through the hub as before. Order per
// connection and table holds: a message counted as on its way through the hub is uncounted only
// once the hub has handed it to the table (or refused it), and only then may a later one go direct.
// A small mutex rather than a snapshot swapped atomically: the hand-over onto the table's strand
// happens under it, so once the hub has closed a route no message of this connection reaches that
// table after what the hub posts there next (a barred bot's removal). The hub writes rarely, so the
// lock is all but uncontended.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "server/net/handlers.h"
#include "server/store/identity_store.h"
#include "server/table/table_types.h"

namespace skat::app {

class TableHost;

class TableRoutes : public net::SessionContext {
 public:
  using TableId = table::TableId;

  // On the hub strand.
  // The identity the connection proved at hello: the one its direct messages carry.
  void identify(const Identity& who);
  // The connection talks to this table now (sits or watches there): its messages may go direct.
  void open(TableId table, std::weak_ptr<TableHost> host);
  void close(TableId table);
  // Every route, for good: no route opens any more.
  void close_all();
  // A message that try_direct counted as going through the hub was handed on by the hub (or refused).
  void handed_over(TableId table);

  // On the connection's strand: calls send(host, who) under the lock when the message may go
  // straight to its table, and returns true; otherwise counts it as on its way through the hub
  // (the caller posts it there, and the hub calls handed_over) and returns false.
  template <class Send>
  bool try_direct(TableId table, Send&& send) {
    std::shared_ptr<TableHost> host;  // released after the lock (it may be the table's last owner)
    const std::lock_guard lock(mutex_);
    Route& route = routes_[table];
    if (route.via_hub == 0 && who_ && (host = route.host.lock())) {
      send(*host, *who_);
      return true;
    }
    ++route.via_hub;
    return false;
  }

  // Whether a message for this table would go direct now.
  bool direct(TableId table) const;

 private:
  struct Route {
    std::weak_ptr<TableHost> host;  // empty: closed (or never opened)
    int via_hub = 0;                // messages on their way through the hub
  };

  mutable std::mutex mutex_;
  std::optional<Identity> who_;
  bool closed_ = false;
  std::map<TableId, Route> routes_;  // entries only while open or while messages are on their way
};

}  // namespace skat::app
