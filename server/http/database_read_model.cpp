// The API's reads on leased read-only connections (server/http/database_read_model.h).
#include "server/http/database_read_model.h"

#include <stdexcept>

#include "db/accounts.h"
#include "db/connection.h"
#include "db/export.h"
#include "db/game_analyses.h"
#include "db/provisional_ratings.h"
#include "server/lobby/lobby.h"
#include "server/table/game_log.h"

namespace skat::app {

namespace {

std::expected<ReadConnections::Lease, ReadError> open_reader(ReadConnections& connections) {
  auto c = connections.acquire();
  if (!c) return std::unexpected(ReadError{false, c.error().message});
  return std::move(*c);
}

ReadError failure(const db::DbError& e) { return ReadError{e.code == db::DbErrc::NotFound, e.message}; }

// The value of a repository call, or its failure as a read error.
template <class T>
Read<T> read(std::expected<T, db::DbError> result) {
  if (!result) return std::unexpected(failure(result.error()));
  return std::move(*result);
}

}  // namespace

Read<std::vector<db::SeriesRecord>> DatabaseReadModel::series(const db::SeriesFilter& filter, const db::Page& page) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  return read(db::list_series(*c, filter, page));
}

Read<SeriesText> DatabaseReadModel::series_record(std::int64_t id, bool sgf) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto series = db::get_visible_series(*c, id);
  if (!series) return std::unexpected(failure(series.error()));
  const bool final = series->status != db::SeriesStatus::Running;
  if (!sgf) {
    if (!series->pgn.empty()) return SeriesText{std::move(series->pgn), final};
    auto built = db::build_series_pgn(*c, id);  // running: the games so far
    if (!built) return std::unexpected(failure(built.error()));
    return SeriesText{write_pgn(*built), final};
  }
  auto games = db::list_games(*c, id);
  if (!games) return std::unexpected(failure(games.error()));
  std::string text;
  for (const db::GameRecord& g : *games)
    if (auto line = db::sgf_line_of(*series, g, table::auction_calls)) text += *line + "\n";
  return SeriesText{std::move(text), final};
}

Read<SeriesWithGames> DatabaseReadModel::series_games(std::int64_t id) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto series = db::get_visible_series(*c, id);
  if (!series) return std::unexpected(failure(series.error()));
  auto games = db::list_games(*c, id);
  if (!games) return std::unexpected(failure(games.error()));
  return SeriesWithGames{std::move(*series), std::move(*games)};
}

Read<std::optional<std::string>> DatabaseReadModel::game_analysis(std::int64_t game, int version) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto body = db::find_game_analysis(*c, game, version);
  if (!body) return std::unexpected(failure(body.error()));
  return std::move(*body);
}

NextChunk DatabaseReadModel::export_records(const db::SeriesFilter& filter, bool sgf) {
  struct Cursor {
    std::shared_ptr<ReadConnections> connections;
    db::SeriesFilter filter;
    db::SeriesId after = 0;
    bool first = true;
    bool done = false;
  };
  auto cursor = std::make_shared<Cursor>(Cursor{connections_, filter});
  return [cursor, sgf](std::string& chunk) -> bool {
    if (cursor->done) return false;
    auto c = open_reader(*cursor->connections);
    if (!c) throw std::runtime_error(c.error().message);
    auto page = db::list_series(*c, cursor->filter, db::Page{cursor->after, 20});
    if (!page) throw std::runtime_error(page.error().message);
    if (page->empty()) {
      cursor->done = true;
      return false;
    }
    cursor->after = page->back().id;
    for (const db::SeriesRecord& s : *page) {
      if (s.pgn.empty()) continue;  // running
      if (!sgf) {
        if (!cursor->first) chunk += "\n";
        cursor->first = false;
        chunk += s.pgn;
        if (!s.pgn.ends_with('\n')) chunk += '\n';
        continue;
      }
      auto games = db::list_games(*c, s.id);
      if (!games) throw std::runtime_error(games.error().message);
      for (const db::GameRecord& g : *games)
        if (auto line = db::sgf_line_of(s, g, table::auction_calls)) chunk += *line + "\n";
    }
    return true;
  };
}

