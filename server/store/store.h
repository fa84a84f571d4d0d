// What the server needs from the database, as one narrow interface: identities (guests and the
// expiry of unused ones, bot accounts), the records of finished games and series, and the clean-up at start. Writes run
// on the DbWriter's thread only; the SQLite implementation adapts the db/ repositories.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/tournaments.h"
#include "server/table/table_types.h"

namespace skat::app {

struct Identity {
  std::int64_t player_id = 0;
  std::string name;
  bool bot = false;
  std::string bot_kind;  // bots only: the program name (house: the announced spec; a player's bot: "account:NAME")
  std::optional<std::int64_t> owner;  // a player's bot: its owner (none: a house bot of the operator)
  bool challenges = false;            // a player's bot: accepts challenges from everyone
  bool hints = true;                  // this connection wants the act requests' hints (hello "hints")
  int seats = 1;                      // this connection plays up to this many seats at once (hello "seats")
};

// A person's identity (a guest or a human), and a bot account's.
inline Identity person_identity(std::int64_t id, std::string name) {
  Identity who;
  who.player_id = id;
  who.name = std::move(name);
  return who;
}
inline Identity bot_identity(std::int64_t id, std::string name, std::string program) {
  Identity who = person_identity(id, std::move(name));
  who.bot = true;
  who.bot_kind = std::move(program);
  return who;
}

struct NewBot {
  std::int64_t player_id = 0;
  std::string name;
  std::string kind;
  std::string token;  // the secret, shown once
};

// A bot account as its owner and the tournament form see it.
struct BotInfo {
  std::int64_t player_id = 0;
  std::string name;
  std::string program;                // "account:NAME" for a player's bot, the house program otherwise
  std::optional<std::int64_t> owner;  // none: a house bot
  std::string owner_name;
  bool challenges = false;  // accepts challenges from everyone
  bool disabled = false;    // by the operator
  std::int64_t created_at = 0;
};

// Why an account request failed, for the API's status code.
struct AccountError {
  enum class Kind { NotFound, Taken, Limit, Invalid, Database };
  Kind kind = Kind::Database;
  std::string message;
};
template <class T>
using AccountResult = std::expected<T, AccountError>;
// What a store without a database answers to every account request.
inline AccountError no_database() { return {AccountError::Kind::Database, "no database"}; }

// A series a previous process left running, to go on at a fresh table of the same id.
struct UnfinishedSeries {
  table::TableId table = 0;
  int deals = 36;
  std::string event;
  table::SeriesSoFar so_far;
};

// What became of the series a previous process left running.
struct Recovery {
  int aborted = 0;    // closed as aborted: tournament tables, records that cannot go on
  int completed = 0;  // every deal was stored already: finished now
  std::vector<UnfinishedSeries> resumable;
};

class Store {
 public:
  virtual ~Store() = default;
  // A guest player row for a display name (a new row per new guest session).
  virtual std::expected<Identity, std::string> create_guest(std::string_view name) = 0;
  // A login session for a player: the plain token to hand to the client (the SQLite store keeps
  // only its hash, so sessions outlive a server restart until they expire).
  virtual std::expected<std::string, std::string> create_session(std::int64_t player_id) = 0;
  // The player of a valid session token; an error when the token is unknown or expired.
  virtual std::expected<Identity, std::string> verify_session(std::string_view token) = 0;
  // Removes the guest players who never played a game and were created at or before
  // `created_before` or hold no session valid at `now`, except those in `keep` (online or seated
  // now) and those whose session verified since the previous purge (a hello on its way to the
  // hub); their sessions go with them. Returns how many went.
  virtual std::expected<int, std::string> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                              const std::set<std::int64_t>& keep) = 0;
  // The bot account if the secret verifies (tokens are stored hashed by db/).
  virtual std::expected<Identity, std::string> verify_bot(std::string_view name, std::string_view token) = 0;
  virtual std::expected<NewBot, std::string> create_bot(std::string_view name, std::string_view kind) = 0;
  // A house bot announced its program (kept for the leaderboard and the filters).
  virtual std::expected<void, std::string> set_bot_program(std::int64_t player_id, std::string_view program) {
    (void)player_id, (void)program;
    return {};
  }

