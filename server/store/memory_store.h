// The store interfaces kept in memory: for tests of the network layer and for runs without a
// database. Guests, their sessions (they expire after 30 days, as in the database) and the purge
// of unused guests behave as in the database; house bot accounts are created alike; nothing
// persists. Players' own bot accounts need a database (their requests answer no_database()), and
// a store of one node alone has no other node to exchange with. One class holds the state the
// concerns share (names are unique across guests and bots; guests who played stay); its
// implementation is split by concern: memory_store_identities.cpp, memory_store_accounts.cpp,
// memory_store_records.cpp and memory_store_tournaments.cpp.
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "server/store/bot_account_store.h"
#include "server/store/identity_store.h"
#include "server/store/node_store.h"
#include "server/store/record_store.h"
#include "server/store/tournament_store.h"

namespace skat::app {

class MemoryStore : public IdentityStore,
                    public BotAccountStore,
                    public RecordStore,
                    public NodeStore,
                    public TournamentStore {
 public:
  // IdentityStore (memory_store_identities.cpp).
  StoreResult<Identity> create_guest(std::string_view name) override;
  StoreResult<std::string> create_session(std::int64_t player_id) override;
  StoreResult<Identity> verify_session(std::string_view token) override;
  StoreResult<int> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                       const std::set<std::int64_t>& keep) override;
  StoreResult<Identity> verify_bot(std::string_view name, std::string_view token) override;
  // House bots keep the program they were created with; none is ever barred.
  StoreResult<void> set_bot_program(std::int64_t, std::string_view) override { return {}; }
  StoreResult<std::vector<std::int64_t>> barred_bots(const std::vector<std::int64_t>&) override {
    return std::vector<std::int64_t>{};
  }

  // BotAccountStore (memory_store_accounts.cpp).
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

  // RecordStore (memory_store_records.cpp).
  StoreResult<table::TableId> create_table(const table::TableConfig&, const std::string&) override;
  StoreResult<void> save_game(const table::FinishedGame& game) override;
  StoreResult<void> save_series(const table::FinishedSeries& series) override;
  // No game records here to keep an analysis with.
  StoreResult<void> save_analysis(std::int64_t, int, const std::string&) override {
    return std::unexpected(no_database());
  }
  std::size_t games() const;
  std::size_t series() const;
  std::size_t abandoned_series() const;
  // The event log of the last game saved (tests; null before any).
  table::Json last_game_events() const;

  // NodeStore: one node alone.
  StoreResult<std::vector<NodeTables>> exchange_lobby(const std::string&) override { return std::vector<NodeTables>{}; }
  StoreResult<Recovery> take_over_silent_nodes() override { return Recovery{}; }

  // TournamentStore (memory_store_tournaments.cpp).
  StoreResult<std::int64_t> create_tournament(const db::TournamentRecord& record) override;
  StoreResult<void> add_tournament_table(std::int64_t id, const db::TournamentTable& table) override;
  StoreResult<void> update_tournament(std::int64_t id, const db::TournamentProgress& p) override;
  StoreResult<std::vector<db::TournamentRecord>> tournaments(int limit) override;
  StoreResult<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> tournament(std::int64_t id) override;
  // No player's tournament uses anything: their limits are the database's to count.
  StoreResult<TournamentUsage> tournament_usage(std::int64_t, db::Timestamp) override { return TournamentUsage{}; }

 private:
  mutable std::mutex mutex_;
  std::int64_t next_id_ = 0;
  table::TableId next_table_ = 0;
  std::map<std::string, std::pair<NewBot, std::string>, std::less<>> bots_;  // name → (account, token)
  std::map<std::int64_t, Identity> guests_;
  std::map<std::int64_t, db::Timestamp> guests_created_;
  std::map<std::string, std::int64_t, std::less<>> names_;     // name key (text::name_key) → player id
  std::map<std::string, std::int64_t, std::less<>> sessions_;  // token → player id
  std::map<std::string, db::Timestamp, std::less<>> sessions_expire_;
  std::set<std::int64_t> played_;     // players with a stored game
  std::set<std::int64_t> signed_in_;  // guests whose session verified since the last purge (kept by it)
  std::vector<std::string> game_lines_;
  std::vector<std::string> series_pgn_;
  std::size_t abandoned_series_ = 0;
  table::Json last_game_events_;
  std::map<std::int64_t, std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> tournaments_;
};

}  // namespace skat::app
