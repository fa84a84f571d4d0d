// The HTTP API's reads (server/app/read_model.h) on SQLite: each read opens its own connection
// (WAL lets it read while the single writer commits), so no io thread ever waits for the writer.
// Exports are pulled one page of series at a time.
#pragma once

#include <string>

#include "server/app/read_model.h"

namespace skat::app {

class SqliteReadModel : public ReadModel {
 public:
  explicit SqliteReadModel(std::string path) : path_(std::move(path)) {}
  Read<std::vector<db::SeriesRecord>> series(const db::SeriesFilter& filter, const db::Page& page) override;
  Read<std::string> series_record(std::int64_t id, bool sgf) override;
  Read<SeriesWithGames> series_games(std::int64_t id) override;
  NextChunk export_records(const db::SeriesFilter& filter, bool sgf) override;
  Read<Leaderboard> leaderboard(db::PlayerGroup group) override;
  Read<PlayerPage> player(std::int64_t id, const db::Page& page) override;
  Read<std::vector<db::TournamentRecord>> tournaments(int limit) override;
  Read<TournamentWithTables> tournament(std::int64_t id) override;

 private:
  std::string path_;
};

}  // namespace skat::app
