// The published lobby (server/play/lobby_snapshot.h).
#include "server/play/lobby_snapshot.h"

#include <algorithm>
#include <vector>

namespace skat::app {

LobbySnapshot::LobbySnapshot() { rebuild({}, lobby::Lobby{}, Clock::time_point{}); }

std::chrono::microseconds LobbySnapshot::window(std::size_t tables) {
  return std::chrono::microseconds(std::clamp<std::int64_t>(static_cast<std::int64_t>(tables) * 500, 50'000, 500'000));
}

void LobbySnapshot::rebuild(const std::map<protocol::TableId, protocol::LobbyTable>& summaries,
                            const lobby::Lobby& lobby, Clock::time_point now, const std::string& node,
                            const protocol::Json& remote) {
  built_ = now;
  std::vector<protocol::LobbyTable> tables;
  LobbyStats stats;
  for (const auto& [id, t] : summaries) {
    tables.push_back(t);
    ++stats.tables;
    if (t.running) ++stats.tables_playing;
  }
  std::vector<protocol::LobbyPlayer> online;
  for (const lobby::OnlinePlayer& p : lobby.online()) {
    online.push_back({p.id, p.name, p.bot, p.table, p.level});
    if (p.bot) {
      ++stats.bots_online;
      stats.bots_connected.insert(p.id);
    } else {
      ++stats.players_online;
    }
  }
  stats.house_programs = lobby.bots().house_programs();
  stats.bots_free = static_cast<int>(lobby.bots().free_count());
  protocol::Json json = protocol::make_lobby(tables, online);
  if (!node.empty())
    for (protocol::Json& t : json["tables"]) t["node"] = node;
  for (const protocol::Json& t : remote) json["tables"].push_back(t);
  auto text = std::make_shared<const std::string>(protocol::to_text(json));
  std::lock_guard lock(mutex_);
  json_ = std::move(json);
  text_ = std::move(text);
  stats_ = stats;
}

protocol::Json LobbySnapshot::json() const {
  std::lock_guard lock(mutex_);
  return json_;
}

std::shared_ptr<const std::string> LobbySnapshot::text() const {
  std::lock_guard lock(mutex_);
  return text_;
}

LobbyStats LobbySnapshot::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace skat::app
