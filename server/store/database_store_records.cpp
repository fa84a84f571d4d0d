// The records of the live tables through the database store (server/store/database_store.h): a
// table's row, its series' row at the first game, each game in its own transaction, the series'
// end (and its provisional rating), and the analyses of stored games.
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "db/export.h"
#include "db/game_analyses.h"
#include "db/transaction.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"

namespace skat::app {

namespace {

db::Timestamp stamp(table::TimePoint t) { return std::chrono::time_point_cast<std::chrono::milliseconds>(t); }

}  // namespace

StoreResult<table::TableId> DatabaseStore::create_table(const table::TableConfig& config,
                                                        const std::string& private_key) {
  nlohmann::json stored{{"deals", config.deals},
                        {"event", config.event},
                        {"bot_move_ms", config.bot_move_ms},
                        {"human_move_ms", config.human_move_ms},
                        {"grace_ms", config.grace_ms}};
  if (!private_key.empty()) stored["private_key"] = private_key;
  if (config.kontra) stored["kontra"] = true;
  const std::string json = stored.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  auto row = db::create_table(db_, json, node_);
  if (!row) return std::unexpected(db_failure(row.error()));
  tables_[row->id] = LiveTable{config.deals, config.event};
  return row->id;
}

// The stored series of `table` that started at `started`, if any: after a restart the series of a
// journaled record is found again by its table and start (write_journal.h).
StoreResult<std::optional<db::SeriesRecord>> DatabaseStore::stored_series(table::TableId table,
                                                                          table::TimePoint started) {
  db::SeriesFilter filter;
  filter.hide_sealed = false;
  filter.table_id = table;
  filter.from = stamp(started);
  filter.to = stamp(started) + std::chrono::milliseconds(1);
  std::optional<db::SeriesRecord> found;
  auto walked = db::for_each_series(db_, filter, [&](const db::SeriesRecord& s) {
    found = s;
    return false;
  });
  if (!walked) return std::unexpected(db_failure(walked.error()));
  return found;
}

StoreResult<std::int64_t> DatabaseStore::series_for(const table::FinishedGame& game) {
  const auto key = std::pair{game.table, game.series_index};
  if (const auto it = series_.find(key); it != series_.end()) return it->second;
  auto stored = stored_series(game.table, game.series_started);
  if (!stored) return std::unexpected(stored.error());
  if (*stored) return series_[key] = (*stored)->id;
  // The table's settings as created here, or as the game says (a journaled game after a restart).
  const auto known = tables_.find(game.table);
  const LiveTable t = known != tables_.end() ? known->second : LiveTable{game.series_deals, game.series_event};
  db::NewSeries series;
  series.table_id = game.table;
  series.event = t.event;
  series.deals = t.deals;
  for (std::size_t s = 0; s < 3; ++s) series.seats[s] = game.seats[s].player_id;
  series.started_at = stamp(game.series_started);
  auto created = db::create_series(db_, series);
  if (!created) return std::unexpected(db_failure(created.error()));
  series_[key] = created->id;
  return created->id;
}

StoreResult<void> DatabaseStore::save_game(const table::FinishedGame& game) {
  const auto series = series_for(game);
  if (!series) return std::unexpected(series.error());
  auto inserted = insert_game(*series, game);
  if (!inserted && inserted.error().code == db::DbErrc::Full) {
    // Analyses are made again on demand: a game players have seen goes before them.
    if (auto dropped = db::drop_oldest_analyses(db_, 0); dropped && *dropped > 0) {
      spdlog::warn("db: full; {} stored analyses dropped to make room for game {} of table {}", *dropped,
                   game.game_index, game.table);
      inserted = insert_game(*series, game);
    }
  }
  // Stored before (a record of the write journal the last process had written but not yet
  // forgotten): nothing to do.
  if (!inserted && inserted.error().code == db::DbErrc::AlreadyExists) return {};
  if (!inserted) return std::unexpected(db_failure(inserted.error()));
  return {};
}

std::expected<void, db::DbError> DatabaseStore::insert_game(std::int64_t series, const table::FinishedGame& game) {
  db::GameRecord record = db::game_record_from(series, game.pgn, stamp(game.finished));
  record.node = node_;
  record.event_log = game.events.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  record.timeouts = game.timeouts;
  record.replaced = game.replaced;
  for (std::size_t s = 0; s < 3; ++s)
    if (game.replaced[s] && game.substitutes[s]) record.substitutes[s] = game.substitutes[s]->player_id;
  // The ISS line is written from the engine game, every call of the auction as played; it carries
  // the game's id, so it is set right after the insert, in the same transaction.
  auto tx = db::Transaction::begin(db_);
  if (!tx) return std::unexpected(tx.error());
  const auto inserted = db::insert_game(db_, record);
  if (!inserted) return std::unexpected(inserted.error());
  record.id = *inserted;
  const auto series_row = db::get_series(db_, series);
  if (!series_row) return std::unexpected(series_row.error());
  if (auto r = db::set_game_sgf(db_, record.id, db::sgf_line_from(*series_row, record, game.game)); !r)
    return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return {};
}

StoreResult<void> DatabaseStore::save_series(const table::FinishedSeries& series) {
  const auto key = std::pair{series.table, series.series_index};
  auto it = series_.find(key);
  if (it == series_.end()) {  // after a restart: found again by its table and start
    auto stored = stored_series(series.table, series.started);
    if (!stored) return std::unexpected(stored.error());
    if (*stored && (*stored)->status != db::SeriesStatus::Running) return {};  // ended before
    if (*stored) it = series_.emplace(key, (*stored)->id).first;
  }
  if (it == series_.end() && series.abandoned) return {};  // abandoned before its first game ended: no record
  if (it == series_.end()) return std::unexpected(StoreError{StoreError::Kind::NotFound, "series has no stored games"});
  if (series.abandoned) {
    // Its humans all left: aborted with the games it has, and not rated.
    const auto aborted = db::abort_series(db_, it->second, stamp(series.finished));
    if (!aborted) return std::unexpected(db_failure(aborted.error()));
    spdlog::info("series {} (table {}) abandoned after {} games: stored as aborted", it->second, series.table,
                 series.series.games.size());
    series_.erase(it);
    return {};
  }
  const auto finished = db::finish_series(db_, it->second, series.pgn, series.scores, stamp(series.finished));
  if (!finished) return std::unexpected(db_failure(finished.error()));
  spdlog::info("series {} (table {}) finished and stored", it->second, series.table);
  if (rater_)
    if (auto rated = rater_(db_, it->second); !rated)
      spdlog::warn("series {}: no provisional rating: {}", it->second, rated.error());
  series_.erase(it);
  return {};
}
std::int64_t DatabaseStore::analyses_budget() const {
  return max_bytes_ > 0 ? static_cast<std::int64_t>(max_bytes_ / 8) : kAnalysesBytesWithoutQuota;
}

// Kept within analyses_budget(), the oldest making room; one larger than the whole budget is not
// kept (it is made again when asked for).
StoreResult<void> DatabaseStore::save_analysis(std::int64_t game, int version, const std::string& body) {
  const std::int64_t budget = analyses_budget();
  const auto size = static_cast<std::int64_t>(body.size());
  if (size > budget) return {};
  const auto held = db::analyses_bytes(db_);
  if (!held) return std::unexpected(db_failure(held.error()));
  if (*held + size > budget)
    if (auto dropped = db::drop_oldest_analyses(db_, budget - size); !dropped)
      return std::unexpected(db_failure(dropped.error()));
  if (auto r = db::save_game_analysis(db_, game, version, body); !r) return std::unexpected(db_failure(r.error()));
  return {};
}

}  // namespace skat::app
