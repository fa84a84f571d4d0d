// The published lobby (server/play/lobby_snapshot.h).
#include "server/play/lobby_snapshot.h"

#include <algorithm>
#include <set>
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
  std::vector<protocol::LobbyTable> hidden;
  std::set<protocol::TableId> hidden_ids;
  LobbyStats stats;
  for (const auto& [id, t] : summaries) {
    if (t.is_private) {
      hidden.push_back(t);
      hidden_ids.insert(id);
    } else {
      tables.push_back(t);
    }
    ++stats.tables;
    if (t.running) ++stats.tables_playing;
  }
  std::vector<protocol::LobbyPlayer> online;
  for (const lobby::OnlinePlayer& p : lobby.online()) {
    const bool at_hidden = p.table && hidden_ids.contains(*p.table);
    online.push_back({p.id, p.name, p.bot, at_hidden ? std::nullopt : p.table, p.level});
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
  private_ = std::move(hidden);
  node_ = node;
  stats_ = stats;
}

std::shared_ptr<const std::string> LobbySnapshot::text_for(std::int64_t player) const {
  std::lock_guard lock(mutex_);
  std::vector<protocol::LobbyTable> mine;
  for (const protocol::LobbyTable& t : private_)
    if (std::ranges::find(t.members, player) != t.members.end()) mine.push_back(t);
  if (mine.empty()) return text_;
  protocol::Json json = json_;
  protocol::Json lines = protocol::make_lobby(mine, {});
  for (protocol::Json& t : lines["tables"]) {
    if (!node_.empty()) t["node"] = node_;
    json["tables"].push_back(std::move(t));
  }
  return std::make_shared<const std::string>(protocol::to_text(json));
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
