// The store interfaces on the database (db/ repositories: an SQLite file or a PostgreSQL URL), used
// only from the DbWriter thread through its one connection. One class keeps the state the concerns
// share (the live tables' series, the guests signed in since the last purge, this node's name);
// its implementation is split by concern: database_store.cpp (opening, joining as a node),
// database_store_identities.cpp, database_store_accounts.cpp, database_store_records.cpp,
// database_store_recovery.cpp, database_store_nodes.cpp and database_store_tournaments.cpp.
// A table gets its db row (and so its id) when it is created; its series row is created when its
// first game is saved, each game is inserted (committed) the moment it ends, and the series is
// finished with its PGN.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "db/connection.h"
#include "db/games.h"
#include "db/series.h"
#include "server/store/bot_account_store.h"
#include "server/store/identity_store.h"
#include "server/store/node_store.h"
#include "server/store/record_store.h"
#include "server/store/recovery.h"
#include "server/store/tournament_store.h"

namespace skat::app {

// The bytes stored analyses may take on a database without a quota.
inline constexpr std::int64_t kAnalysesBytesWithoutQuota = std::int64_t{256} << 20;

class DatabaseStore : public IdentityStore,
                      public BotAccountStore,
                      public RecordStore,
                      public NodeStore,
                      public TournamentStore {
 public:
  // `path` is an SQLite file or a postgresql:// URL. `max_bytes` (0: none) caps an SQLite file:
  // writes beyond it are refused as on a full disk. Busy when another process holds a write lock.
  // Stored analyses of games take at most an eighth of that quota (kAnalysesBytesWithoutQuota
  // without one), the oldest dropped first, and a game refused for a full database drops them all
  // and is tried once more: analyses never take the room games need.
  static StoreResult<std::unique_ptr<DatabaseStore>> open(const std::string& path, std::uint64_t max_bytes = 0);
  ~DatabaseStore() override;

  // Several nodes on one database (docs/scaling.md): this store's tables belong to `node` (its
  // recovery takes only their series, and aborts only their tournaments), and a thread of its own
  // writes the node's heartbeat every `every` on a second connection. Call before anything else.
  StoreResult<void> join_as_node(const std::string& node, std::chrono::milliseconds every,
                                 std::chrono::milliseconds silent_after = std::chrono::seconds(10));
  // Takes over the tables with running series of `silent`, a node whose heartbeat is older than
  // `silent_for` (returns 0 when it is alive); the next recover_unfinished_series() resumes them.
  StoreResult<int> take_over(const std::string& silent, std::chrono::milliseconds silent_for);
  // At start, the series a previous process (killed or stopped) left running: those of tournament
  // tables are aborted with their tournaments (the director is gone), those with every deal stored
  // are finished, the others are returned to be resumed, and their next games are recorded in the
  // same series. (A store in memory has nothing to recover: this is the database's own.)
  StoreResult<Recovery> recover_unfinished_series();
  // Called with the store's connection right after a series is finished and stored (the server
  // rates it provisionally, nightly/provisional_ratings.h); a failure is logged, the series
  // stays stored.
  using SeriesRater = std::function<std::expected<void, std::string>(db::Connection&, db::SeriesId)>;
  void rate_finished_series_with(SeriesRater rater) { rater_ = std::move(rater); }

  // IdentityStore (database_store_identities.cpp).
  StoreResult<Identity> create_guest(std::string_view name) override;
  StoreResult<std::string> create_session(std::int64_t player_id) override;
  StoreResult<Identity> verify_session(std::string_view token) override;
  StoreResult<int> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                       const std::set<std::int64_t>& keep) override;
  StoreResult<Identity> verify_bot(std::string_view name, std::string_view token) override;
  StoreResult<void> set_bot_program(std::int64_t player_id, std::string_view program) override;
  StoreResult<std::vector<std::int64_t>> barred_bots(const std::vector<std::int64_t>& bots) override;

