#include "db/series.h"

#include <fmt/chrono.h>

#include <algorithm>
#include <ctime>

#include "db/accounts.h"
#include "db/collect_rows.h"
#include "db/error.h"
#include "db/games.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

using detail::error;

constexpr std::string_view kSeriesColumns =
    "SELECT s.id, s.table_id, s.event, s.started_at, s.finished_at, s.status, s.deals, s.games_played, s.pgn "
    "FROM series s";

constexpr std::string_view kSealedSql = kSealedSeriesSql;

SeriesRecord series_from(const Statement& st) {
  SeriesRecord s;
  s.id = st.int64(0);
  s.table_id = st.optional_int64(1);
  s.event = st.text(2);
  s.started_at = st.timestamp(3);
  s.finished_at = st.optional_timestamp(4);
  s.status = parse_series_status(st.text(5)).value_or(SeriesStatus::Running);
  s.deals = st.integer(6);
  s.games_played = st.integer(7);
  s.pgn = st.text(8);
  return s;
}

std::expected<void, DbError> load_substitutes(Connection& c, SeriesRecord& s);

std::expected<void, DbError> load_seats(Connection& c, SeriesRecord& s) {
  auto st = c.statement("SELECT ss.seat, ss.player_id, p.name, p.kind, ss.score, ss.won, ss.lost, coalesce(" +
                        std::string(kProgramNameSql) +
                        ", '') FROM series_seats ss JOIN players p ON p.id = ss.player_id "
                        "LEFT JOIN bot_accounts b ON b.player_id = p.id WHERE ss.series_id = ?1 ORDER BY ss.seat");
  if (!st) return std::unexpected(st.error());
  st->bind(1, s.id);
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return load_substitutes(c, s);
    const auto seat = static_cast<std::size_t>(std::clamp(st->integer(0), 0, 2));
    SeriesSeat& out = s.seats[seat];
    out.player_id = st->int64(1);
    out.name = st->text(2);
    out.kind = parse_player_kind(st->text(3)).value_or(PlayerKind::Human);
    out.score = st->integer(4);
    out.won = st->integer(5);
    out.lost = st->integer(6);
    out.bot_kind = st->text(7);
  }
}

// The substitutes' share of each seat's figures (SeriesSeat::substitute).
std::expected<void, DbError> load_substitutes(Connection& c, SeriesRecord& s) {
  auto games = c.statement(
      "SELECT replaced, declarer_seat, won, sf1, sf2, sf3 FROM games WHERE series_id = ?1 AND replaced <> 0");
  if (!games) return std::unexpected(games.error());
  games->bind(1, s.id);
  for (;;) {
    auto row = games->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    const int replaced = games->integer(0);
    const int declarer = games->is_null(1) ? -1 : games->integer(1);
    for (int seat = 0; seat < 3; ++seat) {
      if ((replaced >> seat & 1) == 0) continue;
      SubstituteShare& share = s.seats[static_cast<std::size_t>(seat)].substitute;
      ++share.games;
      share.score += games->integer(3 + seat);
      if (declarer == seat) ++(games->boolean(2) ? share.won : share.lost);
    }
  }
  auto who = c.statement(
      "SELECT DISTINCT gs.seat, p.id, p.name FROM game_substitutes gs JOIN games g ON g.id = gs.game_id "
      "JOIN players p ON p.id = gs.player_id WHERE g.series_id = ?1 ORDER BY gs.seat, p.id");
  if (!who) return std::unexpected(who.error());
  who->bind(1, s.id);
  for (;;) {
    auto row = who->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return {};
    const auto seat = static_cast<std::size_t>(std::clamp(who->integer(0), 0, 2));
    s.seats[seat].substitute.players.push_back({who->int64(1), who->text(2)});
  }
}

