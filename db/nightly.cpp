#include "db/nightly.h"

#include <algorithm>

#include "db/collect_rows.h"
#include "db/error.h"
#include "db/rating_rows.h"
#include "db/series.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

using detail::collect;
using detail::error;

// "node=id,node=id" (db/migrations 0006) and back.
std::map<std::string, GameId> parse_watermarks(std::string_view text) {
  std::map<std::string, GameId> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view item = text.substr(start, end - start);
    if (const std::size_t eq = item.find('='); eq != std::string_view::npos)
      out[std::string(item.substr(0, eq))] = std::stoll(std::string(item.substr(eq + 1)));
    start = end + 1;
  }
  return out;
}

std::string watermarks_text(const std::map<std::string, GameId>& marks) {
  std::string out;
  for (const auto& [node, id] : marks) out += (out.empty() ? "" : ",") + node + "=" + std::to_string(id);
  return out;
}

TableVersionRecord version_from(const Statement& st) {
  return {st.integer(0), st.timestamp(1), st.text(2), st.text(3), st.int64(4), parse_watermarks(st.text(8)),
          st.int64(5),   st.int64(6),     st.text(7)};
}

constexpr std::string_view kVersionColumns =
    "SELECT version, created_at, file, base, watermark, games_new, games_folded, stats, watermarks FROM "
    "table_versions";

}  // namespace

std::expected<std::optional<TableVersionRecord>, DbError> latest_table_version(Connection& c) {
  auto st = c.statement(std::string(kVersionColumns) + " ORDER BY version DESC LIMIT 1");
  if (!st) return std::unexpected(st.error());
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<TableVersionRecord>();
  return version_from(*st);
}

std::expected<std::vector<TableVersionRecord>, DbError> table_versions(Connection& c) {
  auto st = c.statement(std::string(kVersionColumns) + " ORDER BY version");
  if (!st) return std::unexpected(st.error());
  return collect<TableVersionRecord>(*st, version_from);
}

