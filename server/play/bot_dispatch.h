// Which pool bot goes to which seat, on the hub strand: the bots seated at or invited to each
// table, the tables' requests waiting for a free bot (served in order of arrival, exact requests
// only by the bot or kind they name), the bots of a resumed series invited back to their seats,
// and a player's invitations (add_bot) within the pool bots the tables of its creator, and of the
// creator's address, may hold. A table the server runs (a tournament's) asks for its three seats at
// once and claims no bot until all three can be seated, so that a table that cannot start holds
// none; each request remembers since when it waits. An invitation is a message to one connection of the bot, the one
// the pool chose (a connection plays one seat per table). A player's bot is invited only by name,
// and only to tables of its owner or, when it accepts challenges, of anyone, whatever the add_bot
// names it by.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "protocol/client_messages.h"
#include "protocol/errors.h"
#include "server/lobby/lobby.h"
#include "server/play/sessions.h"
#include "server/play/table_directory.h"

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
  // A table asks for all its seats' bots together: none is claimed until every one is free.
  void request_whole(TableId table, std::vector<table::BotRequest> requests);
  // What a table waits for: its requests not yet served, and since when the oldest waits.
  struct Waiting {
    std::vector<table::BotRequest> requests;
    std::chrono::steady_clock::time_point since{};
  };
  std::optional<Waiting> waiting_at(TableId table) const;
  // Tries the waiting requests again (a bot came or was freed).
  void serve_waiting();
  // A bot left its seat at `table`: that seat's connection is free again.
  void release(std::int64_t bot, TableId table);
  // A bot of a resumed series: invited back to its seat when it connects.
  void expect_back(std::int64_t bot, TableId table, int seat);
  // A bot account connected (before its welcome): in the pool; the seats it holds with no
  // connection go to this one.
  void connected(const Identity& bot, Connection& conn, std::uint64_t conn_id, int seats);
  // A bot account was welcomed: back to its seat, or to a waiting request.
  void welcomed(const Identity& bot);
  // A bot expected back at its seat (expect_back) is invited to it, if it is free.
  void invite_back(std::int64_t bot);
  // A connection of a bot account closed: out of the pool (its seats stay held).
  void disconnected(std::int64_t bot, std::uint64_t conn_id) { lobby_.bots().remove_connection(bot, conn_id); }
  // A player's bot changed whom it accepts challenges from (by player id).
  void set_challenges(std::int64_t bot, bool everyone);
  // Whether this bot was invited to (or sits at) this table.
  bool invited(std::int64_t bot, TableId table) const;
  // Tables holding a pool bot (seated or on its way).
  std::set<TableId> holding() const;
  // Tables someone is on the way to: holding a bot or waiting for one.
  std::set<TableId> awaited() const;
  // Forgets a table's waiting requests (it was abandoned).
  void drop_requests(TableId table);

 private:
  // Pool bots seated at or invited to the tables whose origin `counts`.
  int held_where(const std::function<bool(const TableOrigin&)>& counts) const;
  bool invite(const lobby::BotPool::Slot& slot, TableId table, int seat);
  // Whether a player's bot may be invited to the tables of `creator` (house bots: always).
  bool may_invite(std::int64_t bot, std::optional<std::int64_t> creator) const;

  lobby::Lobby& lobby_;
  Sessions& sessions_;
  const TableDirectory& tables_;
  BotCaps caps_;
  std::multimap<std::int64_t, TableId> seated_;                     // bot → a table it was invited to
  std::multimap<std::int64_t, std::pair<TableId, int>> returning_;  // bot → its seat at a resumed table
  std::map<std::int64_t, std::pair<std::int64_t, bool>> owners_;    // a player's bot → owner, accepts challenges
  struct Queued {
    TableId table = 0;
    std::vector<table::BotRequest> requests;  // one, or a whole table's
    bool whole = false;
    std::chrono::steady_clock::time_point since{};
  };
  // Claims a whole table's bots, or none; true when it did.
  bool serve_whole(const Queued& q);
  std::deque<Queued> waiting_;
};

}  // namespace skat::app