  // BotAccountStore (database_store_accounts.cpp).
  StoreResult<NewBot> create_bot(std::string_view name, std::string_view kind) override;
  StoreResult<NewBot> create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                       int max_per_owner) override;
  StoreResult<std::vector<BotInfo>> owned_bots(std::int64_t owner) override;
  StoreResult<BotInfo> update_owned_bot(std::int64_t owner, std::int64_t bot, std::optional<std::string> name,
                                        std::optional<bool> challenges) override;
  StoreResult<void> delete_owned_bot(std::int64_t owner, std::int64_t bot) override;
  StoreResult<NewBot> rekey_owned_bot(std::int64_t owner, std::int64_t bot) override;
  StoreResult<BotInfo> set_bot_disabled(std::string_view name, bool disabled) override;
  StoreResult<BotInfo> revoke_bot(std::string_view name) override;
  StoreResult<BotInfo> find_bot(std::string_view name) override;
  StoreResult<std::vector<BotInfo>> challengeable_bots() override;
  StoreResult<void> set_owned_bot_program(std::int64_t owner, std::int64_t bot,
                                          const std::optional<BotProgram>& program) override;
  StoreResult<std::optional<BotProgram>> bot_program(std::int64_t bot) override;

  // RecordStore (database_store_records.cpp).
  StoreResult<table::TableId> create_table(const table::TableConfig& config, const std::string& private_key) override;
  StoreResult<void> save_game(const table::FinishedGame& game) override;
  StoreResult<void> save_series(const table::FinishedSeries& series) override;
  StoreResult<void> save_analysis(std::int64_t game, int version, const std::string& body) override;

  // NodeStore (database_store_nodes.cpp).
  StoreResult<std::vector<NodeTables>> exchange_lobby(const std::string& tables_json) override;
  StoreResult<Recovery> take_over_silent_nodes() override;

  // TournamentStore (database_store_tournaments.cpp).
  StoreResult<std::int64_t> create_tournament(const db::TournamentRecord& record) override;
  StoreResult<void> add_tournament_table(std::int64_t id, const db::TournamentTable& table) override;
  StoreResult<void> update_tournament(std::int64_t id, const db::TournamentProgress& p) override;
  StoreResult<std::vector<db::TournamentRecord>> tournaments(int limit) override;
  StoreResult<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> tournament(std::int64_t id) override;
  StoreResult<TournamentUsage> tournament_usage(std::int64_t player, db::Timestamp since) override;

 private:
  DatabaseStore(db::Connection connection, std::string path, std::uint64_t max_bytes)
      : db_(std::move(connection)), path_(std::move(path)), max_bytes_(max_bytes) {}
  // One game in its own transaction (database_store_records.cpp).
  std::expected<void, db::DbError> insert_game(std::int64_t series, const table::FinishedGame& game);
  // The bytes the analyses' bodies may take: an eighth of the quota, else kAnalysesBytesWithoutQuota.
  std::int64_t analyses_budget() const;
  // The running series of this node's tables, or of `only` among them (database_store_recovery.cpp).
  StoreResult<Recovery> recover(const std::optional<std::set<table::TableId>>& only);
  // The state to resume a running series from, or why it cannot go on.
  std::expected<UnfinishedSeries, std::string> unfinished(const db::SeriesRecord& series,
                                                          const std::vector<db::GameRecord>& games,
                                                          const std::map<std::int64_t, std::string>& bot_kinds);
  StoreResult<std::int64_t> series_for(const table::FinishedGame& game);
  StoreResult<std::optional<db::SeriesRecord>> stored_series(table::TableId table, table::TimePoint started);

  struct LiveTable {
    int deals = 36;
    std::string event = "Training";
  };
  db::Connection db_;
  std::string path_;
  std::uint64_t max_bytes_ = 0;                    // the SQLite file's quota (0: none)
  std::string node_;                               // '' on a single node
  std::chrono::milliseconds silent_after_{10000};  // a node not heard of for this long is not shown
  std::jthread heartbeat_;                         // beats node_'s heartbeat (multi-node only)
  std::map<table::TableId, LiveTable> tables_;
  std::map<std::pair<table::TableId, int>, std::int64_t> series_;  // (table, series index) → series id
  std::set<std::int64_t> signed_in_;  // guests whose session verified since the last purge (kept by it)
  SeriesRater rater_;
};

}  // namespace skat::app
