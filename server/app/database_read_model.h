// The HTTP API's reads (server/app/read_model.h) on the database: each read opens its own
// connection (SQLite's WAL, like PostgreSQL, lets it read while the writer commits), so no io thread
// ever waits for the writer.
// Exports are pulled one page of series at a time.
#pragma once

#include <string>

#include "server/app/read_model.h"

namespace skat::app {

class DatabaseReadModel : public ReadModel {
 public:
  explicit DatabaseReadModel(std::string path) : path_(std::move(path)) {}
  Read<std::vector<db::SeriesRecord>> series(const db::SeriesFilter& filter, const db::Page& page) override;
  Read<std::string> series_record(std::int64_t id, bool sgf) override;
  Read<SeriesWithGames> series_games(std::int64_t id) override;
  NextChunk export_records(const db::SeriesFilter& filter, bool sgf) override;
  Read<Leaderboard> leaderboard(db::PlayerGroup group) override;
  Read<PlayerPage> player(std::int64_t id, const db::Page& page) override;
  Read<std::vector<TournamentItem>> tournaments(int limit) override;
  Read<TournamentWithTables> tournament(std::int64_t id) override;

 private:
  std::string path_;
};

}  // namespace skat::app