std::expected<void, DbError> end_series(Connection& c, SeriesId id, SeriesStatus status, std::string_view pgn,
                                        const std::array<PgnSeatResult, 3>& result, Timestamp at) {
  auto st = c.statement(
      "UPDATE series SET status = ?2, finished_at = ?3, pgn = ?4, "
      "games_played = (SELECT count(*) FROM games WHERE series_id = ?1) WHERE id = ?1 AND status = 'running'");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, to_string(status)).bind(3, at).bind(4, pgn);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (c.changes() != 1)
    return std::unexpected(
        error(DbErrc::Invalid, "series " + std::to_string(id) + " is not running (or does not exist)"));
  auto seat = c.statement("UPDATE series_seats SET score = ?3, won = ?4, lost = ?5 WHERE series_id = ?1 AND seat = ?2");
  if (!seat) return std::unexpected(seat.error());
  for (int i = 0; i < 3; ++i) {
    const PgnSeatResult& r = result[static_cast<std::size_t>(i)];
    seat->reset();
    seat->bind(1, id).bind(2, i).bind(3, r.score).bind(4, r.won).bind(5, r.lost);
    if (auto done = seat->run(); !done) return std::unexpected(done.error());
  }
  return {};
}

// A bot filter without ':' also matches every spec of that program ("full" → "full:…").
bool is_program_family(std::string_view bot_kind) { return bot_kind.find(':') == std::string_view::npos; }

// The WHERE clause of a filter, with the parameters it uses bound afterwards by bind_filter.
std::string filter_sql(const SeriesFilter& f) {
  std::string sql = " WHERE s.id > ?1";
  if (f.status) sql += " AND s.status = ?2";
  if (f.table_id) sql += " AND s.table_id = ?3";
  if (f.from) sql += " AND s.started_at >= ?4";
  if (f.to) sql += " AND s.started_at < ?5";
  if (f.player_id) sql += " AND s.id IN (SELECT series_id FROM series_seats WHERE player_id = ?6)";
  if (f.player_name)
    sql +=
        " AND s.id IN (SELECT ss.series_id FROM series_seats ss JOIN players p ON p.id = ss.player_id "
        "WHERE p.name = ?7)";
  if (f.bot_kind) {
    const std::string program = "(" + std::string(kProgramNameSql) + ")";
    sql +=
        " AND s.id IN (SELECT ss.series_id FROM series_seats ss JOIN bot_accounts b ON b.player_id = ss.player_id "
        "JOIN players p ON p.id = ss.player_id WHERE " +
        program + " COLLATE NOCASE = ?8";
    if (is_program_family(*f.bot_kind))
      sql += " OR substr(" + program + ", 1, length(CAST(?11 AS TEXT))) COLLATE NOCASE = ?11";
    sql += ")";
  }
  if (f.node) sql += " AND s.table_id IN (SELECT id FROM tables WHERE node = ?10)";
  if (f.hide_sealed) sql += " AND NOT " + std::string(kSealedSql);
  return sql + " ORDER BY s.id LIMIT ?9";
}

void bind_filter(Statement& st, const SeriesFilter& f, Page page) {
  st.bind(1, page.after_id);
  if (f.status) st.bind(2, to_string(*f.status));
  if (f.table_id) st.bind(3, *f.table_id);
  if (f.from) st.bind(4, *f.from);
  if (f.to) st.bind(5, *f.to);
  if (f.player_id) st.bind(6, *f.player_id);
  if (f.player_name) st.bind(7, *f.player_name);
  if (f.bot_kind) st.bind(8, *f.bot_kind);
  st.bind(9, std::clamp(page.limit, 1, 1000));
  if (f.node) st.bind(10, *f.node);
  if (f.bot_kind && is_program_family(*f.bot_kind)) st.bind(11, *f.bot_kind + ":");
}

}  // namespace

std::expected<TableRecord, DbError> create_table(Connection& c, std::string_view config_json, std::string_view node) {
  auto valid = c.statement("SELECT json_valid(?1)");
  if (!valid) return std::unexpected(valid.error());
  valid->bind(1, config_json);
  auto row = valid->step();
  if (!row) return std::unexpected(row.error());
  if (!*row || !valid->boolean(0)) return std::unexpected(error(DbErrc::Invalid, "the table config is not valid JSON"));
  valid->reset();
  auto st = c.statement("INSERT INTO tables (created_at, config, node) VALUES (?1, ?2, ?3) RETURNING id");
  if (!st) return std::unexpected(st.error());
  const Timestamp at = now();
  st->bind(1, at).bind(2, config_json).bind(3, node);
  auto id = detail::returned_id(*st);
  if (!id) return std::unexpected(id.error());
  return TableRecord{*id, at, std::string(config_json)};
}

