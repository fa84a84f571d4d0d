// Which pool bot goes to which seat, on the hub strand: the bots seated at or invited to each
// table, the tables' requests waiting for a free bot (served in order of arrival, exact requests
// only by the bot or kind they name), the bots of a resumed series invited back to their seats,
// and a player's invitations (add_bot) within the pool bots the tables of its creator, and of the
// creator's address, may hold. An invitation is a message to one of the bot's connections.
#pragma once

#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "server/app/sessions.h"
#include "server/app/table_directory.h"
#include "server/lobby/lobby.h"
#include "server/protocol/client_messages.h"
#include "server/protocol/errors.h"

namespace skat::app {

struct BotCaps {
  int per_player = 4;
  int per_address = 8;
};

class BotDispatch {
 public:
  using TableId = table::TableId;

  BotDispatch(lobby::Lobby& lobby, Sessions& sessions, const TableDirectory& tables, BotCaps caps)
      : lobby_(lobby), sessions_(sessions), tables_(tables), caps_(caps) {}

  // A player's add_bot, once the sender may invite: the named bot (else one of that kind) if it
  // is free and within the caps of the table's creator.
  std::expected<void, protocol::ProtocolError> invite_for_player(const protocol::AddBot& add);
  // A table asks for bots (now, or when they are free), served in this order.
  void request(TableId table, std::vector<table::BotRequest> requests);
  // Tries the waiting requests again (a bot came or was freed).
  void serve_waiting();
  // A bot left its seat: free again.
  void release(std::int64_t bot);
  // A bot of a resumed series: invited back to its seat when it connects.
  void expect_back(std::int64_t bot, TableId table, int seat);
  // A bot account connected (before its welcome): in the pool, busy when it still holds a seat.
  void connected(const Identity& bot, Connection& conn);
  // A bot account was welcomed: back to its seat, or to a waiting request.
  void welcomed(const Identity& bot);
  // A bot expected back at its seat (expect_back) is invited to it, if it is free.
  void invite_back(std::int64_t bot);
  // A bot account's last connection closed: out of the pool.
  void disconnected(std::int64_t bot) { lobby_.bots().remove(bot); }
  // Tables holding a pool bot (seated or on its way).
  std::set<TableId> holding() const;
  // Tables someone is on the way to: holding a bot or waiting for one.
  std::set<TableId> awaited() const;
  // Forgets a table's waiting requests (it was abandoned).
  void drop_requests(TableId table);

 private:
  // Pool bots seated at or invited to the tables whose origin `counts`.
  int held_where(const std::function<bool(const TableOrigin&)>& counts) const;
  bool invite(std::int64_t bot, TableId table, int seat);

  lobby::Lobby& lobby_;
  Sessions& sessions_;
  const TableDirectory& tables_;
  BotCaps caps_;
  std::map<std::int64_t, TableId> seated_;                     // bot → the table it was invited to
  std::map<std::int64_t, std::pair<TableId, int>> returning_;  // bot → its seat at a resumed table
  std::deque<std::pair<TableId, table::BotRequest>> waiting_;
};

}  // namespace skat::app
