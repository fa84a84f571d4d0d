// The lobby's bookkeeping: table ids, who is online (player id → name, bot flag, table), and the
// bot pool (which bot accounts are connected and free, pick by name or kind). Pure data
// structures, not thread-safe: the caller guards a Lobby with one strand or mutex.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skat::lobby {

using TableId = std::int64_t;
using PlayerId = std::int64_t;

struct OnlinePlayer {
  PlayerId id = 0;
  std::string name;
  bool bot = false;
  std::string bot_kind;  // bots only
  std::optional<TableId> table;
  int connections = 0;  // a player may be connected more than once
};

// Whether a bot that announced `bot_kind` (a bot spec such as "pimc:worlds=20,budget=3000,tt=16")
// is what `wanted` asks for: any bot when empty, the same spec, or a bare kind ("pimc") for every
// spec of that kind.
bool kind_matches(std::string_view bot_kind, std::string_view wanted);

// Bot accounts that are connected and may be invited. A bot is "busy" while seated.
class BotPool {
 public:
  void add(PlayerId id, std::string name, std::string kind);
  void remove(PlayerId id);
  // A free bot with exactly this name, else empty.
  std::optional<PlayerId> acquire_by_name(std::string_view name);
  // This bot, when connected and free.
  bool acquire_id(PlayerId id);
  // The free bot of this kind with the lowest id (kind_matches).
  std::optional<PlayerId> acquire_by_kind(std::string_view kind);
  // Name first, then kind: what Table's BotRequest asks for.
  std::optional<PlayerId> acquire(std::string_view name, std::string_view kind);
  void release(PlayerId id);
  bool is_free(PlayerId id) const;
  std::size_t free_count() const;

 private:
  struct Bot {
    std::string name;
    std::string kind;
    bool busy = false;
  };
  std::map<PlayerId, Bot> bots_;
};

class Lobby {
 public:
  TableId next_table_id() { return ++last_table_id_; }

  // Counts connections: online until the last one goes.
  void connect(PlayerId id, std::string name, bool bot, std::string bot_kind = {});
  void disconnect(PlayerId id);
  void set_table(PlayerId id, std::optional<TableId> table);
  const OnlinePlayer* find(PlayerId id) const;
  std::vector<OnlinePlayer> online() const;  // ordered by id

  BotPool& bots() { return bots_; }
  const BotPool& bots() const { return bots_; }

 private:
  TableId last_table_id_ = 0;
  std::map<PlayerId, OnlinePlayer> online_;
  BotPool bots_;
};

}  // namespace skat::lobby
