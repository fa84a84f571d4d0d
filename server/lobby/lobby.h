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
  std::string level{};  // a house bot's strength level (bots/bot_levels.h), given at connect
};

// Whether a bot that announced `bot_kind` (a bot spec such as "pimc:worlds=20,budget=3000,tt=16")
// is what `wanted` asks for: any bot when empty, the same spec, or a bare kind ("pimc") for every
// spec of that kind.
bool kind_matches(std::string_view bot_kind, std::string_view wanted);

// The prefix of the program name of a player's bot: "account:NAME".
inline constexpr std::string_view kAccountPrefix = "account:";
// The program name of a player's bot played by its uploaded program in the server's sandbox.
inline constexpr std::string_view kSandboxPrefix = "sandbox:";
// A request for a house bot by its strength level: "level:club".
inline constexpr std::string_view kLevelPrefix = "level:";

// Bot accounts that are connected and may be invited, by connection: each connection plays up to
// `seats` seats at once (at different tables; hello "seats", default 1), so one account may sit at
// several tables, and at several seats of one table over several connections. House bots (the
// operator's) are matched by the program they announce; a player's bot only by its name, never
// by a program (its program is "account:NAME"). A seat whose connection closed stays held by the
// account until it is released or a new connection of the account takes it over. A sandbox
// connection (the server's own, playing a player's uploaded program) is taken only by a request for
// "sandbox:NAME", and such a request takes nothing else.
class BotPool {
 public:
  using ConnId = std::uint64_t;
  struct Slot {
    PlayerId bot = 0;
    ConnId conn = 0;
    bool operator==(const Slot&) const = default;
  };
  struct Account {
    std::string name;
    std::string program;  // house: the announced spec (or label); a player's bot: "account:NAME"
    bool house = true;
    std::string level{};  // house: the strength level its program plays (bots/bot_levels.h), if any
  };

  // A connection of a bot account; its account's name and program are updated to these.
  void add(PlayerId id, ConnId conn, Account account, int seats = 1, bool sandboxed = false);
  // The connection closed: the seats it held stay held by the account (orphaned) until released
  // or adopted by another connection of the account.
  void remove_connection(PlayerId id, ConnId conn);
  // The seats the account holds with no connection: they go to `conn` (a reconnect); their tables.
  std::vector<TableId> adopt(PlayerId id, ConnId conn);
  // A free connection of the bot with exactly this name (house or a player's), for `table`.
  std::optional<Slot> acquire_by_name(std::string_view name, TableId table);
  // This bot, when one of its connections is free, for `table`.
  std::optional<Slot> acquire_id(PlayerId id, TableId table);
  // A free connection of a house bot whose program matches `kind` (kind_matches; empty: any house
  // bot), lowest id first, an account not seated at `table` before one that is. "account:NAME"
  // asks for that player's bot by name, "sandbox:NAME" for a sandbox connection of it,
  // "level:NAME" for a house bot of that level.
  std::optional<Slot> acquire_by_kind(std::string_view kind, TableId table);
  // Name first, then kind: what Table's BotRequest asks for.
  std::optional<Slot> acquire(std::string_view name, std::string_view kind, TableId table);
  // The seat at `table` the bot held (through whichever connection) is free again.
  void release(PlayerId id, TableId table);
  // Drops a connection that could not be reached, and the seat just acquired on it.
  void drop(const Slot& slot);
  bool is_free(PlayerId id) const;
  bool connected(PlayerId id) const { return bots_.contains(id); }
  const Account* account(PlayerId id) const;
  // Connections with a free seat.
  std::size_t free_count() const;
  // The connected house bots' programs and how many connections run each.
  std::map<std::string, int> house_programs() const;

 private:
  struct Conn {
    int seats = 1;
    bool sandboxed = false;
    std::vector<TableId> tables;  // the tables it holds a seat at
  };
  struct Bot {
    Account account;
    std::map<ConnId, Conn> conns;
    std::vector<TableId> orphans;          // seats held whose connection closed
    std::vector<TableId> sandbox_orphans;  // the same of sandbox connections (only those take them)
    bool gone() const { return conns.empty() && orphans.empty() && sandbox_orphans.empty(); }
  };
  std::optional<Slot> take(std::map<PlayerId, Bot>::iterator it, TableId table, bool sandboxed = false);
  // Holds a seat at `table` (through a connection, or orphaned).
  static bool sits_at(const Bot& bot, TableId table);
  std::map<PlayerId, Bot> bots_;
};

class Lobby {
 public:
  TableId next_table_id() { return ++last_table_id_; }

  // Counts connections: online until the last one goes.
  void connect(PlayerId id, std::string name, bool bot, std::string bot_kind = {}, std::string level = {});
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