Read<Leaderboard> DatabaseReadModel::leaderboard(db::PlayerGroup group) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  Leaderboard board;
  auto rows = db::leaderboard(*c, group);
  if (!rows) return std::unexpected(failure(rows.error()));
  board.rows = std::move(*rows);
  auto snapshot = db::latest_snapshot(*c);
  if (!snapshot) return std::unexpected(failure(snapshot.error()));
  board.snapshot = std::move(*snapshot);
  if (board.snapshot) {
    auto ratings = db::snapshot_ratings(*c, board.snapshot->id);
    if (!ratings) return std::unexpected(failure(ratings.error()));
    board.ratings = std::move(*ratings);
  }
  auto live = db::provisional_ratings(*c);
  if (!live) return std::unexpected(failure(live.error()));
  board.live = std::move(*live);
  return board;
}

Read<PlayerPage> DatabaseReadModel::player(std::int64_t id, const db::Page& page) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto profile = db::get_player_profile(*c, id);
  if (!profile) return std::unexpected(failure(profile.error()));
  PlayerPage out{profile->player, *profile, {}, {}, {}, std::nullopt};
  db::SeriesFilter filter;
  filter.player_id = id;
  auto list = db::list_series(*c, filter, page);
  if (!list) return std::unexpected(failure(list.error()));
  out.series = std::move(*list);
  auto snapshot = db::latest_snapshot(*c);
  if (!snapshot) return std::unexpected(failure(snapshot.error()));
  if (*snapshot) {
    auto points = db::rating_history(*c, (*snapshot)->id, id);
    if (!points) return std::unexpected(failure(points.error()));
    out.ratings = std::move(*points);
  }
  auto live = db::provisional_history(*c, id);
  if (!live) return std::unexpected(failure(live.error()));
  out.live = std::move(*live);
  if (page.after_id == 0) {
    auto stats = db::player_stats(*c, id);
    if (!stats) return std::unexpected(failure(stats.error()));
    out.stats = std::move(*stats);
  }
  return out;
}

namespace {

// Who started a tournament and who owns the players' bots among its sides.
TournamentPeople people_of(db::Connection& c, const db::TournamentRecord& t) {
  TournamentPeople people;
  if (t.started_by)
    if (auto p = db::get_player(c, *t.started_by)) people.started_by = std::pair{p->id, p->name};
  auto owner = [&](const std::string& side) -> std::optional<std::pair<std::int64_t, std::string>> {
    const bool sandboxed = side.starts_with(lobby::kSandboxPrefix);
    if (!side.starts_with(lobby::kAccountPrefix) && !sandboxed) return std::nullopt;
    auto bot = db::find_bot(
        c, std::string_view(side).substr(sandboxed ? lobby::kSandboxPrefix.size() : lobby::kAccountPrefix.size()));
    if (!bot || !bot->owner_id) return std::nullopt;
    return std::pair{*bot->owner_id, bot->owner_name};
  };
  people.a_owner = owner(t.a);
  people.b_owner = owner(t.b);
  return people;
}

}  // namespace

Read<std::vector<TournamentItem>> DatabaseReadModel::tournaments(int limit) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto list = db::list_tournaments(*c, limit);
  if (!list) return std::unexpected(failure(list.error()));
  std::vector<TournamentItem> items;
  for (db::TournamentRecord& t : *list) {
    TournamentPeople people = people_of(*c, t);
    items.push_back({std::move(t), std::move(people)});
  }
  return items;
}

Read<TournamentWithTables> DatabaseReadModel::tournament(std::int64_t id) {
  auto c = open_reader(*connections_);
  if (!c) return std::unexpected(c.error());
  auto record = db::get_tournament(*c, id);
  if (!record) return std::unexpected(failure(record.error()));
  auto tables = db::tournament_tables(*c, id);
  if (!tables) return std::unexpected(failure(tables.error()));
  TournamentPeople people = people_of(*c, *record);
  return TournamentWithTables{std::move(*record), std::move(*tables), std::move(people)};
}

}  // namespace skat::app
