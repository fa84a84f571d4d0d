#include "server/lobby/lobby.h"

#include <algorithm>
#include <utility>

namespace skat::lobby {

void BotPool::add(PlayerId id, ConnId conn, Account account, int seats, bool sandboxed) {
  Bot& bot = bots_[id];
  bot.account = std::move(account);
  bot.conns[conn].seats = std::max(1, seats);
  bot.conns[conn].sandboxed = sandboxed;
}

void BotPool::remove_connection(PlayerId id, ConnId conn) {
  const auto it = bots_.find(id);
  if (it == bots_.end()) return;
  if (const auto c = it->second.conns.find(conn); c != it->second.conns.end()) {
    const std::vector<TableId> held = std::move(c->second.tables);
    const bool sandboxed = c->second.sandboxed;
    it->second.conns.erase(c);
    // Another connection of the account with room plays them (the client reconnected before the
    // old connection was seen to close); else they wait for the next connection.
    for (const TableId table : held) {
      auto& conns = it->second.conns;
      const auto room = std::ranges::find_if(conns, [&](const auto& other) {
        return other.second.sandboxed == sandboxed &&
               static_cast<int>(other.second.tables.size()) < other.second.seats &&
               std::ranges::find(other.second.tables, table) == other.second.tables.end();
      });
      if (room != conns.end())
        room->second.tables.push_back(table);
      else
        (sandboxed ? it->second.sandbox_orphans : it->second.orphans).push_back(table);
    }
  }
  if (it->second.gone()) bots_.erase(it);
}

std::vector<TableId> BotPool::adopt(PlayerId id, ConnId conn) {
  const auto it = bots_.find(id);
  if (it == bots_.end()) return {};
  const auto c = it->second.conns.find(conn);
  if (c == it->second.conns.end()) return {};
  auto& orphans = c->second.sandboxed ? it->second.sandbox_orphans : it->second.orphans;
  std::vector<TableId> adopted = std::move(orphans);
  orphans.clear();
  c->second.tables.insert(c->second.tables.end(), adopted.begin(), adopted.end());
  return adopted;
}

// The first connection with a free seat that is not at `table` yet (one seat per table each).
std::optional<BotPool::Slot> BotPool::take(std::map<PlayerId, Bot>::iterator it, TableId table, bool sandboxed) {
  for (auto& [conn, c] : it->second.conns) {
    if (c.sandboxed != sandboxed || static_cast<int>(c.tables.size()) >= c.seats ||
        std::ranges::find(c.tables, table) != c.tables.end())
      continue;
    c.tables.push_back(table);
    return Slot{it->first, conn};
  }
  return std::nullopt;
}

std::optional<BotPool::Slot> BotPool::acquire_by_name(std::string_view name, TableId table) {
  for (auto it = bots_.begin(); it != bots_.end(); ++it)
    if (it->second.account.name == name)
      if (auto slot = take(it, table)) return slot;
  return std::nullopt;
}

std::optional<BotPool::Slot> BotPool::acquire_id(PlayerId id, TableId table) {
  const auto it = bots_.find(id);
  return it == bots_.end() ? std::nullopt : take(it, table);
}

bool kind_matches(std::string_view bot_kind, std::string_view wanted) {
  if (wanted.empty() || bot_kind == wanted) return true;
  return wanted.find(':') == std::string_view::npos && bot_kind.size() > wanted.size() &&
         bot_kind.starts_with(wanted) && bot_kind[wanted.size()] == ':';
}

// An account connected several times (a bot process keeps a connection to every node, and one
// through the balancer) takes a second seat at a table only when no other account can.
std::optional<BotPool::Slot> BotPool::acquire_by_kind(std::string_view kind, TableId table) {
  if (kind.starts_with(kAccountPrefix)) return acquire_by_name(kind.substr(kAccountPrefix.size()), table);
  if (kind.starts_with(kSandboxPrefix)) {
    const std::string_view name = kind.substr(kSandboxPrefix.size());
    for (auto it = bots_.begin(); it != bots_.end(); ++it)
      if (!it->second.account.house && it->second.account.name == name)
        if (auto slot = take(it, table, true)) return slot;
    return std::nullopt;
  }
  const bool by_level = kind.starts_with(kLevelPrefix);
  const std::string_view level = by_level ? kind.substr(kLevelPrefix.size()) : std::string_view{};
  const auto matches = [&](const Account& a) {
    return a.house && (by_level ? a.level == level : kind_matches(a.program, kind));
  };
  for (const bool second_seat : {false, true})
    for (auto it = bots_.begin(); it != bots_.end(); ++it)
      if (matches(it->second.account) && (second_seat || !sits_at(it->second, table)))
        if (auto slot = take(it, table)) return slot;
  return std::nullopt;
}

bool BotPool::sits_at(const Bot& bot, TableId table) {
  return std::ranges::find(bot.orphans, table) != bot.orphans.end() ||
         std::ranges::find(bot.sandbox_orphans, table) != bot.sandbox_orphans.end() ||
         std::ranges::any_of(bot.conns, [&](const auto& c) {
           return std::ranges::find(c.second.tables, table) != c.second.tables.end();
         });
}

std::optional<BotPool::Slot> BotPool::acquire(std::string_view name, std::string_view kind, TableId table) {
  if (!name.empty()) return acquire_by_name(name, table);
  return acquire_by_kind(kind, table);
}

void BotPool::release(PlayerId id, TableId table) {
  const auto it = bots_.find(id);
  if (it == bots_.end()) return;
  Bot& bot = it->second;
  if (const auto o = std::ranges::find(bot.orphans, table); o != bot.orphans.end()) {
    bot.orphans.erase(o);
  } else if (const auto so = std::ranges::find(bot.sandbox_orphans, table); so != bot.sandbox_orphans.end()) {
    bot.sandbox_orphans.erase(so);
  } else {
    for (auto& [conn, c] : bot.conns)
      if (const auto t = std::ranges::find(c.tables, table); t != c.tables.end()) {
        c.tables.erase(t);
        break;
      }
  }
  if (bot.gone()) bots_.erase(it);
}

void BotPool::drop(const Slot& slot) {
  const auto it = bots_.find(slot.bot);
  if (it == bots_.end()) return;
  it->second.conns.erase(slot.conn);
  if (it->second.gone()) bots_.erase(it);
}

bool BotPool::is_free(PlayerId id) const {
  const auto it = bots_.find(id);
  if (it == bots_.end()) return false;
  return std::ranges::any_of(it->second.conns,
                             [](const auto& c) { return static_cast<int>(c.second.tables.size()) < c.second.seats; });
}

const BotPool::Account* BotPool::account(PlayerId id) const {
  const auto it = bots_.find(id);
  return it == bots_.end() ? nullptr : &it->second.account;
}

std::size_t BotPool::free_count() const {
  std::size_t n = 0;
  for (const auto& [id, bot] : bots_)
    for (const auto& [conn, c] : bot.conns) n += static_cast<int>(c.tables.size()) < c.seats ? 1 : 0;
  return n;
}

std::map<std::string, int> BotPool::house_programs() const {
  std::map<std::string, int> programs;
  for (const auto& [id, bot] : bots_)
    if (bot.account.house && !bot.conns.empty()) programs[bot.account.program] += static_cast<int>(bot.conns.size());
  return programs;
}

void Lobby::connect(PlayerId id, std::string name, bool bot, std::string bot_kind, std::string level) {
  auto [it, inserted] = online_.try_emplace(id);
  OnlinePlayer& p = it->second;
  if (inserted) p = OnlinePlayer{id, std::move(name), bot, std::move(bot_kind), std::nullopt, 0, std::move(level)};
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
