// The live tables, on the hub strand: each table's host, its lobby line, who opened it (a player's
// table) or that the server runs it (a tournament table), the tables asked for and not yet opened,
// the bounds on open tables (per creator, connection and address, and in all), and since when each
// table has been idle (nobody there, no series) or abandoned (no series, no human seated, its
// creator gone). Bookkeeping on a passed-in clock; the hub decides what to do with idle tables.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol/server_messages.h"
#include "server/play/table_host.h"
#include "server/table/table_types.h"

namespace skat::app {

// Who asked for a player's table: its creator, from which connection and address.
struct TableOrigin {
  std::int64_t player = 0;
  std::uint64_t session = 0;
  std::string address;
};

struct TableLimits {
  int per_player = 16;
  int per_connection = 16;
  int per_address = 64;
  int in_all = 10000;
};

class TableDirectory {
 public:
  using Clock = std::chrono::steady_clock;
  using TableId = table::TableId;
  // Whether a player has a connection open now.
  using Online = std::function<bool(std::int64_t)>;

  explicit TableDirectory(TableLimits limits) : limits_(limits) {}

  // Why `origin` may not open another table now (tables asked for count too); empty when it may.
  std::optional<std::string> refusal(const TableOrigin& origin) const;
  // A table asked for whose row is being written: it counts toward the bounds until unreserved.
  std::uint64_t reserve(TableOrigin origin);
  void unreserve(std::uint64_t pending);

  // A new live table: a player's (with its origin), one the server runs (managed), or a resumed
  // series' (neither).
  void add(std::shared_ptr<TableHost> host, const table::TableConfig& config, std::optional<TableOrigin> origin,
           bool managed, Clock::time_point now);
  std::shared_ptr<TableHost> host(TableId table) const;
  bool contains(TableId table) const { return hosts_.contains(table); }
  bool managed(TableId table) const { return managed_.contains(table); }
  const TableOrigin* origin(TableId table) const;
  std::size_t size() const { return hosts_.size(); }
  const std::map<TableId, protocol::LobbyTable>& summaries() const { return summaries_; }

  // A table's new lobby line; false when the table was closed meanwhile.
  bool update(const protocol::LobbyTable& summary, Clock::time_point now, const Online& online);
  // Its creator came or went: whether each of its tables is abandoned now.
  void recheck_tables_of(std::int64_t creator, Clock::time_point now, const Online& online);
  void recheck_abandoned(TableId table, Clock::time_point now, const Online& online);

  // Tables abandoned for at least `grace`.
  std::vector<TableId> abandoned_for(Clock::duration grace, Clock::time_point now) const;
  // Whether a bot sits at the table (by its lobby line).
  bool bot_seated(TableId table) const;
  // Closes the tables idle for at least `idle` that nobody is on the way to (`awaited`): their
  // clocks stop and they are forgotten. Returns them.
  std::vector<TableId> close_idle(Clock::duration idle, Clock::time_point now, const std::set<TableId>& awaited);
  bool any_idle() const { return !idle_since_.empty(); }
  bool any_abandoned() const { return !abandoned_since_.empty(); }
  // Every player seated at a live table.
  std::set<std::int64_t> seated_players() const;
  // Stops every table's clock (server shutdown).
  void shutdown_all();

 private:
  void track_idle(const protocol::LobbyTable& summary, Clock::time_point now);
  bool abandoned(TableId table, const Online& online) const;

  TableLimits limits_;
  std::map<TableId, std::shared_ptr<TableHost>> hosts_;
  std::map<TableId, protocol::LobbyTable> summaries_;
  std::map<TableId, TableOrigin> origins_;        // tables opened by a player
  std::set<TableId> managed_;                     // tables the server runs (tournaments)
  std::map<std::uint64_t, TableOrigin> pending_;  // tables asked for, not yet opened
  std::uint64_t last_pending_ = 0;
  std::map<TableId, Clock::time_point> idle_since_;
  std::map<TableId, Clock::time_point> abandoned_since_;
};

}  // namespace skat::app
