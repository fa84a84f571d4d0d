#include "server/lobby/lobby.h"

#include <utility>

namespace skat::lobby {

void BotPool::add(PlayerId id, std::string name, std::string kind) {
  bots_[id] = Bot{std::move(name), std::move(kind), false};
}

void BotPool::remove(PlayerId id) { bots_.erase(id); }

std::optional<PlayerId> BotPool::acquire_by_name(std::string_view name) {
  for (auto& [id, bot] : bots_) {
    if (bot.busy || bot.name != name) continue;
    bot.busy = true;
    return id;
  }
  return std::nullopt;
}

bool BotPool::acquire_id(PlayerId id) {
  const auto it = bots_.find(id);
  if (it == bots_.end() || it->second.busy) return false;
  it->second.busy = true;
  return true;
}

bool kind_matches(std::string_view bot_kind, std::string_view wanted) {
  if (wanted.empty() || bot_kind == wanted) return true;
  return wanted.find(':') == std::string_view::npos && bot_kind.size() > wanted.size() &&
         bot_kind.starts_with(wanted) && bot_kind[wanted.size()] == ':';
}

std::optional<PlayerId> BotPool::acquire_by_kind(std::string_view kind) {
  for (auto& [id, bot] : bots_) {
    if (bot.busy || !kind_matches(bot.kind, kind)) continue;
    bot.busy = true;
    return id;
  }
  return std::nullopt;
}

std::optional<PlayerId> BotPool::acquire(std::string_view name, std::string_view kind) {
  if (!name.empty()) return acquire_by_name(name);
  return acquire_by_kind(kind);
}

void BotPool::release(PlayerId id) {
  if (auto it = bots_.find(id); it != bots_.end()) it->second.busy = false;
}

bool BotPool::is_free(PlayerId id) const {
  const auto it = bots_.find(id);
  return it != bots_.end() && !it->second.busy;
}

std::size_t BotPool::free_count() const {
  std::size_t n = 0;
  for (const auto& [id, bot] : bots_) n += bot.busy ? 0 : 1;
  return n;
}

void Lobby::connect(PlayerId id, std::string name, bool bot, std::string bot_kind) {
  auto [it, inserted] = online_.try_emplace(id);
  OnlinePlayer& p = it->second;
  if (inserted) p = OnlinePlayer{id, std::move(name), bot, std::move(bot_kind), std::nullopt, 0};
  ++p.connections;
}

void Lobby::disconnect(PlayerId id) {
  const auto it = online_.find(id);
  if (it == online_.end()) return;
  if (--it->second.connections <= 0) online_.erase(it);
}

void Lobby::set_table(PlayerId id, std::optional<TableId> table) {
  if (auto it = online_.find(id); it != online_.end()) it->second.table = table;
}

const OnlinePlayer* Lobby::find(PlayerId id) const {
  const auto it = online_.find(id);
  return it == online_.end() ? nullptr : &it->second;
}

std::vector<OnlinePlayer> Lobby::online() const {
  std::vector<OnlinePlayer> out;
  out.reserve(online_.size());
  for (const auto& [id, p] : online_) out.push_back(p);
  return out;
}

}  // namespace skat::lobby
