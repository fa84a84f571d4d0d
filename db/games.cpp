#include "db/games.h"

#include "db/collect_rows.h"
#include "db/error.h"
#include "db/transaction.h"

namespace skat::db {

namespace {

constexpr std::string_view kGameColumns =
    "id, series_id, idx, deal_id, forehand_seat, game, declarer_seat, won, list_entry, sf1, sf2, sf3, "
    "timeouts1, timeouts2, timeouts3, replaced, notes, pgn, sgf, event_log, finished_at, node, "
    "(SELECT player_id FROM game_substitutes WHERE game_id = games.id AND seat = 0), "
    "(SELECT player_id FROM game_substitutes WHERE game_id = games.id AND seat = 1), "
    "(SELECT player_id FROM game_substitutes WHERE game_id = games.id AND seat = 2)";

GameRecord game_from(const Statement& st) {
  GameRecord g;
  g.id = st.int64(0);
  g.series_id = st.int64(1);
  g.index = st.integer(2);
  g.deal_id = static_cast<std::uint64_t>(st.int64(3));
  g.forehand_seat = st.integer(4);
  g.game = st.integer(5);
  if (!st.is_null(6)) g.declarer_seat = st.integer(6);
  g.won = st.boolean(7);
  g.list_entry = st.integer(8);
  g.seeger_fabian = {st.integer(9), st.integer(10), st.integer(11)};
  g.timeouts = {st.integer(12), st.integer(13), st.integer(14)};
  const int replaced = st.integer(15);
  for (std::size_t i = 0; i < 3; ++i) g.replaced[i] = (replaced >> i & 1) != 0;
  g.notes = st.text(16);
  g.pgn = st.text(17);
  g.sgf = st.text(18);
  g.event_log = st.text(19);
  g.finished_at = st.timestamp(20);
  g.node = st.text(21);
  for (std::size_t i = 0; i < 3; ++i) g.substitutes[i] = st.optional_int64(22 + static_cast<int>(i));
  return g;
}

}  // namespace

GameRecord game_record_from(SeriesId series, const PgnGame& line, Timestamp finished_at) {
  GameRecord g;
  const bool folded = line.folded || line.game == kPgnFolded;
  g.series_id = series;
  g.index = line.id;
  g.deal_id = deal_id(line.deal());
  g.forehand_seat = pgn_seat_of(line.id, 0);
  g.game = folded ? kPgnFolded : line.game;
  if (!folded) g.declarer_seat = pgn_seat_of(line.id, line.declarer);
  g.won = !folded && line.won;
  g.list_entry = pgn_list_entry(line);
  g.seeger_fabian = seeger_fabian_points(pgn_list_game(line));
  g.pgn = write_pgn_game(line);
  g.finished_at = finished_at;
  return g;
}

namespace {

// A running series shows its state as it goes: the games stored so far and each seat's
// Seeger-Fabian total, games won and lost (finishing the series writes the same figures again,
// from its PGN).
std::expected<void, DbError> add_to_running_totals(Connection& c, const GameRecord& g) {
  auto series = c.statement("UPDATE series SET games_played = games_played + 1 WHERE id = ?1");
  if (!series) return std::unexpected(series.error());
  series->bind(1, g.series_id);
  if (auto r = series->run(); !r) return std::unexpected(r.error());
  auto seats = c.statement(
      "UPDATE series_seats SET score = score + CASE seat WHEN 0 THEN CAST(?2 AS BIGINT) WHEN 1 THEN CAST(?3 AS BIGINT) "
      "ELSE CAST(?4 AS BIGINT) END, won = won + CASE WHEN seat = ?5 AND ?6 = 1 THEN 1 ELSE 0 END, "
      "lost = lost + CASE WHEN seat = ?5 AND ?6 = 0 THEN 1 ELSE 0 END WHERE series_id = ?1");
  if (!seats) return std::unexpected(seats.error());
  seats->bind(1, g.series_id)
      .bind(2, g.seeger_fabian[0])
      .bind(3, g.seeger_fabian[1])
      .bind(4, g.seeger_fabian[2])
      .bind(5, g.declarer_seat.value_or(-1))
      .bind(6, g.won);
  return seats->run();
}

// Who played the replaced seats (db/games.h: GameRecord::substitutes).
std::expected<void, DbError> insert_substitutes(Connection& c, GameId id, const GameRecord& g) {
  for (std::size_t seat = 0; seat < 3; ++seat) {
    if (!g.substitutes[seat]) continue;
    // A substitute without an account (none in the players table) stays unnamed.
    auto st = c.statement(
        "INSERT INTO game_substitutes (game_id, seat, player_id) SELECT ?1, ?2, ?3 "
        "WHERE EXISTS (SELECT 1 FROM players WHERE id = ?3)");
    if (!st) return std::unexpected(st.error());
    st->bind(1, id).bind(2, static_cast<int>(seat)).bind(3, *g.substitutes[seat]);
    if (auto r = st->run(); !r) return std::unexpected(r.error());
  }
  return {};
}

}  // namespace

std::expected<GameId, DbError> insert_game(Connection& c, const GameRecord& g) {
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  // One statement that inserts only into a running series: no window between check and insert.
  auto st = c.statement(
      "INSERT INTO games (series_id, idx, deal_id, forehand_seat, game, declarer_seat, won, list_entry, sf1, sf2, "
      "sf3, timeouts1, timeouts2, timeouts3, replaced, notes, pgn, sgf, event_log, finished_at, node) "
      "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21 "
      "WHERE EXISTS (SELECT 1 FROM series WHERE id = ?1 AND status = 'running') RETURNING id");
  if (!st) return std::unexpected(st.error());
  int replaced = 0;
  for (std::size_t i = 0; i < 3; ++i) replaced |= g.replaced[i] ? 1 << i : 0;
  st->bind(1, g.series_id)
      .bind(2, g.index)
      .bind(3, static_cast<std::int64_t>(g.deal_id))
      .bind(4, g.forehand_seat)
      .bind(5, g.game)
      .bind(6, g.declarer_seat)
      .bind(7, g.won)
      .bind(8, g.list_entry)
      .bind(9, g.seeger_fabian[0])
      .bind(10, g.seeger_fabian[1])
      .bind(11, g.seeger_fabian[2])
      .bind(12, g.timeouts[0])
      .bind(13, g.timeouts[1])
      .bind(14, g.timeouts[2])
      .bind(15, replaced)
      .bind(16, g.notes)
      .bind(17, g.pgn)
      .bind(19, g.event_log.empty() ? std::string_view("[]") : std::string_view(g.event_log))
      .bind(20, g.finished_at)
      .bind(21, g.node);
  if (g.sgf.empty())
    st->bind_null(18);
  else
    st->bind(18, g.sgf);
  auto id = detail::returned_id(*st);
  if (!id) {
    const DbError& r = id.error();
    if (r.code == DbErrc::AlreadyExists)
      return std::unexpected(detail::error(DbErrc::AlreadyExists, "series " + std::to_string(g.series_id) +
                                                                      " already has game " + std::to_string(g.index)));
    return std::unexpected(r);
  }
  if (*id == 0)
    return std::unexpected(detail::error(
        DbErrc::Invalid, "series " + std::to_string(g.series_id) + " is not running (or does not exist)"));
  if (auto r = add_to_running_totals(c, g); !r) return std::unexpected(r.error());
  if (auto r = insert_substitutes(c, *id, g); !r) return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  return *id;
}

std::expected<void, DbError> set_game_sgf(Connection& c, GameId id, std::string_view sgf) {
  auto st = c.statement("UPDATE games SET sgf = ?2 WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, sgf);
  if (auto r = st->run(); !r) return std::unexpected(r.error());
  if (c.changes() != 1)
    return std::unexpected(detail::error(DbErrc::NotFound, "no game with id " + std::to_string(id)));
  return {};
}

std::expected<std::vector<GameRecord>, DbError> list_games(Connection& c, SeriesId series) {
  auto st = c.statement("SELECT " + std::string(kGameColumns) + " FROM games WHERE series_id = ?1 ORDER BY idx");
  if (!st) return std::unexpected(st.error());
  st->bind(1, series);
  std::vector<GameRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    out.push_back(game_from(*st));
  }
}

std::expected<GameRecord, DbError> get_game(Connection& c, GameId id) {
  auto st = c.statement("SELECT " + std::string(kGameColumns) + " FROM games WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(detail::error(DbErrc::NotFound, "no game with id " + std::to_string(id)));
  return game_from(*st);
}

}  // namespace skat::db
