// The records of the live tables: a new table's row (its id, used by the lobby and the records
// alike), each game stored the moment it ends and each series when it ends; and, once made, a
// stored game's analysis. The table hosts write
// through the DbWriter (server/store/db_writer.h), which retries or sets aside what is refused.
#pragma once

#include <cstdint>
#include <string>

#include "server/store/store_error.h"
#include "server/table/table_types.h"

namespace skat::app {

class RecordStore {
 public:
  virtual ~RecordStore() = default;
  // `private_key`: non-empty for a private table (kept with the table, for a resumed series).
  virtual StoreResult<table::TableId> create_table(const table::TableConfig& config,
                                                   const std::string& private_key) = 0;
  // The first game of a series also creates the series' record.
  virtual StoreResult<void> save_game(const table::FinishedGame& game) = 0;
  // Finished with its PGN, or aborted when its humans all left (NotFound when a finished series
  // has no stored game).
  virtual StoreResult<void> save_series(const table::FinishedSeries& series) = 0;
  // Keeps the analysis of the stored game `game` (its id; the API's JSON body) made by analysis
  // `version`, in place of what it had (NotFound when the game is not stored).
  virtual StoreResult<void> save_analysis(std::int64_t game, int version, const std::string& body) = 0;
};

}  // namespace skat::app