std::expected<TableRecord, DbError> get_table(Connection& c, TableId id) {
  auto st = c.statement("SELECT id, created_at, config FROM tables WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(error(DbErrc::NotFound, "no table with id " + std::to_string(id)));
  return TableRecord{st->int64(0), st->timestamp(1), st->text(2)};
}

std::expected<SeriesRecord, DbError> create_series(Connection& c, const NewSeries& n) {
  if (n.deals <= 0) return std::unexpected(error(DbErrc::Invalid, "a series has at least one deal"));
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto st = c.statement(
      "INSERT INTO series (table_id, event, started_at, deals, import_key) VALUES (?1, ?2, ?3, ?4, ?5) "
      "RETURNING id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, n.table_id).bind(2, n.event).bind(3, n.started_at).bind(4, n.deals).bind(5, n.import_key);
  auto inserted = detail::returned_id(*st);
  if (!inserted) {
    if (inserted.error().code == DbErrc::AlreadyExists)
      return std::unexpected(error(DbErrc::AlreadyExists, "these records were imported before"));
    if (inserted.error().code == DbErrc::MissingRow)
      return std::unexpected(error(DbErrc::NotFound, "no table with id " + std::to_string(n.table_id.value_or(0))));
    return std::unexpected(inserted.error());
  }
  const SeriesId id = *inserted;
  auto seat = c.statement("INSERT INTO series_seats (series_id, seat, player_id) VALUES (?1, ?2, ?3)");
  if (!seat) return std::unexpected(seat.error());
  for (int i = 0; i < 3; ++i) {
    seat->reset();
    seat->bind(1, id).bind(2, i).bind(3, n.seats[static_cast<std::size_t>(i)]);
    if (auto r = seat->run(); !r) {
      if (r.error().code == DbErrc::MissingRow)
        return std::unexpected(error(DbErrc::NotFound, "seat " + std::to_string(i + 1) + ": no player with id " +
                                                           std::to_string(n.seats[static_cast<std::size_t>(i)])));
      return std::unexpected(r.error());
    }
  }
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return get_series(c, id);
}

std::expected<SeriesRecord, DbError> get_series(Connection& c, SeriesId id) {
  SeriesRecord s;
  {
    auto st = c.statement(std::string(kSeriesColumns) + " WHERE s.id = ?1");
    if (!st) return std::unexpected(st.error());
    st->bind(1, id);
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return std::unexpected(error(DbErrc::NotFound, "no series with id " + std::to_string(id)));
    s = series_from(*st);
  }
  if (auto r = load_seats(c, s); !r) return std::unexpected(r.error());
  return s;
}

std::expected<SeriesRecord, DbError> get_visible_series(Connection& c, SeriesId id) {
  auto sealed = c.statement("SELECT 1 FROM series s WHERE s.id = ?1 AND " + std::string(kSealedSql));
  if (!sealed) return std::unexpected(sealed.error());
  sealed->bind(1, id);
  auto row = sealed->step();
  if (!row) return std::unexpected(row.error());
  // The same answer as for a series that does not exist: nothing about it is told.
  if (*row) return std::unexpected(error(DbErrc::NotFound, "no series with id " + std::to_string(id)));
  sealed->reset();
  return get_series(c, id);
}

std::expected<std::optional<SeriesId>, DbError> find_imported_series(Connection& c, std::string_view import_key) {
  auto st = c.statement("SELECT id FROM series WHERE import_key = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, import_key);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::optional<SeriesId>{};
  return std::optional<SeriesId>{st->int64(0)};
}

std::expected<void, DbError> finish_series(Connection& c, SeriesId id, std::string_view pgn,
                                           const std::array<PgnSeatResult, 3>& result, Timestamp finished_at) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  if (auto r = end_series(c, id, SeriesStatus::Finished, pgn, result, finished_at); !r) return r;
  return tx->commit();
}

namespace {

// The series PGN of a series' stored games (see build_series_pgn).
std::expected<PgnSeries, DbError> pgn_of_stored_games(Connection& c, const SeriesRecord& s, Timestamp end) {
  auto games = list_games(c, s.id);
  if (!games) return std::unexpected(games.error());
  PgnSeries pgn;
  pgn.header.event = s.event;
  set_pgn_date(pgn.header, s.started_at, end);
  for (std::size_t i = 0; i < 3; ++i) pgn.header.seats[i] = {s.seats[i].name, s.seats[i].player_id};
  for (const GameRecord& g : *games) {
    auto line = read_pgn_game(g.pgn, g.index + 1);
    if (!line)
      return std::unexpected(error(DbErrc::Corrupt, "series " + std::to_string(s.id) + " game " +
                                                        std::to_string(g.index) + ": " + to_string(line.error())));
    pgn.games.push_back(std::move(*line));
  }
  fill_pgn_result(pgn);
  return pgn;
}

// Ends a running series with the PGN and result of its stored games; with `every_deal`, only when
// all its planned deals are among them.
std::expected<SeriesRecord, DbError> end_with_stored_games(Connection& c, SeriesId id, SeriesStatus status,
                                                           Timestamp at, bool every_deal) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  auto s = get_series(c, id);
  if (!s) return std::unexpected(s.error());
  auto pgn = pgn_of_stored_games(c, *s, at);
  if (!pgn) return std::unexpected(pgn.error());
  if (every_deal && std::ssize(pgn->games) < s->deals)
    return std::unexpected(error(DbErrc::Invalid, "series " + std::to_string(id) + " has " +
                                                      std::to_string(pgn->games.size()) + " of its " +
                                                      std::to_string(s->deals) + " games"));
  if (auto r = end_series(c, id, status, write_pgn(*pgn), pgn->header.result, at); !r)
    return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return get_series(c, id);
}

}  // namespace

std::expected<PgnSeries, DbError> build_series_pgn(Connection& c, SeriesId id, Timestamp end) {
  auto s = get_series(c, id);
  if (!s) return std::unexpected(s.error());
  return pgn_of_stored_games(c, *s, end);
}

std::expected<SeriesRecord, DbError> abort_series(Connection& c, SeriesId id, Timestamp at) {
  return end_with_stored_games(c, id, SeriesStatus::Aborted, at, false);
}

std::expected<SeriesRecord, DbError> complete_series(Connection& c, SeriesId id, Timestamp at) {
  return end_with_stored_games(c, id, SeriesStatus::Finished, at, true);
}

std::expected<std::vector<SeriesRecord>, DbError> list_series(Connection& c, const SeriesFilter& filter, Page page) {
  std::vector<SeriesRecord> out;
  {
    // One cached statement per combination of filters in use: each is prepared once.
    auto st = c.statement(std::string(kSeriesColumns) + filter_sql(filter));
    if (!st) return std::unexpected(st.error());
    bind_filter(*st, filter, page);
    for (;;) {
      auto row = st->step();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      out.push_back(series_from(*st));
    }
  }
  for (SeriesRecord& s : out)
    if (auto r = load_seats(c, s); !r) return std::unexpected(r.error());
  return out;
}

std::expected<int, DbError> for_each_series(Connection& c, const SeriesFilter& filter,
                                            const std::function<bool(const SeriesRecord&)>& visit) {
  constexpr int kPageSize = 64;
  Page page{0, kPageSize};
  int visited = 0;
  for (;;) {
    auto batch = list_series(c, filter, page);
    if (!batch) return std::unexpected(batch.error());
    for (const SeriesRecord& s : *batch) {
      ++visited;
      if (!visit(s)) return visited;
    }
    if (static_cast<int>(batch->size()) < kPageSize) return visited;
    page.after_id = batch->back().id;
  }
}

void set_pgn_date(PgnHeader& h, Timestamp start, Timestamp end) {
  const std::tm local = fmt::localtime(std::chrono::system_clock::to_time_t(start));
  h.date = fmt::format("{:%d.%m.%Y}", local);
  h.time = fmt::format("{:%H:%M}", local);
  const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(end - start).count();
  h.duration_minutes = static_cast<int>(std::max<std::int64_t>(0, minutes));
}

}  // namespace skat::db
