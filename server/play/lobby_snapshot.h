// The lobby as HTTP handlers and new connections read it: the table lines and the online list,
// as JSON and as the text of a `lobby` message (serialised once per rebuild), and the counts of
// the status page. Rebuilt on the hub strand, read from any thread under a mutex. A rebuild walks
// every table and player, so not one per move: `window` says how soon after a rebuild the next
// may follow (50 ms up to 100 tables, 0.5 ms per table, at most 500 ms), so that the share of the
// hub's time spent on rebuilds stays bounded as the server fills up.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "protocol/server_messages.h"
#include "server/lobby/lobby.h"

namespace skat::app {

struct LobbyStats {
  int tables = 0;
  int tables_playing = 0;
  int players_online = 0;
  int bots_online = 0;
  int bots_free = 0;
  std::map<std::string, int> house_programs;  // the connected house bots' programs: connections each
  std::set<std::int64_t> bots_connected;      // bot accounts with a connection
};

class LobbySnapshot {
 public:
  using Clock = std::chrono::steady_clock;

  LobbySnapshot();

  // The least time between two rebuilds with this many tables.
  static std::chrono::microseconds window(std::size_t tables);
  // Hub strand: builds and publishes a new snapshot. With several nodes on one database
  // (docs/scaling.md) each table names its `node`, and the tables the other nodes published
  // (`remote`: lobby table objects with their "node") follow this node's own.
  void rebuild(const std::map<protocol::TableId, protocol::LobbyTable>& tables, const lobby::Lobby& lobby,
               Clock::time_point now, const std::string& node = {},
               const protocol::Json& remote = protocol::Json::array());
  Clock::time_point built() const { return built_; }

  // Any thread.
  // The lobby everyone sees: without private tables (an online player there has no table).
  protocol::Json json() const;
  std::shared_ptr<const std::string> text() const;
  // The lobby as one player sees it: the shared one, plus the private tables the player belongs to.
  std::shared_ptr<const std::string> text_for(std::int64_t player) const;
  LobbyStats stats() const;

 private:
  Clock::time_point built_{};  // hub strand only
  mutable std::mutex mutex_;
  protocol::Json json_;
  std::shared_ptr<const std::string> text_;
  std::vector<protocol::LobbyTable> private_;
  std::string node_;
  LobbyStats stats_;
};

}  // namespace skat::app
