// The HTTP API's reads (server/http/read_model.h) on the database: each read leases a read-only
// connection of its own from a small pool (server/http/read_connections.h; SQLite's WAL, like
// PostgreSQL, lets it read while the writer commits), so no read waits for the writer.
// Exports are pulled one page of series at a time, each page on a connection leased for it.
#pragma once

#include <memory>
#include <string>

#include "server/http/read_connections.h"
#include "server/http/read_model.h"

namespace skat::app {

class DatabaseReadModel : public ReadModel {
 public:
  // `max_idle`: connections kept open between reads (`skat serve --read-threads`).
  explicit DatabaseReadModel(std::string path, std::size_t max_idle = 4)
      : connections_(std::make_shared<ReadConnections>(std::move(path), max_idle)) {}
  Read<std::vector<db::SeriesRecord>> series(const db::SeriesFilter& filter, const db::Page& page) override;
  Read<SeriesText> series_record(std::int64_t id, bool sgf) override;
  Read<SeriesWithGames> series_games(std::int64_t id) override;
  Read<std::optional<std::string>> game_analysis(std::int64_t game, int version) override;
  NextChunk export_records(const db::SeriesFilter& filter, bool sgf) override;
  Read<Leaderboard> leaderboard(db::PlayerGroup group) override;
  Read<PlayerPage> player(std::int64_t id, const db::Page& page) override;
  Read<std::vector<TournamentItem>> tournaments(int limit) override;
  Read<TournamentWithTables> tournament(std::int64_t id) override;
  const ReadConnections& connections() const { return *connections_; }

 private:
  std::shared_ptr<ReadConnections> connections_;
};

}  // namespace skat::app
