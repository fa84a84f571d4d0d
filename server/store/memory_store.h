// A Store kept in memory: for tests of the network layer and for `skat serve --db :memory:`-like
// runs without SQLite. Bot accounts are created through the same interface; nothing persists.
// Guest sessions expire after 30 days, as with SQLite, and unused guests are purged alike.
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "server/store/store.h"

namespace skat::app {

class MemoryStore : public Store {
 public:
  std::expected<Identity, std::string> create_guest(std::string_view name) override;
  std::expected<std::string, std::string> create_session(std::int64_t player_id) override;
  std::expected<Identity, std::string> verify_session(std::string_view token) override;
  std::expected<int, std::string> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                      const std::set<std::int64_t>& keep) override;
  std::expected<Identity, std::string> verify_bot(std::string_view name, std::string_view token) override;
  std::expected<NewBot, std::string> create_bot(std::string_view name, std::string_view kind) override;
  std::expected<void, std::string> save_game(const table::FinishedGame& game) override;
  std::expected<void, std::string> save_series(const table::FinishedSeries& series) override;
  std::expected<Recovery, std::string> recover_unfinished_series() override { return Recovery{}; }
  std::expected<table::TableId, std::string> create_table(const table::TableConfig&) override;

  std::expected<std::int64_t, std::string> create_tournament(const db::TournamentRecord& record) override;
  std::expected<void, std::string> add_tournament_table(std::int64_t id, const db::TournamentTable& table) override;
  std::expected<void, std::string> update_tournament(std::int64_t id, const db::TournamentProgress& p) override;
  std::expected<std::vector<db::TournamentRecord>, std::string> tournaments(int limit) override;
  std::expected<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>, std::string> tournament(
      std::int64_t id) override;

  std::size_t games() const;
  std::size_t series() const;
  std::size_t abandoned_series() const;
  // The event log of the last game saved (tests; null before any).
  table::Json last_game_events() const;

 private:
  mutable std::mutex mutex_;
  std::int64_t next_id_ = 0;
  table::TableId next_table_ = 0;
  std::map<std::string, std::pair<NewBot, std::string>, std::less<>> bots_;  // name → (account, token)
  std::map<std::int64_t, Identity> guests_;
  std::map<std::int64_t, db::Timestamp> guests_created_;
  std::map<std::string, std::int64_t, std::less<>> names_;     // folded name (text::fold) → player id
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