  // Players' bot accounts (docs/api.md, Bot accounts); a store without a database has none.
  virtual AccountResult<NewBot> create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                                 int max_per_owner) {
    (void)owner, (void)name, (void)challenges, (void)max_per_owner;
    return std::unexpected(no_database());
  }
  virtual AccountResult<std::vector<BotInfo>> owned_bots(std::int64_t owner) {
    (void)owner;
    return std::unexpected(no_database());
  }
  // Renames and/or sets the challenges of one of `owner`'s bots (NotFound when not theirs).
  virtual AccountResult<BotInfo> update_owned_bot(std::int64_t owner, std::int64_t bot, std::optional<std::string> name,
                                                  std::optional<bool> challenges) {
    (void)owner, (void)bot, (void)name, (void)challenges;
    return std::unexpected(no_database());
  }
  virtual AccountResult<void> delete_owned_bot(std::int64_t owner, std::int64_t bot) {
    (void)owner, (void)bot;
    return std::unexpected(no_database());
  }
  virtual AccountResult<NewBot> rekey_owned_bot(std::int64_t owner, std::int64_t bot) {
    (void)owner, (void)bot;
    return std::unexpected(no_database());
  }
  // The operator disables (or enables again) any bot account.
  virtual AccountResult<BotInfo> set_bot_disabled(std::string_view name, bool disabled) {
    (void)name, (void)disabled;
    return std::unexpected(no_database());
  }
  // The operator revokes any bot account's token for good (`skat admin revoke-bot` alike); revoking
  // twice is no error.
  virtual AccountResult<BotInfo> revoke_bot(std::string_view name) {
    (void)name;
    return std::unexpected(no_database());
  }
  // Of these bot accounts (those connected now), the ones that may no longer play: revoked or
  // disabled (perhaps by another process). A store without a database: none.
  virtual std::expected<std::vector<std::int64_t>, std::string> barred_bots(const std::vector<std::int64_t>& bots) {
    (void)bots;
    return std::vector<std::int64_t>{};
  }
  // An active bot account by name (house or a player's).
  virtual AccountResult<BotInfo> find_bot(std::string_view name) {
    (void)name;
    return std::unexpected(no_database());
  }
  // Players' bots that accept challenges from everyone.
  virtual AccountResult<std::vector<BotInfo>> challengeable_bots() { return std::unexpected(no_database()); }
  // A player's tournaments: deals (times seatings) started since `since`, tables of running ones.
  struct TournamentUsage {
    int deals = 0;
    int tables = 0;
  };
  virtual std::expected<TournamentUsage, std::string> tournament_usage(std::int64_t player, db::Timestamp since) {
    (void)player, (void)since;
    return TournamentUsage{};
  }
  virtual std::expected<void, std::string> save_game(const table::FinishedGame& game) = 0;
  virtual std::expected<void, std::string> save_series(const table::FinishedSeries& series) = 0;
  // At start, the series a previous process (killed or stopped) left running: those of tournament
  // tables are aborted with their tournaments (the director is gone), those with every deal stored
  // are finished, the others are returned to be resumed, and their next games are recorded in the
  // same series.
  virtual std::expected<Recovery, std::string> recover_unfinished_series() = 0;
  // Several nodes on one database (docs/scaling.md): publishes this node's lobby tables (the JSON
  // array of the lobby message's "tables") and returns what the other live nodes published, by
  // node. A store of one node alone has nothing to exchange.
  struct NodeTables {
    std::string node;
    std::string tables_json;
  };
  virtual std::expected<std::vector<NodeTables>, std::string> exchange_lobby(const std::string& tables_json) {
    (void)tables_json;
    return std::vector<NodeTables>{};
  }
  // Several nodes: takes over the running series of every other node silent for long enough, and
  // returns them to be resumed here (their tournaments are aborted). One node alone: none.
  virtual std::expected<Recovery, std::string> take_over_silent_nodes() { return Recovery{}; }
  // A new table and its settings: its id, used by the lobby and by the records alike.
  virtual std::expected<table::TableId, std::string> create_table(const table::TableConfig& config) = 0;

  // Tournaments (db/tournaments.h): a new running one, the tables it plays on, its progress and
  // end, and the reads of the API (newest first; one with its tables and their series).
  virtual std::expected<std::int64_t, std::string> create_tournament(const db::TournamentRecord& record) = 0;
  virtual std::expected<void, std::string> add_tournament_table(std::int64_t id, const db::TournamentTable& table) = 0;
  virtual std::expected<void, std::string> update_tournament(std::int64_t id, const db::TournamentProgress& p) = 0;
  virtual std::expected<std::vector<db::TournamentRecord>, std::string> tournaments(int limit) = 0;
  virtual std::expected<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>, std::string> tournament(
      std::int64_t id) = 0;
};

}  // namespace skat::app
