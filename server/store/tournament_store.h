// The server's tournaments: a new running one, the tables it plays on, its progress and end, the
// reads of one or the newest, and what a player's tournaments use (their limits). The director
// (server/play/tournament_director.*) and the API's limits use it. Its rows are db/tournaments.h's
// own structs: they are exactly what the director writes and reads, so they are not copied here.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "db/tournaments.h"
#include "server/store/store_error.h"

namespace skat::app {

class TournamentStore {
 public:
  virtual ~TournamentStore() = default;
  virtual StoreResult<std::int64_t> create_tournament(const db::TournamentRecord& record) = 0;
  virtual StoreResult<void> add_tournament_table(std::int64_t id, const db::TournamentTable& table) = 0;
  // Invalid when the tournament is not running (any more).
  virtual StoreResult<void> update_tournament(std::int64_t id, const db::TournamentProgress& p) = 0;
  // Newest first.
  virtual StoreResult<std::vector<db::TournamentRecord>> tournaments(int limit) = 0;
  // One with its tables.
  virtual StoreResult<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>> tournament(
      std::int64_t id) = 0;
  // A player's tournaments: deals (times seatings) started since `since`, tables of running ones.
  struct TournamentUsage {
    int deals = 0;
    int tables = 0;
  };
  virtual StoreResult<TournamentUsage> tournament_usage(std::int64_t player, db::Timestamp since) = 0;
};

}  // namespace skat::app
