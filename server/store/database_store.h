// The Store on the database (db/ repositories: an SQLite file or a PostgreSQL URL), used only from
// the DbWriter thread through its one connection: guests and bot accounts, and the records of live
// tables. A table gets its db row (and so its id) when it is created; its series row is created when
// its first game is saved, each game is inserted (committed) the moment it ends, and the series is
// finished with its PGN.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "db/connection.h"
#include "db/games.h"
#include "db/series.h"
#include "server/store/store.h"

namespace skat::app {

class DatabaseStore : public Store {
 public:
  // `path` is an SQLite file or a postgresql:// URL. `max_bytes` (0: none) caps an SQLite file:
  // writes beyond it are refused as on a full disk.
  static std::expected<std::unique_ptr<DatabaseStore>, std::string> open(const std::string& path,
                                                                         std::uint64_t max_bytes = 0);

  // Several nodes on one database (docs/scaling.md): this store's tables belong to `node` (its
  // recovery takes only their series, and aborts only their tournaments), and a thread of its own
  // writes the node's heartbeat every `every` on a second connection. Call before anything else.
  std::expected<void, std::string> join_as_node(const std::string& node, std::chrono::milliseconds every,
                                                std::chrono::milliseconds silent_after = std::chrono::seconds(10));
  // Takes over the tables with running series of `silent`, a node whose heartbeat is older than
  // `silent_for` (returns 0 when it is alive); the next recover_unfinished_series() resumes them.
  std::expected<int, std::string> take_over(const std::string& silent, std::chrono::milliseconds silent_for);
  ~DatabaseStore() override;
  std::expected<std::vector<NodeTables>, std::string> exchange_lobby(const std::string& tables_json) override;
  std::expected<Recovery, std::string> take_over_silent_nodes() override;

  std::expected<Identity, std::string> create_guest(std::string_view name) override;
  std::expected<std::string, std::string> create_session(std::int64_t player_id) override;
  std::expected<Identity, std::string> verify_session(std::string_view token) override;
  std::expected<int, std::string> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                      const std::set<std::int64_t>& keep) override;
  std::expected<Identity, std::string> verify_bot(std::string_view name, std::string_view token) override;
  std::expected<NewBot, std::string> create_bot(std::string_view name, std::string_view kind) override;
  // Bot accounts (database_store_accounts.cpp).
  std::expected<void, std::string> set_bot_program(std::int64_t player_id, std::string_view program) override;
  AccountResult<NewBot> create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                         int max_per_owner) override;
  AccountResult<std::vector<BotInfo>> owned_bots(std::int64_t owner) override;
  AccountResult<BotInfo> update_owned_bot(std::int64_t owner, std::int64_t bot, std::optional<std::string> name,
                                          std::optional<bool> challenges) override;
  AccountResult<void> delete_owned_bot(std::int64_t owner, std::int64_t bot) override;
  AccountResult<NewBot> rekey_owned_bot(std::int64_t owner, std::int64_t bot) override;
  AccountResult<BotInfo> set_bot_disabled(std::string_view name, bool disabled) override;
  AccountResult<BotInfo> revoke_bot(std::string_view name) override;
  std::expected<std::vector<std::int64_t>, std::string> barred_bots(const std::vector<std::int64_t>& bots) override;
  AccountResult<BotInfo> find_bot(std::string_view name) override;
  AccountResult<std::vector<BotInfo>> challengeable_bots() override;
  std::expected<TournamentUsage, std::string> tournament_usage(std::int64_t player, db::Timestamp since) override;
  std::expected<void, std::string> save_game(const table::FinishedGame& game) override;
  std::expected<void, std::string> save_series(const table::FinishedSeries& series) override;
  // Called with the store's connection right after a series is finished and stored (the server
  // rates it provisionally, nightly/provisional_ratings.h); a failure is logged, the series
  // stays stored.
  using SeriesRater = std::function<std::expected<void, std::string>(db::Connection&, db::SeriesId)>;
  void rate_finished_series_with(SeriesRater rater) { rater_ = std::move(rater); }
  std::expected<Recovery, std::string> recover_unfinished_series() override;
  std::expected<table::TableId, std::string> create_table(const table::TableConfig& config) override;
  std::expected<std::int64_t, std::string> create_tournament(const db::TournamentRecord& record) override;
  std::expected<void, std::string> add_tournament_table(std::int64_t id, const db::TournamentTable& table) override;
  std::expected<void, std::string> update_tournament(std::int64_t id, const db::TournamentProgress& p) override;
  std::expected<std::vector<db::TournamentRecord>, std::string> tournaments(int limit) override;
  std::expected<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>, std::string> tournament(
      std::int64_t id) override;

 private:
  std::expected<Recovery, std::string> recover(const std::optional<std::set<table::TableId>>& only);
  DatabaseStore(db::Connection connection, std::string path) : db_(std::move(connection)), path_(std::move(path)) {}
  std::expected<std::int64_t, std::string> series_for(const table::FinishedGame& game);
  // The state to resume a running series from, or why it cannot go on.
  std::expected<UnfinishedSeries, std::string> unfinished(const db::SeriesRecord& series,
                                                          const std::vector<db::GameRecord>& games,
                                                          const std::map<std::int64_t, std::string>& bot_kinds);

  struct LiveTable {
    int deals = 36;
    std::string event = "Training";
  };
  db::Connection db_;
  std::string path_;
  std::string node_;                               // '' on a single node
  std::chrono::milliseconds silent_after_{10000};  // a node not heard of for this long is not shown
  std::jthread heartbeat_;                         // beats node_'s heartbeat (multi-node only)
  std::map<table::TableId, LiveTable> tables_;
  std::map<std::pair<table::TableId, int>, std::int64_t> series_;  // (table, series index) → series id
  std::set<std::int64_t> signed_in_;  // guests whose session verified since the last purge (kept by it)
  SeriesRater rater_;
};

}  // namespace skat::app