std::expected<void, DbError> insert_table_version(Connection& c, const TableVersionRecord& r) {
  auto st = c.statement(
      "INSERT INTO table_versions (version, created_at, file, base, watermark, games_new, games_folded, stats, "
      "watermarks) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  if (!st) return std::unexpected(st.error());
  st->bind(1, r.version).bind(2, now()).bind(3, r.file).bind(4, r.base).bind(5, r.watermark);
  st->bind(6, r.games_new).bind(7, r.games_folded).bind(8, r.stats).bind(9, watermarks_text(r.watermarks));
  return st->run();
}

std::expected<std::vector<RecordedGame>, DbError> games_after(Connection& c, std::string_view node, GameId after,
                                                              int limit) {
  auto st = c.statement(
      "SELECT id, pgn, timeouts1 + timeouts2 + timeouts3 FROM games WHERE node = ?3 AND id > ?1 ORDER BY id LIMIT ?2");
  if (!st) return std::unexpected(st.error());
  st->bind(1, after).bind(2, std::max(1, limit)).bind(3, node);
  return collect<RecordedGame>(*st, [](const Statement& s) {
    return RecordedGame{s.int64(0), s.text(1), s.integer(2)};
  });
}

std::expected<std::vector<std::string>, DbError> game_nodes(Connection& c) {
  auto st = c.statement("SELECT DISTINCT node FROM games ORDER BY node");
  if (!st) return std::unexpected(st.error());
  return collect<std::string>(*st, [](const Statement& s) { return s.text(0); });
}

GameId node_watermark(const std::optional<TableVersionRecord>& version, const std::string& node) {
  if (!version) return 0;
  if (const auto it = version->watermarks.find(node); it != version->watermarks.end()) return it->second;
  return node.empty() && version->watermarks.empty() ? version->watermark : 0;
}

namespace {

// Finished series (ids, finish times and seats) matching `where`, in the order they finished.
std::expected<std::vector<SeriesGames>, DbError> finished_series_list(Connection& c, std::string_view where,
                                                                      std::optional<SeriesId> id) {
  auto list = c.statement(
      "SELECT s.id, s.finished_at, "
      "(SELECT player_id FROM series_seats WHERE series_id = s.id AND seat = 0), "
      "(SELECT player_id FROM series_seats WHERE series_id = s.id AND seat = 1), "
      "(SELECT player_id FROM series_seats WHERE series_id = s.id AND seat = 2) "
      "FROM series s WHERE s.status = 'finished' AND NOT " +
      std::string(kUncountedSeriesSql) + std::string(where) + " ORDER BY s.finished_at, s.id");
  if (!list) return std::unexpected(list.error());
  if (id) list->bind(1, *id);
  return collect<SeriesGames>(*list, [](const Statement& s) {
    return SeriesGames{s.int64(0), s.timestamp(1), {s.int64(2), s.int64(3), s.int64(4)}, {}, {}};
  });
}

std::expected<void, DbError> read_game_lines(Connection& c, SeriesGames& series) {
  auto games = c.statement("SELECT pgn, replaced FROM games WHERE series_id = ?1 ORDER BY idx");
  if (!games) return std::unexpected(games.error());
  games->bind(1, series.id);
  auto lines = collect<std::pair<std::string, bool>>(*games, [](const Statement& s) {
    return std::pair{s.text(0), s.integer(1) != 0};
  });
  if (!lines) return std::unexpected(lines.error());
  series.games.clear();
  series.substituted.clear();
  for (auto& [line, substituted] : *lines) {
    series.games.push_back(std::move(line));
    series.substituted.push_back(substituted);
  }
  return {};
}

}  // namespace

std::expected<void, DbError> for_each_finished_series(Connection& c,
                                                      const std::function<bool(const SeriesGames&)>& visit) {
  // Reads the list first (ids and seats), then each series' games: no statement stays open while
  // the visitor runs.
  auto all = finished_series_list(c, "", std::nullopt);
  if (!all) return std::unexpected(all.error());
  for (SeriesGames& series : *all) {
    if (auto read = read_game_lines(c, series); !read) return std::unexpected(read.error());
    if (!visit(series)) break;
  }
  return {};
}

std::expected<std::optional<SeriesGames>, DbError> finished_series_games(Connection& c, SeriesId id) {
  auto found = finished_series_list(c, " AND s.id = ?1", id);
  if (!found) return std::unexpected(found.error());
  if (found->empty()) return std::optional<SeriesGames>();
  if (auto read = read_game_lines(c, found->front()); !read) return std::unexpected(read.error());
  return std::optional<SeriesGames>(std::move(found->front()));
}

std::expected<std::optional<RatingSnapshot>, DbError> latest_snapshot(Connection& c) {
  auto st = c.statement(
      "SELECT id, created_at, series_count, last_series, table_version, options FROM rating_snapshots "
      "ORDER BY id DESC LIMIT 1");
  if (!st) return std::unexpected(st.error());
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<RatingSnapshot>();
  RatingSnapshot s;
  s.id = st->int64(0);
  s.created_at = st->timestamp(1);
  s.series_count = st->integer(2);
  s.last_series = st->int64(3);
  s.table_version = st->integer(4);
  s.options = st->text(5);
  return s;
}

std::expected<std::int64_t, DbError> write_snapshot(Connection& c, const RatingSnapshot& s, int keep) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto head = c.statement(
      "INSERT INTO rating_snapshots (created_at, series_count, last_series, table_version, options) "
      "VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id");
  if (!head) return std::unexpected(head.error());
  head->bind(1, now()).bind(2, s.series_count).bind(3, s.last_series).bind(4, s.table_version).bind(5, s.options);
  auto inserted = detail::returned_id(*head);
  if (!inserted) return std::unexpected(inserted.error());
  const std::int64_t id = *inserted;
  auto row = c.statement(
      "INSERT INTO ratings (snapshot_id, player_id, rating, uncertainty, series, deals, sf_score, elo_score, won, "
      "lost) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  if (!row) return std::unexpected(row.error());
  for (const RatingRow& r : s.rows) {
    row->reset();
    row->bind(1, id).bind(2, r.player_id).bind(3, r.rating).bind(4, r.uncertainty).bind(5, r.series);
    row->bind(6, r.deals).bind(7, r.sf_score).bind(8, r.elo_score).bind(9, r.won).bind(10, r.lost);
    if (auto done = row->run(); !done) return std::unexpected(done.error());
  }
  auto point = c.statement(
      "INSERT INTO rating_history (snapshot_id, player_id, series_id, finished_at, rating) VALUES (?1, ?2, ?3, ?4, "
      "?5)");
  if (!point) return std::unexpected(point.error());
  for (const HistoryPoint& h : s.history) {
    point->reset();
    point->bind(1, id).bind(2, h.player_id).bind(3, h.series_id).bind(4, h.finished_at).bind(5, h.rating);
    if (auto done = point->run(); !done) return std::unexpected(done.error());
  }
  // The provisional ratings of every series this snapshot rated are superseded by it.
  auto superseded = c.statement(
      "DELETE FROM provisional_ratings WHERE series_id IN (SELECT series_id FROM rating_history WHERE snapshot_id = "
      "?1)");
  if (!superseded) return std::unexpected(superseded.error());
  superseded->bind(1, id);
  if (auto done = superseded->run(); !done) return std::unexpected(done.error());
  auto prune = c.statement(
      "DELETE FROM rating_snapshots WHERE id NOT IN (SELECT id FROM rating_snapshots ORDER BY id DESC LIMIT ?1)");
  if (!prune) return std::unexpected(prune.error());
  prune->bind(1, std::max(1, keep));
  if (auto done = prune->run(); !done) return std::unexpected(done.error());
  if (auto committed = tx->commit(); !committed) return std::unexpected(committed.error());
  return id;
}

std::expected<std::vector<RatingRow>, DbError> snapshot_ratings(Connection& c, std::int64_t snapshot) {
  auto st = c.statement(detail::select_rating_rows("ratings") +
                        "WHERE r.snapshot_id = ?1 ORDER BY r.rating DESC, r.player_id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, snapshot);
  return collect<RatingRow>(*st, detail::rating_row_of);
}

std::expected<std::optional<RatingRow>, DbError> snapshot_rating(Connection& c, std::int64_t snapshot,
                                                                 PlayerId player) {
  auto st = c.statement(detail::select_rating_rows("ratings") + "WHERE r.snapshot_id = ?1 AND r.player_id = ?2");
  if (!st) return std::unexpected(st.error());
  st->bind(1, snapshot).bind(2, player);
  return detail::first_rating_row(*st);
}

std::expected<std::vector<HistoryPoint>, DbError> rating_history(Connection& c, std::int64_t snapshot,
                                                                 PlayerId player) {
  auto st = c.statement(
      "SELECT player_id, series_id, finished_at, rating FROM rating_history WHERE snapshot_id = ?1 AND player_id = ?2 "
      "ORDER BY finished_at, series_id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, snapshot).bind(2, player);
  return collect<HistoryPoint>(*st, [](const Statement& s) {
    return HistoryPoint{s.int64(0), s.int64(1), s.timestamp(2), s.real(3)};
  });
}

}  // namespace skat::db
