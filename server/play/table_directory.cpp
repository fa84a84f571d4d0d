// The live tables and their bounds (server/play/table_directory.h).
#include "server/play/table_directory.h"

#include <algorithm>

namespace skat::app {

// Open tables per player, and per connection and address too (a client may come back as ever
// new guests). Tables still being created count too, so a burst of requests cannot pass the bounds.
std::optional<std::string> TableDirectory::refusal(const TableOrigin& origin) const {
  int by_player = 0, by_connection = 0, by_address = 0;
  auto count = [&](const TableOrigin& o) {
    by_player += o.player == origin.player ? 1 : 0;
    by_connection += o.session == origin.session ? 1 : 0;
    by_address += o.address == origin.address ? 1 : 0;
  };
  for (const auto& [table, o] : origins_) count(o);
  for (const auto& [pending, o] : pending_) count(o);
  if (by_player >= limits_.per_player)
    return "you have " + std::to_string(by_player) + " open tables; join or leave one of them first";
  if (by_connection >= limits_.per_connection)
    return "this connection opened " + std::to_string(by_connection) + " tables that are still open";
  if (by_address >= limits_.per_address) return "your address has " + std::to_string(by_address) + " open tables";
  if (std::ssize(hosts_) + std::ssize(pending_) >= limits_.in_all)
    return "the server has as many open tables as it may hold";
  return std::nullopt;
}

std::uint64_t TableDirectory::reserve(TableOrigin origin) {
  const std::uint64_t pending = ++last_pending_;
  pending_[pending] = std::move(origin);
  return pending;
}

void TableDirectory::unreserve(std::uint64_t pending) { pending_.erase(pending); }

void TableDirectory::add(std::shared_ptr<TableHost> host, const table::TableConfig& config,
                         std::optional<TableOrigin> origin, bool managed, Clock::time_point now) {
  const TableId id = host->id();
  const bool is_private = host->is_private();
  hosts_.emplace(id, std::move(host));
  if (origin) origins_[id] = std::move(*origin);
  if (managed) managed_.insert(id);
  protocol::LobbyTable summary;
  summary.table = id;
  summary.event = config.event;
  summary.deals = config.deals;
  if (is_private) {  // listed to its creator only until the table publishes its own line
    summary.is_private = true;
    if (const auto it = origins_.find(id); it != origins_.end()) summary.members.push_back(it->second.player);
  }
  summaries_[id] = summary;
  track_idle(summary, now);
}

std::shared_ptr<TableHost> TableDirectory::host(TableId table) const {
  const auto it = hosts_.find(table);
  return it == hosts_.end() ? nullptr : it->second;
}

const TableOrigin* TableDirectory::origin(TableId table) const {
  const auto it = origins_.find(table);
  return it == origins_.end() ? nullptr : &it->second;
}

bool TableDirectory::update(const protocol::LobbyTable& summary, Clock::time_point now, const Online& online) {
  if (!hosts_.contains(summary.table)) return false;  // closed meanwhile
  summaries_[summary.table] = summary;
  track_idle(summary, now);
  recheck_abandoned(summary.table, now, online);
  return true;
}

void TableDirectory::track_idle(const protocol::LobbyTable& summary, Clock::time_point now) {
  const bool idle =
      !summary.running && summary.spectators == 0 &&
      std::ranges::none_of(summary.seats, [](const protocol::LobbySeat& s) { return s.player_id.has_value(); });
  if (idle)
    idle_since_.try_emplace(summary.table, now);
  else
    idle_since_.erase(summary.table);
}

// A player's table is abandoned when no series runs, no human sits at it and its creator has no
// connection (a resumed series' table has no creator: abandoned once no human sits there).
bool TableDirectory::abandoned(TableId table, const Online& online) const {
  const auto summary = summaries_.find(table);
  if (summary == summaries_.end() || summary->second.running || managed_.contains(table)) return false;
  for (const protocol::LobbySeat& seat : summary->second.seats)
    if (seat.player_id && !seat.bot) return false;
  const auto origin = origins_.find(table);
  return origin == origins_.end() || !online(origin->second.player);
}

void TableDirectory::recheck_abandoned(TableId table, Clock::time_point now, const Online& online) {
  if (abandoned(table, online))
    abandoned_since_.try_emplace(table, now);
  else
    abandoned_since_.erase(table);
}

void TableDirectory::recheck_tables_of(std::int64_t creator, Clock::time_point now, const Online& online) {
  for (const auto& [table, origin] : origins_)
    if (origin.player == creator) recheck_abandoned(table, now, online);
}

std::vector<table::TableId> TableDirectory::abandoned_for(Clock::duration grace, Clock::time_point now) const {
  std::vector<TableId> tables;
  for (const auto& [table, since] : abandoned_since_)
    if (now - since >= grace) tables.push_back(table);
  return tables;
}

bool TableDirectory::bot_seated(TableId table) const {
  const auto summary = summaries_.find(table);
  return summary != summaries_.end() &&
         std::ranges::any_of(summary->second.seats, [](const auto& s) { return s.player_id && s.bot; });
}

std::vector<table::TableId> TableDirectory::close_idle(Clock::duration idle, Clock::time_point now,
                                                       const std::set<TableId>& awaited) {
  std::vector<TableId> closing;
  for (const auto& [table, since] : idle_since_)
    if (now - since >= idle && !awaited.contains(table)) closing.push_back(table);
  for (const TableId table : closing) {
    if (const auto host = hosts_.find(table); host != hosts_.end()) {
      host->second->shutdown();
      hosts_.erase(host);
    }
    summaries_.erase(table);
    origins_.erase(table);
    managed_.erase(table);
    idle_since_.erase(table);
    abandoned_since_.erase(table);
  }
  return closing;
}

std::set<std::int64_t> TableDirectory::seated_players() const {
  std::set<std::int64_t> players;
  for (const auto& [table, summary] : summaries_)
    for (const protocol::LobbySeat& seat : summary.seats)
      if (seat.player_id) players.insert(*seat.player_id);
  return players;
}

void TableDirectory::shutdown_all() {
  for (auto& [id, host] : hosts_) host->shutdown();
}

}  // namespace skat::app
